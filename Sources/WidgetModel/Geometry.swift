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

/// What the two alignment types share: a guide is its name (SwiftUI's, or a team's `AlignmentID`
/// type's, whose default value `custom` computes), and two guides of one name are the same guide.
public protocol NamedGuide: Hashable, Sendable, CustomStringConvertible {
    var rawValue: String { get }
    var custom: GuideFunction? { get }
    /// SwiftUI's own guides on this axis, the ones a layout file names.
    static var allCases: [Self] { get }
}

extension NamedGuide {
    /// One of SwiftUI's own guides by name.
    public init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }
    public var description: String { rawValue }
}

/// A horizontal alignment guide (SwiftUI's `HorizontalAlignment`): one of SwiftUI's own, or a
/// team's (an `AlignmentID`), named by its type and computing its default value itself.
public struct HorizontalAlignment: NamedGuide {
    /// The guide's name: `leading`, `center`, `trailing`, or a team's `AlignmentID` type.
    public let rawValue: String
    /// A team's guide's value where a view states none (nil: one of SwiftUI's own).
    public let custom: GuideFunction?
    private init(_ name: String) { rawValue = name; custom = nil }
    /// A team's guide (SwiftUI's `HorizontalAlignment(_ id: AlignmentID.Type)`), equal to every
    /// other made with the same name.
    public init(custom name: String, defaultValue: GuideFunction) { rawValue = name; custom = defaultValue }
    public static let leading = HorizontalAlignment("leading")
    public static let center = HorizontalAlignment("center")
    public static let trailing = HorizontalAlignment("trailing")
    /// SwiftUI's own guides, the ones a layout file names.
    public static let allCases = [leading, center, trailing]
    /// Fraction of the free space placed before the child (a team's guide: 0, as it is aligned by
    /// its values, never by this).
    public var fraction: Double { self == .leading ? 0 : self == .center ? 0.5 : self == .trailing ? 1 : 0 }
    /// The guide's value in a view that states none: a fraction of its width, or the team's default.
    public func defaultValue(in d: GuideDimensions) -> Double {
        custom.map { $0(d) } ?? fraction * d.width
    }
    public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// A vertical alignment guide (SwiftUI's `VerticalAlignment`): top, center, bottom, a text's first
/// or last baseline, or a team's own guide.
public struct VerticalAlignment: NamedGuide {
    public let rawValue: String
    public let custom: GuideFunction?
    private init(_ name: String) { rawValue = name; custom = nil }
    public init(custom name: String, defaultValue: GuideFunction) { rawValue = name; custom = defaultValue }
    public static let top = VerticalAlignment("top")
    public static let center = VerticalAlignment("center")
    public static let bottom = VerticalAlignment("bottom")
    /// The baseline of a view's first line of text; a view without text: its bottom edge.
    public static let firstTextBaseline = VerticalAlignment("firstTextBaseline")
    /// The baseline of a view's last line of text; a view without text: its bottom edge.
    public static let lastTextBaseline = VerticalAlignment("lastTextBaseline")
    public static let allCases = [top, center, bottom, firstTextBaseline, lastTextBaseline]
    /// A text baseline guide: texts state it, and stacks pass the one of their children on.
    public var isTextBaseline: Bool { self == .firstTextBaseline || self == .lastTextBaseline }
    /// Fraction of the free space placed above the child for top/center/bottom (a baseline's
    /// default is the bottom edge; a team's guide is aligned by its values, never by this).
    public var fraction: Double { self == .top ? 0 : self == .center ? 0.5 : custom == nil ? 1 : 0 }
    public func defaultValue(in d: GuideDimensions) -> Double {
        custom.map { $0(d) } ?? fraction * d.height
    }
    public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// A guide a view can give a value of its own (SwiftUI's `alignmentGuide(_:computeValue:)`).
public enum AlignmentKey: Hashable, Sendable, CustomStringConvertible {
    case horizontal(HorizontalAlignment)
    case vertical(VerticalAlignment)

