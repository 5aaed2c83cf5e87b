import Foundation
import Testing
@testable import WidgetImport
import WidgetModel

/// Stage 3, translate views: view calls → draft nodes; the surfaces the configurations name;
/// helper views → components; the fingerprints handed to Emit.
@Suite struct ViewStageTests {
    @Test func theWidgetConfigurationNamesTheSurfacesAndTheViewBecomesAComponent() throws {
        let d = try StageSupport.collect()
        let t = ResolveStage.run(d, limits: .default)
        let views = try ViewStage.run(t, d, options: ImportOptions(name: "draft"))
        #expect(views.surfaces.map(\.surface) == [.systemSmall])
        #expect(views.surfaces.first?.regions.map(\.0) == ["view"])
        let root = try #require(views.surfaces.first?.regions.first?.1)
        #expect(root.kind == "use" && root.value.stringValue == "V")
        #expect(t.componentOrder == ["V"])
        let v = try #require(t.components["V"])
        #expect(v.kind == "vstack")
        #expect(v.children?.map(\.kind) == ["text", "text"])
        #expect(v.children?.first?.value.stringValue == "{{order.title}}")
        // The fingerprints, in source order, as SHA-256 hex.
        // The enum that gave a table is recorded too.
        #expect(views.imported.map { "\($0.kind) \($0.name)" } == ["enum Status", "view V", "widget W"])
        #expect(views.imported.allSatisfy { $0.fingerprint.count == 64 && $0.fingerprint.allSatisfy(\.isHexDigit) })
        #expect(views.controls.isEmpty)
    }

    @Test func stacksKeepAlignmentAndSpacing() throws {
        let t = try StageSupport.translator()
        let nodes = t.translateViews("VStack(alignment: .leading, spacing: 4) { Text(\"a\"); Spacer(minLength: 2); Divider() }")
        #expect(nodes.count == 1)
        let stack = try #require(nodes.first)
        #expect(stack.kind == "vstack")
        #expect(stack["alignment"]?.stringValue == "leading")
        #expect(stack["spacing"]?.numberValue == 4)
        #expect(stack.children?.map(\.kind) == ["text", "spacer", "divider"])
        #expect(stack.children?[1].value.numberValue == 2)
        #expect(StageSupport.report(t).nodes == ImportReport.Counts(translated: 4, partly: 0, placeholder: 0))
    }

    @Test func branchesBecomeNodesWithConditions() throws {
        let t = try StageSupport.translator()
        let nodes = t.translateViews("""
            if entry.order.count > 2 { Text("many") } else { Text("few") }
            """, roots: ["entry": "Entry"])
        #expect(nodes.map(\.kind) == ["text", "text"])
        #expect(nodes.map(\.when) == ["order.count > 2", "order.count <= 2"])
    }

    @Test func aViewTheImporterDoesNotKnowIsAPlaceholderWithATodo() throws {
        let t = try StageSupport.translator()
        let nodes = t.translateViews("Map(coordinateRegion: .constant(region))")
        #expect(nodes.count == 1)
        #expect(nodes.first?.kind == "use" && nodes.first?.value.stringValue == Translator.placeholderComponent)
        #expect(t.placeholderUsed)
        let report = StageSupport.report(t)
        #expect(report.nodes.placeholder == 1)
        #expect(report.todos.map(\.description) == ["<snippet>:1:1: Map — Map is not in the layout language"])
    }

    @Test func switchingOnTheFamilyPicksTheSurfacesCase() throws {
        let t = try StageSupport.translator()
        let swift = """
            switch family {
            case .systemSmall: Text("small")
            default: Text("other")
            }
            """
        guard let (_, scope) = t.snippet(swift, surface: .systemSmall) else { Issue.record("no snippet"); return }
        var s = scope
        s.names["family"] = t.environmentValue("widgetFamily")
        let small = t.views(s.source.tree.statements, s)
        #expect(small.map { $0.value.stringValue } == ["small"])
        s.surface = .systemLarge
        #expect(t.views(s.source.tree.statements, s).map { $0.value.stringValue } == ["other"])
    }

    @Test func noViewAtAllIsAnError() throws {
        let d = try StageSupport.collect("struct Model { let x: Int }\n", file: "Model.swift")
        let t = ResolveStage.run(d, limits: .default)
        let error = #expect(throws: ImportError.self) {
            try ViewStage.run(t, d, options: ImportOptions())
        }
        #expect(error?.message.hasPrefix("no widget view found in Model.swift:") == true)
    }
}
