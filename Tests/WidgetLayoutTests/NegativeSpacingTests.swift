import Testing
import WidgetLayout
import WidgetModel

/// A negative stack spacing overlaps the neighbours, as in SwiftUI: home-assistant's calendar date
/// badge, `VStack(spacing: -2) { weekday; day number }`, drew 2 pt taller than iOS when it counted
/// as 0 (its iOS 26 snapshots, scripts/ha-calibrate).
@Suite struct NegativeSpacingTests {
    @Test func aNegativeSpacingOverlapsTheNeighbours() {
        let root = place(vstack(spacing: -2, alignment: .leading, [box(20, 10), box(30, 10)]), 100, 100)
        #expect(root.frame == r(0, 0, 30, 18))
        #expect(root.children.map(\.frame.minY) == [0, 8])
        let row = place(hstack(spacing: -4, [box(10, 10), box(10, 10), box(10, 10)]), 100, 100)
        #expect(row.children.map(\.frame.minX) == [0, 6, 12])
        #expect(row.frame.width == 22)
    }

    @Test func anUnusableSpacingIsZero() {
        for bad in [Double.nan, -.infinity, .infinity] {
            let root = place(vstack(spacing: bad, [box(10, 10), box(10, 10)]), 100, 100)
            #expect(root.children.map(\.frame.minY) == [0, 10])
        }
    }
}