    public var isHorizontal: Bool { if case .horizontal = self { true } else { false } }

    public func defaultValue(in d: GuideDimensions) -> Double {
        switch self {
        case .horizontal(let h): h.defaultValue(in: d)
        case .vertical(let v): v.defaultValue(in: d)
        }
    }

    /// One value for a container from its children's, each in the container's coordinates
    /// (SwiftUI's `combineExplicit`): the first baseline is the topmost, the last the lowest, and
    /// any other guide the mean of the values given. nil: no child gives one.
    public func combine(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        if self == .vertical(.firstTextBaseline) { return values.min() }
        if self == .vertical(.lastTextBaseline) { return values.max() }
        return values.reduce(0, +) / Double(values.count)
    }

    public var description: String {
        switch self {
        case .horizontal(let h): h.rawValue
        case .vertical(let v): v.rawValue
        }
    }
}

/// A view's size and the values of its guides, in its own coordinates (SwiftUI's
/// `ViewDimensions`), as an alignment guide's computation reads them.
public struct GuideDimensions {
    public let width: Double
    public let height: Double
    private let stated: (AlignmentKey) -> Double?
    /// Guides whose default is being computed: a team's default that reads its own guide gets 0
    /// there instead of calling itself for ever.
    private var defaulting: [AlignmentKey] = []
    public init(width: Double, height: Double, explicit: @escaping (AlignmentKey) -> Double? = { _ in nil }) {
        self.width = width; self.height = height; stated = explicit
    }
    /// The value the view itself gives the guide (a text its baselines, an `alignmentGuide`), or nil.
    public subscript(explicit key: AlignmentKey) -> Double? { stated(key) }
    /// The value it gives, else the guide's default.
    public subscript(key: AlignmentKey) -> Double {
        if let value = stated(key) { return value }
        if defaulting.contains(key) { return 0 }
        var inner = self
        inner.defaulting.append(key)
        return key.defaultValue(in: inner)
    }
}

/// Code outside the engine that computes a guide's value from a view's dimensions (a team's
/// `alignmentGuide` closure or `AlignmentID.defaultValue`): equal only to itself, as the code
/// behind it can not be compared.
public struct GuideFunction: Hashable, @unchecked Sendable {
    private final class Box {
        let compute: (GuideDimensions) -> Double
        init(_ compute: @escaping (GuideDimensions) -> Double) { self.compute = compute }
    }
    private let box: Box
    /// `compute` is called during layout, on the layout's thread, never concurrently for one render.
    public init(_ compute: @escaping (GuideDimensions) -> Double) { box = Box(compute) }
    public func callAsFunction(_ d: GuideDimensions) -> Double { box.compute(d) }
    public static func == (a: Self, b: Self) -> Bool { a.box === b.box }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}

public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The names a layout file may write: SwiftUI's nine, and its six that align text baselines.
    public static let names = ["topLeading", "top", "topTrailing", "leading", "center", "trailing",
                               "bottomLeading", "bottom", "bottomTrailing",
                               "leadingFirstTextBaseline", "centerFirstTextBaseline", "trailingFirstTextBaseline",
                               "leadingLastTextBaseline", "centerLastTextBaseline", "trailingLastTextBaseline"]
    /// The SwiftUI names: center, leading, trailing, top, bottom, topLeading, topTrailing,
    /// bottomLeading, bottomTrailing, and (leading|center|trailing)(First|Last)TextBaseline.
    public init?(name: String) {
        for (prefix, horizontal) in [("leading", HorizontalAlignment.leading), ("center", .center), ("trailing", .trailing)] {
            if name == prefix + "FirstTextBaseline" { self.init(horizontal: horizontal, vertical: .firstTextBaseline); return }
            if name == prefix + "LastTextBaseline" { self.init(horizontal: horizontal, vertical: .lastTextBaseline); return }
        }
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
