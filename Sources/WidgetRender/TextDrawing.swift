import CPangoCairo
import WidgetLayout
import WidgetModel

struct FontKey: Hashable {
    var families: [String]
    var size: Double
    var weight: FontWeight
}

/// What goes into a layout's attribute list besides the font.
struct AttributeKey: Hashable {
    var lineHeight: Double?
    var tracking: Double
    var monospacedDigits: Bool
}

struct MeasureKey: Hashable {
    var string: String
    var font: FontSpec
    var width: Double?
    var maxLines: Int?
}

/// Pango's glyph id for "nothing drawn here" (PANGO_GLYPH_EMPTY) and the flag on a glyph the
/// font lacks, drawn as a hex box (PANGO_GLYPH_UNKNOWN_FLAG); C cast macros, not imported.
private let glyphEmpty: UInt32 = 0x0FFF_FFFF
private let glyphUnknownFlag: UInt32 = 0x1000_0000

private let measureCacheLimit = 8192

extension Renderer: TextMeasuring {
    public func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        let key = MeasureKey(string: text.string, font: font, width: width, maxLines: maxLines)
        if let cached = measurements[key] { return cached }
        let metrics = computeMetrics(text.string, font: font, width: width, maxLines: maxLines)
        if measurements.count >= measureCacheLimit { measurements.removeAll(keepingCapacity: true) }
        measurements[key] = metrics
        return metrics
    }

    func computeMetrics(_ string: String, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        if string.isEmpty || !(font.size > 0) { return TextMetrics(size: .zero, lineCount: 0, truncated: false) }
        let layout = makeLayout(measureContext, string, font: font, width: width, maxLines: maxLines, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(layout.layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout.layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let truncated = layout.cutLines || pango_layout_is_ellipsized(layout.layout) != 0
        return TextMetrics(size: Size(width: Double(logical.width) / scale, height: Double(logical.height) / scale),
                           lineCount: Int(pango_layout_get_line_count(layout.layout)), truncated: truncated)
    }

    struct PreparedLayout {
        var layout: OpaquePointer
        /// Lines were dropped before Pango saw the text (unwrapped text with more lines than allowed).
        var cutLines: Bool
    }

    /// The one layout setup shared by measuring and drawing, so both agree on every size.
    func makeLayout(_ context: OpaquePointer, _ string: String, font: FontSpec, width: Double?, maxLines: Int?,
                    alignment: TextAlignment) -> PreparedLayout {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(FontKey(families: font.families, size: font.size, weight: font.weight)))
        if let attributes = attributeList(AttributeKey(lineHeight: font.lineHeight, tracking: font.tracking,
                                                       monospacedDigits: font.monospacedDigits)) {
            pango_layout_set_attributes(layout, attributes)
        }
        var text = string
        var cutLines = false
        // Layout proposes `.infinity` for "as wide as you like": that is no wrapping at all.
        let width = width.flatMap { $0.isFinite ? min($0, 1_000_000) : nil }
        if let width {
            pango_layout_set_width(layout, pango_units_from_double(max(0, width)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if let maxLines {
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
                // Negative: at most that many lines per paragraph.
                pango_layout_set_height(layout, -Int32(max(1, maxLines)))
            }
        } else if let maxLines {
            // Unwrapped text only breaks at newlines; Pango cannot ellipsize without a width, so
            // keep the first lines and end the last one with an ellipsis, as SwiftUI does.
            let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > max(1, maxLines) {
                text = lines.prefix(max(1, maxLines)).joined(separator: "\n") + "…"
                cutLines = true
            }
        }
        pango_layout_set_alignment(layout, alignment == .center ? PANGO_ALIGN_CENTER
                                   : alignment == .trailing ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)
        if width != nil, let maxLines, text.contains("\n") {
            cutLines = limitParagraphs(layout, maxLines: max(1, maxLines))
        }
        return PreparedLayout(layout: layout, cutLines: cutLines)
    }

    /// A negative layout height limits lines per paragraph, not in total. With several paragraphs,
    /// lay out without a limit, then limit the height to what the first `maxLines` lines take
    /// (Pango then drops the rest; it adds an ellipsis only when the last kept line is itself cut).
    /// Returns whether lines were dropped.
    private func limitParagraphs(_ layout: OpaquePointer, maxLines: Int) -> Bool {
        pango_layout_set_height(layout, -1 - Int32(Int16.max))   // effectively unlimited per paragraph
        guard Int(pango_layout_get_line_count(layout)) > maxLines else {
            pango_layout_set_height(layout, -Int32(maxLines))
            return false
        }
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var bottom: Int32 = 0
        for _ in 0..<maxLines {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &line)
            bottom = line.y + line.height
            if pango_layout_iter_next_line(iter) == 0 { break }
        }
        // A little slack so rounding never drops the last wanted line.
        pango_layout_set_height(layout, bottom + Int32(PANGO_SCALE) / 8)
        return true
    }

    func fontDescription(_ key: FontKey) -> OpaquePointer {
        if let d = fontDescriptions[key] { return d }
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, key.families.joined(separator: ","))
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(key.weight.value)))
        pango_font_description_set_absolute_size(d, max(key.size, 0.01) * Double(PANGO_SCALE))
        fontDescriptions[key] = d
        return d
    }

    func attributeList(_ key: AttributeKey) -> OpaquePointer? {
        let lineHeight = key.lineHeight.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let tracking = key.tracking.isFinite ? key.tracking : 0
        if lineHeight == nil, tracking == 0, !key.monospacedDigits { return nil }
        if let list = attributeLists[key] { return list }
        let list = pango_attr_list_new()!
        if let lineHeight {
            pango_attr_list_insert(list, pango_attr_line_height_new_absolute(pango_units_from_double(lineHeight)))
        }
        if tracking != 0 {
            pango_attr_list_insert(list, pango_attr_letter_spacing_new(pango_units_from_double(tracking)))
        }
        if key.monospacedDigits {
            pango_attr_list_insert(list, pango_attr_font_features_new("tnum 1"))
        }
        attributeLists[key] = list
        return list
    }

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

    // MARK: Icons

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
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
    }

    // MARK: Font coverage

    /// Whether any glyph of `text` in `font` is missing (would draw a box/hex).
    public func hasMissingGlyphs(_ text: String, font: FontSpec) -> Bool {
        let prepared = makeLayout(measureContext, text, font: font, width: nil, maxLines: nil, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(prepared.layout)) }
        var missing = false
        forEachRun(prepared.layout) { run in
            let glyphs = run.pointee.glyphs.pointee
            for i in 0..<Int(glyphs.num_glyphs) {
                let glyph = glyphs.glyphs[i].glyph
                if glyph == glyphEmpty || glyph & glyphUnknownFlag != 0 {
                    // An empty glyph is also how Pango draws a newline or zero-width joiner.
                    if glyph == glyphEmpty, isInvisibleCluster(run, glyphIndex: i, text: text) { continue }
                    missing = true
                }
            }
        }
        return missing
    }

    private func isInvisibleCluster(_ run: UnsafeMutablePointer<PangoGlyphItem>, glyphIndex: Int, text: String) -> Bool {
        let item = run.pointee.item.pointee
        let clusterStart = Int(item.offset) + Int(run.pointee.glyphs.pointee.log_clusters[glyphIndex])
        let bytes = Array(text.utf8)
        guard clusterStart < bytes.count else { return true }
        let scalar = String(decoding: bytes[clusterStart...].prefix(4), as: UTF8.self).unicodeScalars.first
        guard let scalar else { return true }
        return scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .control
            || scalar.properties.isWhitespace
    }

    /// The font file Pango picked for the first character of `text`.
    public func fontFile(for text: String, font: FontSpec) -> String? {
        guard !text.isEmpty else { return nil }
        let prepared = makeLayout(measureContext, text, font: font, width: nil, maxLines: nil, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(prepared.layout)) }
        var file: String?
        forEachRun(prepared.layout) { run in
            guard file == nil, let pangoFont = run.pointee.item.pointee.analysis.font else { return }
            let fcFont = UnsafeMutableRawPointer(pangoFont).assumingMemoryBound(to: PangoFcFont.self)
            guard let pattern = pango_fc_font_get_pattern(fcFont) else { return }
            var value: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &value) == FcResultMatch, let value {
                file = String(cString: value)
            }
        }
        return file
    }

    private func forEachRun(_ layout: OpaquePointer, _ body: (UnsafeMutablePointer<PangoGlyphItem>) -> Void) {
        var lines = pango_layout_get_lines_readonly(layout)
        while let node = lines {
            if let line = node.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                var runs = line.pointee.runs
                while let r = runs {
                    if let run = r.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) { body(run) }
                    runs = r.pointee.next
                }
            }
            lines = node.pointee.next
        }
    }
}
