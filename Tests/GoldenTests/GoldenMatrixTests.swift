import Foundation
import Testing
import TestSupport
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate
import WidgetGoldens

/// The product goldens: every layout × surface × preview × appearance, one test case per cell (a
/// failure names the cell). `make check` runs them; `make test` skips them (WIDGETSHOT_TESTS=full)
/// because its `widgetshot verify` step renders and compares every one of them already, and writes
/// the report CI keeps.
enum ProductGoldens {
    static let documents = (try? Project.documents()) ?? []
    static let suite = try! GoldenSuite(directory: Project.folders.golden)
    static let manifest = try? GoldenManifest.load(suite.manifestPath)
    static let cells: [String: (LayoutDocument, MatrixCell)] = Dictionary(
        documents.flatMap { d in suite.cells(for: [d]).map { ($0.relativePath, (d, $0)) } }, uniquingKeysWith: { a, _ in a })
    static let names = cells.keys.sorted()
    static let pool = RendererPool(fonts: Project.fonts)
}

@Suite struct GoldenMatrixTests {
    @Test func theMatrixIsWhole() throws {
        #expect(try Project.documents().count == ProductGoldens.documents.count, "a layout in Layouts/ failed to load")
        #expect(ProductGoldens.names.count > 200)
    }

    @Test(.disabled(if: ProcessInfo.processInfo.environment["WIDGETSHOT_TESTS"] == "full",
                    "make test compares every product golden once, with widgetshot verify"),
          arguments: ProductGoldens.names)
    func cellMatchesItsGolden(_ name: String) throws {
        let (document, cell) = try #require(ProductGoldens.cells[name])
        let suite = ProductGoldens.suite
        let outcome = ProductGoldens.pool.withRenderer { renderer in
            suite.check(cell, in: document, with: renderer, manifest: ProductGoldens.manifest)
        }
        switch outcome.status {
        case .passed: break
        case .failed(let r): Issue.record("\(suite.path(of: cell)): \(r.failureReason ?? "differs")")
        case .missing: Issue.record("\(suite.path(of: cell)): golden is missing (run `widgetshot record`)")
        case .error(let e): Issue.record("\(suite.path(of: cell)): \(e)")
        }
    }

    @Test func noGoldenWithoutAPreview() throws {
        let stale = try GoldenSuite(directory: Project.folders.golden).staleFiles(for: try Project.documents())
        #expect(stale.isEmpty, "goldens no preview produces: \(stale.joined(separator: ", "))")
    }

    /// The manifest must describe the files on disk, or its fast path would vouch for old pixels.
    @Test func manifestDescribesEveryGolden() throws {
        let suite = try GoldenSuite(directory: Project.folders.golden)
        let manifest = try GoldenManifest.load(suite.manifestPath)
        let cells = suite.cells(for: try Project.documents())
        #expect(manifest.entries.count == Set(cells.map(suite.storedRelativePath(of:))).count)
        for cell in cells {
            guard let entry = manifest.entries[suite.storedRelativePath(of: cell)] else {
                Issue.record("manifest has no entry for \(cell.relativePath) (run `widgetshot record`)"); continue
            }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: suite.path(of: cell))))
            #expect(entry.file == ImageDiff.bytesHash(bytes), "\(cell.relativePath): file changed without the manifest")
        }
    }
}

