import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// Text baselines in layout, with the renderer's own measurer: a text's first and last baselines
/// are where drawing puts them (TextLayout.swift's line boxes), stacks pass on their children's,
/// and `firstTextBaseline`/`lastTextBaseline` line them up. Frames in points, no pixel grid, so
/// baselines can be compared to a hundredth of a point.
@Suite struct BaselineAlignmentTests {
    let renderer = Renderer(fonts: TestFonts.library)
    var engine: LayoutEngine { LayoutEngine(measurer: renderer.measurer) }

    static func text(_ s: String, _ size: Double, weight: FontWeight = .regular, lineLimit: Int? = nil,
                     _ modifiers: [Modifier] = []) -> ViewNode {
        ViewNode(.text(TextContent(string: s, font: FontSpec(size: size, weight: weight), lineLimit: lineLimit)), modifiers: modifiers)
    }

    func place(_ node: ViewNode, width: Double = 300, height: Double = 200) -> PlacedNode {
        engine.place(node, proposal: ProposedSize(width: width, height: height), at: .zero)
    }

    /// Every text node of a placed tree, in drawing order.
    func texts(_ node: PlacedNode) -> [(frame: Rect, text: PlacedText)] {
        var found: [(Rect, PlacedText)] = []
        node.forEach { if case .text(let t) = $0.content { found.append(($0.frame, t)) } }
        return found
    }

    /// Where the renderer draws the first and last baselines of a placed text (surface coordinates).
    func baselines(_ placed: (frame: Rect, text: PlacedText)) -> (first: Double, last: Double) {
        let lines = renderer.lines(of: placed.text.content.string, font: placed.text.font, width: placed.text.wrapWidth,
                                   maxLines: placed.text.maxLines)
        return (placed.frame.minY + (lines.first?.baseline ?? .nan), placed.frame.minY + (lines.last?.baseline ?? .nan))
    }

    @Test("HStack(alignment: .firstTextBaseline): a 34 pt and a 12 pt text share their baseline, the small one lower")
    func mixedSizesShareTheFirstBaseline() throws {
        let row = ViewNode(.hstack(spacing: nil, alignment: .firstTextBaseline,
                                   children: [Self.text("128", 34, weight: .bold), Self.text("kWh", 12)]))
        let placed = texts(place(row))
        try #require(placed.count == 2)
        let big = baselines(placed[0]), small = baselines(placed[1])
        #expect(abs(big.first - small.first) < 0.01, "\(big.first) vs \(small.first)")
        #expect(placed[1].frame.minY > placed[0].frame.minY + 15, "\(placed.map(\.frame))")
        // Bottom alignment (what firstTextBaseline used to draw) leaves them a descender apart.
        let bottom = texts(place(ViewNode(.hstack(spacing: nil, alignment: .bottom,
                                                  children: [Self.text("128", 34, weight: .bold), Self.text("kWh", 12)]))))
        #expect(abs(baselines(bottom[0]).first - baselines(bottom[1]).first) > 1)
    }

    @Test("a VStack of two texts beside a big number, on lastTextBaseline: its last line's baseline is the number's")
    func stackPassesOnItsLastBaseline() throws {
        let caption = ViewNode(.vstack(spacing: 2, alignment: .leading, children: [Self.text("Today", 11), Self.text("kWh used", 13)]))
        for alignment in [VerticalAlignment.lastTextBaseline, .firstTextBaseline] {
            let row = ViewNode(.hstack(spacing: 6, alignment: alignment, children: [Self.text("42", 40, weight: .semibold), caption]))
            let placed = texts(place(row))
            try #require(placed.count == 3)
            let number = baselines(placed[0]).first
            // lastTextBaseline: the caption's lower line; firstTextBaseline: its upper one.
            let matched = alignment == .lastTextBaseline ? baselines(placed[2]).last : baselines(placed[1]).first
            #expect(abs(number - matched) < 0.01, "\(alignment): \(number) vs \(matched)")
        }
    }

    @Test("a view without text aligns its bottom edge on the baseline; a wrapped text's last baseline is its last line's")
    func iconAndWrappedText() {
        let icon = ViewNode(.shape(ShapeContent(shape: .circle, fill: .color(.black))), modifiers: [.frame(FrameSpec(width: 10, height: 10))])
        let row = ViewNode(.hstack(spacing: 4, alignment: .firstTextBaseline, children: [icon, Self.text("Battery", 17)]))
        let tree = place(row)
        let text = texts(tree)[0]
        var iconFrame: Rect?
        tree.forEach { if case .shape = $0.content { iconFrame = $0.frame } }
        #expect(abs((iconFrame?.maxY ?? 0) - baselines(text).first) < 0.01, "\(String(describing: iconFrame)) \(baselines(text))")

        // A text that wraps onto two lines in 80 pt (one line when asked at ∞ first): the number
        // lines up with its second line, the line the final proposal gives.
        let wrapped = Self.text("Solar and battery", 13, [.frame(FrameSpec(maxWidth: 80))])
        let lastRow = ViewNode(.hstack(spacing: 4, alignment: .lastTextBaseline, children: [Self.text("7", 28), wrapped]))
        let placed = texts(place(lastRow, width: 120))
        #expect(placed[1].text.lineCount == 2)
        #expect(abs(baselines(placed[0]).first - baselines(placed[1]).last) < 0.01,
                "\(baselines(placed[0])) \(baselines(placed[1]))")
    }

    @Test("a baseline row's size is the one it is placed in, and a padded text keeps its baseline")
    func sizeAndPaddingAgree() {
        let row = ViewNode(.hstack(spacing: nil, alignment: .firstTextBaseline,
                                   children: [Self.text("9", 30, [.padding(EdgeInsets(top: 7))]), Self.text("min", 12)]))
        let size = engine.sizeThatFits(row, ProposedSize(width: 300, height: nil))
        let tree = place(row)
        #expect(tree.frame.size == size)
        let placed = texts(tree)
        #expect(abs(baselines(placed[0]).first - baselines(placed[1]).first) < 0.01)
        // The row spans from the padded text's top to the lower of the two descents.
        let bottom = max(placed[0].frame.maxY, placed[1].frame.maxY)
        #expect(abs(size.height - bottom) < 0.01, "\(size) \(placed.map(\.frame))")
    }
}
