import WidgetModel

/// How the layout learns the size of a text. The renderer answers through Pango; tests answer
/// with plain arithmetic. Layout never draws and never imports a text engine.
public protocol TextMeasuring {
    /// Lays `text.string` out in `font`, wrapped at `width` (nil: never wrapped) with at most
    /// `maxLines` lines (nil: unlimited), the last kept line ending in an ellipsis when text is cut.
    /// Returns the size the lines occupy (width ≤ `width` when given), how many lines there are,
    /// and whether anything was cut.
    func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics
}

public struct TextMetrics: Hashable, Sendable {
    public var size: Size
    public var lineCount: Int
    public var truncated: Bool
    /// The baselines of the first and the last line, in points from the top of the text, where
    /// drawing puts them (the renderer's line boxes). nil: the measurer does not know them, and
    /// layout takes each line as equally tall with its baseline at its bottom.
    public var firstBaseline: Double?
    public var lastBaseline: Double?
    public init(size: Size, lineCount: Int, truncated: Bool, firstBaseline: Double? = nil, lastBaseline: Double? = nil) {
        self.size = size; self.lineCount = lineCount; self.truncated = truncated
        self.firstBaseline = firstBaseline; self.lastBaseline = lastBaseline
    }

    /// The baselines, known or estimated (each line equally tall, its baseline at its bottom),
    /// each within the text's height.
    var baselines: (first: Double, last: Double) {
        let height = SafeNumber.length(size.height)
        let estimatedFirst = lineCount > 1 ? height / Double(lineCount) : height
        func bounded(_ v: Double?, _ fallback: Double) -> Double {
            guard let v, v.isFinite else { return fallback }
            return min(max(0, v), height)
        }
        return (bounded(firstBaseline, estimatedFirst), bounded(lastBaseline, height))
    }
}

/// A size proposal: nil on an axis asks for the ideal size there; `.infinity` asks for the maximum.
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)
    public var description: String {
        "(\(width.map { "\($0)" } ?? "nil"), \(height.map { "\($0)" } ?? "nil"))"
    }
}
