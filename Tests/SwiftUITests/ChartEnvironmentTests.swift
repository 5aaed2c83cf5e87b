import Charts
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI

private struct AxisNoteKey: EnvironmentKey { static let defaultValue = "root" }

extension EnvironmentValues {
    fileprivate var axisNote: String {
        get { self[AxisNoteKey.self] }
        set { self[AxisNoteKey.self] = newValue }
    }
}

/// A chart's `AxisMarks { value in … }` closure runs when the chart is drawn, once per value. An
/// `@Environment` property of the view that wrote it must hold that view's value there, as in
/// SwiftUI (ForEach's closure had the same fault: issue 34's home-assistant tiles).
private struct NotedChart: View {
    @Environment(\.axisNote) var note
    var body: some View {
        Chart([("a", 1), ("b", 2)], id: \.0) { name, value in
            BarMark(x: .value("name", name), y: .value("value", value))
        }
        .chartYAxis(.hidden)
        .chartXAxis { AxisMarks { _ in AxisValueLabel(note) } }
    }
}

@Suite("Charts: an AxisMarks closure reads its view's environment")
struct ChartEnvironmentTests {
    @Test("the labels a view's @Environment property names are its value ('inner'), not the render's root value ('root')")
    func axisClosureEnvironment() throws {
        let picture = try CanvasPicture(NotedChart().environment(\.axisNote, "inner"), width: 200, height: 100)
        var texts: [String] = []
        picture.result.placed?.forEach { node in
            if case .text(let text) = node.content { texts.append(text.content.string) }
        }
        #expect(texts == ["inner", "inner"], "\(texts)")
    }
}
