import CPangoCairo
import WidgetLayout
import WidgetModel

struct MeasureKey: Hashable {
    var string: String
    var font: FontSpec
    var width: Double?
    var maxLines: Int?
}

private let measureCacheLimit = 8192

extension Renderer: TextMeasuring {
    public func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        // Keyed on the text Pango can see (TextLayout.swift): hashing a string reads all of it
        // (normalizing it, if not ASCII), and a megabyte per lookup adds up.
        let (string, _) = Self.bounded(text.string, characters: limits.textLength)
        let key = MeasureKey(string: string, font: font, width: width, maxLines: maxLines)
        if let cached = measurements[key] { return cached }
        let metrics = computeMetrics(string, font: font, width: width, maxLines: maxLines)
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
        // Width from Pango (advances); height from our own line boxes (TextLayout.swift, lineBoxes),
        // which do not depend on the Pango version.
        let lines = lineBoxes(layout.layout, font: font)
        let height = lines.last.map { $0.top + $0.height } ?? 0
        let scale = Double(PANGO_SCALE)
        let truncated = layout.cutLines || pango_layout_is_ellipsized(layout.layout) != 0
        return TextMetrics(size: Size(width: Double(logical.width) / scale, height: Double(height) / scale),
                           lineCount: Int(pango_layout_get_line_count(layout.layout)), truncated: truncated)
    }
}
