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
    public init(size: Size, lineCount: Int, truncated: Bool) {
        self.size = size; self.lineCount = lineCount; self.truncated = truncated
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
