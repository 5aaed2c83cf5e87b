import Foundation
package import WidgetModel

// The built-in layouts as `Layout` values (SwiftUI's `HStackLayout`, `VStackLayout`,
// `ZStackLayout`, `AnyLayout`): used as containers (`layout { … }`) they are the engine's own
// stacks, drawn as `HStack`/`VStack`/`ZStack` are; called directly from a team's layout
// (`HStackLayout().sizeThatFits(…)`), they size and place as a stack does, by the children's
// flexibility and priority (StackMath).

/// A horizontal stack as a layout (SwiftUI's `HStackLayout`).
public struct HStackLayout: Layout, EngineLayout, Sendable {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .horizontal; return p }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        StackMath(axis: .horizontal, spacing: spacing, subviews: subviews).size(proposal)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let fraction: CGFloat = alignment == .top ? 0 : alignment == .center ? 0.5 : 1
        StackMath(axis: .horizontal, spacing: spacing, subviews: subviews).place(in: bounds, proposal, crossFraction: fraction)
    }
    package func engineNode(_ children: [ViewNode], source: SourceLocation) -> ViewNode {
        ViewNode(.hstack(spacing: spacing.map(Double.init), alignment: alignment.engine, children: children), source: source)
    }
}

/// A vertical stack as a layout (SwiftUI's `VStackLayout`).
public struct VStackLayout: Layout, EngineLayout, Sendable {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .vertical; return p }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        StackMath(axis: .vertical, spacing: spacing, subviews: subviews).size(proposal)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let fraction: CGFloat = alignment == .leading ? 0 : alignment == .center ? 0.5 : 1
        StackMath(axis: .vertical, spacing: spacing, subviews: subviews).place(in: bounds, proposal, crossFraction: fraction)
    }
    package func engineNode(_ children: [ViewNode], source: SourceLocation) -> ViewNode {
        ViewNode(.vstack(spacing: spacing.map(Double.init), alignment: alignment.engine, children: children), source: source)
    }
}

/// Views on top of each other as a layout (SwiftUI's `ZStackLayout`).
public struct ZStackLayout: Layout, EngineLayout, Sendable {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { s, v in
            let c = v.sizeThatFits(proposal)
            return CGSize(width: max(s.width, c.width), height: max(s.height, c.height))
        }
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let x: CGFloat = alignment.horizontal == .leading ? 0 : alignment.horizontal == .center ? 0.5 : 1
        let y: CGFloat = alignment.vertical == .top ? 0 : alignment.vertical == .center ? 0.5 : 1
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.minX + x * bounds.width, y: bounds.minY + y * bounds.height),
                          anchor: UnitPoint(x: x, y: y), proposal: ProposedViewSize(bounds.size))
        }
    }
    package func engineNode(_ children: [ViewNode], source: SourceLocation) -> ViewNode {
        ViewNode(.zstack(alignment: alignment.engine, children: children), source: source)
    }
}

/// A layout of any type (SwiftUI's `AnyLayout`): switching it between layouts keeps the views.
public struct AnyLayout: Layout {
    /// The wrapped layout's cache, of its own type.
    public struct Cache { var value: Any? }
    let base: any Layout
    /// The wrapped layout's type, for messages.
    let baseName: String

    public init<L: Layout>(_ layout: L) {
        if let any = layout as? AnyLayout { self = any; return }
        base = layout; baseName = "\(L.self)"
    }

    public func makeCache(subviews: Subviews) -> Cache { Cache(value: nil) }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache.value = nil }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        func open<L: Layout>(_ layout: L) -> CGSize {
            var own = cache.value as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache.value = own }
            return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &own)
        }
        return open(base)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        func open<L: Layout>(_ layout: L) {
            var own = cache.value as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache.value = own }
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &own)
        }
        open(base)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        func open<L: Layout>(_ layout: L) -> ViewSpacing {
            var own = cache.value as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache.value = own }
            return layout.spacing(subviews: subviews, cache: &own)
        }
        return open(base)
    }

}

/// A stack's sizing and placing over `LayoutSubviews`, for a stack layout called directly: children
/// proposed their share of what is left, the least flexible (and highest priority) first, as the
/// engine's stacks do (WidgetLayout/StackLayout.swift).
struct StackMath {
    let axis: Axis
    let spacing: CGFloat?
    let subviews: LayoutSubviews

    private func main(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.width : s.height }
    private func cross(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.height : s.width }
    private func proposal(main: CGFloat?, cross: CGFloat?) -> ProposedViewSize {
        axis == .horizontal ? ProposedViewSize(width: main, height: cross) : ProposedViewSize(width: cross, height: main)
    }

    var gaps: [CGFloat] {
        let views = Array(subviews)
        guard views.count > 1 else { return [] }
        return (0..<views.count - 1).map { i in spacing ?? views[i].spacing.distance(to: views[i + 1].spacing, along: axis) }
    }

    /// Each subview's size for `p`.
    func sizes(_ p: ProposedViewSize) -> [CGSize] {
        let views = Array(subviews)
        let offeredCross = axis == .horizontal ? p.height : p.width
        guard let offered = axis == .horizontal ? p.width : p.height, offered.isFinite else {
            return views.map { $0.sizeThatFits(proposal(main: axis == .horizontal ? p.width : p.height, cross: offeredCross)) }
        }
        let flexibility = views.map { v in
            main(v.sizeThatFits(proposal(main: .infinity, cross: offeredCross))) - main(v.sizeThatFits(proposal(main: 0, cross: offeredCross)))
        }
        let order = views.indices.sorted { a, b in
            views[a].priority != views[b].priority ? views[a].priority > views[b].priority : flexibility[a] < flexibility[b]
        }
        var remaining = max(0, offered - gaps.reduce(0, +))
        var result = Array(repeating: CGSize.zero, count: views.count)
        for (n, i) in order.enumerated() {
            let share = remaining / CGFloat(order.count - n)
            result[i] = views[i].sizeThatFits(proposal(main: share, cross: offeredCross))
            remaining = max(0, remaining - main(result[i]))
        }
        return result
    }

    func size(_ p: ProposedViewSize) -> CGSize {
        let all = sizes(p)
        let length = all.map(main).reduce(0, +) + gaps.reduce(0, +)
        let thickness = all.map(cross).max() ?? 0
        return axis == .horizontal ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
    }

    func place(in bounds: CGRect, _ p: ProposedViewSize, crossFraction: CGFloat) {
        let all = sizes(p), gaps = self.gaps
        var cursor = axis == .horizontal ? bounds.minX : bounds.minY
        for (i, subview) in subviews.enumerated() {
            let s = all[i]
            if axis == .horizontal {
                subview.place(at: CGPoint(x: cursor, y: bounds.minY + crossFraction * bounds.height),
                              anchor: UnitPoint(x: 0, y: crossFraction), proposal: ProposedViewSize(s))
            } else {
                subview.place(at: CGPoint(x: bounds.minX + crossFraction * bounds.width, y: cursor),
                              anchor: UnitPoint(x: crossFraction, y: 0), proposal: ProposedViewSize(s))
            }
            cursor += main(s) + (i < gaps.count ? gaps[i] : 0)
        }
    }
}
