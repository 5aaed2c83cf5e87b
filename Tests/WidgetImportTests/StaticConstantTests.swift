import Foundation
import Testing
import SwiftParser
import SwiftSyntax
@testable import WidgetImport

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

/// SFSafeSymbols' case names back to SF Symbol names.
@Suite struct SafeSymbolNameTests {
    @Test func caseNamesBecomeSymbolNames() throws {
        func name(_ swift: String) -> String? {
            let file = SwiftParser.Parser.parse(source: "let x = \(swift)")
            guard let decl = file.statements.first?.item.as(VariableDeclSyntax.self),
                  let e = decl.bindings.first?.initializer?.value else { return nil }
            return Translator.safeSymbolName(e)
        }
        #expect(name(".arrowClockwiseCircle") == "arrow.clockwise.circle")
        #expect(name("SFSymbol.person2Fill") == "person.2.fill")
        #expect(name(".squareAndArrowUp") == "square.and.arrow.up")
        #expect(name("._1Circle") == "1.circle")
        #expect(name(".calendar") == "calendar")
        #expect(name("Color.red") == nil)
    }
}
