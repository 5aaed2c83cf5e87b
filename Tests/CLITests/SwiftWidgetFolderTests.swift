import Foundation
import Testing
import TestSupport
import WidgetSwiftSource

/// The text scan of a widget folder (WidgetSwiftSource): what the generated runner names, found
/// without swift-syntax — and what it must not pick up.
@Suite("the scan of a Swift widget folder")
struct SwiftWidgetFolderTests {
    func folder(_ files: [String: String]) throws -> String {
        let root = scratchDirectory("swift-scan")
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    @Test("widgets at the top level, #Previews by line, @main files left out, private widgets named, comments skipped")
    func scan() throws {
        let root = try folder([
            "Widgets/Steps.swift": """
                import WidgetKit
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration { fatalError() }
                }
                private struct HiddenWidget: Widget { var body: some WidgetConfiguration { fatalError() } }
                public struct Themed<T>: View, Widget {}
                struct NotAWidget: View, WidgetConfigurationIntent {}
                    struct Nested: Widget {}
                // #Preview { Text("in a comment") }
                /* #Preview {
                   Text("in a block comment") } */
                #Preview("Steps", as: .systemSmall) {
                    StepsWidget()
                } timeline: {}
                """,
            "Widgets/Bundle.swift": """
                @main
                struct Bundle: WidgetBundle {
                    var body: some Widget { StepsWidget() }
                }
                #Preview { Text("left out with its file") }
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scanned = try SwiftWidgetFolder.scan(widgets: [root + "/Widgets"])
        #expect(scanned.widgets.map(\.name) == ["StepsWidget"])  // a generic type cannot be named without its arguments
        #expect(scanned.hiddenWidgets.map(\.name) == ["HiddenWidget"])
        #expect(scanned.previews.map(\.line) == [12])
        #expect(scanned.previews.first?.symbol == "widgetshot_preview_AppWidgets_Steps_swift_12")
        #expect(scanned.entryPoints.map { ($0 as NSString).lastPathComponent } == ["Bundle.swift"])
    }

    @Test("files of the same name get build names of their own, even in folders of the same name")
    func sameNames() throws {
        let root = try folder(["A/Views/Row.swift": "struct A {}\n", "B/Views/Row.swift": "struct B {}\n", "C/Row.swift": "struct C {}\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scanned = try SwiftWidgetFolder.scan(widgets: [root])
        let names = scanned.files.map(\.buildName)
        #expect(Set(names).count == 3, "\(names)")
        #expect(names.contains("C_Row.swift") && names.contains("Views_Row.swift") && names.contains("Views2_Row.swift"), "\(names)")
    }

    @Test("a folder with no Swift, a missing path and a path that is not Swift are errors naming them")
    func errors() throws {
        let root = try folder(["Notes/readme.md": "hello\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: SwiftWidgetFolder.ScanError.self) { try SwiftWidgetFolder.scan(widgets: [root + "/Notes"]) }
        do { _ = try SwiftWidgetFolder.scan(widgets: [root + "/Missing"]) } catch {
            #expect("\(error)" == root + "/Missing: no such file or folder")
        }
        do { _ = try SwiftWidgetFolder.scan(widgets: [root + "/Notes/readme.md"]) } catch {
            #expect("\(error)".hasSuffix("readme.md: not a .swift file or a folder"))
        }
    }
}
