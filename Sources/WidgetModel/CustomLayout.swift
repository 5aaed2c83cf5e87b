/// A container whose sizes and placements come from code outside the engine (SwiftUI's `Layout`
/// protocol, run by a team's own `sizeThatFits`/`placeSubviews`). The engine knows nothing of what
/// is behind it: it calls these methods during the layout pass, with a proposal and a way to
/// measure each child at a proposal, and takes back a size and the children's placements.
///
/// The engine bounds it (`Limits.customLayoutCalls` calls per layout, `Limits.customLayoutExtent`
/// for every length and coordinate it returns) and reports what it had to change, naming `name`.
public protocol CustomLayout: AnyObject, Sendable {
    /// What messages call it (the team's type name).
    var name: String { get }
    /// The size the container takes for the proposal (nil: unspecified on that axis).
    func sizeThatFits(_ proposal: LayoutProposal, children: CustomLayoutChildren) -> Size
    /// Where each child goes in `bounds` (surface coordinates), one entry per child; nil: the
    /// child was not placed (it is centred in `bounds` with the container's proposal, as SwiftUI does).
    func placements(in bounds: Rect, proposal: LayoutProposal, children: CustomLayoutChildren) -> [ChildPlacement?]
}

/// A size proposal: nil is unspecified on that axis (the ideal size), `.infinity` as large as the
/// view likes (WidgetLayout's `ProposedSize`, for code that does not link the layout engine).
public struct LayoutProposal: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
}

/// A custom layout's view of its children: how many, their layout priorities, and a measurer.
public struct CustomLayoutChildren {
    public let count: Int
    /// The children's `layoutPriority`s.
    public let priorities: [Double]
    /// The size child `index` takes for a proposal (answered by the engine, remembered per proposal).
    public let measure: (_ index: Int, _ proposal: LayoutProposal) -> Size
    public init(count: Int, priorities: [Double], measure: @escaping (Int, LayoutProposal) -> Size) {
        self.count = count; self.priorities = priorities; self.measure = measure
    }
}

/// Where a custom layout puts one child: its `anchor` (a unit point of the child's frame) at
/// `position` (surface coordinates), sized for `proposal`.
public struct ChildPlacement: Hashable, Sendable {
    public var position: Point
    public var anchor: UnitPoint
    public var proposal: LayoutProposal
    public init(position: Point, anchor: UnitPoint = .topLeading, proposal: LayoutProposal) {
        self.position = position; self.anchor = anchor; self.proposal = proposal
    }
}

/// A custom layout held by a view node: equal only to itself (the same object), as the code
/// behind it can not be compared.
public struct CustomLayoutBox: Hashable, Sendable {
    public let layout: any CustomLayout
    public init(_ layout: any CustomLayout) { self.layout = layout }
    public static func == (a: CustomLayoutBox, b: CustomLayoutBox) -> Bool { a.layout === b.layout }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(layout)) }
}
