import Testing
import WidgetLayout
import WidgetModel

@Suite struct LeafTests {
    func divider(_ thickness: Double = 1) -> ViewNode { ViewNode(.divider(color: .black, thickness: thickness)) }

    @Test func dividerInVStackIsAHorizontalLine() {
        let root = place(vstack(spacing: 0, [box(40, 10), divider()]), 100, 100)
        #expect(root.frame == r(0, 0, 100, 11))
        #expect(root.children.map(\.frame) == [r(30, 0, 40, 10), r(0, 10, 100, 1)])
        #expect(root.children[1].content == .divider(color: .black, axis: .horizontal))
    }

    @Test func dividerInHStackIsAVerticalLine() {
        let root = place(hstack(spacing: 0, [box(40, 10), divider(2)]), 100, 100)
        #expect(root.frame == r(0, 0, 42, 100))
        #expect(root.children.map(\.frame) == [r(0, 45, 40, 10), r(40, 0, 2, 100)])
        #expect(root.children[1].content == .divider(color: .black, axis: .vertical))
    }

    @Test func dividerOutsideStacksIsHorizontal() {
        let root = place(divider(), 80, 30)
        #expect(root.frame == r(0, 0, 80, 1))
        #expect(root.content == .divider(color: .black, axis: .horizontal))
    }

    @Test func iconIsFixedAtItsPointSizeTallAndItsFramesWidth() {
        // A project icon font's glyph keeps the square; the stand-in takes the symbol's own width.
        let square = ViewNode(.icon(IconContent(symbol: "clock", glyph: "\u{E8B5}", family: "Team Icons", size: 20, color: .color(.black))))
        #expect(place(square, 100, 100, .center).frame == r(40, 40, 20, 20))
        #expect(engine.sizeThatFits(square, .zero) == Size(width: 20, height: 20))
        let clock = ViewNode(.icon(IconContent(symbol: "clock", glyph: "\u{E8B5}", size: 20, color: .color(.black))))
        #expect(engine.sizeThatFits(clock, .zero) == Size(width: 20 * 1.18, height: 20))
    }

    func image(resizable: Bool, _ mode: ContentMode = .fit) -> ViewNode {
        ViewNode(.image(ImageContent(path: "/a.png", naturalSize: Size(width: 40, height: 20), resizable: resizable, contentMode: mode)))
    }

    @Test func nonResizableImageKeepsItsNaturalSize() {
        #expect(place(image(resizable: false), 100, 100, .center).frame == r(30, 40, 40, 20))
    }

    @Test func resizableImageFitsInsideTheProposal() {
        #expect(place(image(resizable: true), 100, 100, .center).frame == r(0, 25, 100, 50))
        #expect(place(image(resizable: true), 100, 30, .center).frame == r(20, 0, 60, 30))
    }

    @Test func resizableFillTakesTheProposal() {
        #expect(place(image(resizable: true, .fill), 100, 100, .center).frame == r(0, 0, 100, 100))
    }

    @Test func resizableImageWithOneOpenAxisFollowsTheAspectRatio() {
        #expect(engine.sizeThatFits(image(resizable: true), ProposedSize(width: 80, height: nil)) == Size(width: 80, height: 40))
        #expect(engine.sizeThatFits(image(resizable: true), ProposedSize(width: nil, height: 10)) == Size(width: 20, height: 10))
        #expect(engine.sizeThatFits(image(resizable: true), .unspecified) == Size(width: 40, height: 20))
    }

    func progress(_ style: ProgressStyle) -> ViewNode {
        ViewNode(.progress(ProgressContent(fraction: 0.5, style: style, tint: .color(.black), track: .white, thickness: 4)))
    }

    @Test func linearProgressIsAsWideAsOffered() {
        #expect(engine.sizeThatFits(progress(.linear), ProposedSize(width: 100, height: 50)) == Size(width: 100, height: 4))
        #expect(engine.sizeThatFits(progress(.linear), .unspecified) == Size(width: 0, height: 4))
        let root = place(vstack(spacing: 0, [progress(.linear), box(20, 10)]), 120, 100)
        #expect(root.children.map(\.frame) == [r(0, 0, 120, 4), r(50, 4, 20, 10)])
    }

    @Test func gaugeIsASquare() {
        #expect(engine.sizeThatFits(progress(.gauge), ProposedSize(width: 100, height: 60)) == Size(width: 60, height: 60))
        #expect(engine.sizeThatFits(progress(.ring), .unspecified) == Size(width: 44, height: 44))
        #expect(place(progress(.ring), 72, 72).frame == r(0, 0, 72, 72))
    }

    @Test func shapeTakesTheProposal() {
        #expect(engine.sizeThatFits(shape(), ProposedSize(width: 30, height: 20)) == Size(width: 30, height: 20))
        #expect(engine.sizeThatFits(shape(), .unspecified) == Size(width: 10, height: 10))
        // Infinite offers are answered with infinity (how stacks see shapes as fully flexible)…
        #expect(engine.sizeThatFits(shape(), .infinity) == Size(width: .infinity, height: .infinity))
        // …but placing never produces an infinite frame: ∞ at the root means the ideal size.
        #expect(engine.place(shape(), proposal: .infinity, at: .zero).frame == r(0, 0, 10, 10))
    }

    @Test func spacerOutsideAStackGrowsOnBothAxes() {
        #expect(engine.sizeThatFits(spacer(), ProposedSize(width: 50, height: 30)) == Size(width: 50, height: 30))
        #expect(engine.sizeThatFits(spacer(), .unspecified) == Size(width: 8, height: 8))
        #expect(engine.sizeThatFits(spacer(12), .zero) == Size(width: 12, height: 12))
    }

    @Test func spacerInsideVStackHasNoWidth() {
        let root = place(vstack(spacing: 0, [spacer(), box(10, 10)]), 100, 60)
        #expect(root.children.map(\.frame) == [r(5, 0, 0, 50), r(0, 50, 10, 10)])
    }
}
