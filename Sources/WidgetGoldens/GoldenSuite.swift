import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetTemplate
import WidgetShot

/// The committed golden images: `Golden/<layout>/<surface>/<preview>-<scheme>.png` (with `-<mode>`
/// after the scheme in a rendering mode other than the surface's default), one per cell of
/// every layout's matrix, except that a preview whose light and dark pictures are the same pixels
/// has one golden for both, `<preview>-any.png` (`shareSchemePairs`), rendered on one device at one scale, with `Golden/manifest.json`
/// holding a fingerprint of each file and of its decoded pixels.
///
/// 2x, not the iPhone's 3x: it still resolves every glyph and hairline, while a golden holds
/// 2.25 times fewer pixels, so the folder stays small and comparisons stay fast.
public struct GoldenSuite: Sendable {
    public var directory: String
    public var device: DeviceProfile
    public var scale: Double
    public var options: DiffOptions
    public var ignore: GoldenIgnoreList
    /// The look axes the goldens span beyond each preview's own (`matrix:` in `widgetshot.yaml`).
    public var span: MatrixSpan

    public static let defaultScale = 2.0

    /// The `widgetshot record` that writes this suite's goldens: with `--ios N` for a generation
    /// other than the golden device's own (Golden/iosNN/), so a hint names the command that works.
    public var recordCommand: String {
        device.ios == device.shipsWith ? "widgetshot record" : "widgetshot record --ios \(device.ios.number)"
    }

    /// Reads `DIRECTORY/ignore.json` unless `ignore` is given; a malformed one is an error.
    public init(directory: String, device: DeviceProfile = .default, scale: Double = GoldenSuite.defaultScale,
                options: DiffOptions = .default, ignore: GoldenIgnoreList? = nil, span: MatrixSpan = .none) throws {
        self.directory = directory; self.device = device; self.scale = scale; self.options = options; self.span = span
        if let ignore { self.ignore = ignore } else { self.ignore = try GoldenIgnoreList.load(from: directory) }
    }

    public var manifestPath: String { directory + "/manifest.json" }
    /// The golden the cell is checked against: its own file, else the pair's shared one.
    public func path(of cell: MatrixCell) -> String { directory + "/" + storedRelativePath(of: cell) }

    /// `delivery/islandCompact/onTheWay-any.png`: the one golden of a preview whose light and dark
    /// renders are the same pixels (a surface that ignores the scheme, or a view that does). nil for
    /// a cell that has no light/dark pair (the other rendering modes and the controls are drawn
    /// dark only; the small Live Activity is always dark).
    public static func sharedRelativePath(of cell: MatrixCell) -> String? {
        guard cell.isDefaultMode, cell.control == nil, cell.surface.onlyScheme == nil else { return nil }
        return cell.relativePath(scheme: "any")
    }

    /// The cell's own file when it exists, else the shared one when that exists, else its own
    /// (missing) file.
    public func storedRelativePath(of cell: MatrixCell) -> String {
        let own = cell.relativePath
        if FileManager.default.fileExists(atPath: directory + "/" + own) { return own }
        if let shared = Self.sharedRelativePath(of: cell), FileManager.default.fileExists(atPath: directory + "/" + shared) { return shared }
        return own
    }

    public func cells(for documents: [LayoutDocument]) -> [MatrixCell] {
        documents.flatMap { RenderMatrix.cells(for: $0, device: device, span: span) }
    }

    /// The request a golden is rendered from: the suite's device and scale, the small PNG preset.
    public func request(for cell: MatrixCell, in document: LayoutDocument) throws(RenderSpecError) -> RenderRequest {
        var look = LookSpec(scale: scale)
        look.deviceProfile = device
        return try cell.request(for: document, look: look, pngPreset: .small)
    }

