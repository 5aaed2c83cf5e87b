import Foundation
import Testing
@testable import WidgetImport
import WidgetModel

/// Stage 1, collect: files read and parsed, the bracket pre-scan, the declarations catalogued.
@Suite struct CollectStageTests {
    @Test func cataloguesTypesMembersAndPreviews() throws {
        let text = StageSupport.orderWidget + """

            #Preview(as: .systemSmall) { W() } timeline: { Entry(date: .now, order: Order(title: "Tea", status: .onTheWay, count: 2)) }
            """
        let d = try StageSupport.collect(text)
        #expect(d.files == ["W.swift"])
        #expect(d.sources.map(\.path) == ["W.swift"])
        #expect(d.warnings.isEmpty)
        let catalog = d.catalog
        #expect(catalog.typeOrder == ["Entry", "Order", "Status", "Spacing", "V", "W"])
        #expect(catalog.type("Entry")?.isEntry == true)
        #expect(catalog.type("Order")?.stored.map(\.name) == ["title", "status", "count"])
        #expect(catalog.type("Order")?.property("count")?.type?.name == "Int")
        // The enum's cases in order, and the member its extension adds.
        #expect(catalog.type("Status")?.cases.map(\.name) == ["preparing", "onTheWay", "delivered"])
        #expect(catalog.type("Status")?.members["tint"]?.type?.name == "Color")
        #expect(catalog.type("Spacing")?.members["small"]?.isStatic == true)
        #expect(catalog.views.map(\.name) == ["V"])
        #expect(catalog.type("W")?.isWidget == true)
        #expect(catalog.previews.count == 1)
        // Where a declaration is: file, line and column of its name's declaration.
        #expect(catalog.type("V")?.spot.file == "W.swift")
        #expect(catalog.type("V")?.spot.line == 23)
    }

    @Test func aFileNestedTooDeepIsSkippedWithAWarningAndTheRestIsRead() throws {
        let deep = "let x = " + String(repeating: "[", count: 13) + "1" + String(repeating: "]", count: 13) + "\n"
        let d = try CollectStage.run(texts: [("deep.swift", "// header\n" + deep), ("ok.swift", StageSupport.orderWidget)], limits: .default)
        #expect(d.files == ["deep.swift", "ok.swift"])
        #expect(d.sources.map(\.path) == ["ok.swift"])
        #expect(d.warnings.count == 1)
        let w = try #require(d.warnings.first)
        #expect(w.spot == SourceSpot(file: "deep.swift", line: 2, column: 21))
        #expect(w.message.hasPrefix("square brackets nested more than 12 deep (Limits.importBracketDepth)"))
        #expect(d.catalog.views.map(\.name) == ["V"])
    }

    @Test func theBracketPreScanSkipsStringsAndComments() {
        let brackets = String(repeating: "[", count: 20)
        #expect(BracketDepth.firstTooDeep("let s = \"\(brackets)\" // \(brackets)\n/* \(brackets) */", limit: 12) == nil)
        #expect(BracketDepth.firstTooDeep("let s = #\"\(brackets)\"#", limit: 12) == nil)
        #expect(BracketDepth.firstTooDeep("let a = [[[1]]]", limit: 2) == 10)
        // Generic arguments and `#if` blocks have their own bounds.
        var limits = Limits.default
        limits.importGenericDepth = 2
        #expect(BracketDepth.firstProblem("let a: A<B<C<D>>> = x", limits: limits)?.offset == 12)
        limits.importConditionalDepth = 1
        #expect(BracketDepth.firstProblem("#if a\n#if b\n#endif\n#endif", limits: limits)?.message.hasPrefix("#if blocks nested more than 1 deep") == true)
    }

    @Test func aSyntaxErrorIsAWarningAndWhatParsedIsCatalogued() throws {
        let d = try StageSupport.collect("struct V: View {\n    var body: some View { Text(\"a\" }\n}\n")
        #expect(d.sources.count == 1)
        #expect(!d.warnings.isEmpty)
        #expect(d.warnings.allSatisfy { $0.message.hasPrefix("syntax: ") && $0.spot.file == "W.swift" && $0.spot.line == 2 })
        #expect(d.catalog.views.map(\.name) == ["V"])
    }

    @Test func fragmentsAreCataloguedToo() throws {
        let d = try StageSupport.collect("var body: some View {\n    Text(entry.title)\n}\n")
        #expect(d.catalog.types.isEmpty)
        #expect(d.catalog.functions["body"]?.returnsView == true)
    }

    @Test func textOverTheByteLimitIsAnError() {
        var limits = Limits.default
        limits.importBytes = 10
        #expect(throws: ImportError("the Swift text is 16 bytes, more than 10 (Limits.importBytes)")) {
            try CollectStage.run(texts: [("a.swift", "let x = \"hello\"\n")], limits: limits)
        }
    }
}
