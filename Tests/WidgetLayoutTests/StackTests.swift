import Testing
import WidgetLayout
import WidgetModel

@Suite struct StackTests {
    @Test func hstackSharesWidthWithSpacer() {
        // 30 + spacer + 40 = 200: no default spacing beside a Spacer, which takes the 130 left over.
        let root = place(hstack([box(30, 20), spacer(), box(40, 10)]), 200, 100, .center)
        #expect(root.frame == r(0, 40, 200, 20))
        #expect(root.children.map(\.frame) == [r(0, 40, 30, 20), r(30, 50, 130, 0), r(160, 45, 40, 10)])
    }

    @Test func noDefaultSpacingBesideASpacer() {
        // gradus' nav bar on iOS 26: a title, a Spacer and a caption fit when the gaps beside the
        // Spacer are 0 and it keeps its minimum 8: 30 + 8 + 70 = 108. With 8 on each side (124) the
        // caption truncated.
        let root = place(hstack([text("Gradus"), spacer(), text("synced <1m ago")]), 108, 20)
        let frames = root.children.map(\.frame)
        #expect(frames[0].width == 30 && frames[2].width == 70)
        #expect(frames[1].minX == 30 && frames[1].width == 8 && frames[2].minX == 38)
        // Between two ordinary views the default stays 8, and a written spacing is kept beside a
        // Spacer too.
        #expect(place(hstack([box(10, 10), box(10, 10), spacer(), box(10, 10)]), 100, 10).children.map(\.frame.minX) == [0, 18, 28, 90])
        #expect(place(hstack(spacing: 5, [box(10, 10), spacer(), box(10, 10)]), 100, 10).children.map(\.frame.minX) == [0, 15, 90])
    }

    @Test func vstackWithSpacerFillsHeight() {
        let node = vstack(spacing: 0, alignment: .leading, [box(50, 30), spacer(10), box(20, 40)])
        let root = engine.place(node, in: r(10, 20, 100, 200), alignment: .topLeading)
        #expect(root.frame == r(10, 20, 50, 200))
        #expect(root.children.map(\.frame) == [r(10, 20, 50, 30), r(10, 50, 0, 130), r(10, 180, 20, 40)])
    }

    @Test func defaultSpacingIsEight() {
        let root = place(hstack([box(10, 10), box(20, 10), box(30, 10)]), 200, 50)
        #expect(root.frame == r(0, 0, 76, 10))
        #expect(root.children.map(\.frame.minX) == [0, 18, 46])
    }

    @Test func explicitZeroSpacing() {
        let root = place(hstack(spacing: 0, [box(10, 10), box(20, 10), box(30, 10)]), 200, 50)
        #expect(root.frame == r(0, 0, 60, 10))
        #expect(root.children.map(\.frame.minX) == [0, 10, 30])
    }

    @Test func leastFlexibleChildIsSizedFirst() {
        // objc.io: "Hello" (25 wide) is less flexible than "Hello World Again" (85 wide), so it is
        // offered half of 92 first, takes 25, and the long text gets the remaining 67 and truncates.
        let node = hstack([text("Hello", lineLimit: 1), text("Hello World Again", lineLimit: 1)])
        let root = place(node, 100, 50)
        #expect(root.frame == r(0, 0, 100, 12))
        #expect(root.children.map(\.frame) == [r(0, 0, 25, 12), r(33, 0, 67, 12)])
        #expect(root.children[0].placedText?.truncated == false)
        #expect(root.children[1].placedText?.truncated == true)
        #expect(root.children[1].placedText?.wrapWidth == 67)
    }

    @Test func higherLayoutPriorityIsSizedFirst() {
        // Equal texts split 50/50 without priority; with priority 1 the second takes its full 70.
        let plain = place(hstack(spacing: 0, [text("aaaa bbbb cccc", lineLimit: 1), text("dddd eeee ffff", lineLimit: 1)]), 100, 50)
        #expect(plain.children.map(\.frame.width) == [50, 50])
        let node = hstack(spacing: 0, [text("aaaa bbbb cccc", lineLimit: 1), text("dddd eeee ffff", lineLimit: 1, priority: 1)])
        let root = place(node, 100, 50)
        #expect(root.children.map(\.frame) == [r(0, 0, 30, 12), r(30, 0, 70, 12)])
        #expect(root.children[0].placedText?.truncated == true)
        #expect(root.children[1].placedText?.truncated == false)
    }

    @Test func priorityGroupReservesMinimumOfLowerGroups() {
        // The shape (priority 1) could take all 100 but must leave the box's minimum of 30.
        let root = place(hstack(spacing: 0, [box(30, 10), shape(priority: 1)]), 100, 10)
        #expect(root.children.map(\.frame) == [r(0, 0, 30, 10), r(30, 0, 70, 10)])
    }

    @Test func spacerIsSizedAfterEqualFlexibleViews() {
        // 140 − 2×10 spacing = 120; the spacer is sized last, so the shapes share 120 − 8 (its minimum).
        let root = place(hstack(spacing: 10, [shape(), spacer(), shape()]), 140, 20)
        #expect(root.children.map(\.frame) == [r(0, 0, 56, 20), r(66, 10, 8, 0), r(84, 0, 56, 20)])
    }

    @Test func equallyFlexibleChildrenSplitEvenly() {
        let root = place(hstack(spacing: 10, [shape(), shape(), shape()]), 140, 20)
        #expect(root.children.map(\.frame) == [r(0, 0, 40, 20), r(50, 0, 40, 20), r(100, 0, 40, 20)])
    }

