import CPangoCairo
import CRsvg
import Foundation
import WidgetLayout
import WidgetModel

extension Renderer {
    /// How much larger than its point size the bundled stand-in's glyph is drawn. SF Symbols are
    /// drawn bigger than a Material icon at the same size: a circle symbol's ink is its point size
    /// (`info.circle` at 17 pt: 17.0 pt on iOS 26), where Material designs inside a 20-unit live
    /// area of its 24-unit em (14.2 pt at 17). Measured on gradus' iOS 26 snapshots at body size,
    /// SF's ink over Material's for seven symbols: 1.11 (`exclamationmark.triangle.fill`) to 1.68
    /// (`chevron.right`), median 1.27, `info.circle` 1.20. So the stand-in is drawn at 24/20 of the
    /// size, centred in the same square frame: the layout does not change, only the ink. A glyph
    /// whose ink would then leave the frame (the wide `bicycle`) is drawn only as large as fits.
    public static let standInGlyphScale = 1.2

    /// The scale a glyph of the bundled stand-in font is drawn at: `standInGlyphScale`, or less
    /// when its ink, around the em square's centre where `drawIcon` puts it, would leave the frame;
    /// never below 1. Measured once per glyph at 100 pt (the ratio does not depend on the size).
    func standInScale(_ icon: IconContent) -> Double {
        guard icon.family == IconCatalog.family else { return 1 }
        if let known = standInScales[icon.glyph] { return known }
        let probe = IconContent(symbol: icon.symbol, glyph: icon.glyph, size: 100, color: icon.color)
        let layout = iconLayout(measureContext, probe, scale: 1)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        let cx = (Double(logical.x) + Double(logical.width) / 2) / unit
        let cy = (Double(logical.y) + Double(logical.height) / 2) / unit
        // The farthest the ink reaches from the centre, as a fraction of the 100 pt em's half.
        let reach = [cx - Double(ink.x) / unit, Double(ink.x + ink.width) / unit - cx,
                     cy - Double(ink.y) / unit, Double(ink.y + ink.height) / unit - cy].max() ?? 0
        let scale = reach > 0 ? max(1, min(Self.standInGlyphScale, 50 / reach)) : 1
        if standInScales.count < 4096 { standInScales[icon.glyph] = scale }
        return scale
    }

    func iconLayout(_ context: OpaquePointer, _ icon: IconContent, scale: Double) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(FontKey(families: [icon.family], size: icon.size * scale, weight: .regular)))
        pango_layout_set_text(layout, icon.glyph, -1)
        return layout
    }

    /// Centers the glyph's logical box (the em square: Material Icons has ascent = em, descent = 0,
    /// advance = em) in the frame. The icon designs sit inside that square with their intended
    /// padding and optical offsets; centering the ink would undo those and make each icon's
    /// weight sit differently.
    func drawIcon(_ icon: IconContent, in frame: Rect, _ cr: OpaquePointer) {
        let color = icon.color.solidColor
        if icon.redacted {
            fillPlaceholder(frame, radius: min(frame.width, frame.height) / 4, color: color, cr)
            return
        }
        if let svg = icon.svg {
            drawSymbolArtwork(svg, icon, in: frame, cr)
            return
        }
        let layout = iconLayout(drawContext, icon, scale: standInScale(icon))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let x = frame.midX - (Double(logical.x) + Double(logical.width) / 2) / scale
        let y = frame.midY - (Double(logical.y) + Double(logical.height) / 2) / scale
        setSource(icon.color.solidColor, cr)
        // Glyph origins on whole device pixels, as for text (TextDrawing.swift): the same pixels on
        // every cairo version.
        if let line = pango_layout_get_line_readonly(layout, 0) {
            widgetshot_show_line_snapped(cr, line, x, y + Double(pango_layout_get_baseline(layout)) / scale)
        }
        cairo_new_path(cr)
    }

    /// A project's own symbol (`Icons/NAME.svg`) in a square of the icon's size centred in the
    /// frame, as a template: its alpha is kept and its colour is the icon's (SF Symbols' monochrome
    /// rendering). An SF Symbols app export holds every weight and scale; the medium-scale variant
    /// of the icon's weight (`Semibold-M`) is drawn when it has one, else the whole picture.
    ///
    /// The file is read as bytes with no base address, so nothing it references outside itself is
    /// loaded; a file that has grown past `Limits.imageBytes` since it was found, or that librsvg
    /// cannot read, draws nothing (the layout's lint and bind stages said why earlier).
    func drawSymbolArtwork(_ path: String, _ icon: IconContent, in frame: Rect, _ cr: OpaquePointer) {
        guard let data = FileManager.default.contents(atPath: path), data.count <= limits.imageBytes else { return }
        var error: UnsafeMutablePointer<GError>?
        let handle: UnsafeMutablePointer<RsvgHandle>? = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return rsvg_handle_new_from_data(base, gsize(raw.count), &error)
        }
        if let error { g_error_free(error) }
        guard let handle else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        let side = max(0, icon.size)
        var viewport = RsvgRectangle(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side)
        let variant = "#" + Self.symbolWeightName(icon.weight) + "-M"
        cairo_save(cr)
        cairo_push_group(cr)
        var failure: UnsafeMutablePointer<GError>?
        if rsvg_handle_has_sub(handle, variant) != 0 {
            _ = rsvg_handle_render_element(handle, cr, variant, &viewport, &failure)
        } else {
            _ = rsvg_handle_render_document(handle, cr, &viewport, &failure)
        }
        if let failure { g_error_free(failure) }
        let mask = cairo_pop_group(cr)
        setSource(icon.color, in: frame, cr)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    /// The weight's name in an SF Symbols template (`Ultralight` … `Black`).
    static func symbolWeightName(_ weight: FontWeight) -> String {
        switch weight {
        case .ultraLight: "Ultralight"
        case .thin: "Thin"
        case .light: "Light"
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "Semibold"
        case .bold: "Bold"
        case .heavy: "Heavy"
        case .black: "Black"
        }
    }
}