/// The golden mechanism itself, on a scratch folder: it must be able to fail.
@Suite struct GoldenMechanismTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-golden-\(UUID().uuidString)").path

    @Test func missingGoldenIsReportedNotPassed() throws {
        let suite = try GoldenSuite(directory: scratch)
        let doc = try Project.layout("reference")
        let cell = suite.cells(for: [doc])[0]
        let outcome = suite.check(cell, in: doc, with: WidgetRenderer(fonts: Project.fonts))
        guard case .missing = outcome.status else { Issue.record("expected missing, got \(outcome.status)"); return }
    }

    @Test func recordThenVerifyThenTamper() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let suite = try GoldenSuite(directory: scratch)
        let doc = try Project.layout("reference")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let cell = suite.cells(for: [doc])[0]
        let first = try suite.record(cell, in: doc, with: renderer, rewrite: .never)
        #expect(first.outcome == .created)
        let path = suite.path(of: cell)
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let manifest = GoldenManifest(entries: [cell.relativePath: first.entry])
        let byHash = suite.check(cell, in: doc, with: renderer, manifest: manifest)
        #expect(byHash.passed && byHash.matchedByHash)
        let byPixels = suite.check(cell, in: doc, with: renderer)
        #expect(byPixels.passed && !byPixels.matchedByHash)
        // Re-recording an unchanged render must not touch the file.
        #expect(try suite.record(cell, in: doc, with: renderer, rewrite: .anyPixel).outcome == .unchanged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == firstBytes)

        // Paint a 3×3 block of the golden blue: the check must fail and locate it, even through
        // the manifest (the file hash no longer matches, so the pixels are compared).
        var image = try PNGCodec.decode(file: path)
        for y in 40..<43 { for x in 100..<103 {
            let i = (y * image.width + x) * 4
            image.pixels[i] = 0; image.pixels[i + 1] = 0; image.pixels[i + 2] = 255; image.pixels[i + 3] = 255
        } }
        try Data(PNGCodec.encode(Bitmap(straight: image))).write(to: URL(fileURLWithPath: path))
        let outcome = suite.check(cell, in: doc, with: renderer, manifest: manifest)
        guard case .failed(let r) = outcome.status else { Issue.record("tampered golden passed"); return }
        // A hard-edged block: antialiasing detection may excuse some of its edge pixels, never all.
        #expect(r.differingPixels + r.antialiasedPixels == 9 && r.differingPixels > 0)
        #expect(r.regions.map { [$0.x, $0.y, $0.width, $0.height] } == [[100, 40, 3, 3]])
        #expect(try suite.record(cell, in: doc, with: renderer, rewrite: .failing).outcome == .updated)
        #expect(suite.check(cell, in: doc, with: renderer).passed)
    }

    /// A preview whose light and dark pictures are the same pixels has one golden, `PREVIEW-any.png`;
    /// when one of them changes, the pair splits into a file each; when they agree again, they join.
    @Test func lightAndDarkShareOneGoldenWhileTheyAgree() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let suite = try GoldenSuite(directory: scratch)
        let renderer = WidgetRenderer(fonts: Project.fonts)
        func layout(dark: String) throws -> LayoutDocument {
            try LayoutLoader.parse("""
                surfaces:
                  systemSmall:
                    background: { light: "#336699", dark: "#336699" }
                    view: { text: Hi, color: { light: white, dark: \(dark) } }
                previews:
                  one: { data: {} }
                """, path: scratch + "/pair.yaml")
        }
        let manifest = try GoldenManifestFile(path: suite.manifestPath)
        func files() -> [String] {
            // The accented cell (dark only) keeps its own file throughout.
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch + "/pair/systemSmall")) ?? []).filter { !$0.contains("accented") }.sorted()
        }
        func keys() -> [String] { manifest.current.entries.keys.filter { !$0.contains("accented") }.sorted() }
        func recordAll(_ doc: LayoutDocument, _ manifest: GoldenManifestFile) throws -> (joined: Int, split: Int) {
            let cells = suite.cells(for: [doc])
            #expect(cells.filter(\.isDefaultMode).map(\.scheme) == [.light, .dark])
            for cell in cells { _ = try suite.record(cell, in: doc, with: renderer, rewrite: .anyPixel, manifest: manifest) }
            return try suite.shareSchemePairs(cells, manifest: manifest)
        }

        let same = try layout(dark: "white")
        #expect(try recordAll(same, manifest) == (joined: 1, split: 0))
        #expect(files() == ["one-any.png"])
        #expect(keys() == ["pair/systemSmall/one-any.png"])
        for cell in suite.cells(for: [same]) {
            let outcome = suite.check(cell, in: same, with: renderer, manifest: manifest.current)
            #expect(outcome.passed && outcome.matchedByHash, "\(cell.relativePath)")
        }

        // Dark text turns black: the dark cell fails against the shared golden, then the pair splits.
        let apart = try layout(dark: "black")
        let dark = suite.cells(for: [apart]).first { $0.isDefaultMode && $0.scheme == .dark }!
        #expect(!suite.check(dark, in: apart, with: renderer, manifest: manifest.current).passed)
        #expect(try recordAll(apart, manifest) == (joined: 0, split: 1))
        #expect(files() == ["one-dark.png", "one-light.png"])
        #expect(keys() == ["pair/systemSmall/one-dark.png", "pair/systemSmall/one-light.png"])
        #expect(suite.cells(for: [apart]).allSatisfy { suite.check($0, in: apart, with: renderer, manifest: manifest.current).passed })
        #expect(suite.staleFiles(for: [apart]).isEmpty)

        // Back to the same pixels: one golden again, and nothing stale.
        #expect(try recordAll(same, manifest) == (joined: 1, split: 0))
        #expect(files() == ["one-any.png"])
        #expect(suite.staleFiles(for: [same]).isEmpty)
        // A leftover file of the cell's own beside the shared one is read first, so the shared one
        // would be stale only if no cell read it.
        #expect(try recordAll(same, manifest) == (joined: 0, split: 0))
    }

    @Test func staleGoldenIsFound() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let bogus = scratch + "/reference/systemMedium/renamedPreview-light.png"
        try FileManager.default.createDirectory(atPath: (bogus as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data([0x89]).write(to: URL(fileURLWithPath: bogus))
        // Not in the manifest: not a golden, so not stale.
        #expect(try GoldenSuite(directory: scratch).staleFiles(for: [try Project.layout("reference")]).isEmpty)
        try GoldenManifest(entries: ["reference/systemMedium/renamedPreview-light.png": .init(file: "x", pixels: "y")])
            .write(to: scratch + "/manifest.json")
        let stale = try GoldenSuite(directory: scratch).staleFiles(for: [try Project.layout("reference")])
        #expect(stale == [bogus])
    }

    @Test("prune's stale list holds only files the manifest lists, never a PNG in a folder named like a layout")
    func pngsTheManifestDoesNotListAreNeverStale() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // goldens: . and a layout named like a folder of the project: its pictures are not goldens.
        for rel in ["reference/screenshot.png", "reference/deep/er/art.png", "reference/systemMedium/x-light.png"] {
            let file = scratch + "/" + rel
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data([0x89]).write(to: URL(fileURLWithPath: file))
        }
        try GoldenManifest(entries: ["reference/systemMedium/gone-light.png": .init(file: "x", pixels: "y")])
            .write(to: scratch + "/manifest.json")
        #expect(try GoldenSuite(directory: scratch).staleFiles(for: [try Project.layout("reference")]).isEmpty)
    }

    @Test("an ignore rule's pattern applies its regions only to the cells whose path it matches") func ignorePatterns() {
        let list = GoldenIgnoreList(rules: [("delivery/systemMedium/*", [.init(x: 1, y: 2, width: 3, height: 4)]),
                                            ("delivery/*/noOrder-dark", [.init(x: 0, y: 0, width: 1, height: 1)])])
        let medium = MatrixCell(layout: "delivery", surface: .systemMedium, preview: "onTheWay", scheme: .light)
        let smallNoOrder = MatrixCell(layout: "delivery", surface: .systemSmall, preview: "noOrder", scheme: .dark)
        let other = MatrixCell(layout: "reference", surface: .systemMedium, preview: "onTheWay", scheme: .light)
        #expect(list.regions(for: medium).count == 1)
        #expect(list.regions(for: smallNoOrder).count == 1)
        #expect(list.regions(for: other).isEmpty)
    }
}
