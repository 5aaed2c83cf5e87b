import Foundation
package import WidgetModel

/// A horizontal alignment guide (SwiftUI's `HorizontalAlignment`): leading, center, trailing, or a
/// team's own (`HorizontalAlignment(MyGuide.self)`), whose default value its `AlignmentID` computes.
public struct HorizontalAlignment: Hashable, Sendable {
    package let engine: WidgetModel.HorizontalAlignment
    init(engine: WidgetModel.HorizontalAlignment) { self.engine = engine }
    /// A team's guide, identified by its type.
    public init(_ id: any AlignmentID.Type) { engine = .init(custom: String(reflecting: id), defaultValue: id.engineDefault) }
    public static let leading = HorizontalAlignment(engine: .leading)
    public static let center = HorizontalAlignment(engine: .center)
    public static let trailing = HorizontalAlignment(engine: .trailing)
    /// One value from the explicit values of several views: their mean (a team's guide too).
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        AlignmentKey.horizontal(engine).combined(values)
    }
}

/// A vertical alignment guide (SwiftUI's `VerticalAlignment`): top, center, bottom, the first or
/// last text baseline (a view without text: its bottom edge), or a team's own.
public struct VerticalAlignment: Hashable, Sendable {
    package let engine: WidgetModel.VerticalAlignment
    init(engine: WidgetModel.VerticalAlignment) { self.engine = engine }
    public init(_ id: any AlignmentID.Type) { engine = .init(custom: String(reflecting: id), defaultValue: id.engineDefault) }
    public static let top = VerticalAlignment(engine: .top)
    public static let center = VerticalAlignment(engine: .center)
    public static let bottom = VerticalAlignment(engine: .bottom)
    public static let firstTextBaseline = VerticalAlignment(engine: .firstTextBaseline)
    public static let lastTextBaseline = VerticalAlignment(engine: .lastTextBaseline)
    /// One value from the explicit values of several views: the topmost first baseline, the
    /// lowest last baseline, else their mean.
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        AlignmentKey.vertical(engine).combined(values)
    }
}

/// A team's alignment guide (SwiftUI's `AlignmentID`): its value in a view that states none.
public protocol AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

extension AlignmentID {
    /// The team's `defaultValue(in:)`, as the engine calls it.
    static var engineDefault: GuideFunction { GuideFunction { Double(defaultValue(in: ViewDimensions($0))) } }
}

extension AlignmentKey {
    /// `combineExplicit` in SwiftUI's numbers.
    func combined<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        combine(values.compactMap { $0.map(Double.init) }).map { CGFloat($0) }
    }
}

public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { self.horizontal = horizontal; self.vertical = vertical }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
    var engine: WidgetModel.Alignment { WidgetModel.Alignment(horizontal: horizontal.engine, vertical: vertical.engine) }
}

/// A view's size and its alignment guides in its own coordinates (SwiftUI's `ViewDimensions`), as
/// `alignmentGuide`'s closure and an `AlignmentID`'s default read them.
public struct ViewDimensions: Equatable {
    let dimensions: GuideDimensions
    init(_ dimensions: GuideDimensions) { self.dimensions = dimensions }
    /// A size with no guide of its own (every guide at its default).
    init(width: CGFloat, height: CGFloat) { dimensions = GuideDimensions(width: Double(width), height: Double(height)) }
    public var width: CGFloat { CGFloat(dimensions.width) }
    public var height: CGFloat { CGFloat(dimensions.height) }
    public subscript(guide: HorizontalAlignment) -> CGFloat { CGFloat(dimensions[.horizontal(guide.engine)]) }
    public subscript(guide: VerticalAlignment) -> CGFloat { CGFloat(dimensions[.vertical(guide.engine)]) }
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { dimensions[explicit: .horizontal(guide.engine)].map { CGFloat($0) } }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { dimensions[explicit: .vertical(guide.engine)].map { CGFloat($0) } }
    public static func == (a: ViewDimensions, b: ViewDimensions) -> Bool { a.width == b.width && a.height == b.height }
}

extension View {
    /// The view's value for a horizontal guide, computed from its dimensions once it is measured
    /// (SwiftUI's `alignmentGuide(_:computeValue:)`): a VStack, ZStack, frame or overlay aligned
    /// on that guide lines the view up by it.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        ModifiedView(content: self) { _ in
            .alignmentGuide(.horizontal(g.engine), value: GuideFunction { Double(computeValue(ViewDimensions($0))) })
        }
    }

    /// The view's value for a vertical guide (a text baseline too), computed from its dimensions.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        ModifiedView(content: self) { _ in
            .alignmentGuide(.vertical(g.engine), value: GuideFunction { Double(computeValue(ViewDimensions($0))) })
        }
    }
}
