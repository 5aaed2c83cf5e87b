import WidgetModel

/// Alignment guides (SwiftUI's `VerticalAlignment`/`HorizontalAlignment`, `alignmentGuide`,
/// `ViewDimensions`): every view has a value for every guide, in its own coordinates. Most views
/// take the guide's default (top 0, center half, bottom the height; a text baseline the bottom
/// edge); a text states its first and last baselines (where drawing puts them, TextLayout.swift);
/// `alignmentGuide` states a computed value; containers pass on their children's stated values,
/// moved to where the children are and combined as `AlignmentKey.combine` says (a VStack's first
/// baseline is its topmost child's). Stacks, ZStacks, frames and overlays line their children up
/// on the values.
///
/// Without a stated value anywhere, top/center/bottom and leading/center/trailing are what the
/// fraction of the free space gives, so layouts that use neither a baseline, nor a team's guide,
/// nor `alignmentGuide` take the fraction path (`alignsByGuides`) and keep their exact numbers.
extension LayoutPass {
    /// Whether aligning on `key` has to read guide values.
    func alignsByGuides(_ key: AlignmentKey) -> Bool {
        if tree.hasGuides { return true }
        switch key {
        case .horizontal(let h): return h.custom != nil
        case .vertical(let v): return v.isTextBaseline || v.custom != nil
        }
    }

    /// The value `layer`, sized for `p`, states for `key`, from its top-left corner; nil: none
    /// (the guide's default applies). Remembered per guide, layer and proposal.
    func explicitGuide(_ layer: Int, _ key: AlignmentKey, _ p: ProposedSize) -> Double? {
        let p = ProposedSize(width: SafeNumber.proposal(p.width), height: SafeNumber.proposal(p.height))
        if let known = guides[key]?.value(layer, p) { return known }
        let value = computeExplicitGuide(layer, key, p).map(SafeNumber.signed)
        guides[key, default: ProposalMemo(layers: tree.entries.count)].store(value, layer, p)
        return value
    }

    /// The value of `key` in `layer` sized for `p`: the stated one, else the guide's default.
    func guideValue(_ layer: Int, _ key: AlignmentKey, _ p: ProposedSize) -> Double {
        SafeNumber.signed(dimensions(layer, p)[key])
    }

    /// What a guide's computation reads of `layer` sized for `p` (SwiftUI's `ViewDimensions`).
    func dimensions(_ layer: Int, _ p: ProposedSize) -> GuideDimensions {
        let s = size(layer, p)
        // Weak: a team's closure may keep the dimensions after the pass is over (they then state nothing).
        return GuideDimensions(width: s.width, height: s.height) { [weak self] key in
            self?.explicitGuide(layer, key, p)
        }
    }

    private func computeExplicitGuide(_ layer: Int, _ key: AlignmentKey, _ p: ProposedSize) -> Double? {
        switch tree.entries[layer].layer {
        case .text(let text):
            guard case .vertical(let v) = key, v.isTextBaseline else { return nil }
            let outcome = textOutcome(layer, text, p)
            guard outcome.lineCount > 0 else { return nil }
            return v == .firstTextBaseline ? outcome.firstBaseline : outcome.lastBaseline
        case .stack(let stack):
            let (solution, origins) = stackChildOrigins(layer, stack, p)
            return combined(key, stack.children.indices.map { (stack.children[$0], solution.proposals[$0], origins[$0]) })
        case .zstack(let alignment, let children):
            let origins = zstackChildOrigins(children, alignment, p, at: Rect(origin: .zero, size: size(layer, p)))
            return combined(key, children.indices.map { (children[$0], p, origins[$0]) })
        case .viewThatFits(let axes, let children):
            return chosen(axes, children, p).flatMap { explicitGuide($0, key, p) }
        case .padding(let insets, let child):
            return explicitGuide(child, key, FrameLayout.inset(p, by: insets)).map { $0 + (key.isHorizontal ? insets.leading : insets.top) }
        case .frame(let spec, let child):
            let rect = Rect(origin: .zero, size: size(layer, p))
            let childProposal = FrameLayout.placementProposal(spec, p, size: rect.size)
            let origin = alignedOrigin(child, childProposal, in: rect, spec.alignment)
            return explicitGuide(child, key, childProposal).map { $0 + (key.isHorizontal ? origin.x : origin.y) }
        case .decoration(let decoration):
            return explicitGuide(decoration.content, key, p)
        case .opacity(_, let child), .clip(_, let child), .offset(_, _, let child), .transform(_, let child),
             .accentable(_, let child), .probe(_, let child):
            return explicitGuide(child, key, p)
        case .fixedSize(let horizontal, let vertical, let child):
            return explicitGuide(child, key, FrameLayout.fixing(p, horizontal: horizontal, vertical: vertical))
        case .guide(let stated, let compute, let child):
            guard stated == key else { return explicitGuide(child, key, p) }
            return compute(dimensions(child, p))
        default:
            // Leaves other than text state nothing.
            return nil
        }
    }

