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
    /// The file was checked when it was found (`SymbolCheck`: size, elements, no filters, images or
    /// patterns), which bounds librsvg's work; it is read as bytes with no base address, so nothing
    /// it references outside itself is loaded. Each size of a symbol is rasterized once, into an
    /// alpha mask kept in `SymbolMasks` (by file, size, scale and where the square starts within
    /// its first pixel, so every position draws the same coverage a render there would), and drawn
    /// from there after; nothing is rasterized once the
    /// render's deadline has passed. A file librsvg cannot read draws nothing (lint and bind said why).
    func drawSymbolArtwork(_ path: String, _ icon: IconContent, in frame: Rect, _ cr: OpaquePointer) {
        let side = max(0, icon.size)
        let variant = "#" + Self.symbolWeightName(icon.weight) + "-M"
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Device position of the square: with a plain scale and translation (every surface but a
        // mirrored one) the mask is cached; otherwise drawn directly.
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0, m.xx == m.yy else {
            drawSymbolDirectly(path, variant: variant, icon, square: Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side), frame: frame, cr)
            return
        }
        let dx = m.xx * (frame.midX - side / 2) + m.x0, dy = m.yy * (frame.midY - side / 2) + m.y0
        let (ox, oy) = (dx.rounded(.down), dy.rounded(.down))
        let key = SymbolMasks.Key(path: path, variant: variant, pixels: side * m.xx, phaseX: dx - ox, phaseY: dy - oy,
                                  modified: SymbolMasks.modified(path))
        if let deadline, deadline.hasPassed { return }
        guard let mask = SymbolMasks.shared.mask(for: key, limits: limits, deadline: deadline) else { return }
        guard mask.width > 0, mask.height > 0 else { return }
        cairo_save(cr)
        setSource(icon.color, in: frame, cr)   // the pattern keeps the user space it was set in
        cairo_identity_matrix(cr)
        mask.bytes.withUnsafeBufferPointer { raw in
            let surface = cairo_image_surface_create_for_data(UnsafeMutablePointer(mutating: raw.baseAddress!), CAIRO_FORMAT_A8,
                                                              Int32(mask.width), Int32(mask.height), Int32(mask.stride))
            cairo_mask_surface(cr, surface, ox, oy)
            cairo_surface_destroy(surface)
        }
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    /// The symbol drawn straight through a group (a mirrored or otherwise transformed surface).
    func drawSymbolDirectly(_ path: String, variant: String, _ icon: IconContent, square: Rect, frame: Rect, _ cr: OpaquePointer) {
        if let deadline, deadline.hasPassed { return }
        guard let handle = SymbolMasks.handle(path, limits: limits) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var viewport = RsvgRectangle(x: square.origin.x, y: square.origin.y, width: square.size.width, height: square.size.height)
        cairo_save(cr)
        cairo_push_group(cr)
        SymbolMasks.render(handle, variant: variant, viewport: &viewport, cr)
        let mask = cairo_pop_group(cr)
        setSource(icon.color, in: frame, cr)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    /// The weight's name in an SF Symbols template (`Ultralight` … `Black`).
    static func symbolWeightName(_ weight: FontWeight) -> String { SymbolTemplateFrame.weightName(weight) }
}