    /// The diff options for one cell: the suite's, plus its ignore regions converted to pixels.
    public func options(for cell: MatrixCell) -> DiffOptions {
        var o = options
        o.ignore += ignore.regions(for: cell).map {
            IgnoreRegion(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
        }
        return o
    }

    /// Goldens that no cell of these layouts produces (a renamed preview, a removed surface): files
    /// the manifest lists, under a layout given, that are still on disk. Only the manifest's files
    /// count: a PNG that `record` never wrote is not a golden, wherever it lies (with `goldens: .`
    /// and a layout named like a folder, a folder walk once took every PNG in that folder for one).
    public func staleFiles(for documents: [LayoutDocument]) -> [String] {
        guard let manifest = try? GoldenManifest.load(manifestPath) else { return [] }
        // A shared golden is expected while a cell reads it; a cell's own file always is.
        let expected = Set(cells(for: documents).flatMap { [directory + "/" + $0.relativePath, path(of: $0)] })
        let names = Set(documents.map(\.name))
        var stale: [String] = []
        for rel in manifest.entries.keys {
            guard rel.hasSuffix(".png"), let layout = rel.split(separator: "/").first, names.contains(String(layout)) else { continue }
            let full = directory + "/" + rel
            var info = stat()
            guard !expected.contains(full), lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            stale.append(full)
        }
        return stale.sorted()
    }

    /// Renders one cell and compares it with its golden. When the golden file is the one the
    /// manifest fingerprinted and the render's pixels hash to the manifest's pixel hash, the
    /// cell passes without decoding the golden or comparing pixels.
    public func check(_ cell: MatrixCell, in document: LayoutDocument, with renderer: WidgetRenderer,
                      manifest: GoldenManifest? = nil, keepImages: Bool = false) -> GoldenOutcome {
        let request: RenderRequest
        do { request = try self.request(for: cell, in: document) } catch {
            return GoldenOutcome(cell: cell, status: .error(error.message))
        }
        return check(cell, manifest: manifest, keepImages: keepImages, located: { () throws -> (DiffImage, ViewFrames?) in
            let prepared = try renderer.prepare(request)
            let pixels = DiffImage(renderer.draw(prepared).straightRGBA())
            return (pixels, ViewFrames(root: prepared.composed.root, magnification: prepared.composed.magnification))
        })
    }

    /// The same check for a picture drawn elsewhere (`render` gives its pixels: a team's Swift
    /// widget drawn by its runner).
    public func check(_ cell: MatrixCell, manifest: GoldenManifest? = nil, keepImages: Bool = false,
                      actual render: () throws -> DiffImage) -> GoldenOutcome {
        check(cell, manifest: manifest, keepImages: keepImages, located: { (try render(), nil) })
    }

    /// The same, with where the render's views are (`ViewFrames`): a failure keeps them, so the
    /// report names the view its changed pixels fall in.
    public func check(_ cell: MatrixCell, manifest: GoldenManifest? = nil, keepImages: Bool = false,
                      located render: () throws -> (DiffImage, ViewFrames?)) -> GoldenOutcome {
        let actual: DiffImage, views: ViewFrames?
        do {
            (actual, views) = try render()
        } catch {
            return GoldenOutcome(cell: cell, status: .error("\(error)"))
        }
        let stored = storedRelativePath(of: cell)
        let goldenPath = directory + "/" + stored
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(goldenPath, limit: Limits.default.pngFileBytes) } catch {
            guard case .cannotRead("no such file") = error else {
                return GoldenOutcome(cell: cell, status: .error("cannot read golden \(goldenPath): \(error)"))
            }
            return GoldenOutcome(cell: cell, status: .missing, actual: keepImages ? actual : nil)
        }
        if let entry = manifest?.entries[stored], entry.file == ImageDiff.bytesHash(bytes),
           entry.pixels == ImageDiff.pixelHash(actual) {
            return GoldenOutcome(cell: cell, status: .passed, matchedByHash: true)
        }
        let expected: DiffImage
        do { expected = DiffImage(try PNGCodec.decode(bytes)) } catch {
            return GoldenOutcome(cell: cell, status: .error("cannot read golden \(goldenPath): \(error)"))
        }
        let result = ImageDiff.compare(expected: expected, actual: actual, options: options(for: cell))
        return GoldenOutcome(cell: cell, status: result.passed ? .passed : .failed(result),
                             expected: keepImages ? expected : nil, actual: keepImages ? actual : nil,
                             views: result.passed ? nil : views)
    }

    /// Renders a cell and writes its golden when it is missing, or (`rewrite`) when the render's
    /// pixels differ from it: `.anyPixel` for any change, `.failing` only when verify would fail.
    /// A golden whose pixels are unchanged is never rewritten, so re-recording changes no bytes.
    /// With `manifest`, the golden and its entry there are written together.
    public func record(_ cell: MatrixCell, in document: LayoutDocument, with renderer: WidgetRenderer,
                       rewrite: RewritePolicy, manifest: GoldenManifestFile? = nil) throws -> RecordResult {
        try record(cell, rewrite: rewrite, manifest: manifest) {
            let result = try renderer.render(try self.request(for: cell, in: document))
            return (result.png, DiffImage(result.bitmap.straightRGBA()))
        }
    }

    /// The same for a picture drawn elsewhere: `render` gives its PNG (the small preset) and pixels.
    public func record(_ cell: MatrixCell, rewrite: RewritePolicy, manifest: GoldenManifestFile? = nil,
                       render: () throws -> (png: [UInt8], pixels: DiffImage)) throws -> RecordResult {
        // A cell with no file of its own reads the pair's shared golden; a changed render is written
        // to the cell's own file, never over the shared one (its pair may be recording beside it):
        // `shareSchemePairs` settles the pair afterwards.
        let stored = storedRelativePath(of: cell)
        let existing = FileManager.default.contents(atPath: directory + "/" + stored).map { [UInt8]($0) }
        if let existing, rewrite == .never { return try unchanged(existing, stored, manifest) }
        let (png, actual) = try render()
        if let existing, let old = try? PNGCodec.decode(existing) {
            let diff = ImageDiff.compare(expected: DiffImage(old), actual: actual, options: options(for: cell))
            let keep = rewrite == .failing ? diff.passed : diff.verdict == .identical
            if keep { return try unchanged(existing, stored, manifest) }
        }
        let entry = GoldenManifest.Entry(file: ImageDiff.bytesHash(png), pixels: ImageDiff.pixelHash(actual))
        // The cell's path is made of names from the layout: written through OutputFolder, each
        // passes the safe-path rule and no folder on the way is a link.
        let folder = OutputFolder(directory)
        if let manifest {
            try manifest.update(cell.relativePath, to: entry) { try folder.write(png, to: cell.relativePath) }
        } else {
            try folder.write(png, to: cell.relativePath)
        }
        return RecordResult(outcome: existing == nil ? .created : .updated, entry: entry, previous: existing, png: png)
    }

