import Foundation
import Testing
@testable import WidgetImport
import WidgetModel
import WidgetTemplate

/// Stage 5, emit: the draft written from what the views stage handed on (tables, components,
/// surfaces, previews, the fingerprint header), checked by the layout's own loader and linter, and
/// the report.
@Suite struct EmitStageTests {
    static func stages(_ text: String = StageSupport.orderWidget) throws -> (ImportResult, TranslatedViews) {
        let options = ImportOptions(name: "draft")
        let d = try StageSupport.collect(text)
        let t = ResolveStage.run(d, limits: options.limits)
        let views = try ViewStage.run(t, d, options: options)
        return (EmitStage.run(t, views, d, options: options), views)
    }

    @Test func theStagesOneByOneGiveWhatTheImporterGives() throws {
        let (result, _) = try Self.stages()
        let whole = try WidgetImporter.run(texts: [("W.swift", StageSupport.orderWidget)], options: ImportOptions(name: "draft"))
        #expect(result.yaml == whole.yaml)
        #expect(result.report.json() == whole.report.json())
    }

    @Test func theDraftHasItsSectionsInOrderAndLoads() throws {
        let (result, views) = try Self.stages()
        let yaml = result.yaml
        let lines = yaml.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# Imported by `widgetshot import`") == true)
        // One fingerprint line per imported declaration, as `--check` reads them back.
        let records = DriftCheck.records(in: yaml)
        #expect(records.map(\.name) == views.imported.map(\.name))
        #expect(records.map(\.fingerprint) == views.imported.map(\.fingerprint))
        #expect(records.map(\.location) == ["W.swift:12", "W.swift:23", "W.swift:33"])
        let sections = lines.filter { !$0.hasPrefix(" ") && !$0.hasPrefix("#") && !$0.hasPrefix("-") }
        #expect(sections == ["name: draft", "tables:", "components:", "surfaces:", "previews:"])
        #expect(yaml.contains("  Status:\n    preparing: { tint: blue }\n    onTheWay: { tint: orange }\n    delivered: { tint: green }\n"))
        #expect(yaml.contains("  systemSmall:\n    view:\n      use: V\n"))
        #expect(yaml.contains("  sample:\n    now: "))
        #expect(result.lintDiagnostics.filter { $0.severity == .error }.isEmpty)
        _ = try ImportSupport.parse(yaml)
    }

    @Test func theReportCountsWhatTheStagesRecorded() throws {
        let (result, _) = try Self.stages()
        let report = result.report
        #expect(report.files == ["W.swift"])
        #expect(report.warnings.isEmpty)
        #expect(report.nodes == ImportReport.Counts(translated: 4, partly: 0, placeholder: 0))
        #expect(report.modifiers == ImportReport.Counts(translated: 3, partly: 0, placeholder: 0))
        #expect(report.summary == "4 nodes, 3 modifiers: 100% translated, 0% partly, 0% placeholders")
        #expect(report.todos.isEmpty)
    }

    @Test func theWriterWritesBlockNodesAndFlowParameters() {
        var n = DraftNode("text", .string("{{order.title}}"))
        n.entries = [("style", .string("headline")), ("padding", .map([("horizontal", .number(8))])), ("lineLimit", .int(1))]
        var writer = DraftWriter()
        _ = writer.write(.map([("view", .node(DraftNode.stack("vstack", [n, DraftNode("spacer")], origin: nil)))], flow: false),
                         header: ["a header line"])
        #expect(writer.text == """
            # a header line
            view:
              vstack:
                - text: "{{order.title}}"
                  style: headline
                  padding: { horizontal: 8 }
                  lineLimit: 1
                - spacer:

            """)
    }

    @Test func fingerprintsIgnoreFormattingAndCommentsButNotCode() throws {
        func fingerprint(_ swift: String) throws -> String {
            let d = try StageSupport.collect(swift)
            return try #require(DriftCheck.current(d.sources).first { $0.name == "V" }).fingerprint
        }
        let a = try fingerprint("struct V: View {\n    var body: some View { Text(\"a\").padding(4) }\n}\n")
        let b = try fingerprint("// a comment\nstruct V: View {\n  var body: some View {\n    Text(\"a\")   // the title\n      .padding(4)\n  }\n}\n")
        let c = try fingerprint("struct V: View {\n    var body: some View { Text(\"a\").padding(5) }\n}\n")
        #expect(a == b)
        #expect(a != c)
    }
}
