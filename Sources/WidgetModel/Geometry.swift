/// Geometry in points. Every stage after binding speaks these types.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(fmt(width))×\(fmt(height))" }
}

public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public func insetBy(_ e: EdgeInsets) -> Rect {
        Rect(x: minX + e.leading, y: minY + e.top,
             width: max(0, width - e.leading - e.trailing), height: max(0, height - e.top - e.bottom))
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public var description: String { "(\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height)))" }
}

public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }
    public static let zero = EdgeInsets()
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
}

/// A position inside a rectangle as fractions of its size: (0,0) top-leading, (1,1) bottom-trailing.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

public enum HorizontalAlignment: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing
    /// Fraction of the free space placed before the child.
    public var fraction: Double { self == .leading ? 0 : self == .center ? 0.5 : 1 }
}

public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
    case top, center, bottom
    public var fraction: Double { self == .top ? 0 : self == .center ? 0.5 : 1 }
}

public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The SwiftUI names: center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing.
    public init?(name: String) {
        switch name {
        case "center": self = .center
        case "leading": self.init(horizontal: .leading, vertical: .center)
        case "trailing": self.init(horizontal: .trailing, vertical: .center)
        case "top": self.init(horizontal: .center, vertical: .top)
        case "bottom": self.init(horizontal: .center, vertical: .bottom)
        case "topLeading": self.init(horizontal: .leading, vertical: .top)
        case "topTrailing": self.init(horizontal: .trailing, vertical: .top)
        case "bottomLeading": self.init(horizontal: .leading, vertical: .bottom)
        case "bottomTrailing": self.init(horizontal: .trailing, vertical: .bottom)
        default: return nil
        }
    }
}

func fmt(_ v: Double) -> String {
    if v.rounded() == v, abs(v) < 1e15 { return String(Int(v)) }
    return String((v * 100).rounded() / 100)
}
