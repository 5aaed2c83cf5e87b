import Foundation
package import WidgetModel

// SwiftUI's `Layout` protocol (developer.apple.com/documentation/swiftui/layout): a team's own
// container, `MyLayout { … }`, resolves to the engine's `ViewKind.custom` node holding a
// `CustomLayout` object (LayoutRunner below). The engine calls it back during its layout pass with
// a proposal and a measurer of the children; this file turns those into the team's
// `sizeThatFits(proposal:subviews:cache:)` and `placeSubviews(in:proposal:subviews:cache:)` calls.
// The engine bounds the calls and clamps the answers (Limits.customLayoutCalls/Extent).

/// A type that defines the geometry of a collection of views (SwiftUI's `Layout`).
public protocol Layout {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews
    /// Properties of the container (its stack orientation).
    static var layoutProperties: LayoutProperties { get }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }
    /// The union of the subviews' spacing preferences.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        subviews.reduce(into: ViewSpacing.zero) { $0.formUnion($1.spacing) }
    }
    /// Partly: the engine aligns a custom layout by its frame; an explicit guide is not asked for.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }

    /// The layout as a container of `content`'s views: `MyLayout { … }`.
    public func callAsFunction<V: View>(file: StaticString = #fileID, line: UInt = #line,
                                        @ViewBuilder _ content: () -> V) -> some View {
        LayoutContainer(layout: self, content: content(), origin: .at(file, line))
    }
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

/// A size proposal (SwiftUI's `ProposedViewSize`): nil on an axis asks for the ideal size,
/// `.infinity` for as much as the view likes.
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) { self.width = width; self.height = height }
    public init(_ size: CGSize) { width = size.width; height = size.height }
    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// The proposal with each unspecified dimension taken from `size`.
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    init(_ proposal: LayoutProposal) { width = proposal.width.map { CGFloat($0) }; height = proposal.height.map { CGFloat($0) } }
    var engine: LayoutProposal { LayoutProposal(width: width.map(Double.init), height: height.map(Double.init)) }
}

/// The preferred spacing around a view (SwiftUI's `ViewSpacing`): per edge; a view with no
/// preference on an edge (a `Spacer`, `.zero`) sits at no distance from its neighbour there, two
/// ordinary views at the larger of their preferences (8 pt by default, as the engine's stacks).
public struct ViewSpacing: Sendable, CustomStringConvertible {
    var edges: [Edge: CGFloat]
    public static let zero = ViewSpacing(edges: [:])
    public init() { edges = [.top: 8, .leading: 8, .bottom: 8, .trailing: 8] }
    init(edges: [Edge: CGFloat]) { self.edges = edges }

    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        for (edge, value) in other.edges where edges.contains(Edge.Set(edge)) {
            self.edges[edge] = max(self.edges[edge] ?? value, value)
        }
    }
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var copy = self
        copy.formUnion(other, edges: edges)
        return copy
    }
    /// The distance from this view to `next` along `axis` (next to the right, or below).
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        let mine = self.edges[axis == .horizontal ? .trailing : .bottom]
        let theirs = next.edges[axis == .horizontal ? .leading : .top]
        guard let mine, let theirs else { return 0 }
        return max(mine, theirs)
    }
    public var description: String { "ViewSpacing(\(edges))" }
}

/// Layout-specific properties of a layout container (SwiftUI's `LayoutProperties`).
public struct LayoutProperties: Sendable {
    public var stackOrientation: Axis?
    public init() { stackOrientation = nil }
}

/// A key for a value a view hands its custom layout (SwiftUI's `LayoutValueKey`).
public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

extension View {
    /// A value the layout containing this view reads through `subview[key]`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        LayoutValueView(content: self, key: ObjectIdentifier(key), value: value)
    }
}

/// A proxy for one subview of a custom layout (SwiftUI's `LayoutSubview`).
public struct LayoutSubview: Equatable {
    let index: Int
    let context: SubviewContext

