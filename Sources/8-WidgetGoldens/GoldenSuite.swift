import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetTemplate
import WidgetShot

/// The committed golden images: `Golden/<layout>/<surface>/<preview>-<scheme>.png` (with `-<mode>`
/// after the scheme in a rendering mode other than the surface's default), one per cell of
/// every layout's matrix, rendered on one device at one scale, with `Golden/manifest.json`
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

    public static let defaultScale = 2.0

    /// The `widgetshot record` that writes this suite's goldens: with `--ios N` for a generation
    /// other than the golden device's own (Golden/iosNN/), so a hint names the command that works.
    public var recordCommand: String {
        device.ios == device.shipsWith ? "widgetshot record" : "widgetshot record --ios \(device.ios.number)"
    }

    /// Reads `DIRECTORY/ignore.json` unless `ignore` is given; a malformed one is an error.
    public init(directory: String, device: DeviceProfile = .default, scale: Double = GoldenSuite.defaultScale,
                options: DiffOptions = .default, ignore: GoldenIgnoreList? = nil) throws {
        self.directory = directory; self.device = device; self.scale = scale; self.options = options
        if let ignore { self.ignore = ignore } else { self.ignore = try GoldenIgnoreList.load(from: directory) }
    }

    public var manifestPath: String { directory + "/manifest.json" }
    public func path(of cell: MatrixCell) -> String { directory + "/" + cell.relativePath }

    public func cells(for documents: [LayoutDocument]) -> [MatrixCell] {
        documents.flatMap { RenderMatrix.cells(for: $0, device: device) }
    }

    public func request(for cell: MatrixCell, in document: LayoutDocument) -> RenderRequest? {
        guard let preview = document.preview(named: cell.preview) else { return nil }
        var r = RenderRequest(layout: document, surface: cell.surface, preview: preview, device: device,
                              scale: scale, scheme: cell.scheme)
        cell.apply(to: &r)
        r.pngPreset = .small
        r.mode = cell.mode
        return r
    }

    /// The diff options for one cell: the suite's, plus its ignore regions converted to pixels.
    public func options(for cell: MatrixCell) -> DiffOptions {
        var o = options
        o.ignore += ignore.regions(for: cell).map {
            IgnoreRegion(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
        }
        return o
    }

    /// Golden PNGs on disk that no cell of these layouts produces (a renamed preview, a removed surface).
    public func staleFiles(for documents: [LayoutDocument]) -> [String] {
        let expected = Set(cells(for: documents).map(path(of:)))
        let names = Set(documents.map(\.name))
        var stale: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        while let rel = walker.nextObject() as? String {
            guard rel.hasSuffix(".png"), let layout = rel.split(separator: "/").first, names.contains(String(layout)) else { continue }
            let full = directory + "/" + rel
            if !expected.contains(full) { stale.append(full) }
        }
        return stale.sorted()
    }

    /// Renders one cell and compares it with its golden. When the golden file is the one the
    /// manifest fingerprinted and the render's pixels hash to the manifest's pixel hash, the
    /// cell passes without decoding the golden or comparing pixels.
    public func check(_ cell: MatrixCell, in document: LayoutDocument, with renderer: WidgetRenderer,
                      manifest: GoldenManifest? = nil, keepImages: Bool = false) -> GoldenOutcome {
        guard let request = request(for: cell, in: document) else {
            return GoldenOutcome(cell: cell, status: .error("no preview named \(cell.preview)"))
        }
        let actual: DiffImage
        do {
            actual = DiffImage(try renderer.renderPixels(request))
        } catch {
            return GoldenOutcome(cell: cell, status: .error("\(error)"))
        }
        let goldenPath = path(of: cell)
        guard let data = FileManager.default.contents(atPath: goldenPath) else {
            return GoldenOutcome(cell: cell, status: .missing, actual: keepImages ? actual : nil)
        }
        let bytes = [UInt8](data)
        if let entry = manifest?.entries[cell.relativePath], entry.file == ImageDiff.bytesHash(bytes),
           entry.pixels == ImageDiff.pixelHash(actual) {
            return GoldenOutcome(cell: cell, status: .passed, matchedByHash: true)
        }
        let expected: DiffImage
        do { expected = DiffImage(try PNGCodec.decode(bytes)) } catch {
            return GoldenOutcome(cell: cell, status: .error("cannot read golden \(goldenPath): \(error)"))
        }
        let result = ImageDiff.compare(expected: expected, actual: actual, options: options(for: cell))
        return GoldenOutcome(cell: cell, status: result.passed ? .passed : .failed(result),
                             expected: keepImages ? expected : nil, actual: keepImages ? actual : nil)
    }

    /// Renders a cell and writes its golden when it is missing, or (`rewrite`) when the render's
    /// pixels differ from it: `.anyPixel` for any change, `.failing` only when verify would fail.
    /// A golden whose pixels are unchanged is never rewritten, so re-recording changes no bytes.
    /// With `manifest`, the golden and its entry there are written together.
    public func record(_ cell: MatrixCell, in document: LayoutDocument, with renderer: WidgetRenderer,
                       rewrite: RewritePolicy, manifest: GoldenManifestFile? = nil) throws -> RecordResult {
        let goldenPath = path(of: cell)
        let existing = FileManager.default.contents(atPath: goldenPath).map { [UInt8]($0) }
        if let existing, rewrite == .never { return try unchanged(existing, cell, manifest) }
        guard let request = request(for: cell, in: document) else {
            throw RenderError.noView(layout: document.name, surface: cell.surface, available: [])
        }
        let result = try renderer.render(request)
        let actual = DiffImage(result.bitmap.straightRGBA())
        if let existing, let old = try? PNGCodec.decode(existing) {
            let diff = ImageDiff.compare(expected: DiffImage(old), actual: actual, options: options(for: cell))
            let keep = rewrite == .failing ? diff.passed : diff.verdict == .identical
            if keep { return try unchanged(existing, cell, manifest) }
        }
        let entry = GoldenManifest.Entry(file: ImageDiff.bytesHash(result.png), pixels: ImageDiff.pixelHash(actual))
        // The cell's path is made of names from the layout: written through OutputFolder, each
        // passes the safe-path rule and no folder on the way is a link.
        let folder = OutputFolder(directory)
        if let manifest {
            try manifest.update(cell.relativePath, to: entry) { try folder.write(result.png, to: cell.relativePath) }
        } else {
            try folder.write(result.png, to: cell.relativePath)
        }
        return RecordResult(outcome: existing == nil ? .created : .updated, entry: entry, previous: existing, png: result.png)
    }

    private func unchanged(_ png: [UInt8], _ cell: MatrixCell, _ manifest: GoldenManifestFile?) throws -> RecordResult {
        let result = RecordResult(outcome: .unchanged, entry: try entry(for: png))
        try manifest?.update(cell.relativePath, to: result.entry)
        return result
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
