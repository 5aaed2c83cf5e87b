import CPangoCairo
import WidgetModel

/// The rendering modes (RenderingMode) as the draw stage applies them. `accented` needs to know
/// which node a pixel comes from (accent or primary group), so it is applied while drawing the
/// tree; the vibrant finishes only need the pixels, so they run over the finished bitmap.
extension Renderer {
    /// Draws `root` as the accented mode does: each node's own content (text, shape, icon, image,
    /// progress, divider) is drawn into a group and painted through it as a mask in its group's
    /// colour, so every pixel keeps its alpha and takes the colour of the group: the accent colour
    /// inside a `widgetAccentable: true` node (until a `false` inside it), the primary colour
    /// elsewhere. Effects (transform, clip, opacity) apply as in full colour.
    public func drawAccented(_ root: PlacedNode, tint: AccentedTint, pixelWidth: Int, pixelHeight: Int,
                             scale: Double) -> Bitmap {
        draw(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale) { cr in
            drawAccentedNode(root, cr, tint: tint, accent: false)
        }
    }

    func drawAccentedNode(_ node: PlacedNode, _ cr: OpaquePointer, tint: AccentedTint, accent inherited: Bool) {
        if let deadline, deadline.hasPassed { return }
        guard let applied = beginEffects(node, cr) else { return }
        let accent = node.accentable ?? inherited
        if case .image(let image) = node.content, let mode = image.accentedMode, mode != .accented, mode != .accentedDesaturated {
            // widgetAccentedRenderingMode: the image keeps its colours, or its luminance in gray.
            if mode == .fullColor {
                drawContent(node, cr)
            } else if let box = GroupBounds.content(node) {
                cairo_save(cr)
                if boundsGroups { GroupBounds.clip(box, cr) }
                cairo_push_group(cr)
                drawContent(node, cr)
                let picture = cairo_pop_group(cr)
                // Saturation 0 from an opaque gray source over the whole group (a partial strength
                // would leave translucent pixels part coloured), then only the image's alpha kept.
                cairo_push_group(cr)
                cairo_set_source(cr, picture)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_HSL_SATURATION)
                cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                let gray = cairo_pop_group(cr)
                cairo_set_source(cr, gray)
                cairo_mask(cr, picture)
                cairo_pattern_destroy(gray)
                cairo_pattern_destroy(picture)
                cairo_restore(cr)
            }
            for child in node.children { drawAccentedNode(child, cr, tint: tint, accent: accent) }
            endEffects(applied, node.effects, cr)
            return
        }
        let inAccentGroup: Bool
        if case .image(let image) = node.content, image.accentedMode == .accented || image.accentedMode == .accentedDesaturated {
            inAccentGroup = true
        } else {
            inAccentGroup = accent
        }
        if let box = GroupBounds.content(node) {
            // The mask group only as large as the node's own ink (GroupBounds).
            cairo_save(cr)
            if boundsGroups { GroupBounds.clip(box, cr) }
            cairo_push_group(cr)
            drawContent(node, cr)
            let mask = cairo_pop_group(cr)
            setSource(inAccentGroup ? tint.accent : tint.primary, cr)
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
            cairo_restore(cr)
        }
        for child in node.children { drawAccentedNode(child, cr, tint: tint, accent: accent) }
        endEffects(applied, node.effects, cr)
    }
}

extension Bitmap {
    /// The Lock Screen's vibrant mode: each pixel keeps its alpha and its luminance (Rec. 601
    /// weights), loses its hue.
    public mutating func desaturate() {
        apply { p in
            let l = UInt8(Self.luminance(p))
            p.r = l; p.g = l; p.b = l
        }
    }

    /// StandBy's night mode: monochrome in red. Each pixel's luminance goes into the red channel;
    /// green and blue are dark; alpha is kept.
    public mutating func nightTint() {
        apply { p in
            p.r = UInt8(Self.luminance(p)); p.g = 0; p.b = 0
        }
    }

    static func luminance(_ p: RGBA8) -> Int {
        (299 * Int(p.r) + 587 * Int(p.g) + 114 * Int(p.b) + 500) / 1000
    }
}
