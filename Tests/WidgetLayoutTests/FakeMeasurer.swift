import WidgetLayout
import WidgetModel

/// Text measured with arithmetic: every character is half the font size wide, a line is
/// `font.lineHeight` (or 1.2 × size) tall, lines break at spaces. A word wider than the width
/// is cut at the width. Lines beyond `maxLines` are dropped, and the last kept line then counts
/// as the full width (it ends in an ellipsis). With `countsTracking`, each character is the font's
/// tracking wider too (the font-difference allowance tests tighten a line by it).
struct FakeMeasurer: TextMeasuring {
    var countsTracking = false
    func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        let charWidth = 0.5 * font.size + (countsTracking ? font.tracking : 0)
        let lineHeight = font.lineHeight ?? 1.2 * font.size
        func length(_ s: String) -> Double { Double(s.count) * charWidth }

        let words = text.string.split(separator: " ").map(String.init)
        var lines: [String] = []
        if let width {
            var current = ""
            for word in words {
                let candidate = current.isEmpty ? word : current + " " + word
                if current.isEmpty || length(candidate) <= width {
                    current = candidate
                } else {
                    lines.append(current)
                    current = word
                }
            }
            if !current.isEmpty { lines.append(current) }
        } else {
            lines = [words.joined(separator: " ")]
        }

        var widths = lines.map(length)
        var truncated = false
        if let width {
            for i in widths.indices where widths[i] > width {
                widths[i] = width
                truncated = true
            }
        }
        if let maxLines, widths.count > maxLines {
            widths = Array(widths.prefix(maxLines))
            truncated = true
            if let width, !widths.isEmpty { widths[widths.count - 1] = width }
        }
        return TextMetrics(size: Size(width: widths.max() ?? 0, height: Double(widths.count) * lineHeight),
                           lineCount: widths.count, truncated: truncated)
    }
}

/// Counts measurements, to check that sizes are memoized.
final class CountingMeasurer: TextMeasuring {
    var calls = 0
    let inner = FakeMeasurer()
    func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        calls += 1
        return inner.measure(text, font: font, width: width, maxLines: maxLines)
    }
}
