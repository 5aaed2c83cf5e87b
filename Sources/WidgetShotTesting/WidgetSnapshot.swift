import Foundation
import Synchronization
import WidgetDiff
import WidgetGoldens
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Snapshot tests of a team's widget layouts from Swift tests (Swift Testing or XCTest), the way
/// swift-snapshot-testing works: the first run records a reference PNG beside the test file
/// (`__Snapshots__/<TestFile>/<name>.png`), later runs render again and compare pixels with
/// WidgetShot's diff (the same rules as `widgetshot verify`), and a failure writes the actual
/// picture and a diff picture beside the reference and says so in one line.
///
/// ```swift
/// import Testing
/// import WidgetShotTesting
///
/// @Test func smallWidget() {
///     assertWidgetSnapshot(layout: "steps", surface: .systemSmall, preview: "morning")
/// }
/// ```
///
/// The layout comes from the project found upward from the test file (`widgetshot.yaml`, or a
/// folder with `Layouts/`; docs/project.md); fonts from the project, else the fonts in the
/// WidgetShot package itself. Rendered as the goldens are: the golden device at 2x.
///
/// Record modes are swift-snapshot-testing's: `missing` (the default) writes the missing references
/// (the test fails once, saying it recorded), `failed` also rewrites the ones that differ (and
/// fails), `all` rewrites every reference, `never` only compares (for CI). A failure's actual and
/// diff pictures go outside the source tree: to `$SNAPSHOT_ARTIFACTS` when set (as
/// swift-snapshot-testing), else the temporary folder's `widgetshot-artifacts/`.
public enum WidgetSnapshot {
    public enum RecordMode: String, Sendable, CaseIterable {
        case all, failed, missing, never
        /// `WIDGETSHOT_RECORD`, else swift-snapshot-testing's `SNAPSHOT_TESTING_RECORD`: `all`
        /// (`1`/`true`), `failed`, `missing`, `never` (`0`/`false`); `missing` when neither is set.
        public static var fromEnvironment: RecordMode {
            let environment = ProcessInfo.processInfo.environment
            return parse(environment["WIDGETSHOT_RECORD"]) ?? parse(environment["SNAPSHOT_TESTING_RECORD"]) ?? .missing
        }

        static func parse(_ text: String?) -> RecordMode? {
            switch text?.lowercased() {
            case "all", "1", "true", "yes": .all
            case "failed": .failed
            case "missing": .missing
            case "never", "0", "false", "no": .never
            default: nil
            }
        }
    }

    /// Where a failure's actual and diff pictures go: `$SNAPSHOT_ARTIFACTS/<TestFile>/`, else
    /// `<temporary folder>/widgetshot-artifacts/<TestFile>/` — never beside the reference, in the
    /// team's sources.
    static func artifactsFolder(testFile: String) -> URL {
        let stem = URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-artifacts")
        return base.appendingPathComponent(stem)
    }

    /// Renders the cell and compares it with its reference; nil when it matches, else the one-line
    /// failure (with the paths of the actual and diff pictures it wrote).
    public static func verify(layout: String, surface: Surface, preview: String, scheme: ColorScheme = .light,
                              mode: RenderingMode? = nil, named name: String? = nil, project: ProjectFolders? = nil,
                              record: RecordMode = .fromEnvironment, options: DiffOptions = .default,
                              file: String, function: String) -> String? {
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            return "snapshot name '\(name)' is not a file name (no '/', not starting with '.'); it names a PNG beside the test"
        }
        let testFile = URL(fileURLWithPath: file)
        let snapshots = testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        let base = name ?? "\(Self.identifier(function)).\(layout).\(surface.rawValue).\(preview)-\(scheme.rawValue)"
            + (mode.map { "-\($0.rawValue)" } ?? "")
        let reference = snapshots.appendingPathComponent(base + ".png").path
        let shown = "__Snapshots__/\(testFile.deletingPathExtension().lastPathComponent)/\(base).png"

