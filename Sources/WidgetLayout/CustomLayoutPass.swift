import WidgetModel

/// What a surface's layout had to change in what code outside the engine answered (a custom
/// layout's NaN size, a child placed a billion points away, a layout past its budget of calls):
/// the render reports these as warnings. Shared by the passes of one render.
public final class LayoutReport: @unchecked Sendable {
    public private(set) var messages: [(message: String, source: SourceLocation?)] = []
    public init() {}

    func add(_ message: String, at source: SourceLocation?) {
        guard messages.count < 100, !messages.contains(where: { $0.message == message && $0.source == source }) else { return }
        messages.append((message, source))
    }
}

/// One layout pass's bounds on custom layouts (`Limits.customLayoutCalls`, `customLayoutExtent`)
/// and where their warnings go.
final class CustomLayoutBudget {
    let calls: Int
    let extent: Double
    let report: LayoutReport?
    var spent = 0
    var exhausted: Set<String> = []

    init(calls: Int = Limits.default.customLayoutCalls, extent: Double = Double(Limits.default.customLayoutExtent),
         report: LayoutReport? = nil) {
        self.calls = max(0, calls); self.extent = extent.isFinite ? max(1, extent) : 100_000; self.report = report
    }

    /// Counts one call; false once the pass has made `calls` (warned once per layout type).
    func spend(_ layout: any CustomLayout, at source: SourceLocation?) -> Bool {
        spent += 1
        if spent <= calls { return true }
        if exhausted.insert(layout.name).inserted {
            report?.add("the layout \(layout.name) made more than \(calls) calls in one layout (Limits.customLayoutCalls): it is no longer run, its remaining children are centred in it",
                        at: source)
        }
        return false
    }

    /// A length the layout answered (its size): finite, 0 … `extent`; an infinite answer to an
    /// infinite proposal is kept (a flexible view's answer).
    func length(_ v: Double, proposed: Double?, _ what: String, _ layout: any CustomLayout, _ source: SourceLocation?) -> Double {
        if v.isInfinite, v > 0, proposed == .infinity { return v }
        if v.isNaN || v.isInfinite || v > extent {
            warn(layout, "answered \(what) \(v)", clampedTo: v.isNaN ? 0 : extent, source)
            return v.isNaN ? 0 : extent
        }
        return max(0, v)
    }

    /// A proposal the layout made to a child: nil and ∞ kept, NaN and negatives 0, at most `extent`.
    func proposal(_ v: Double?, _ layout: any CustomLayout, _ source: SourceLocation?) -> Double? {
        guard let v else { return nil }
        if v == .infinity { return v }
        if v.isNaN || v > extent {
            warn(layout, "proposed \(v) to a child", clampedTo: v.isNaN ? 0 : extent, source)
            return v.isNaN ? 0 : extent
        }
        return max(0, v)
    }

    /// A coordinate the layout placed a child at: finite, within ±`extent`.
    func coordinate(_ v: Double, fallback: Double, _ layout: any CustomLayout, _ source: SourceLocation?) -> Double {
        if v.isNaN {
            warn(layout, "placed a child at \(v)", clampedTo: fallback, source)
            return fallback
        }
        if abs(v) > extent {
            let clamped = v > 0 ? extent : -extent
            warn(layout, "placed a child at \(v)", clampedTo: clamped, source)
            return clamped
        }
        return v
    }

    private func warn(_ layout: any CustomLayout, _ what: String, clampedTo value: Double, _ source: SourceLocation?) {
        report?.add("the layout \(layout.name) \(what): clamped to \(value) (Limits.customLayoutExtent is \(Int(extent)) pt)", at: source)
    }
}

extension LayoutPass {
    /// The children as the custom layout sees them: a measurer that counts against the budget.
    private func children(_ box: CustomLayoutBox, _ children: [Int], _ priorities: [Double], _ source: SourceLocation?) -> CustomLayoutChildren {
        CustomLayoutChildren(count: children.count, priorities: priorities) { [unowned self] index, proposal in
            guard children.indices.contains(index), self.custom.spend(box.layout, at: source) else { return .zero }
            let p = ProposedSize(width: self.custom.proposal(proposal.width, box.layout, source),
                                 height: self.custom.proposal(proposal.height, box.layout, source))
            return self.size(children[index], p)
        }
    }

    /// A custom layout's size for `p`: its own answer, clamped; past its budget, its children's
    /// largest size (they are centred in it).
    func customSize(_ layer: Int, _ box: CustomLayoutBox, _ children: [Int], _ priorities: [Double], _ p: ProposedSize) -> Size {
        let source = tree.entries[layer].source
        guard custom.spend(box.layout, at: source) else {
            return children.reduce(Size.zero) { s, child in
                let c = size(child, p)
                return Size(width: max(s.width, c.width), height: max(s.height, c.height))
            }
        }
        let answer = box.layout.sizeThatFits(LayoutProposal(width: p.width, height: p.height),
                                             children: self.children(box, children, priorities, source))
        return Size(width: custom.length(answer.width, proposed: p.width, "a width of", box.layout, source),
                    height: custom.length(answer.height, proposed: p.height, "a height of", box.layout, source))
    }

    /// Places a custom layout's children where its `placements` say (a child it does not place, or
    /// every child once it is past its budget, at the centre of its bounds with its proposal).
    func placeCustom(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .custom(let box, let children, let priorities) = tree.entries[layer].layer else { return nil }
        let source = tree.entries[layer].source
        let rect = frame(layer, p, origin)
        var placements: [ChildPlacement?] = []
        if custom.spend(box.layout, at: source) {
            placements = box.layout.placements(in: rect, proposal: LayoutProposal(width: p.width, height: p.height),
                                               children: self.children(box, children, priorities, source))
        }
        var placed: [PlacedNode] = []
        for (index, child) in children.enumerated() {
            let placement = index < placements.count ? placements[index] : nil
            // Not placed: at the centre of the bounds with the container's own proposal (Apple's
            // documentation of `LayoutSubview.place(at:anchor:proposal:)`).
            let asked = placement ?? ChildPlacement(position: Point(x: rect.midX, y: rect.midY), anchor: .center,
                                                    proposal: LayoutProposal(width: p.width, height: p.height))
            // A placed frame is never infinite: ∞ is placed as the ideal size (as at the root).
            let proposal = LayoutEngine.placeable(ProposedSize(width: custom.proposal(asked.proposal.width, box.layout, source),
                                                               height: custom.proposal(asked.proposal.height, box.layout, source)))
            let anchor = SafeNumber.anchor(asked.anchor)
            let s = size(child, proposal)
            let x = custom.coordinate(asked.position.x, fallback: rect.minX, box.layout, source)
            let y = custom.coordinate(asked.position.y, fallback: rect.minY, box.layout, source)
            if let node = place(child, proposal, at: Point(x: x - anchor.x * s.width, y: y - anchor.y * s.height)) {
                placed.append(node)
            }
        }
        return PlacedNode(frame: onGrid(rect), children: placed, source: source)
    }
}