    /// A container's stated value: its children's, each moved by where the child sits.
    private func combined(_ key: AlignmentKey, _ children: [(layer: Int, proposal: ProposedSize, origin: Point)]) -> Double? {
        key.combine(children.compactMap { child in
            explicitGuide(child.layer, key, child.proposal).map { $0 + (key.isHorizontal ? child.origin.x : child.origin.y) }
        })
    }

    /// Children of `lengths` whose guides are at `values` along one axis, lined up on the guide:
    /// the length they span together and where each starts.
    static func lineUp(_ lengths: [Double], _ values: [Double]) -> (length: Double, starts: [Double]) {
        guard let above = values.max() else { return (0, []) }
        // A flexible child asked at ∞ answers ∞: the children span ∞ too (as the tallest does).
        if lengths.contains(where: { $0.isInfinite }) { return (.infinity, values.map { _ in 0 }) }
        let below = zip(lengths, values).map { $0 - $1 }.max() ?? 0
        return (SafeNumber.length(above + below), values.map { above - $0 })
    }

    /// A ZStack's size: its children's sizes united, lined up on its alignment.
    func zstackSize(_ children: [Int], _ alignment: Alignment, _ p: ProposedSize) -> Size {
        let sizes = children.map { size($0, p) }
        var result = Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        let h = AlignmentKey.horizontal(alignment.horizontal), v = AlignmentKey.vertical(alignment.vertical)
        if alignsByGuides(h) { result.width = Self.lineUp(sizes.map(\.width), children.map { guideValue($0, h, p) }).length }
        if alignsByGuides(v) { result.height = Self.lineUp(sizes.map(\.height), children.map { guideValue($0, v, p) }).length }
        return result
    }

    /// Where a ZStack's children go when the ZStack's frame is `rect` (its size for `p`).
    func zstackChildOrigins(_ children: [Int], _ alignment: Alignment, _ p: ProposedSize, at rect: Rect) -> [Point] {
        let h = AlignmentKey.horizontal(alignment.horizontal), v = AlignmentKey.vertical(alignment.vertical)
        let sizes = children.map { size($0, p) }
        var origins = sizes.map { FrameLayout.origin(of: $0, in: rect, alignment) }
        if alignsByGuides(h) {
            let starts = Self.lineUp(sizes.map(\.width), children.map { guideValue($0, h, p) }).starts
            for i in origins.indices { origins[i].x = rect.minX + starts[i] }
        }
        if alignsByGuides(v) {
            let starts = Self.lineUp(sizes.map(\.height), children.map { guideValue($0, v, p) }).starts
            for i in origins.indices { origins[i].y = rect.minY + starts[i] }
        }
        return origins
    }

    /// Where `child`, sized for `p`, goes in `rect` (a frame's bounds, or the view an overlay or
    /// background is drawn on): on each axis its guide meets the container's: the value `content`
    /// (the overlaid view, sized for `contentProposal`) states, else the guide's default in
    /// `rect` (a frame's: a text baseline at the frame's bottom edge).
    func alignedOrigin(_ child: Int, _ p: ProposedSize, in rect: Rect, _ alignment: Alignment,
                       content: (layer: Int, proposal: ProposedSize)? = nil) -> Point {
        var origin = FrameLayout.origin(of: size(child, p), in: rect, alignment)
        let container = GuideDimensions(width: rect.width, height: rect.height) { [weak self] key in
            content.flatMap { self?.explicitGuide($0.layer, key, $0.proposal) }
        }
        let h = AlignmentKey.horizontal(alignment.horizontal), v = AlignmentKey.vertical(alignment.vertical)
        if alignsByGuides(h) { origin.x = rect.minX + SafeNumber.signed(container[h] - guideValue(child, h, p)) }
        if alignsByGuides(v) { origin.y = rect.minY + SafeNumber.signed(container[v] - guideValue(child, v, p)) }
        return origin
    }
}
