import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// Layouts/samples/ holds push payloads and timelines, not layouts: the catalog, and so verify,
/// gallery and the server, must not see it.
@Suite struct PushSamplesTests {
    @Test func theCatalogIgnoresTheSamplesFolder() throws {
        #expect(FileManager.default.fileExists(atPath: Project.folders.layouts + "/samples/delivery/sequence.json"))
        #expect(Project.catalog.names().contains("delivery") && !Project.catalog.names().contains("samples"))
        #expect(!Project.catalog.files().contains { $0.contains("samples") })
        #expect(try Project.catalog.loadAll().map(\.name) == Project.catalog.names())
        #expect(throws: CatalogError.self) { try Project.catalog.resolve("samples") }
    }

    /// Lint stays clean with the stale presentation and the timeline section.
    @Test func deliveryLintsWithoutNewWarnings() throws {
        let layout = try Project.layout("delivery")
        let problems = Linter.lint(layout).filter { $0.message.contains("isStale") || $0.message.contains("timeline") || $0.message.contains("stale") }
        #expect(problems.isEmpty, "\(problems)")
        #expect(try TimelinePreviewer.policy(of: layout) != nil)
    }

    /// The gallery's push section: the sample sequence and the timelines, drawn, none with errors.
    @Test func gallerySectionForTheSamples() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let strips = try PushGallery.filmstrips(layoutsDirectory: Project.folders.layouts, renderer: renderer)
        #expect(strips.map(\.name) == ["delivery/sequence", "delivery/timeline-policy", "delivery/timeline-medium"])
        #expect(strips.allSatisfy { $0.errors == 0 })
        for s in strips {
            #expect(Array(s.png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            #expect(s.html.hasPrefix("<!doctype html>"))
        }
        // 5 pushes × 5 presentations + 2 alerts, and the 12:27 update gone stale at 12:35 (5 more).
        #expect(strips[0].html.components(separatedBy: "<img ").count - 1 == 27 + 5)
        #expect(strips[2].html.components(separatedBy: "<img ").count - 1 == 7 * 2)
    }
}