    /// The size the subview takes for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let size = context.children.measure(index, proposal.engine)
        return CGSize(width: size.width, height: size.height)
    }

    /// The subview's size for `proposal` and its alignment guides (by its frame).
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let size = sizeThatFits(proposal)
        return ViewDimensions(width: size.width, height: size.height)
    }

    /// The subview's `layoutPriority`.
    public var priority: Double { context.children.priorities.indices.contains(index) ? context.children.priorities[index] : 0 }

    /// The subview's spacing preferences (none for a `Spacer`, 8 pt on each edge otherwise).
    public var spacing: ViewSpacing { context.spacings.indices.contains(index) ? context.spacings[index] : ViewSpacing() }

    /// Puts the subview's `anchor` at `position` (in the coordinates of the bounds given to
    /// `placeSubviews`), sized for `proposal`. Outside `placeSubviews` it does nothing.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        context.place(index, ChildPlacement(position: Point(x: Double(position.x), y: Double(position.y)),
                                            anchor: WidgetModel.UnitPoint(x: Double(anchor.x), y: Double(anchor.y)),
                                            proposal: proposal.engine))
    }

    /// The value the subview set for `key` (`layoutValue(key:value:)`), else the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        context.values.indices.contains(index) ? context.values[index][ObjectIdentifier(key)] as? K.Value ?? K.defaultValue : K.defaultValue
    }

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.index == b.index && a.context === b.context }
}

/// The subviews of a custom layout (SwiftUI's `LayoutSubviews`), in the order its content lists them.
public struct LayoutSubviews: Equatable, RandomAccessCollection {
    public typealias Element = LayoutSubview
    public typealias Index = Int
    public typealias SubSequence = LayoutSubviews
    let context: SubviewContext
    public let startIndex: Int
    public let endIndex: Int

    init(context: SubviewContext, range: Range<Int>) { self.context = context; startIndex = range.lowerBound; endIndex = range.upperBound }

    public subscript(index: Int) -> LayoutSubview {
        precondition(index >= startIndex && index < endIndex, "LayoutSubviews index \(index) out of \(startIndex)..<\(endIndex)")
        return LayoutSubview(index: index, context: context)
    }
    public subscript(bounds: Range<Int>) -> LayoutSubviews { LayoutSubviews(context: context, range: bounds) }
    public subscript<S: Sequence>(indices: S) -> [LayoutSubview] where S.Element == Int { indices.map { self[$0] } }

    public static func == (a: LayoutSubviews, b: LayoutSubviews) -> Bool {
        a.context === b.context && a.startIndex == b.startIndex && a.endIndex == b.endIndex
    }
}

/// What a custom layout's subviews stand on for one call: the engine's children, their values
/// and spacings, and (inside `placeSubviews`) where the placements go.
final class SubviewContext {
    let children: CustomLayoutChildren
    let values: [[ObjectIdentifier: Any]]
    let spacings: [ViewSpacing]
    private(set) var placements: [ChildPlacement?]?

    init(children: CustomLayoutChildren, values: [[ObjectIdentifier: Any]], spacings: [ViewSpacing], placing: Bool) {
        self.children = children; self.values = values; self.spacings = spacings
        placements = placing ? Array(repeating: nil, count: children.count) : nil
    }

    func place(_ index: Int, _ placement: ChildPlacement) {
        guard placements != nil, placements!.indices.contains(index) else { return }
        placements![index] = placement
    }

    var subviews: LayoutSubviews { LayoutSubviews(context: self, range: 0..<children.count) }
}

/// The engine's `CustomLayout` for a team's layout: runs its methods with the engine's children,
/// keeping its cache from call to call of a layout (made once, with `makeCache`).
final class LayoutRunner<L: Layout>: CustomLayout, @unchecked Sendable {
    let layout: L
    let name: String
    let values: [[ObjectIdentifier: Any]]
    let spacings: [ViewSpacing]
    private var cache: L.Cache?

    init(_ layout: L, name: String, values: [[ObjectIdentifier: Any]], spacings: [ViewSpacing]) {
        self.layout = layout; self.name = name; self.values = values; self.spacings = spacings
    }

    private func withCache<T>(_ subviews: LayoutSubviews, _ body: (inout L.Cache) -> T) -> T {
        var current = cache ?? layout.makeCache(subviews: subviews)
        defer { cache = current }
        return body(&current)
    }

    func sizeThatFits(_ proposal: LayoutProposal, children: CustomLayoutChildren) -> Size {
        let subviews = SubviewContext(children: children, values: values, spacings: spacings, placing: false).subviews
        let size = withCache(subviews) { layout.sizeThatFits(proposal: ProposedViewSize(proposal), subviews: subviews, cache: &$0) }
        return Size(width: Double(size.width), height: Double(size.height))
    }