        let png: [UInt8]
        do {
            png = try render(layout: layout, surface: surface, preview: preview, scheme: scheme, mode: mode,
                             project: project, near: testFile.deletingLastPathComponent().path)
            _ = try image(png)
        } catch {
            return "snapshot \(layout)/\(surface.rawValue)/\(preview): \(error)"
        }
        return check(png, reference: reference, shown: shown, snapshots: snapshots, record: record, options: options,
                     artifacts: artifactsFolder(testFile: file))
    }

    /// The reference beside a test file for snapshot `base` (`__Snapshots__/<TestFile>/<base>.png`):
    /// its path, how a message shows it, and its folder.
    static func referencePath(base: String, file: String) -> (reference: String, shown: String, folder: URL) {
        let testFile = URL(fileURLWithPath: file)
        let folder = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        return (folder.appendingPathComponent(base + ".png").path,
                "__Snapshots__/\(testFile.deletingPathExtension().lastPathComponent)/\(base).png", folder)
    }

    /// A rendered PNG against its reference, by the record mode: recorded, nil when it matches, or
    /// the one-line failure (with the actual and diff pictures written to `artifacts`).
    static func check(_ png: [UInt8], reference: String, shown: String, snapshots: URL, record: RecordMode,
                      options: DiffOptions, artifacts: URL) -> String? {
        let existing = FileManager.default.contents(atPath: reference).map { [UInt8]($0) }
        func write() -> String? {
            do {
                try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
                try AtomicFile.write(png, to: reference)
                return nil
            } catch { return "snapshot \(shown): cannot write the reference: \(error)" }
        }
        if record == .all || (existing == nil && (record == .missing || record == .failed)) {
            if let failed = write() { return failed }
            return existing == nil
                ? "recorded a new snapshot at \(shown); run the test again to compare with it"
                : "recorded \(shown) (record mode all); turn recording off to compare"
        }
        guard let existing else {
            return "no reference snapshot at \(shown) (record mode never); record it with WIDGETSHOT_RECORD=missing"
        }
        let failure: Mismatch?
        do { failure = try compare(reference: existing, actual: png, options: options) } catch {
            return "snapshot \(shown) cannot be read: \(error)"
        }
        let name = URL(fileURLWithPath: reference).deletingPathExtension().lastPathComponent
        let actualPath = artifacts.appendingPathComponent(name + ".actual.png").path
        let diffPath = artifacts.appendingPathComponent(name + ".diff.png").path
        guard let failure else {
            try? FileManager.default.removeItem(atPath: actualPath)
            try? FileManager.default.removeItem(atPath: diffPath)
            return nil
        }
        if record == .failed {
            if let failed = write() { return failed }
            return "recorded \(shown) over a reference that differed (\(failure.reason)); run the test again to compare with it"
        }
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try? AtomicFile.write(png, to: actualPath)
        try? AtomicFile.write(failure.diffPNG, to: diffPath)
        return "snapshot \(shown) differs: \(failure.reason); actual: \(actualPath), diff: \(diffPath) (WIDGETSHOT_RECORD=failed to accept)"
    }

    /// The PNG of one cell, rendered as the goldens are (the golden device at 2x, the small PNG
    /// preset). The layout comes from `project`, else from the project found upward from `near`
    /// (a test file's folder).
    public static func render(layout: String, surface: Surface, preview: String, scheme: ColorScheme = .light,
                              mode: RenderingMode? = nil, project: ProjectFolders? = nil, near: String) throws -> [UInt8] {
        // Fonts the project does not bring come from the WidgetShot package this library was built
        // from (a checkout, or .build/checkouts/… of a consumer): found upward from this source file
        // as from an installed binary. The test process itself (an .xctest) is in the consumer's
        // .build, far from them.
        let folders = try project ?? ProjectFolders.locate(executable: packageAnchor, workingDirectory: near)
        let document = try LayoutCatalog(directory: folders.layouts).load(layout)
        guard document.preview(named: preview) != nil else {
            throw SnapshotError(message: "no preview named '\(preview)' in \(document.shownName) (previews: \(document.previews.map(\.name).joined(separator: ", ")))")
        }
        let cell = MatrixCell(layout: document.name, surface: surface, preview: preview, scheme: scheme, mode: mode)
        let request: RenderRequest
        do {
            request = try cell.request(for: document, look: LookSpec(scale: GoldenSuite.defaultScale), pngPreset: .small)
        } catch { throw SnapshotError(message: error.message) }
        let renderer = WidgetRenderer(fonts: try fonts(for: folders))
        return try renderer.render(request).png
    }

    /// Why two pictures differ under `options` (the rules `widgetshot verify` applies), and a diff
    /// picture (PNG) that shows where.
    public struct Mismatch: Sendable {
        public var reason: String
        public var diffPNG: [UInt8]
    }

    /// nil when the PNG `actual` matches the PNG `reference` by the diff rules; throws when either
    /// cannot be decoded.
    public static func compare(reference: [UInt8], actual: [UInt8], options: DiffOptions = .default) throws -> Mismatch? {
        let expected = try image(reference), actualImage = try image(actual)
        let result = ImageDiff.compare(expected: expected, actual: actualImage, options: options)
        if result.passed { return nil }
        let diff = ImageDiff.diffImage(expected: expected, actual: actualImage, result: result, options: options)
        let bytes = (try? PNGCodec.encode(Bitmap(straight: RGBAImage(width: diff.width, height: diff.height, pixels: diff.pixels)))) ?? []
        return Mismatch(reason: result.failureReason ?? "\(result.differingPixels) pixels differ", diffPNG: bytes)
    }

    static func image(_ png: [UInt8]) throws -> DiffImage {
        let d = try PNGCodec.decode(png)
        return DiffImage(width: d.width, height: d.height, pixels: d.pixels)
    }

    public struct SnapshotError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    /// `smallWidget()` → `smallWidget`: the test's name as a file name part.
    static func identifier(_ function: String) -> String {
        let name = function.prefix { $0 != "(" }
        let safe = name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
        return safe.isEmpty ? "snapshot" : String(safe)
    }

    /// A file inside the WidgetShot package (Sources/WidgetShotTesting/): what its bundled
    /// `Fonts/` are found from.
    static let packageAnchor = "\(#filePath)"

    /// One font library per folder for the whole test process (building one reads every font file).
    private static let libraries = Mutex<[String: FontLibrary]>([:])

    static func fonts(for folders: ProjectFolders) throws -> FontLibrary {
        var directory = folders.fonts
        if !FileManager.default.fileExists(atPath: directory) {
            // The fonts inside the WidgetShot package this library was built from.
            directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fonts").path
        }
        let directories = [directory] + folders.addedFonts, key = directories.joined(separator: "\n")
        if let known = libraries.withLock({ $0[key] }) { return known }
        let library = try FontLibrary(directories: directories, sealed: false)
        return libraries.withLock { cache in
            if let known = cache[key] { return known }
            cache[key] = library
            return library
        }
    }
}

