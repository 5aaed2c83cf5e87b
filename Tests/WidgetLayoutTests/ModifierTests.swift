import Testing
import WidgetLayout
import WidgetModel

@Suite struct ModifierTests {
    @Test func maxWidthInfinityFillsAndAligns() {
        let leading = place(text("Hi", [.frame(FrameSpec(maxWidth: .infinity, alignment: align("leading")))]), 100, 50, .center)
        #expect(leading.frame == r(0, 19, 100, 12))
        #expect(leading.children.map(\.frame) == [r(0, 19, 10, 12)])
        let trailing = place(text("Hi", [.frame(FrameSpec(maxWidth: .infinity, alignment: align("trailing")))]), 100, 50, .center)
        #expect(trailing.children.map(\.frame) == [r(90, 19, 10, 12)])
    }

    @Test func maxWidthInfinityInIdealProposalHugsChild() {
        let size = engine.sizeThatFits(text("Hi", [.frame(FrameSpec(maxWidth: .infinity))]), .unspecified)
        #expect(size == Size(width: 10, height: 12))
    }

    @Test func minWidthAloneHugsContentButNotBelowMinimum() {
        let root = place(text("Hi", [.frame(FrameSpec(minWidth: 40))]), 100, 50, .center)
        #expect(root.frame == r(30, 19, 40, 12))
        #expect(root.children.map(\.frame) == [r(45, 19, 10, 12)])
        let wide = engine.sizeThatFits(text("Hello World", [.frame(FrameSpec(minWidth: 40))]), ProposedSize(width: 100, height: 50))
        #expect(wide == Size(width: 55, height: 12))
    }

    @Test func maxWidthCapsAFlexibleChild() {
        let root = place(shape([.frame(FrameSpec(maxWidth: 60))]), 100, 50, .center)
        #expect(root.frame == r(20, 0, 60, 50))
    }

    @Test func minAndMaxWidthClampTheOffer() {
        // The text is offered 60 (100 clamped), wraps to 55 × 2 lines; the frame is 60 wide.
        let size = engine.sizeThatFits(text("Hello World Again", [.frame(FrameSpec(minWidth: 20, maxWidth: 60))]),
                                       ProposedSize(width: 100, height: 100))
        #expect(size == Size(width: 60, height: 24))
        let narrow = engine.sizeThatFits(shape([.frame(FrameSpec(minWidth: 20, maxWidth: 60))]), ProposedSize(width: 5, height: 5))
        #expect(narrow == Size(width: 20, height: 5))
    }

    @Test func minHeightFrame() {
        let root = place(text("Hi", [.frame(FrameSpec(minHeight: 40, alignment: align("bottom")))]), 100, 50)
        #expect(root.frame == r(0, 0, 10, 40))
        #expect(root.children.map(\.frame) == [r(0, 28, 10, 12)])
    }

    @Test func idealWidthUsedForIdealProposal() {
        let size = engine.sizeThatFits(shape([.frame(FrameSpec(idealWidth: 30, maxWidth: .infinity))]), .unspecified)
        #expect(size == Size(width: 30, height: 10))
    }

    @Test func fixedFrameAlignsChild() {
        let root = place(text("Hi", [.frame(FrameSpec(width: 50, height: 30, alignment: align("bottomTrailing")))]), 100, 100)
        #expect(root.frame == r(0, 0, 50, 30))
        #expect(root.children.map(\.frame) == [r(40, 18, 10, 12)])
    }

    @Test func fixedFrameOnOneAxisPassesTheOtherThrough() {
        let root = place(shape([.frame(FrameSpec(width: 30))]), 100, 40, .center)
        #expect(root.frame == r(35, 0, 30, 40))
    }

    @Test func paddingOnAllEdges() {
        let root = place(text("Hi", [.padding(EdgeInsets(all: 5))]), 100, 100)
        #expect(root.frame == r(0, 0, 20, 22))
        #expect(root.children.map(\.frame) == [r(5, 5, 10, 12)])
        let filled = place(shape([.padding(EdgeInsets(all: 10))]), 100, 100)
        #expect(filled.frame == r(0, 0, 100, 100))
        #expect(filled.children.map(\.frame) == [r(10, 10, 80, 80)])
    }

