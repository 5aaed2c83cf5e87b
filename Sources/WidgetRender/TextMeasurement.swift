import CPangoCairo
import WidgetLayout
import WidgetModel

struct MeasureKey: Hashable {
    var string: String
    var font: FontSpec
    var width: Double?
    var maxLines: Int?
    var truncation: TruncationMode
}

private let measureCacheLimit = 8192

extension Renderer: TextMeasuring {
    public func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        // Keyed on the text Pango can see (TextLayout.swift): hashing a string reads all of it
        // (normalizing it, if not ASCII), and a megabyte per lookup adds up.
        let (string, _) = Self.bounded(text.string, characters: limits.textLength)
        let key = MeasureKey(string: string, font: font, width: width, maxLines: maxLines, truncation: text.truncationMode)
        if let cached = measurements[key] { return cached }
        let metrics = computeMetrics(string, font: font, width: width, maxLines: maxLines, truncation: text.truncationMode)
        if measurements.count >= measureCacheLimit { measurements.removeAll(keepingCapacity: true) }
        measurements[key] = metrics
        return metrics
    }

    func computeMetrics(_ string: String, font: FontSpec, width: Double?, maxLines: Int?,
                        truncation: TruncationMode = .tail) -> TextMetrics {
        if string.isEmpty || !(font.size > 0) { return TextMetrics(size: .zero, lineCount: 0, truncated: false) }
        let layout = makeLayout(measureContext, string, font: font, width: width, maxLines: maxLines, alignment: .leading,
                                truncation: truncation)
        defer { g_object_unref(UnsafeMutableRawPointer(layout.layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout.layout, nil, &logical)
        // Width from Pango (advances); height from our own line boxes (TextLayout.swift, lineBoxes),
        // which do not depend on the Pango version.
        let lines = lineBoxes(layout.layout, font: font)
        let height = lines.last.map { $0.top + $0.height } ?? 0
        let scale = Double(PANGO_SCALE)
        let truncated = layout.cutLines || pango_layout_is_ellipsized(layout.layout) != 0
        return TextMetrics(size: Size(width: Double(logical.width) / scale, height: Double(height) / scale),
                           lineCount: Int(pango_layout_get_line_count(layout.layout)), truncated: truncated,
                           firstBaseline: lines.first.map { Double($0.baseline) / scale },
                           lastBaseline: lines.last.map { Double($0.baseline) / scale })
    }
}

/// One line of a text as `measure` sized it and drawing places it, in points from the top-left of
/// the text's frame.
public struct TextLineMetrics: Equatable, Sendable {
    /// Left edge of the line (alignment within the wrap width) and its advance width.
    public var x: Double
    public var width: Double
    /// Top of the line's box and its height; the next line starts at top + height.
    public var top: Double
    public var height: Double
    /// The baseline glyphs are drawn on.
    public var baseline: Double
}

extension Renderer {
    /// The lines of a text as it is measured and drawn: Pango breaks it, the line boxes come from
    /// the fonts' own metrics (TextLayout.swift, `lineBoxes`), the same under every Pango version.
    public func lines(of string: String, font: FontSpec, width: Double?, maxLines: Int?,
                      alignment: TextAlignment = .leading) -> [TextLineMetrics] {
        if string.isEmpty || !(font.size > 0) { return [] }
        let prepared = makeLayout(measureContext, string, font: font, width: width, maxLines: maxLines, alignment: alignment)
        defer { g_object_unref(UnsafeMutableRawPointer(prepared.layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(prepared.layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return lineBoxes(prepared.layout, font: font).map {
            TextLineMetrics(x: Double($0.x - logical.x) / scale, width: Double($0.width) / scale,
                            top: Double($0.top) / scale, height: Double($0.height) / scale,
                            baseline: Double($0.baseline) / scale)
        }
    }
}

extension Renderer {
    /// The text of each line as Pango broke it (the same layout measuring and drawing use): where a
    /// text wraps, in characters, for tests and diagnostics (an ellipsized line gives the text it
    /// stands for, not the "…").
    public func lineTexts(of string: String, font: FontSpec, width: Double?, maxLines: Int?) -> [String] {
        if string.isEmpty || !(font.size > 0) { return [] }
        let prepared = makeLayout(measureContext, string, font: font, width: width, maxLines: maxLines, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(prepared.layout)) }
        let utf8 = Array(prepared.text.utf8)
        var texts: [String] = []
        let iter = pango_layout_get_iter(prepared.layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
            let end = min(utf8.count, start + max(0, length))
            texts.append(String(decoding: utf8[min(max(0, start), end)..<end], as: UTF8.self))
        } while pango_layout_iter_next_line(iter) != 0
        return texts
    }
}
