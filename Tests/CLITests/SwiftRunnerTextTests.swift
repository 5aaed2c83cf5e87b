import Foundation
import Testing
import TestSupport
import WidgetGoldens
import WidgetShot
import WidgetSwiftSource

/// What the widget runner writes (a warning, an error) names the team's files: a view's `#fileID`
/// and the scratch package's link to the file both become the team's path; and a report's records
/// carry their picture's warnings.
@Suite("the widget runner's text names the team's files")
struct SwiftRunnerTextTests {
    @Test("AppWidgets/<buildName> and .build/widgetshot-swift/…/Sources/AppWidgets/<buildName> map to the team's path")
    func teamText() throws {
        let root = scratchDirectory("runner-text")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Widgets", withIntermediateDirectories: true)
        try Data("struct Card {}\n".utf8).write(to: URL(fileURLWithPath: root + "/Widgets/Card.swift"))
        let folder = try SwiftWidgetFolder.scan(widgets: [root + "/Widgets"])
        let build = SwiftWidgetBuild(folder: folder, cacheRoot: root + "/.build", packageRoot: Project.root)
        #expect(build.directory.hasPrefix(root + "/.build/widgetshot-swift/"))
        let team = try #require(folder.files.first).path
        let scratch = build.directory + "/Sources/AppWidgets/Card.swift:12:5: warning: text has characters no font draws"
        #expect(build.teamText(scratch) == folder.teamPaths(in: "AppWidgets/Card.swift:12:5: warning: text has characters no font draws"))
        #expect(folder.teamPaths(in: "AppWidgets/Card.swift:3:1: warning: x", base: root) == "Widgets/Card.swift:3:1: warning: x")
        #expect(!build.teamText(scratch).contains("widgetshot-swift") && build.teamText(scratch).contains(":12:5: warning:"))
        #expect(team.hasSuffix("/Widgets/Card.swift"))
        // WidgetShot's own files and other text stay as they are.
        #expect(build.teamText("SwiftUI/Views.swift:3:1: warning: y") == "SwiftUI/Views.swift:3:1: warning: y")
    }

    @Test("a report's records carry their picture's warnings by the cell's path; others carry none")
    func reportWarnings() throws {
        let a = MatrixCell(layout: "Card", surface: .systemSmall, preview: "preview", scheme: .light)
        let b = MatrixCell(layout: "Card", surface: .systemSmall, preview: "preview", scheme: .dark)
        func record(_ cell: MatrixCell, _ i: Int) -> ReportRecord {
            ReportRecord(index: i, name: cell.relativePath, file: "Golden/" + cell.relativePath, layout: cell.layout,
                         surface: cell.surface.rawValue, preview: cell.preview, scheme: cell.scheme.rawValue, status: .passed)
        }
        var document = ReportDocument(kind: .verify, cells: 2, results: [record(a, 0), record(b, 1)], seconds: 1)
        document.attach(warnings: [a.relativePath: ["Widgets/Card.swift:4:1: warning: shadow(radius: 2.0) is not drawn yet"]])
        #expect(document.results[0].warnings == ["Widgets/Card.swift:4:1: warning: shadow(radius: 2.0) is not drawn yet"])
        #expect(document.results[1].warnings == nil)
        let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
        #expect(json.contains("\"warnings\":[\"Widgets\\/Card.swift:4:1: warning: shadow"), "\(json)")
    }
}
