import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetTemplate
import WidgetGoldens

/// Feature goldens: `Tests/Features/Layouts/` holds one small layout per node or
/// modifier (rotation, scale, template images, inherited text settings, `truncationMode`, container
/// background views, the island keyline, the rendering modes, controls), `Tests/Features/Golden/`
/// their images, one test case per image,
/// so a broken effect fails one well-named cell. The folder is a project of its own (with a link
/// to Fonts/), outside Layouts/, so these never reach the product gallery. Record with
/// `widgetshot record --project Tests/Features`.
enum FeatureProject {
    static let folders = ProjectFolders(root: Project.root + "/Tests/Features")
    static let documents: [LayoutDocument] = (try? LayoutCatalog(directory: folders.layouts).loadAll()) ?? []
    static let suite = try! GoldenSuite(directory: folders.golden)
    static let cells = suite.cells(for: documents).map(\.relativePath)
}

@Suite struct FeatureGoldenTests {
    @Test func everyFeatureLayoutLoads() throws {
        let loaded = try LayoutCatalog(directory: FeatureProject.folders.layouts).loadAll()
        #expect(loaded.map(\.name).sorted() == ["accented-image", "background-view", "container-shapes", "controls", "inherited-text", "keyline", "progress-labels", "rendering-mode", "rotation", "scale", "standard-gradient", "template-image", "truncation-mode", "view-that-fits"])
    }

    @Test(arguments: FeatureProject.cells)
    func matchesItsGolden(_ cellPath: String) throws {
        let suite = FeatureProject.suite
        let cell = try #require(suite.cells(for: FeatureProject.documents).first { $0.relativePath == cellPath })
        let document = try #require(FeatureProject.documents.first { $0.name == cell.layout })
        let outcome = suite.check(cell, in: document, with: WidgetRenderer(fonts: Project.fonts))
        switch outcome.status {
        case .passed: break
        case .failed(let r): Issue.record("\(cellPath): \(r.failureReason ?? "differs")")
        case .missing: Issue.record("\(cellPath): golden is missing (run `widgetshot record --project Tests/Features`)")
        case .error(let e): Issue.record("\(cellPath): \(e)")
        }
    }

    @Test func noFeatureGoldenWithoutACell() {
        #expect(FeatureProject.suite.staleFiles(for: FeatureProject.documents).isEmpty)
    }
}