#if canImport(Testing)
/// Records a failure at the call when the snapshot does not match (see `WidgetSnapshot`): an issue
/// in a Swift Testing test, an `XCTFail` in an XCTest one.
public func assertWidgetSnapshot(layout: String, surface: Surface, preview: String, scheme: ColorScheme = .light,
                                 mode: RenderingMode? = nil, named name: String? = nil, project: ProjectFolders? = nil,
                                 record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                 file: StaticString = #filePath, line: UInt = #line, function: String = #function,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let failure = WidgetSnapshot.verify(layout: layout, surface: surface, preview: preview, scheme: scheme, mode: mode,
                                              named: name, project: project, record: record, file: "\(file)", function: function) else { return }
    #if canImport(XCTest)
    if Test.current == nil {
        XCTFail(failure, file: file, line: line)
        return
    }
    #endif
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}
#elseif canImport(XCTest)
/// Fails the XCTest at the call when the snapshot does not match (see `WidgetSnapshot`).
public func assertWidgetSnapshot(layout: String, surface: Surface, preview: String, scheme: ColorScheme = .light,
                                 mode: RenderingMode? = nil, named name: String? = nil, project: ProjectFolders? = nil,
                                 record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                 file: StaticString = #filePath, line: UInt = #line, function: String = #function) {
    guard let failure = WidgetSnapshot.verify(layout: layout, surface: surface, preview: preview, scheme: scheme, mode: mode,
                                              named: name, project: project, record: record, file: "\(file)", function: function) else { return }
    XCTFail(failure, file: file, line: line)
}
#endif
