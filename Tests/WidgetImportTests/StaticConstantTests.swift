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

/// Design tokens as a struct instance: `metrics.gap` where the view's `metrics` defaults to
/// `Metrics.compact`, a static built with labelled arguments (gradus' `DensityMetrics`: 52 % of
/// its dashboard card translated before, 68 % after). The default's field is taken, noted.
@Suite struct DesignTokenInstanceTests {
    static let source = """
        import SwiftUI
        import WidgetKit
        struct Metrics {
            let pad: CGFloat
            let gap: CGFloat
            let corner: CGFloat
            let titleFont: Font
            static let compact = Metrics(pad: 12, gap: 6, corner: 10, titleFont: .headline)
            static let standard = compact
            static let large = Metrics(pad: 18, gap: 12, corner: 16, titleFont: .title3.weight(.semibold))
        }
        struct Entry: TimelineEntry { let date: Date; let title: String }
        struct Card: View {
            let title: String
            var metrics: Metrics = .standard
            @ViewBuilder func badge(metrics: Metrics) -> some View { Text("new").padding(metrics.pad) }
            var body: some View {
                VStack(spacing: metrics.gap) { Text(title).font(metrics.titleFont); badge(metrics: .large) }
                    .padding(self.metrics.pad)
                    .background(.quaternary, in: RoundedRectangle(cornerRadius: metrics.corner))
            }
        }
        struct Row: View {
            let title: String
            let metrics: Metrics
            init(title: String, metrics: Metrics = Metrics(pad: 4, gap: 2, corner: 3, titleFont: .caption)) {
                self.title = title; self.metrics = metrics
            }
            var body: some View { Text(title).font(metrics.titleFont).padding(metrics.pad) }
        }
        struct V: View {
            let entry: Entry
            var body: some View { VStack { Card(title: entry.title); Row(title: entry.title) } }
        }
        struct W: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "w", provider: P()) { e in V(entry: e) }.supportedFamilies([.systemSmall])
            }
        }
        """

    @Test func aDefaultTokenInstancesFieldsAreItsArguments() throws {
        let r = try ImportSupport.importText(Self.source)
        let card = ImportSupport.component(r.yaml, "Card")
        #expect(card.contains("spacing: 6") && card.contains("padding: 12") && card.contains("roundedRect: 10"), "\(r.yaml)")
        #expect(card.contains("style: headline"), "\(r.yaml)")
        // A parameter that shadows the property is not the default's (`badge(metrics: .large)`).
        #expect(!ImportSupport.component(r.yaml, "Card.badge").contains("padding: 12"), "\(r.yaml)")
        // An initializer's parameter default, written as the call itself.
        let row = ImportSupport.component(r.yaml, "Row")
        #expect(row.contains("style: caption") && row.contains("padding: 4"), "\(r.yaml)")
        #expect(r.report.todos.filter { $0.why.contains("is not a number") }.count == 1, "\(r.report.todos.map(\.why))")
        // The font says where it came from.
        #expect(r.report.todos.contains { $0.why.contains("metrics.titleFont is the default metrics (.standard)") }, "\(r.report.todos.map(\.why))")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty, "\(r.yaml)")
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