    @Test func paddingPerEdge() {
        let root = place(text("Hi", [.padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))]), 100, 100)
        #expect(root.frame == r(0, 0, 16, 16))
        #expect(root.children.map(\.frame) == [r(2, 1, 10, 12)])
    }

    @Test func paddingReducesTheOfferedWidth() {
        // 60 offered, 20 of padding: the text wraps at 40.
        let root = place(text("Hello World", [.padding(EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10))]), 60, 100)
        #expect(root.frame == r(0, 0, 45, 24))
        #expect(root.children[0].placedText?.wrapWidth == 40)
    }

    @Test func backgroundAndOverlayAreSizedToContent() {
        let node = text("Hello", [
            .padding(EdgeInsets(all: 4)),
            .background(shape(), alignment: .center),
            .overlay(ViewNode(.shape(ShapeContent(shape: .circle)), modifiers: [.frame(FrameSpec(width: 6, height: 6))]),
                     alignment: align("topTrailing")),
        ])
        let root = place(node, 100, 100)
        #expect(root.frame == r(0, 0, 33, 20))
        #expect(root.children.map(\.frame) == [r(0, 0, 33, 20), r(4, 4, 25, 12), r(27, 0, 6, 6)])
        #expect(root.children[1].placedText != nil)
        if case .shape(let overlay) = root.children[2].content { #expect(overlay.shape == .circle) } else { Issue.record("overlay is not a shape") }
    }

    @Test func backgroundOfStackFoldsIntoStackNode() {
        let node = hstack(spacing: 0, [box(10, 10), box(10, 10)], [.background(shape(), alignment: .center)])
        let root = place(node, 100, 100)
        #expect(root.frame == r(0, 0, 20, 10))
        #expect(root.children.map(\.frame) == [r(0, 0, 20, 10), r(0, 0, 10, 10), r(10, 0, 10, 10)])
    }

    @Test func offsetMovesTheSubtreeNotTheLayout() {
        let root = place(vstack(spacing: 0, [box(10, 10, [.offset(x: 5, y: -3)]), box(10, 10)]), 100, 100)
        #expect(root.children.map(\.frame) == [r(5, -3, 10, 10), r(0, 10, 10, 10)])
        let moved = place(hstack(spacing: 0, [box(10, 10), box(10, 10)], [.offset(x: 7, y: 9)]), 100, 100)
        #expect(moved.frame == r(7, 9, 20, 10))
        #expect(moved.children.map(\.frame) == [r(7, 9, 10, 10), r(17, 9, 10, 10)])
    }

    @Test func fixedSizeProposesIdealWidth() {
        let root = place(text("Hello World Again", [.fixedSize(horizontal: true, vertical: false)]), 40, 100)
        #expect(root.frame == r(0, 0, 85, 12))
        #expect(root.placedText?.wrapWidth == nil)
        #expect(root.placedText?.lineCount == 1)
        let wrapped = place(text("Hello World Again"), 40, 100)
        #expect(wrapped.frame == r(0, 0, 25, 36))
    }

    @Test func opacityAndClipAreRecorded() {
        let root = place(box(20, 10, [.opacity(0.5), .clip(.capsule), .opacity(0.5)]), 100, 100)
        #expect(root.frame == r(0, 0, 20, 10))
        #expect(root.opacity == 0.25)
        #expect(root.clip == .capsule)
        #expect(root.children.isEmpty)
    }

    @Test func clipAfterPaddingClipsThePaddedFrame() {
        let root = place(box(20, 10, [.padding(EdgeInsets(all: 5)), .clip(.circle)]), 100, 100)
        #expect(root.frame == r(0, 0, 30, 20))
        #expect(root.clip == .circle)
        #expect(root.children.map(\.frame) == [r(5, 5, 20, 10)])
    }

    @Test func sourceIsKept() {
        let where_ = SourceLocation(file: "a.yaml", line: 3, column: 5)
        let node = ViewNode(.shape(ShapeContent(shape: .rect)), modifiers: [.padding(EdgeInsets(all: 2))], source: where_)
        let root = place(node, 50, 50)
        #expect(root.source == where_)
        #expect(root.children.first?.source == where_)
    }
}
