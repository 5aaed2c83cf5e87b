import Testing
import WidgetLayout
import WidgetModel

/// SwiftUI's `ViewThatFits(in:)`: each child is asked its ideal size along the axes, and the first
/// that fits the space offered is laid out there; when none fits, the last one is. Before, the
/// language had no such node (the importer drew the first child).
@Suite struct ViewThatFitsTests {
    func fits(_ children: [ViewNode], in axes: FitAxes = .both) -> ViewNode {
        ViewNode(.viewThatFits(axes: axes, children: children))
    }
    /// A wide row (208 × 20) and a narrow column (100 × 48).
    var row: ViewNode { hstack(spacing: 8, [box(100, 20), box(100, 20)]) }
    var column: ViewNode { vstack(spacing: 8, [box(100, 20), box(100, 20)]) }

    @Test func theFirstChildThatFitsIsLaidOut() {
        let wide = place(fits([row, column]), 300, 100)
        #expect(wide.frame == r(0, 0, 208, 20))
        #expect(wide.children.map(\.frame) == [r(0, 0, 100, 20), r(108, 0, 100, 20)])
        let narrow = place(fits([row, column]), 150, 100)
        #expect(narrow.frame == r(0, 0, 100, 48))
        #expect(narrow.children.map(\.frame) == [r(0, 0, 100, 20), r(0, 28, 100, 20)])
    }

    @Test func noneFitsSoTheLastIsLaidOut() {
        let tiny = place(fits([row, column]), 50, 30)
        #expect(tiny.frame.size == Size(width: 100, height: 48))
        #expect(engine.sizeThatFits(fits([row, column]), ProposedSize(width: 50, height: 30)) == Size(width: 100, height: 48))
    }

    /// `in: .horizontal` compares widths only: the row fits 250 wide although it is taller than 10.
    @Test func theAxesChooseWhatIsCompared() {
        #expect(place(fits([row, column], in: .horizontal), 250, 10).frame.size == Size(width: 208, height: 20))
        #expect(place(fits([row, column], in: .both), 250, 10).frame.size == Size(width: 100, height: 48))
        #expect(place(fits([column, row], in: .vertical), 50, 30).frame.size == Size(width: 208, height: 20))
    }

    /// Text that fits on one line is chosen over its shorter form; too long, the short one.
    @Test func aLongLabelGivesWayToAShortOne() {
        let labels = fits([text("Arriving in 12 minutes", lineLimit: 1), text("12 min", lineLimit: 1)], in: .horizontal)
        #expect(place(labels, 200, 50).frame.size == Size(width: 110, height: 12))
        #expect(place(labels, 80, 50).frame.size == Size(width: 30, height: 12))
    }
}
