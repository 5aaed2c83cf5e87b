import WidgetModel

/// One layout computation over one tree. Stacks ask their children for sizes at several
/// proposals (0 and ∞ to learn flexibility, then the real offer) and parents ask again when
/// placing, so every answer is memoized per (layer, proposal) for the life of the pass; a text
/// is then measured once per distinct proposal instead of once per question.
final class LayoutPass {
    let tree: LayoutTree
    let measurer: any TextMeasuring
    /// Where placed frames are rounded to (nil: exact points). Sizing never rounds.
    let grid: PixelGrid?

    var sizes: ProposalMemo<Size>
    var stackSolutions: ProposalMemo<StackSolution>
    var textOutcomes: ProposalMemo<TextOutcome>
    var measurements: [TextFontKey: [TextMeasurement]] = [:]
    /// Guide values views state (AlignmentGuides.swift), per guide.
    var guides: [AlignmentKey: ProposalMemo<Double?>] = [:]
    /// Custom layouts' bounds and what they had to change (CustomLayoutPass.swift).
    let custom: CustomLayoutBudget

    init(tree: LayoutTree, measurer: any TextMeasuring, grid: PixelGrid? = nil, custom: CustomLayoutBudget = CustomLayoutBudget()) {
        self.tree = tree
        self.measurer = measurer
        self.grid = grid
        self.custom = custom
        sizes = ProposalMemo(layers: tree.entries.count)
        stackSolutions = ProposalMemo(layers: tree.entries.count)
        textOutcomes = ProposalMemo(layers: tree.entries.count)
    }

    /// SwiftUI's sizeThatFits for one layer.
    func size(_ layer: Int, _ proposal: ProposedSize) -> Size {
        let proposal = ProposedSize(width: SafeNumber.proposal(proposal.width), height: SafeNumber.proposal(proposal.height))
        if let known = sizes.value(layer, proposal) { return known }
        let computed = computeSize(layer, proposal)
        let answer = Size(width: SafeNumber.answer(computed.width), height: SafeNumber.answer(computed.height))
        sizes.store(answer, layer, proposal)
        return answer
    }

    private func computeSize(_ layer: Int, _ p: ProposedSize) -> Size {
        switch tree.entries[layer].layer {
        case .text(let text):
            return textOutcome(layer, text, p).size
        case .icon(let icon):
            return Size(width: icon.frameWidth, height: icon.size)
        case .image(let image):
            return LeafSizing.image(image, p)
        case .shape:
            return LeafSizing.shape(p)
        case .progress(let progress):
            return LeafSizing.progress(progress, p)
        case .divider(_, let thickness, let stackAxis):
            return LeafSizing.divider(thickness: thickness, stackAxis: stackAxis, p)
        case .spacer(let minLength, let stackAxis):
            return LeafSizing.spacer(minLength: minLength, stackAxis: stackAxis, p)
        case .empty:
            return .zero
        case .stack(let stack):
            return stackSolution(layer, stack, p).size
        case .zstack(let alignment, let children):
            return zstackSize(children, alignment, p)
        case .viewThatFits(let axes, let children):
            return chosen(axes, children, p).map { size($0, p) } ?? .zero
        case .padding(let insets, let child):
            let inner = size(child, FrameLayout.inset(p, by: insets))
            return Size(width: inner.width + insets.horizontal, height: inner.height + insets.vertical)
        case .frame(let spec, let child):
            let childProposal = FrameLayout.childProposal(spec, p)
            return FrameLayout.size(spec, p, child: size(child, childProposal))
        case .decoration(let decoration):
            return size(decoration.content, p)
        case .opacity(_, let child), .clip(_, let child), .offset(_, _, let child), .transform(_, let child),
             .accentable(_, let child), .probe(_, let child), .guide(_, _, let child):
            return size(child, p)
        case .fixedSize(let horizontal, let vertical, let child):
            return size(child, FrameLayout.fixing(p, horizontal: horizontal, vertical: vertical))
        case .custom(let box, let children, let priorities):
            return customSize(layer, box, children, priorities, p)
        }
    }

    /// `ViewThatFits`: the first child whose ideal size (proposed nothing along `axes`) fits `p`
    /// along them, else the last; nil for none.
    func chosen(_ axes: FitAxes, _ children: [Int], _ p: ProposedSize) -> Int? {
        let ideal = ProposedSize(width: axes.horizontal ? nil : p.width, height: axes.vertical ? nil : p.height)
        for child in children.dropLast() {
            let s = size(child, ideal)
            let fitsWidth = !axes.horizontal || p.width.map { s.width <= $0 + 1e-9 } ?? true
            let fitsHeight = !axes.vertical || p.height.map { s.height <= $0 + 1e-9 } ?? true
            if fitsWidth && fitsHeight { return child }
        }
        return children.last
    }
}
