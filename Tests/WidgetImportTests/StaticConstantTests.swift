import Foundation
import Testing

/// Spacing and padding written as a design system's constants (`DesignSystem.Spaces.one`, a static
/// member of a nested type in a given file) and as `.zero` become numbers. Measured on
/// home-assistant's widgets, these were 43 "not a number" TODOs; the constants left out.
@Suite struct StaticConstantTests {
    @Test func nestedStaticConstantsAndZeroAreNumbers() throws {
        let source = """
            import SwiftUI
            import WidgetKit
            enum DesignSystem {
                enum Spaces {
                    static let half: CGFloat = 4
                    static let one: CGFloat = 8
                    static let two: CGFloat = 16
                }
            }
            struct Entry: TimelineEntry { let date: Date; let title: String }
            struct RowView: View {
                var entry: Entry
                var body: some View {
                    VStack(spacing: DesignSystem.Spaces.one) {
                        Text(entry.title).padding(DesignSystem.Spaces.two)
                        HStack(spacing: .zero) { Text("a"); Text("b") }
                        HStack(spacing: CGFloat.zero) { Text("c") }
                    }
                }
            }
            struct W: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "w", provider: P()) { e in RowView(entry: e) }.supportedFamilies([.systemSmall])
                }
            }
            """
        let result = try ImportSupport.importText(source)
        #expect(result.yaml.contains("spacing: 8") && result.yaml.contains("padding: 16"), "\(result.yaml)")
        #expect(result.yaml.components(separatedBy: "spacing: 0").count - 1 == 2, "\(result.yaml)")
        #expect(!result.report.todos.contains { $0.why.contains("is not a number") }, "\(result.report.todos.map(\.why))")
    }
}
