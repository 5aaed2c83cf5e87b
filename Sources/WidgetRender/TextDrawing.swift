import CPangoCairo
import WidgetLayout
import WidgetModel

extension Renderer {
    /// Draws each line at the baseline our own line boxes give (TextLayout.swift, `lineBoxes`: the
    /// numbers the measurer used), with every glyph origin on a whole device pixel
    /// (`widgetshot_show_line_snapped`), so the pixels do not depend on the Pango or cairo version.
    func drawText(_ text: PlacedText, in frame: Rect, _ cr: OpaquePointer) {
        if text.content.string.isEmpty || !(text.font.size > 0) { return }
        let prepared = makeLayout(drawContext, text.content.string, font: text.font, width: text.wrapWidth,
                                  maxLines: text.maxLines, alignment: text.content.alignment,
                                  truncation: text.content.truncationMode)
        let layout = prepared.layout
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let dx = frame.minX - Double(logical.x) / scale
        let dy = frame.minY
        let lines = lineBoxes(layout, font: text.font)
        let color = text.content.color.solidColor

        if text.content.redacted {
            drawPlaceholderLines(lines, dx: dx, dy: dy, color: color, cr)
            return
        }
        setSource(color, cr)
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var index = 0
        repeat {
            if index < lines.count, let line = pango_layout_iter_get_line_readonly(iter) {
                let box = lines[index]
                widgetshot_show_line_snapped(cr, line, dx + Double(box.x) / scale, dy + Double(box.baseline) / scale)
            }
            index += 1
        } while pango_layout_iter_next_line(iter) != 0
        cairo_new_path(cr)
    }

    /// One bar per line, as wide as the line and 60 % of its height.
    private func drawPlaceholderLines(_ lines: [LineBox], dx: Double, dy: Double, color: RGBA, _ cr: OpaquePointer) {
        let scale = Double(PANGO_SCALE)
        for line in lines {
            let height = Double(line.height) / scale
            let barHeight = height * 0.6
            let rect = Rect(x: dx + Double(line.x) / scale, y: dy + Double(line.top) / scale + (height - barHeight) / 2,
                            width: Double(line.width) / scale, height: barHeight)
            fillPlaceholder(rect, radius: height / 4, color: color, cr)
        }
    }
}
