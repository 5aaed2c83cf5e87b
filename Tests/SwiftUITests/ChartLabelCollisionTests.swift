import Charts
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI

/// Swift Charts' `AxisValueLabelCollisionResolution`: seven weekday labels under a 140 pt chart
/// (a small widget's) or a stride of thousands overlapped into one smear of text ("MonTueWedThu").
/// Labels are now placed as Apple's documentation describes each resolution: `automatic` and
/// `greedy` leave out a label that would overlap one already placed, `truncate` cuts every label
/// to its room, `disabled` keeps them all. Frames in points, from the placed tree.
@Suite("Charts: axis labels that would collide")
struct ChartLabelCollisionTests {
    static let days = [("Mon", 3), ("Tue", 5), ("Wed", 2), ("Thu", 6), ("Fri", 4), ("Sat", 1), ("Sun", 2)]

    /// The texts drawn below the plot (the x labels): their strings and frames, left to right.
    static func xLabels(_ resolution: AxisValueLabelCollisionResolution?, width: Double = 140) throws -> [(String, Rect)] {
        let chart = Chart(days, id: \.0) { day, count in
            BarMark(x: .value("Day", day), y: .value("Count", count))
        }
        let picture: CanvasPicture
        if let resolution {
            picture = try CanvasPicture(chart.chartXAxis { AxisMarks { _ in AxisValueLabel(collisionResolution: resolution) } }
                                             .chartYAxis(.hidden), width: width, height: 100)
        } else {
            picture = try CanvasPicture(chart.chartYAxis(.hidden), width: width, height: 100)
        }
        var found: [(String, Rect)] = []
        picture.result.placed?.forEach { node in
            if case .text(let text) = node.content, node.frame.minY > 60 { found.append((text.content.string, node.frame)) }
        }
        return found.sorted { $0.1.minX < $1.1.minX }
    }

    /// The horizontal extent of a label's glyphs: its frame is as wide as the text (fixed size).
    static func overlaps(_ labels: [(String, Rect)]) -> [String] {
        zip(labels, labels.dropFirst()).compactMap { a, b in a.1.maxX > b.1.minX + 0.01 ? "\(a.0)|\(b.0)" : nil }
    }

    @Test("automatic (the default): a label that would overlap the one before is left out; none overlap")
    func automaticLeavesOut() throws {
        let wide = try Self.xLabels(nil, width: 600)
        #expect(wide.map(\.0) == Self.days.map(\.0), "with room, every label is drawn: \(wide.map(\.0))")
        let narrow = try Self.xLabels(nil)
        #expect(Self.overlaps(narrow).isEmpty, "\(narrow.map { ($0.0, $0.1.minX, $0.1.maxX) })")
        // Mon is placed first; each next label is kept only 2 pt clear of the last kept one.
        #expect(narrow.first?.0 == "Mon" && narrow.count >= 3 && narrow.count < 7, "\(narrow.map(\.0))")
        for (a, b) in zip(narrow, narrow.dropFirst()) { #expect(b.1.minX - a.1.maxX >= 2 - 0.01, "\(a.0) → \(b.0)") }
        let explicit = try Self.xLabels(.automatic)
        #expect(explicit.map(\.0) == narrow.map(\.0))
    }

    @Test("greedy(priority:minimumSpacing:) keeps its spacing; disabled keeps every label; truncate cuts them to their band")
    func otherResolutions() throws {
        let spaced = try Self.xLabels(.greedy(priority: 0, minimumSpacing: 30))
        for (a, b) in zip(spaced, spaced.dropFirst()) { #expect(b.1.minX - a.1.maxX >= 30 - 0.01, "\(a.0) → \(b.0)") }
        #expect(spaced.count < (try Self.xLabels(.greedy)).count)

        let all = try Self.xLabels(.disabled)
        #expect(all.map(\.0) == Self.days.map(\.0))
        #expect(!Self.overlaps(all).isEmpty, "the 140 pt chart's seven labels do overlap when nothing resolves them")

        let cut = try Self.xLabels(.truncate)
        #expect(cut.count == 7, "\(cut.map(\.0))")
        // 140 pt over 7 categories: a 20 pt band; "Mon" (about 23 pt at 11 pt) becomes "M…".
        #expect(cut.allSatisfy { $0.0.hasSuffix("…") && $0.0.count < 4 }, "\(cut.map(\.0))")
    }
}