    func placements(in bounds: Rect, proposal: LayoutProposal, children: CustomLayoutChildren) -> [ChildPlacement?] {
        let context = SubviewContext(children: children, values: values, spacings: spacings, placing: true)
        let rect = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height)
        withCache(context.subviews) { layout.placeSubviews(in: rect, proposal: ProposedViewSize(proposal), subviews: context.subviews, cache: &$0) }
        return context.placements ?? []
    }
}

/// A layout the engine lays out itself (the stack layouts): its node for the children.
package protocol EngineLayout {
    func engineNode(_ children: [ViewNode], source: SourceLocation) -> ViewNode
}

/// `MyLayout { … }`: the content's views laid out by the layout.
public struct LayoutContainer<L: Layout, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let layout: L, content: Content, origin: SourceLocation

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var nodes: [ViewNode] = [], values: [[ObjectIdentifier: Any]] = []
        for child in ViewResolver.nodes(content, in: environment) {
            let (node, childValues) = LayoutValueCarrier.unwrap(child)
            nodes.append(node)
            values.append(childValues)
        }
        let engine = (layout as? AnyLayout).map { $0.base as? any EngineLayout } ?? layout as? any EngineLayout
        if let engine { return [engine.engineNode(nodes, source: origin)] }
        let spacings = nodes.map { node -> ViewSpacing in
            if case .spacer = node.kind { return .zero }
            return ViewSpacing()
        }
        let name = (layout as? AnyLayout)?.baseName ?? "\(L.self)"
        let runner = LayoutRunner(layout, name: name, values: values, spacings: spacings)
        return [ViewNode(.custom(CustomLayoutBox(runner), children: nodes), source: origin)]
    }
}

/// A view with layout values (`layoutValue(key:value:)`): a node of its own that lays out as its
/// content, holding the values for the custom layout around it to read.
public struct LayoutValueView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content, key: ObjectIdentifier, value: Any

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        ViewResolver.nodes(content, in: environment).map { LayoutValueCarrier.adding(key, value, to: $0) }
    }
}

/// The node of a view with layout values: lays its one child out as it is (its size, at its origin).
final class LayoutValueCarrier: CustomLayout, @unchecked Sendable {
    let values: [ObjectIdentifier: Any]
    init(values: [ObjectIdentifier: Any]) { self.values = values }
    var name: String { "layoutValue" }

    func sizeThatFits(_ proposal: LayoutProposal, children: CustomLayoutChildren) -> Size {
        children.count == 1 ? children.measure(0, proposal) : .zero
    }

    func placements(in bounds: Rect, proposal: LayoutProposal, children: CustomLayoutChildren) -> [ChildPlacement?] {
        [ChildPlacement(position: bounds.origin, proposal: proposal)]
    }

    /// `node` holding `value` for `key` too (one wrapper for all its values).
    static func adding(_ key: ObjectIdentifier, _ value: Any, to node: ViewNode) -> ViewNode {
        var (inner, values) = unwrap(node)
        values[key] = value
        var wrapper = ViewNode(.custom(CustomLayoutBox(LayoutValueCarrier(values: values)), children: [inner]),
                               layoutPriority: inner.layoutPriority, source: inner.source)
        wrapper.modifiers = []
        return wrapper
    }

    /// The node without its values' wrapper (when the wrapper has no modifiers of its own), and the values.
    static func unwrap(_ node: ViewNode) -> (ViewNode, [ObjectIdentifier: Any]) {
        guard case .custom(let box, let children) = node.kind, let carrier = box.layout as? LayoutValueCarrier,
              children.count == 1 else { return (node, [:]) }
        guard node.modifiers.isEmpty else { return (node, carrier.values) }
        var inner = children[0]
        if node.layoutPriority != 0 { inner.layoutPriority = node.layoutPriority }
        return (inner, carrier.values)
    }
}

extension Edge.Set {
    public init(_ edge: Edge) {
        switch edge {
        case .top: self = .top
        case .leading: self = .leading
        case .bottom: self = .bottom
        case .trailing: self = .trailing
        }
    }
}
