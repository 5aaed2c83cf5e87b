import Foundation
import SwiftUI
import Testing
import WidgetShot
import WidgetModel

/// The dated and formatted texts keep the team's line (a warning about one named
/// `SwiftUI/DateText.swift:36`, WidgetShot's own file).
@Suite("Text(date, style:), Text(timerInterval:), Text(value, format:), Text(range) carry the team's line")
struct DateTextSourceTests {
    static func line<V: SwiftUI.View>(_ view: V) -> WidgetModel.SourceLocation? {
        ViewResolver.node(view, in: EnvironmentValues(look: Look())).source
    }

    @Test func datedTexts() {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let file = "SwiftUITests/DateTextSourceTests.swift"
        #expect(Self.line(Text(at, style: .time)) == WidgetModel.SourceLocation(file: file, line: #line, column: 1))
        #expect(Self.line(Text(timerInterval: at...at.addingTimeInterval(60))) == WidgetModel.SourceLocation(file: file, line: #line, column: 1))
        #expect(Self.line(Text(0.42, format: .percent)) == WidgetModel.SourceLocation(file: file, line: #line, column: 1))
        #expect(Self.line(Text(at...at.addingTimeInterval(3600))) == WidgetModel.SourceLocation(file: file, line: #line, column: 1))
    }
}
