import Foundation
import Testing
import WidgetShot

/// Layouts/samples/ holds push payloads and timelines, not layouts: the catalog, and so verify,
/// gallery and the server, must not see it.
@Suite struct PushSamplesTests {
    @Test func theCatalogIgnoresTheSamplesFolder() throws {
        #expect(FileManager.default.fileExists(atPath: Project.folders.layouts + "/samples/delivery/sequence.json"))
        #expect(Project.catalog.names() == ["delivery", "reference"])
        #expect(!Project.catalog.files().contains { $0.contains("samples") })
        #expect(try Project.catalog.loadAll().map(\.name) == ["delivery", "reference"])
        #expect(throws: CatalogError.self) { try Project.catalog.resolve("samples") }
    }

    /// Lint stays clean with the stale presentation and the timeline section.
    @Test func deliveryLintsWithoutNewWarnings() throws {
        let layout = try Project.layout("delivery")
        let problems = Linter.lint(layout).filter { $0.message.contains("isStale") || $0.message.contains("timeline") || $0.message.contains("stale") }
        #expect(problems.isEmpty, "\(problems)")
        #expect(try TimelinePreviewer.policy(of: layout) != nil)
    }
}