    @Test func textsBesideASpacerGetTheirIdealWidthFirst() {
        // Two 12-character texts at 10 pt (60 wide each) with a spacer in 150: before the spacer
        // was sized last it took a third of the width and both texts truncated.
        let root = place(hstack(spacing: 0, [text("Seoul Kitchen"), spacer(), text("12:45 arrive")]), 150, 20)
        let frames = root.children.map(\.frame)
        #expect(frames[0].width == 65 && frames[2].width == 60)
        #expect(frames[1] == r(65, 6, 25, 0))
    }

    @Test func spacerNeverShrinksBelowMinLength() {
        // 60 + 20 + 60 = 140 > 100: the stack overflows rather than the spacer shrinking.
        let root = place(hstack(spacing: 0, [box(60, 10), spacer(20), box(60, 10)]), 100, 10)
        #expect(root.frame == r(0, 0, 140, 10))
        #expect(root.children.map(\.frame) == [r(0, 0, 60, 10), r(60, 5, 20, 0), r(80, 0, 60, 10)])
    }

    @Test func idealSizeUsesSpacerMinLength() {
        // 10 + 8 (the spacer's minimum) + 10, no spacing beside the spacer.
        let size = engine.sizeThatFits(hstack([box(10, 10), spacer(), box(10, 10)]), .unspecified)
        #expect(size == Size(width: 28, height: 10))
    }

    @Test func minorAxisAlignment() {
        let top = place(hstack(spacing: 0, alignment: .top, [box(10, 30), box(10, 10)]), 100, 100)
        #expect(top.children[1].frame == r(10, 0, 10, 10))
        let bottom = place(hstack(spacing: 0, alignment: .bottom, [box(10, 30), box(10, 10)]), 100, 100)
        #expect(bottom.children[1].frame == r(10, 20, 10, 10))
        let trailing = place(vstack(spacing: 0, alignment: .trailing, [box(30, 10), box(10, 10)]), 100, 100)
        #expect(trailing.children[1].frame == r(20, 10, 10, 10))
    }

    @Test("a stack inside a stack is sized by its own children and spacing and placed by its parent's spacing and alignment") func nestedStacks() {
        let node = vstack(spacing: 4, alignment: .leading, [hstack(spacing: 2, [box(10, 10), box(20, 5)]), box(50, 8)])
        let root = place(node, 100, 100)
        #expect(root.frame == r(0, 0, 50, 22))
        #expect(root.children[0].frame == r(0, 0, 32, 10))
        #expect(root.children[0].children.map(\.frame) == [r(0, 0, 10, 10), r(12, 2.5, 20, 5)])
        #expect(root.children[1].frame == r(0, 14, 50, 8))
    }

    @Test func emptyChildTakesNoSpaceAndNoSpacing() {
        let root = place(hstack([box(10, 10), empty, box(10, 10), ViewNode(.empty, modifiers: [.padding(EdgeInsets(all: 50))])]), 200, 50)
        #expect(root.frame == r(0, 0, 28, 10))
        #expect(root.children.map(\.frame) == [r(0, 0, 10, 10), r(18, 0, 10, 10)])
    }

    @Test func zstackAlignsChildren() {
        let topTrailing = place(zstack(align("topTrailing"), [box(50, 40), box(20, 10)]), 100, 100)
        #expect(topTrailing.frame == r(0, 0, 50, 40))
        #expect(topTrailing.children.map(\.frame) == [r(0, 0, 50, 40), r(30, 0, 20, 10)])
        let bottomLeading = place(zstack(align("bottomLeading"), [box(50, 40), box(20, 10)]), 100, 100)
        #expect(bottomLeading.children[1].frame == r(0, 30, 20, 10))
        let center = place(zstack(.center, [box(50, 40), box(20, 10)]), 100, 100)
        #expect(center.children[1].frame == r(15, 15, 20, 10))
    }

    @Test func zstackGivesEveryChildTheFullProposal() {
        let root = place(zstack(.center, [shape(), box(20, 10)]), 80, 60)
        #expect(root.frame == r(0, 0, 80, 60))
        #expect(root.children.map(\.frame) == [r(0, 0, 80, 60), r(30, 25, 20, 10)])
    }

    @Test func stackInIdealProposalSumsIdealSizes() {
        let size = engine.sizeThatFits(vstack([text("Hello"), text("Hi")]), .unspecified)
        #expect(size == Size(width: 25, height: 32))
    }

    @Test func openHeightFollowsContent() {
        // A Live Activity: width fixed, height nil. The spacer falls back to its minimum length.
        let node = vstack(spacing: 0, [text("Hello World", [.padding(EdgeInsets(all: 14))]), spacer(), box(20, 10)])
        let root = engine.place(node, proposal: ProposedSize(width: 371, height: nil), at: Point(x: 11, y: 0))
        #expect(root.frame == r(11, 0, 83, 58))
        #expect(root.children.map(\.frame) == [r(11, 0, 83, 40), r(52.5, 40, 0, 8), r(42.5, 48, 20, 10)])
    }

    @Test func emptyRootIsAZeroFrameAtTheAlignedPoint() {
        let root = place(empty, 100, 60, .center)
        #expect(root.frame == r(50, 30, 0, 0))
        #expect(root.children.isEmpty)
    }
}
