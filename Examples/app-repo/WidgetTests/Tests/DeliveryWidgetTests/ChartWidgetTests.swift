#if os(Linux)
import Charts
import SwiftUI
import Testing
import WidgetShotTesting

// A widget view drawing a Swift Chart, as two of issue 34's three unseen extensions do: `import
// Charts` resolves to WidgetShot's Charts module through WidgetShotTesting alone (a team's package
// names no other product), and the chart is drawn by the engine.

/// Deliveries per weekday, as a bar chart across a medium widget.
struct WeekChart: View {
    let counts = [("Mon", 3), ("Tue", 5), ("Wed", 2), ("Thu", 6), ("Fri", 4)]
    var body: some View {
        Chart(counts, id: \.0) { day, count in
            BarMark(x: .value("Day", day), y: .value("Deliveries", count))
                .foregroundStyle(.orange)
        }
        .padding()
    }
}

@Test func weekChart() {
    assertWidgetSnapshot(of: WeekChart(), family: .systemMedium)
}
#endif