    private func unchanged(_ png: [UInt8], _ key: String, _ manifest: GoldenManifestFile?) throws -> RecordResult {
        let result = RecordResult(outcome: .unchanged, entry: try entry(for: png))
        try manifest?.update(key, to: result.entry)
        return result
    }

    /// After a record run, one golden per light/dark pair whose pixels are the same
    /// (`…/PREVIEW-any.png`, and the manifest keyed so), and a file each for a pair that differs
    /// (a shared golden is split back into the two when one of them changed). Run on one thread,
    /// after every cell of `cells` was recorded; pairs with a cell outside `cells` are left alone.
    /// Returns how many pairs were joined and split.
    @discardableResult
    public func shareSchemePairs(_ cells: [MatrixCell], manifest: GoldenManifestFile) throws -> (joined: Int, split: Int) {
        var byShared: [String: [MatrixCell]] = [:]
        for cell in cells { if let shared = Self.sharedRelativePath(of: cell) { byShared[shared, default: []].append(cell) } }
        var joined = 0, split = 0
        let folder = OutputFolder(directory)
        for shared in byShared.keys.sorted() {
            let pair = byShared[shared]!
            guard pair.count == 2, Set(pair.map(\.scheme)) == Set(ColorScheme.allCases) else { continue }
            let paths = pair.map(storedRelativePath(of:))
            guard paths.allSatisfy({ FileManager.default.fileExists(atPath: directory + "/" + $0) }) else { continue }
            let current = manifest.current.entries
            let entries = try paths.map { p in try current[p] ?? entry(for: [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/" + p)))) }
            if paths[0] == shared && paths[1] == shared { continue }
            if entries[0].pixels == entries[1].pixels {
                // One golden for both: the shared file as it is when it holds these pixels, else
                // the first cell's bytes.
                let source = paths.first { $0 == shared } ?? paths[0]
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + source)))
                let entry = try entry(for: bytes)
                if source != shared { try manifest.update(shared, to: entry) { try folder.write(bytes, to: shared) } }
                for (own, p) in zip(pair.map(\.relativePath), paths) where p == own {
                    try manifest.update(own, to: nil) { try FileManager.default.removeItem(atPath: directory + "/" + own) }
                }
                joined += 1
            } else if paths.contains(shared) {
                // They differ: the cell still reading the shared golden gets it as its own file.
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + shared)))
                let entry = try entry(for: bytes)
                for (cell, p) in zip(pair, paths) where p == shared {
                    try manifest.update(cell.relativePath, to: entry) { try folder.write(bytes, to: cell.relativePath) }
                }
                try manifest.update(shared, to: nil) { try FileManager.default.removeItem(atPath: directory + "/" + shared) }
                split += 1
            }
        }
        return (joined, split)
    }

    private func entry(for png: [UInt8]) throws -> GoldenManifest.Entry {
        GoldenManifest.Entry(file: ImageDiff.bytesHash(png), pixels: ImageDiff.pixelHash(DiffImage(try PNGCodec.decode(png))))
    }
}

public enum RewritePolicy: Sendable { case never, failing, anyPixel }

public enum RecordOutcome: Sendable, Equatable { case created, updated, unchanged }

public struct RecordResult: Sendable {
    public var outcome: RecordOutcome
    /// The manifest entry of the golden as it now is on disk.
    public var entry: GoldenManifest.Entry
    /// For a created or updated golden: the file before (nil when new) and as written, for the
    /// record summary page.
    public var previous: [UInt8]? = nil
    public var png: [UInt8]? = nil
}

public struct GoldenOutcome: Sendable {
    public enum Status: Sendable {
        case passed
        case failed(DiffResult)
        case missing
        case error(String)
    }
    public var cell: MatrixCell
    public var status: Status
    /// Passed through the manifest's hashes, without decoding the golden.
    public var matchedByHash = false
    /// Kept for the report when asked (failures only need them).
    public var expected: DiffImage?
    public var actual: DiffImage?
    /// A failure's view frames (when the render gave them), to name the view that changed.
    public var views: ViewFrames?
    public var passed: Bool { if case .passed = status { return true } else { return false } }
}

extension DiffImage {
    init(_ image: RGBAImage) { self.init(width: image.width, height: image.height, pixels: image.pixels) }
}

extension RGBAImage {
    init(_ image: DiffImage) { self.init(width: image.width, height: image.height, pixels: image.pixels) }
}

extension WidgetRenderer {
    /// The straight-RGBA pixels of a render, without encoding a PNG.
    func renderPixels(_ request: RenderRequest) throws -> RGBAImage {
        try draw(prepare(request)).straightRGBA()
    }
}
