import ArgumentParser
import Foundation
import WidgetGallery
import WidgetModel
import WidgetShot
import WidgetTemplate

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every layout × surface × preview × appearance into a folder with an index.html.",
        discussion: """
        Files are named OUT/LAYOUT/SURFACE/PREVIEW-SCHEME.png (OUT/DEVICE/… with several --device), \
        plus OUT/LAYOUT/SURFACE/placeholder-SCHEME.png per surface, plus each surface's other \
        rendering modes in dark: PREVIEW-dark-accented.png on the home families (the tinted Home \
        Screen), PREVIEW-dark-vibrant.png on standBy (night mode); --rendering-mode picks modes. OUT/index.html is one \
        self-contained page (open it from disk, or run `widgetshot serve` and open /): a section per \
        layout, per surface a row per preview with light and dark side by side at their point size; \
        a toolbar filters by layout, surface, preview, appearance, device and locale (the filters \
        are kept in the address, so a copied link shows the same); "In context" shows each image \
        where iOS shows it (Home Screen, Lock Screen, around the Dynamic Island, StandBy); every \
        image has an anchor, its sizes, its lint warnings and the `widgetshot render` command and \
        HTTP URL that reproduce it; click one for full scale.

        Incremental: OUT/.gallery-manifest.json records a content key per image (layout file, \
        assets, fonts, renderer, parameters); a rebuild renders only the images whose key changed. \
        Uses every core; on a terminal, a progress line on standard error says how many, which and how long.

        Verify marks: images whose golden failed in the last `widgetshot verify --report DIR` \
        (DIR/report.json; by default .build/verify-report, where `make test` writes it) are marked \
        ✗ with the difference and linked to that failure in the report; a line under the toolbar \
        says what the report found and a "Verify" filter shows only the marked images. The report \
        links back when written with `--gallery` (anchors are shared: \
        index.html#delivery/systemSmall/onTheWay/light/iphone15pro on both pages).

        Pushes and timelines: a section per sample push sequence and timeline of a layout \
        (Layouts/samples/LAYOUT/sequence*.json, timeline*.json and the layout's timeline: policy), \
        each as a filmstrip (OUT/push/LAYOUT/NAME.png, with its page of validation checks beside \
        it); drawn again only when the layout or its samples change.

        Exit codes: 0 written; 1 some image failed to render or a layout failed to load (the page \
        shows why); 2 bad options.

        Examples:
          widgetshot gallery --out out && xdg-open out/index.html
          widgetshot gallery --layout delivery --surface lockScreen \\
            --device iphone15pro --device iphonese
          widgetshot verify --report out/report --gallery ../index.html
          widgetshot gallery --out out --verify-report out/report
        """)

    @Option(name: .long, help: "The folder to write into.")
    var out: String = "out"

    @OptionGroup var selection: MatrixSelection

    // The look options a gallery shares with render, push and timeline: their help and checks
    // are LookSpec's (`lookHelp`, `LookSpec.validate`); a gallery takes several devices.
    @Option(name: .long, help: lookHelp("device", note: "Repeat for several."))
    var device: [String] = []

    @Option(name: .long, help: lookHelp("scale"))
    var scale: Double?

    @Flag(name: .long, help: lookHelp("placeholder", note: "Every image, instead of a row of them."))
    var placeholder = false

    @Flag(name: .long, inversion: .prefixedNo, help: "Add a placeholder row per surface.")
    var placeholderRow = true

    @Option(name: .long, help: ArgumentHelp(
        "The folder of a `widgetshot verify --report` whose failures the page marks (default: \(GalleryOptions.defaultVerifyReport) below the project, when it has a report.json).",
        valueName: "dir"))
    var verifyReport: String?

    @Flag(name: .long, help: "Mark no image from a verify report.")
    var noVerifyMarks = false

    @Flag(name: .long, inversion: .prefixedNo, help: "Add the section of sample push sequences and timelines (Layouts/samples/).")
    var pushSection = true

    func validate() throws {
        do { try LookSpec(scale: scale).validate() } catch { throw ValidationError(LookOptions.message(error)) }
    }

    /// Each --device checked as LookSpec checks one (its message), the --ios generation applied.
    private func devices() throws -> [DeviceProfile] {
        let ids: [String?] = device.isEmpty ? [nil] : device
        var profiles: [DeviceProfile] = []
        for id in ids {
            let spec = LookSpec(device: id, ios: selection.ios)
            do { profiles.append(try spec.resolvedDevice()) } catch { throw CLIError(LookOptions.message(error)) }
        }
        return profiles
    }

    /// The verify report whose failures the page marks: --verify-report (which must hold one), else
    /// the project's default folder, or none with --no-verify-marks.
    private func verifyReportFolder(_ folders: ProjectFolders) throws -> String? {
        if noVerifyMarks { return nil }
        guard let verifyReport else { return folders.root + "/" + GalleryOptions.defaultVerifyReport }
        guard FileManager.default.fileExists(atPath: verifyReport + "/report.json") else {
            note("error: --verify-report \(verifyReport): no report.json there (write one with `widgetshot verify --report \(verifyReport)`)")
            throw ExitCode(2)
        }
        return verifyReport
    }

    func run() throws {
        let folders = try selection.project.folders()
        let devices = try devices()
        let catalog = LayoutCatalog(directory: folders.layouts)
        var source = GallerySource(documents: [])
        try SwiftSource.addToGallery(&source, folders: folders, project: selection.project)
        let swiftNames = Set(source.documents.map(\.name))
        if !selection.layout.isEmpty { source.documents.removeAll { !selection.layout.contains($0.name) } }
        for name in selection.layout where (try? catalog.resolve(name)) == nil && !swiftNames.contains(name) {
            note("error: \(CatalogError.unknownLayout(name, known: catalog.names() + swiftNames.sorted(), directory: folders.layouts))")
            throw ExitCode(2)
        }
        let report = try verifyReportFolder(folders)
        let layouts = selection.layout.filter { !swiftNames.contains($0) }
        if selection.layout.isEmpty || !layouts.isEmpty {
            let loaded = GallerySource.load(folders, names: layouts.isEmpty ? nil : layouts)
            source.documents = loaded.documents + source.documents
            source.problems += loaded.problems
        }
        var options = GalleryOptions(devices: devices, scale: scale,
                                     surfaces: selection.surface.isEmpty ? nil : Set(selection.surface),
                                     previews: selection.preview.isEmpty ? nil : Set(selection.preview),
                                     placeholders: placeholderRow, placeholderOnly: placeholder,
                                     verifyReport: report, filmstrips: pushSection)
        options.modes = selection.renderingMode.isEmpty ? nil : Set(selection.renderingMode)
        options.span = try selection.matrixSpan(folders)
        if source.problems.isEmpty, GalleryMatrix.cells(for: source.documents, options: options).isEmpty {
            note("nothing to render (check --layout/--surface/--preview/--device/--rendering-mode)"); throw ExitCode(2)
        }
        let builder = GalleryBuilder(folders: folders, pool: RendererPool(fonts: try selection.project.fontLibrary(folders)),
                                     options: options)
        let build = try builder.build(source, into: out, progress: GalleryProgressLine())
        for p in build.problems { note("error: \(p.message)") }
        Self.noteRenderErrors(build)
        let seconds = String(format: "%.2f", build.seconds)
        print("\(build.entries.count - build.failed) of \(build.entries.count) PNGs in \(out)/ (\(build.rendered) rendered, \(build.reused) unchanged) in \(seconds) s; \(build.warnings) warning(s), shown in the page")
        print("open \(out)/index.html")
        if build.failed > 0 || !build.problems.isEmpty { throw ExitCode(1) }
    }

    /// One problem (a missing image) fails every render that shows it: each distinct error once, with where.
    static func noteRenderErrors(_ build: GalleryBuild) {
        var renders: [String: [String]] = [:]
        var order: [String] = []
        for e in build.entries {
            guard let error = e.record.error else { continue }
            for line in error.split(separator: "\n").map(String.init) {
                if renders[line] == nil { order.append(line) }
                renders[line, default: []].append(e.cell.relativePath)
            }
        }
        for error in order {
            let paths = renders[error]!
            let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
            note("\(error.hasPrefix("error:") || error.contains(": error: ") ? "" : "error: ")\(error)\n  (in \(paths.count) render\(paths.count == 1 ? "" : "s"): \(shown))")
        }
    }
}

/// A progress line on standard error while it is a terminal, rewritten in place (verify, record).
/// Nothing otherwise: in a CI log or a file, progress lines only push the findings apart, and the
/// command's summary says how many there were.
final class Progress: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private let lock = NSLock()
    private let tty = isatty(2) != 0

    init(total: Int) { self.total = total }

    func tick() {
        guard tty else { return }
        lock.withLock {
            done += 1
            FileHandle.standardError.write(Data("\r\(done)/\(total)".utf8))
        }
    }

    func finish() { if tty { FileHandle.standardError.write(Data("\n".utf8)) } }
}
