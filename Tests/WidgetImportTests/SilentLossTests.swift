import Foundation
import Testing
import WidgetModel
@testable import WidgetImport

/// Issue 35, item 6: what an import used to lose without a word. Each test imports
/// `Fixtures/StepWidget.swift` (or a small widget of its own) and names what the draft or the
/// report must now say.
@Suite struct SilentLossTests {
    static func step() throws -> ImportResult {
        try ImportSupport.importText(try ImportSupport.fixture("StepWidget.swift"), file: "StepWidget.swift")
    }

    static func surfaces(_ yaml: String) -> [String] {
        guard let start = yaml.range(of: "\nsurfaces:\n") else { return [] }
        let rest = yaml[start.upperBound...]
        let block = rest.prefix { _ in true }.components(separatedBy: "\n\n").first ?? ""
        return block.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { String($0.dropFirst(2).dropLast()) }
    }

    static func line(of text: String, in swift: String) -> Int {
        (swift.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
    }

    @Test func aConfigurationUnderIfAvailableIsImportedFromTheNewestBranch() throws {
        let r = try Self.step()
        // StepWidget: `if #available(iOS 17, *)` returns small only; the else branch small and medium.
        // LetWidget: `let config = …; return config.supportedFamilies([.systemLarge])`.
        #expect(Self.surfaces(r.yaml) == ["systemSmall", "systemLarge"], "\(r.yaml)")
        #expect(!r.report.todos.contains { $0.why.contains("no widget configuration names a surface") })
        let doc = try ImportSupport.parse(r.yaml)
        #expect(doc.surfaces.map(\.rawValue).sorted() == ["systemLarge", "systemSmall"])
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty)
        // sample and Busy day (home surfaces) on both surfaces.
        let folder = try ImportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try ImportSupport.renderAll(r.yaml, folder: folder) == 4)
    }

    @Test func aWidgetWhoseConfigurationIsNotFoundIsReported() throws {
        let swift = ImportSupport.widget("Text(entry.order.title)").replacingOccurrences(of: "struct W: Widget {", with: """
        struct Other: Widget {
            var body: some WidgetConfiguration { makeConfiguration() }
        }
        struct W: Widget {
        """)
        let r = try ImportSupport.importText(swift)
        let todo = try #require(r.report.todos.first { $0.construct == "Other" })
        #expect(todo.why.hasPrefix("no configuration found in its body"))
        #expect(todo.spot.line == Self.line(of: "struct Other", in: swift))
    }

    @Test func aNamedPreviewKeepsItsName() throws {
        let r = try Self.step()
        #expect(r.yaml.contains("\n  Busy day:\n    extends: sample\n    surfaces: [home, accessory]\n    data:\n      steps: 2340\n"), "\(r.yaml)")
        #expect(try ImportSupport.parse(r.yaml).previews.map(\.name).contains("Busy day"))
        // Two content states: named as the Swift source names its pictures (docs/swift.md).
        let flight = try ImportSupport.importText(try ImportSupport.fixture("FlightActivity.swift"), file: "FlightActivity.swift")
        let names = try ImportSupport.parse(flight.yaml).previews.map(\.name)
        #expect(names.contains("Flight") && names.contains("Flight-1"), "\(names)")
    }

    @Test func aNamedPreviewWhoseEntriesAreNotLiteralsIsKeptWithATodo() throws {
        let swift = ImportSupport.widget("Text(entry.order.title)", extra: """
        #Preview("Rush hour", as: .systemMedium) {
            W()
        } timeline: {
            Entry.rush
        }
        """)
        let r = try ImportSupport.importText(swift)
        #expect(r.yaml.contains("\n  Rush hour:\n    extends: sample\n    surfaces: [home, accessory]\n"), "\(r.yaml)")
        let todo = try #require(r.report.todos.first { $0.construct == "#Preview(\"Rush hour\")" })
        #expect(todo.why.contains("not literal values") && todo.spot.line == Self.line(of: "#Preview(\"Rush", in: swift))
    }

    @Test func aTeamsOwnBackgroundModifierIsFollowed() throws {
        let r = try Self.step()
        // `.widgetBackground(Color.blue)` calls `containerBackground(for: .widget) { color }` under
        // `if #available`: the container background of every surface the view is on.
        #expect(r.yaml.contains("  systemSmall:\n    background: blue\n"), "\(r.yaml)")
        #expect(r.yaml.contains("  systemLarge:\n    background: blue\n"), "\(r.yaml)")
        #expect(!r.report.dropped.contains { $0.modifier == "widgetBackground" })
    }

    @Test func aBackgroundWrapperNotInTheGivenFilesIsATodoNotADrop() throws {
        let r = try ImportSupport.importText(ImportSupport.widget("Text(entry.order.title).widgetBackground(Color.blue)"))
        #expect(!r.report.dropped.contains { $0.modifier == "widgetBackground" })
        let todo = try #require(r.report.todos.first { $0.construct == ".widgetBackground" })
        #expect(todo.why == "the custom modifier .widgetBackground is not in the given files: the background it sets is left out (give the file that defines it)")
    }

    @Test func aCustomModifierThatWrapsItsContentIsATodoAtTheCall() throws {
        let swift = ImportSupport.widget("Text(entry.order.title).card()", extra: """
        extension View {
            func card() -> some View { ZStack { Color.gray; self } }
        }
        """)
        let r = try ImportSupport.importText(swift)
        let todo = try #require(r.report.todos.first { $0.construct == ".card" })
        #expect(todo.why.contains("builds another view around its content"))
        #expect(ImportSupport.component(r.yaml).contains("text: \"{{order.title}}\""))
    }

    @Test func negativePaddingKeepsTheViewAndSaysWhere() throws {
        let r = try Self.step()
        #expect(ImportSupport.component(r.yaml, "StepView").contains("- text: \"{{steps}}\""), "\(r.yaml)")
        #expect(!r.yaml.contains("use: importTodo"))
        let todo = try #require(r.report.todos.first { $0.construct == ".padding" })
        #expect(todo.description.hasPrefix("StepWidget.swift:17:36: .padding — negative padding -4 is not in the layout language"))
        #expect(todo.outcome == .partly)
        let edges = try ImportSupport.importText(ImportSupport.widget("Text(entry.order.title).padding(EdgeInsets(top: 4, leading: -2, bottom: 0, trailing: 0))"))
        #expect(ImportSupport.component(edges.yaml).contains("padding: { top: 4 }"), "\(edges.yaml)")
        #expect(edges.report.todos.contains { $0.why.hasPrefix("negative padding (leading)") })
    }

    @Test func integerDivisionDropsTheRemainderAsSwiftDoes() throws {
        let r = try Self.step()
        // Swift shows 2k for 2340 / 1000; the layout's `/` alone would show 2.34k.
        #expect(ImportSupport.component(r.yaml, "StepView").contains("- text: \"{{(steps - steps % 1000) / 1000}}k\""), "\(r.yaml)")
        let mixed = try ImportSupport.importText(ImportSupport.widget("""
        VStack {
            Text("\\(entry.order.count / 3)")
            Text("\\(entry.order.progress / 2)")
        }
        """))
        let v = ImportSupport.component(mixed.yaml)
        #expect(v.contains("text: \"{{(order.count - order.count % 3) / 3}}\""), "\(v)")
        #expect(v.contains("text: \"{{order.progress / 2}}\""), "\(v)")
    }

    @Test func theCoverageCountsWhatASurfaceShowsAndNamesWidgetFamiliesWithoutOne() throws {
        let one = try ImportSupport.importText(ImportSupport.widget("Text(entry.order.title)", family: "systemSmall"))
        // A second widget for the same family, whose view is a placeholder, and a watch family.
        let swift = ImportSupport.widget("Text(entry.order.title)", family: "systemSmall") + """

        struct Second: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "s", provider: P()) { entry in Map(coordinateRegion: .constant(r)) }
                    .supportedFamilies([.systemSmall, .accessoryCorner])
            }
        }
        """
        let two = try ImportSupport.importText(swift)
        #expect(two.report.unsurfaced == ["Second × accessoryCorner", "Second × systemSmall"])
        #expect(two.report.nodes == one.report.nodes && two.report.modifiers == one.report.modifiers)
        #expect(two.report.summary.hasSuffix("% placeholders; no surface for Second × accessoryCorner, Second × systemSmall"), "\(two.report.summary)")
        #expect(!two.yaml.contains("Map"))
        #expect(one.report.unsurfaced.isEmpty && !one.report.summary.contains("no surface"))
        let json = String(decoding: two.report.json(), as: UTF8.self)
        #expect(json.contains("\"unsurfaced\""))
        #expect(!String(decoding: one.report.json(), as: UTF8.self).contains("unsurfaced"))
    }
}
