import Foundation
import Testing
import TestSupport
import WidgetSwiftSource

/// The runner names a view by its initialiser's `#fileID` and line (`AppWidgets/<buildName>:42`);
/// verify shows the team's file, as compile errors do (issue 35, item 5).
@Suite("a Swift view's #fileID is the team's file")
struct SwiftViewLocationTests {
    @Test("AppWidgets/<buildName>:LINE maps to the team's path, two same-named files apart; other files and malformed text do not")
    func teamLocation() throws {
        let root = scratchDirectory("swift-view-location")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in [("Widgets/A/Row.swift", "struct RowA {}\n"), ("Widgets/B/Row.swift", "struct RowB {}\n"),
                             ("Widgets/Card.swift", "struct Card {}\n")] {
            try FileManager.default.createDirectory(atPath: root + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        let folder = try SwiftWidgetFolder.scan(widgets: [root + "/Widgets"])
        #expect(folder.files.count == 3)
        for file in folder.files {
            let at = try #require(folder.teamLocation("AppWidgets/\(file.buildName):42"), "\(file.buildName)")
            #expect(at.file == file.path && at.line == 42)
        }
        let rows = folder.files.filter { $0.path.hasSuffix("/Row.swift") }
        #expect(Set(rows.map(\.buildName)).count == 2, "two Row.swift files keep two build names")
        let card = try #require(folder.files.first { $0.path.hasSuffix("/Card.swift") })
        #expect(card.buildName == "Card.swift")
        #expect(folder.teamLocation("AppWidgets/Card.swift:7")?.file == URL(fileURLWithPath: root + "/Widgets/Card.swift").standardizedFileURL.path)
        // WidgetShot's own files, a file not in the folder, no line, line 0: none.
        for text in ["SwiftUI/Views.swift:12", "AppWidgets/Other.swift:3", "AppWidgets/Card.swift", "AppWidgets/Card.swift:0", "Card.swift:3", ""] {
            #expect(folder.teamLocation(text) == nil, "\(text)")
        }
    }
}
