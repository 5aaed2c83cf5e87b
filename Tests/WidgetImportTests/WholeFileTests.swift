import Foundation
import Testing
import WidgetTemplate
@testable import WidgetImport

/// Whole widgets in, drafts out: they load, lint without errors or missing data, and render every
/// surface and preview they name with the real renderer.
@Suite struct WholeFileTests {
    @Test(arguments: ["OrderWidget.swift", "FlightActivity.swift"])
    func draftLintsCleanAndRendersEverySurface(_ fixture: String) throws {
        let r = try ImportSupport.importText(try ImportSupport.fixture(fixture), file: fixture)
        let problems = try ImportSupport.lintProblems(r.yaml)
        #expect(problems.isEmpty, "\(problems)\n\(r.yaml)")
        #expect(r.lintDiagnostics.filter { $0.severity == .error }.isEmpty)
        let folder = try ImportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rendered = try ImportSupport.renderAll(r.yaml, folder: folder)
        let doc = try ImportSupport.parse(r.yaml)
        #expect(rendered >= doc.surfaces.count * 2, "rendered \(rendered) for \(doc.surfaces.map(\.rawValue))")
    }

    @Test func widgetSurfacesComponentsTablesAndPreviews() throws {
        let r = try ImportSupport.importText(try ImportSupport.fixture("OrderWidget.swift"), file: "OrderWidget.swift")
        let doc = try ImportSupport.parse(r.yaml)
        #expect(doc.surfaces.map(\.rawValue) == ["systemSmall", "systemMedium"])
        #expect(r.yaml.contains("  systemSmall:\n    background: \"{{colors.CardBackground}}\"\n"), "\(r.yaml)")
        #expect(r.yaml.contains("  Status:\n    preparing: { label: Preparing, symbol: flame, tint: blue }"), "\(r.yaml)")
        #expect(r.yaml.contains("  colors:\n    CardBackground: { light: gray, dark: gray }"))
        for c in ["SmallOrderView", "MediumOrderView", "StatusBadge"] { #expect(r.yaml.contains("\n  \(c):\n"), "component \(c)") }
        // The #Preview timeline: two entries, dates relative to the preview's now.
        #expect(doc.previews.map(\.name).contains("preview1_1"))
        #expect(r.yaml.contains("eta: \"2026-11-22T12:15:00+00:00\""), "\(r.yaml)")
        #expect(r.yaml.contains("surfaces: [home, accessory]"))
        #expect(r.report.summary.hasSuffix("placeholders"))
        #expect(r.report.nodes.placeholder == 0, "\(r.report.todos)")
    }

    @Test func liveActivityRegionsAndState() throws {
        let r = try ImportSupport.importText(try ImportSupport.fixture("FlightActivity.swift"), file: "FlightActivity.swift")
        let doc = try ImportSupport.parse(r.yaml)
        #expect(doc.surfaces.map(\.rawValue) == ["lockScreen", "islandExpanded", "islandCompact", "islandMinimal"])
        // context.state.x and context.attributes.y are the activity's data: top-level keys.
        #expect(r.yaml.contains(#"text: "Gate {{gate}}""#))
        #expect(r.yaml.contains(#"text: "{{flightNumber}}""#))
        #expect(r.yaml.contains("progress: { start: \"{{departure}}\", end: \"{{arrival}}\", countsDown: false }"), "\(r.yaml)")
        #expect(r.yaml.contains("background: { color: black, opacity: 0.6 }"))
        #expect(r.yaml.contains("keylineTint: indigo"))
        #expect(r.yaml.contains("when: context.isStale"))
        #expect(r.yaml.contains("flightNumber: KE 123"), "\(r.yaml)")
    }

    /// Issue 36: a Codable `ContentState` holding `Date`s is written by Swift's default JSONEncoder
    /// (and decoded by ActivityKit) as seconds since 2001, so its draft says `dateEncoding:
    /// deferredToDate`; a widget whose entry is not Codable keeps the default.
    @Test func codableDatesGetTheirEncoding() throws {
        let flight = try ImportSupport.importText(try ImportSupport.fixture("FlightActivity.swift"), file: "FlightActivity.swift")
        #expect(flight.yaml.contains("\ndateEncoding: deferredToDate\n"), "\(flight.yaml.prefix(400))")
        #expect(try ImportSupport.parse(flight.yaml).dateEncoding == .deferredToDate)
        let order = try ImportSupport.importText(try ImportSupport.fixture("OrderWidget.swift"), file: "OrderWidget.swift")
        #expect(!order.yaml.contains("dateEncoding"), "\(order.yaml.prefix(400))")
    }

    @Test func sameInputSameBytes() throws {
        let a = try ImportSupport.importText(try ImportSupport.fixture("OrderWidget.swift"))
        let b = try ImportSupport.importText(try ImportSupport.fixture("OrderWidget.swift"))
        #expect(a.yaml == b.yaml)
        #expect(a.report.json() == b.report.json())
        // Files given in another order: the same draft.
        let folder = try ImportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for f in ["OrderWidget.swift", "FlightActivity.swift"] {
            try ImportSupport.fixture(f).write(toFile: "\(folder)/\(f)", atomically: true, encoding: .utf8)
        }
        let one = try WidgetImporter.run(paths: ["\(folder)/OrderWidget.swift", "\(folder)/FlightActivity.swift"]).yaml
        let two = try WidgetImporter.run(paths: [folder]).yaml
        let three = try WidgetImporter.run(paths: [folder]).yaml
        #expect(two == three)
        #expect(one == two)
    }

    @Test func placeholderAndTodoNameTheConstructAndWhere() throws {
        let r = try ImportSupport.importText(ImportSupport.widget("""
                VStack {
                    Map(coordinateRegion: .constant(region))
                        .frame(height: 80)
                }
        """))
        let todo = try #require(r.report.todos.first { $0.construct == "Map" })
        #expect(todo.description == "Widget.swift:22:13: Map — Map is not in the layout language")
        #expect(todo.outcome == .placeholder)
        let v = ImportSupport.component(r.yaml)
        #expect(v.contains("use: importTodo") && v.contains(#"with: { what: "Map" }"#) && v.contains("frame: { height: 80 }"), "\(v)")
        #expect(r.report.nodes.placeholder == 1)
        #expect(r.report.summary == "3 nodes, 1 modifiers: 75% translated, 0% partly, 25% placeholders")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty)
    }

    @Test func fragmentsWithoutTheirStruct() throws {
        let body = """
        var body: some View {
            VStack {
                Text(entry.order.title).font(.headline)
                Text(entry.order.eta, style: .timer)
            }
        }
        """
        let r = try ImportSupport.importText(body, file: "Fragment.swift")
        #expect(r.yaml.contains(#"text: "{{order.title}}""#), "\(r.yaml)")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty, "\(r.yaml)")
        let closure = """
        { context in
            HStack { Text(context.state.driver); Text(context.attributes.shop) }
        }
        """
        let c = try ImportSupport.importText(closure, file: "Closure.swift")
        #expect(c.yaml.contains("  lockScreen:"), "\(c.yaml)")
        #expect(c.yaml.contains(#"text: "{{driver}}""#))
    }

    @Test func syntaxErrorsAreWarningsAndTheRestIsTranslated() throws {
        let broken = ImportSupport.widget("""
                VStack {
                    Text("before")
                    Text("broken" .font(
                    Text("after").bold()
                }
        """)
        let r = try ImportSupport.importText(broken, file: "Broken.swift")
        #expect(!r.report.warnings.isEmpty)
        #expect(r.report.warnings[0].description.hasPrefix("Broken.swift:2"), "\(r.report.warnings)")
        #expect(r.report.warnings[0].description.contains("warning: syntax:"))
        #expect(r.yaml.contains("text: before"))
        #expect(try ImportSupport.lintProblems(r.yaml).filter { $0.severity == .error }.isEmpty)
    }

    @Test func noViewIsAnErrorNamingWhatWasLookedFor() throws {
        let e = #expect(throws: ImportError.self) {
            try ImportSupport.importText("struct Intent: AppIntent { func perform() async throws {} }", file: "Intent.swift")
        }
        #expect(e?.message.hasPrefix("no widget view found in Intent.swift: looked for Widget configurations") == true, "\(String(describing: e))")
    }
}
