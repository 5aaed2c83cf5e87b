import CPangoCairo
import WidgetLayout
import WidgetModel

extension Renderer {
    func iconLayout(_ context: OpaquePointer, _ icon: IconContent) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(FontKey(families: [icon.family], size: icon.size, weight: .regular)))
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
        let layout = iconLayout(drawContext, icon)
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
}
