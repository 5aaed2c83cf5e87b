import Foundation
import Testing
@testable import WidgetImport
import WidgetModel

/// Stage 2, resolve: Swift expressions → layout values (data paths, enum tables, tokens, colours,
/// fonts), and what the context collects for later (evidence, tables, data paths).
@Suite struct ResolveStageTests {
    static let roots = ["entry": "Entry"]

    @Test func storedPropertiesOfTheEntryAreDataPaths() throws {
        let t = try StageSupport.translator()
        let title = t.resolve("entry.order.title", roots: Self.roots, expecting: .text)
        #expect(title.expression == "order.title")
        #expect(title.type?.name == "String")
        #expect(t.resolve("entry.date", roots: Self.roots).expression == "now")
        #expect(t.resolve("entry.order.count + 1", roots: Self.roots, expecting: .number).expression == "order.count + 1")
        #expect(t.resolve("entry.order.title.isEmpty", roots: Self.roots, expecting: .bool).expression == "order.title.count == 0")
    }

    @Test func anEnumExtensionBecomesATableColumn() throws {
        let t = try StageSupport.translator()
        let tint = t.resolve("entry.order.status.tint", roots: Self.roots, expecting: .color)
        #expect(tint.expression == "Status[order.status].tint")
        #expect(t.tables.enumOrder == ["Status"])
        #expect(t.tables.enumColumns["Status"]?.map(\.member) == ["tint"])
        // The cells the emitter writes: each case's literal.
        let cells = ["preparing", "onTheWay", "delivered"].enumerated().map { i, c in t.tabulate("Status", "tint", c, index: i, kind: .color) }
        #expect(cells.compactMap(\.stringValue) == ["blue", "orange", "green"])
    }

    @Test func casesSeenComparedAreEvidenceForAnUndeclaredEnum() throws {
        let t = try StageSupport.translator("""
            struct V: View {
                let entry: Entry
                var body: some View {
                    if entry.phase == .boarding { Text("Board") } else if entry.phase != .landed { Text("Fly") }
                }
            }
            """)
        #expect(t.tables.evidence["phase"] == ["boarding", "landed"])
        #expect(t.tables.cases(enumName: nil, key: "phase") == ["boarding", "landed"])
    }

    @Test func staticConstantsAndLiteralsResolveToNumbers() throws {
        let t = try StageSupport.translator()
        guard case .number(let small) = t.resolve("Spacing.small", expecting: .number).form else {
            Issue.record("Spacing.small is not a number"); return
        }
        #expect(small == 6)
        guard case .number(let x) = t.resolve("-(2.5)", expecting: .number).form else { Issue.record("not a number"); return }
        #expect(x == -2.5)
        guard case .bool(let b) = t.resolve("!false", expecting: .bool).form else { Issue.record("not a bool"); return }
        #expect(b)
    }

    @Test func coloursBecomePaints() throws {
        let t = try StageSupport.translator()
        #expect(t.paintYAML(t.resolve("Color.secondary", expecting: .color))?.stringValue == "secondaryLabel")
        #expect(t.paintYAML(t.resolve(".orange", expecting: .color))?.stringValue == "orange")
        let rgb = t.paintYAML(t.resolve("Color(red: 1, green: 0.5, blue: 0)", expecting: .color))
        #expect(rgb?.stringValue == "#FF8000")
        // An asset-catalog colour becomes a row of `tables.colors` to fill in.
        let asset = t.paintYAML(t.resolve("Color(\"Brand\")", expecting: .color))
        #expect(asset?.stringValue == "{{colors.Brand}}")
        #expect(t.colorAssets == ["Brand"])
    }

    @Test func textInterpolationAndTernariesBecomeBindings() throws {
        let t = try StageSupport.translator()
        let text = t.resolve("\"\\(entry.order.count) items\"", roots: Self.roots, expecting: .text)
        #expect(text.textPieces.map(Value.render) == "{{order.count}} items")
        let ternary = t.resolve("entry.order.count > 2 ? \"many\" : entry.order.title", roots: Self.roots, expecting: .text)
        #expect(ternary.expression == "(order.count > 2) ? 'many' : order.title")
    }

    @Test func fontsAreReadIntoASpec() throws {
        let t = try StageSupport.translator()
        guard let (e, scope) = t.snippet(".system(size: 40, weight: .heavy, design: .rounded)"),
              let spec = t.fontSpec(e, scope) else { Issue.record("no font spec"); return }
        #expect(spec.size == 40 && spec.weight == "heavy" && spec.design == "rounded" && spec.style == nil)
        guard let (e2, scope2) = t.snippet(".caption.bold()"), let caption = t.fontSpec(e2, scope2) else { Issue.record("no font spec"); return }
        #expect(caption.style == "caption" && caption.bold)
    }

    @Test func theDataPathsReadMakeTheSampleData() throws {
        let t = try StageSupport.translator()
        _ = t.paintYAML(t.resolve("entry.order.status.tint", roots: Self.roots, expecting: .color))
        let title = t.resolve("entry.order.title", roots: Self.roots, expecting: .text)
        t.usage.use(title.source, .text, type: title.type)
        let sample = SampleData.from(t.usage, now: WidgetImporter.previewNowDate, catalog: t.catalog)
        #expect(sample.value(at: ["order", "status"])?.stringValue == "preparing")
        #expect(sample.value(at: ["order", "title"])?.stringValue?.isEmpty == false)
    }
}
