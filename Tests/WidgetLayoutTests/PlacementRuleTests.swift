import Testing
import WidgetLayout
import WidgetModel

/// SwiftUI's placement rules: a parent places its child with the size it
/// ended up with, not with the proposal it used to find that size.
@Suite struct PlacementRuleTests {
    /// `frame(minWidth: 22, idealWidth: 20)` under `fixedSize()`: the child is asked for its
    /// ideal (20), the frame clamps to 22 and then proposes those 22 to the rectangle when it
    /// places it, so the rectangle fills the frame (it used to stay at 20, centered).
    @Test func flexibleFrameProposesItsOwnSizeWhenPlacing() {
        let node = shape([.frame(FrameSpec(minWidth: 22, idealWidth: 20)), .fixedSize(horizontal: true, vertical: false)])
        let root = place(node, 100, 50)
        #expect(root.frame == r(0, 0, 22, 50))
        #expect(root.allNodes.map(\.frame) == [r(0, 0, 22, 50)])
    }

    /// Same rule on the vertical axis with a concrete proposal: `frame(minHeight: 30, maxHeight: 40)`
    /// around a fixed-width, flexible-height shape in a 20-pt-tall slot: the child is offered 30
    /// (20 clamped up), the frame is 30, and the child is placed with 30. (Here the clamped
    /// offer and the frame agree, so this held before too: a guard that the rule keeps it.)
    @Test func flexibleFrameOnHeightPlacesChildWithFrameHeight() {
        let node = shape([.frame(FrameSpec(width: 10)), .frame(FrameSpec(minHeight: 30, maxHeight: 40, alignment: align("top")))])
        let root = place(node, 100, 20)
        #expect(root.frame == r(0, 0, 10, 30))
        #expect(root.allNodes.allSatisfy { $0.frame.height == 30 })
    }

    /// `VStack { Text("Hi").frame(maxWidth: .infinity); Text("Hello").frame(maxWidth: .infinity) }
    /// .fixedSize()`: the stack is as wide as its widest child's ideal (25) and places both
    /// children with that width, so both frames are 25 wide (equal-width buttons).
    @Test func fixedSizeVStackGivesFlexibleChildrenEqualWidths() {
        let fill = Modifier.frame(FrameSpec(maxWidth: .infinity))
        let node = vstack(spacing: 4, [text("Hi", [fill]), text("Hello", [fill])], [.fixedSize(horizontal: true, vertical: true)])
        let root = place(node, 200, 100)
        #expect(root.frame == r(0, 0, 25, 28))
        #expect(root.children.map(\.frame) == [r(0, 0, 25, 12), r(0, 16, 25, 12)])
        // The texts keep their own widths, centered in the equal frames.
        #expect(root.children[0].children.map(\.frame) == [r(7.5, 0, 10, 12)])
    }

    /// The same idiom with a background: both backgrounds are as wide as the stack.
    @Test func fixedSizeVStackBackgroundsAreEqual() {
        let fill = Modifier.frame(FrameSpec(maxWidth: .infinity))
        let node = vstack(spacing: 0, [shape([.frame(FrameSpec(height: 5)), fill]),
                                       text("Hello World", [fill])],
                          [.fixedSize(horizontal: true, vertical: true)])
        let root = place(node, 300, 100)
        #expect(root.frame.width == 55)
        #expect(root.children.map(\.frame.width) == [55, 55])
    }

    /// HStack with `fixedSize(vertical)`: a flexible-height bar takes the height of the
    /// two-line text beside it (SwiftUI's equal-height idiom), not its ideal 10.
    @Test func fixedSizeHStackGivesFlexibleChildrenTheStackHeight() {
        let bar = shape([.frame(FrameSpec(width: 2))])
        let node = hstack(spacing: 0, [bar, text("Hello World", lineLimit: nil, [.frame(FrameSpec(width: 30))])],
                          [.fixedSize(horizontal: false, vertical: true)])
        let root = place(node, 100, 100)
        #expect(root.frame == r(0, 0, 32, 24))
        #expect(root.children.map(\.frame) == [r(0, 0, 2, 24), r(2, 0, 30, 24)])
    }

    /// An unconstrained stack under a concrete proposal is untouched by the rule.
    @Test func stackWithConcreteCrossProposalPlacesAsBefore() {
        let node = vstack(spacing: 0, [text("Hi"), shape([.frame(FrameSpec(height: 5))])])
        let root = place(node, 40, 100)
        #expect(root.children.map(\.frame) == [r(15, 0, 10, 12), r(0, 12, 40, 5)])
    }
}
