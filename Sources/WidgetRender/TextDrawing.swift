import CPangoCairo
import WidgetLayout
import WidgetModel

extension Renderer {
    func drawText(_ text: PlacedText, in frame: Rect, _ cr: OpaquePointer) {
        if text.content.string.isEmpty || !(text.font.size > 0) { return }
        let prepared = makeLayout(drawContext, text.content.string, font: text.font, width: text.wrapWidth,
                                  maxLines: text.maxLines, alignment: text.content.alignment)
        let layout = prepared.layout
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let dx = frame.minX - Double(logical.x) / scale
        let dy = frame.minY - Double(logical.y) / scale
        let color = text.content.color.solidColor

        if text.content.redacted {
            drawPlaceholderLines(layout, dx: dx, dy: dy, color: color, cr)
            return
        }
        setSource(color, cr)
        cairo_move_to(cr, dx, dy)
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
    }

    /// One bar per line, as wide as the line and 60 % of its height.
    private func drawPlaceholderLines(_ layout: OpaquePointer, dx: Double, dy: Double, color: RGBA, _ cr: OpaquePointer) {
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        let scale = Double(PANGO_SCALE)
        repeat {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &line)
            let height = Double(line.height) / scale
            let barHeight = height * 0.6
            let rect = Rect(x: dx + Double(line.x) / scale, y: dy + Double(line.y) / scale + (height - barHeight) / 2,
                            width: Double(line.width) / scale, height: barHeight)
            fillPlaceholder(rect, radius: height / 4, color: color, cr)
        } while pango_layout_iter_next_line(iter) != 0
    }
}
