import Foundation
import Testing
import TestSupport
import WidgetShot

/// Project folders with their links resolved: layouts and goldens stay inside the project; the
/// fonts folder may be a link (a shared set of fonts: only fonts are loaded from it).
@Suite struct ProjectFolderLinkTests {
    func project(_ yaml: String, links: [String: String]) throws -> String {
        let root = scratchDirectory("folder-links")
        try FileManager.default.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try yaml.write(toFile: root + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        for (name, target) in links { try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target) }
        return root
    }

    @Test("a fonts folder linked from elsewhere is taken, under fonts: or as Fonts/")
    func fontsMayBeALink() throws {
        for (yaml, link) in [("fonts: Shared\n", "Shared"), ("layouts: Layouts\n", "Fonts")] {
            let root = try project(yaml, links: [link: Project.folders.fonts])
            defer { try? FileManager.default.removeItem(atPath: root) }
            let folders = try ProjectFolders.at(root)
            #expect(folders.fonts == root + "/" + link)
        }
    }

    @Test("layouts and goldens linked out of the project are refused, by key and as the default folders")
    func layoutsAndGoldensMayNotLeave() throws {
        let outside = scratchDirectory("folder-links-outside")
        defer { try? FileManager.default.removeItem(atPath: outside) }
        for (yaml, link, expected) in [("goldens: G\n", "G", "'goldens: G' reaches outside the project folder"),
                                       ("fonts: Fonts\n", "Golden", "the goldens folder")] {
            let root = try project(yaml, links: [link: outside])
            defer { try? FileManager.default.removeItem(atPath: root) }
            if link == "Golden" { try FileManager.default.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts) }
            #expect { try ProjectFolders.at(root) } throws: { "\($0)".contains(expected) }
        }
    }
}
