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
        let slanted = text.font.italic && !Self.facesAreSlanted(layout)
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var index = 0
        repeat {
            if index < lines.count, let line = pango_layout_iter_get_line_readonly(iter) {
                let box = lines[index]
                let baseline = dy + Double(box.baseline) / scale
                if slanted {
                    // A synthetic oblique, sheared about the baseline (SF's italic leans 12°).
                    cairo_save(cr)
                    var shear = cairo_matrix_t(xx: 1, yx: 0, xy: -Self.obliqueShear, yy: 1, x0: Self.obliqueShear * baseline, y0: 0)
                    cairo_transform(cr, &shear)
                }
                widgetshot_show_line_snapped(cr, line, dx + Double(box.x) / scale, baseline)
                if slanted { cairo_restore(cr) }
                drawDecorations(text, box, dx: dx, dy: dy, cr)
                setSource(color, cr)
            }
            index += 1
        } while pango_layout_iter_next_line(iter) != 0
        cairo_new_path(cr)
    }

    /// tan 12°: how far a synthetic oblique leans per point of height.
    static let obliqueShear = 0.2126

    /// Whether the faces Pango chose for an italic text are italic or oblique already (a family
    /// with an italic face); the bundled families have none, and are slanted when drawn.
    static func facesAreSlanted(_ layout: OpaquePointer) -> Bool {
        guard let line = pango_layout_get_line_readonly(layout, 0), let runs = line.pointee.runs,
              let data = runs.pointee.data else { return false }
        let run = data.assumingMemoryBound(to: PangoGlyphItem.self)
        guard let item = run.pointee.item, let font = item.pointee.analysis.font,
              let description = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(description) }
        let style = pango_font_description_get_style(description)
        return style == PANGO_STYLE_ITALIC || style == PANGO_STYLE_OBLIQUE
    }

    /// `underline` and `strikethrough`: a bar a fifteenth of the size thick (at least a device
    /// pixel), under the baseline by a tenth of the size, or through the middle of the lower case.
    private func drawDecorations(_ text: PlacedText, _ box: LineBox, dx: Double, dy: Double, _ cr: OpaquePointer) {
        let scale = Double(PANGO_SCALE), size = text.font.size
        var ux = 1.0, uy = 0.0
        cairo_user_to_device_distance(cr, &ux, &uy)
        let thickness = max(size / 15, 1 / max((ux * ux + uy * uy).squareRoot(), 1))
        let x = dx + Double(box.x) / scale, width = Double(box.width) / scale, baseline = dy + Double(box.baseline) / scale
        for (color, centre) in [(text.content.underline, baseline + size * 0.1), (text.content.strikethrough, baseline - size * 0.27)] {
            guard let color, width > 0 else { continue }
            setSource(color, cr)
            cairo_rectangle(cr, x, centre - thickness / 2, width, thickness)
            cairo_fill(cr)
        }
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
