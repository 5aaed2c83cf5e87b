import Foundation
import Testing
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Renders every layout × surface × preview × appearance and compares each with its golden.
@Suite struct GoldenMatrixTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let folders = ProjectFolders(root: root)
    static let fonts = try! FontLibrary(directory: folders.fonts)

    func documents() throws -> [LayoutDocument] {
        try LayoutCatalog(directory: Self.folders.layouts).loadAll()
    }

    @Test func everyCellMatchesItsGolden() throws {
        let documents = try documents()
        let suite = GoldenSuite(directory: Self.folders.golden)
        let jobs = documents.flatMap { d in suite.cells(for: [d]).map { (d, $0) } }
        #expect(jobs.count > 0)
        let pool = RendererPool(fonts: Self.fonts)
        let outcomes = pool.map(jobs.count) { i, renderer in suite.check(jobs[i].1, in: jobs[i].0, with: renderer) }
        for o in outcomes {
            switch o.status {
            case .passed: break
            case .failed(let c): Issue.record("\(suite.path(of: o.cell)): \(c)")
            case .missing: Issue.record("\(suite.path(of: o.cell)): golden is missing (run `widgetshot record`)")
            case .error(let e): Issue.record("\(suite.path(of: o.cell)): \(e)")
            }
        }
    }

    @Test func noGoldenWithoutAPreview() throws {
        let stale = GoldenSuite(directory: Self.folders.golden).staleFiles(for: try documents())
        #expect(stale.isEmpty, "goldens no preview produces: \(stale.joined(separator: ", "))")
    }
}

/// The golden mechanism itself, on a scratch folder: it must be able to fail.
@Suite struct GoldenMechanismTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-golden-\(UUID().uuidString)").path

    func reference() throws -> LayoutDocument {
        try LayoutCatalog(directory: GoldenMatrixTests.folders.layouts).load("reference")
    }

    @Test func missingGoldenIsReportedNotPassed() throws {
        let suite = GoldenSuite(directory: scratch)
        let doc = try reference()
        let cell = suite.cells(for: [doc])[0]
        let outcome = suite.check(cell, in: doc, with: WidgetRenderer(fonts: GoldenMatrixTests.fonts))
        guard case .missing = outcome.status else { Issue.record("expected missing, got \(outcome.status)"); return }
    }

    @Test func recordThenVerifyThenTamper() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let suite = GoldenSuite(directory: scratch)
        let doc = try reference()
        let renderer = WidgetRenderer(fonts: GoldenMatrixTests.fonts)
        let cell = suite.cells(for: [doc])[0]
        #expect(try suite.record(cell, in: doc, with: renderer, rewriteAbove: nil) == .created)
        let path = suite.path(of: cell)
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(suite.check(cell, in: doc, with: renderer).passed)
        // Re-recording an unchanged render must not touch the file.
        #expect(try suite.record(cell, in: doc, with: renderer, rewriteAbove: 0) == .unchanged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == firstBytes)

        // Paint a 3×3 block of the golden blue: the check must fail and locate it.
        var image = try PNGCodec.decode(file: path)
        for y in 40..<43 { for x in 100..<103 {
            let i = (y * image.width + x) * 4
            image.pixels[i] = 0; image.pixels[i + 1] = 0; image.pixels[i + 2] = 255; image.pixels[i + 3] = 255
        } }
        try Data(PNGCodec.encode(Bitmap(straight: image))).write(to: URL(fileURLWithPath: path))
        let outcome = suite.check(cell, in: doc, with: renderer)
        guard case .failed(let c) = outcome.status else { Issue.record("tampered golden passed"); return }
        #expect(c.differingPixels == 9)
        #expect(c.bounds?.x == 100 && c.bounds?.y == 40 && c.bounds?.width == 3 && c.bounds?.height == 3)
        #expect(try suite.record(cell, in: doc, with: renderer, rewriteAbove: 0) == .updated)
        #expect(suite.check(cell, in: doc, with: renderer).passed)
    }

    @Test func staleGoldenIsFound() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let bogus = scratch + "/reference/systemMedium/renamedPreview-light.png"
        try FileManager.default.createDirectory(atPath: (bogus as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data([0x89]).write(to: URL(fileURLWithPath: bogus))
        let stale = GoldenSuite(directory: scratch).staleFiles(for: [try reference()])
        #expect(stale == [bogus])
    }
}
