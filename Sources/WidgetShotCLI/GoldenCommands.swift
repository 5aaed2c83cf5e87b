import ArgumentParser
import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate
import WidgetGoldens
import WidgetSwiftSource

/// Which cells of the layout × surface × preview × scheme matrix a command works on
/// (gallery, verify, record).
struct MatrixSelection: ParsableArguments {
    @Option(name: .long, help: "Only these layouts.")
    var layout: [String] = []

    @Option(name: .long, help: "Only these surfaces.")
    var surface: [Surface] = []

    @Option(name: .long, help: "Only these previews.")
    var preview: [String] = []

    @Option(name: .long, help: ArgumentHelp(iosHelp.abstract, discussion: (iosHelp.discussion ?? "")
        + " verify and record: goldens of a generation other than the golden device's own (iphone15pro: 18) live in Golden/iosNN/.",
        valueName: "18|26"))
    var ios: String?
    // Not `--mode`: record's --mode already says which goldens to rewrite.
    @Option(name: .customLong("rendering-mode"), help: ArgumentHelp(
        "Only these rendering modes (fullColor, accented, vibrant).",
        discussion: "Each surface's default mode (fullColor; vibrant for the accessories) in light and dark, and its other modes in dark only: accented on the home families (the tinted Home Screen, files …-dark-accented.png), vibrant on standBy (night mode, …-dark-vibrant.png).",
        valueName: "mode"))
    var renderingMode: [RenderingMode] = []

    @Option(name: .long, help: ArgumentHelp(
        "Span a look axis over these values: NAME=VALUE,VALUE (\(MatrixAxis.all.map(\.name).joined(separator: ", "))).",
        discussion: "Replaces that axis's values from `matrix:` in widgetshot.yaml. Each preview is drawn in its own look and at every listed value that differs from it; such an image's file adds the value, e.g. onTheWay-light.ko.png, onTheWay-light.accessibility3.png. Repeat for several axes.",
        valueName: "name=values"))
    var span: [String] = []

    @OptionGroup var project: ProjectOptions

    /// The project's `matrix:`, each axis `--span` names replaced.
    func matrixSpan(_ folders: ProjectFolders) throws -> MatrixSpan {
        var result = folders.matrix
        for text in span {
            do { try result.set(option: text) } catch {
                throw ValidationError("--span \(text): \(error.message)")
            }
        }
        return result
    }

    /// The project folders, the chosen layouts (all of them by default) and, when widgetshot.yaml
    /// names `swift:`, the team's widget code built and described, its widgets as documents.
    func documents() throws -> (ProjectFolders, [LayoutDocument], SwiftProject?) {
        let folders = try project.folders()
        let catalog = LayoutCatalog(directory: folders.layouts)
        let swift = try SwiftSource.project(folders, project: project)
        let swiftNames = Set(swift?.documents.map(\.name) ?? [])
        if layout.isEmpty, swift == nil { _ = try project.layoutFiles(folders) }
        var documents: [LayoutDocument] = []
        let names = layout.isEmpty ? catalog.names() : layout.filter { !swiftNames.contains($0) }
        for name in names {
            do { documents.append(try catalog.load(name)) } catch {
                note("error: \(error)")
                throw ExitCode(2)
            }
        }
        documents += (swift?.documents ?? []).filter { layout.isEmpty || layout.contains($0.name) }
        return (folders, documents, swift)
    }

    /// What verify and record work on: the folders, the documents, the suite, the Swift source.
    struct Loaded {
        var folders: ProjectFolders
        var documents: [LayoutDocument]
        var suite: GoldenSuite
        var swift: SwiftProject?
    }

    func load() throws -> Loaded {
        let (folders, documents, swift) = try documents()
        let device = DeviceProfile.default
        let span = try matrixSpan(folders)
        guard let generation = try iosGeneration(ios), generation != device.shipsWith else {
            return Loaded(folders: folders, documents: documents, suite: try GoldenSuite(directory: folders.golden, span: span), swift: swift)
        }
        let suite = try GoldenSuite(directory: folders.golden + "/ios\(generation.number)", device: device.on(generation), span: span)
        return Loaded(folders: folders, documents: documents, suite: suite, swift: swift)
    }

    func cells(_ documents: [LayoutDocument], device: DeviceProfile, span: MatrixSpan) -> [(LayoutDocument, MatrixCell)] {
        documents.flatMap { d in
            RenderMatrix.cells(for: d, device: device, surfaces: surface.isEmpty ? nil : Set(surface),
                               previews: preview.isEmpty ? nil : Set(preview),
                               modes: renderingMode.isEmpty ? nil : Set(renderingMode), span: span).map { (d, $0) }
        }
    }

    /// The selected cells; a selection that matches none is an error naming what there is (a CI
    /// step with a mistyped `--surface` must not pass by checking nothing).
    func cells(_ suite: GoldenSuite, _ documents: [LayoutDocument]) throws -> [(LayoutDocument, MatrixCell)] {
        let found = cells(documents, device: suite.device, span: suite.span)
        if found.isEmpty, isFiltered, !documents.isEmpty {
            var asked: [String] = []
            if !surface.isEmpty { asked.append("--surface " + surface.map(\.rawValue).joined(separator: ",")) }
            if !preview.isEmpty { asked.append("--preview " + preview.joined(separator: ",")) }
            if !renderingMode.isEmpty { asked.append("--rendering-mode " + renderingMode.map(\.rawValue).joined(separator: ",")) }
            let there = documents.map { d in
                "\(d.name): surfaces \(d.surfaces.map(\.rawValue).joined(separator: ", ")); previews \(d.previews.map(\.name).joined(separator: ", "))"
            }
            throw CLIError("no golden matches \(asked.joined(separator: " ")): " + there.joined(separator: "; "))
        }
        return found
    }

    var isFiltered: Bool { !surface.isEmpty || !preview.isEmpty || !renderingMode.isEmpty }
}

/// The diff knobs verify and diff share.
struct DiffKnobs: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Per-pixel YIQ color distance threshold, 0…1 (default \(DiffOptions.default.threshold)).",
        discussion: "0.025 lets a 1–6/255 gray change pass and fails a 7/255 one or a light/dark system-color swap."))
    var threshold: Double?

    @Option(name: .long, help: "Fail when more than this many pixels differ (default 0).")
    var maxDiffPixels: Int?

    @Option(name: .long, help: "Fail when more than this fraction of pixels differ, e.g. 0.001 (default 0).")
    var maxDiffRatio: Double?

    @Option(name: .long, help: "Side of the window of the localized rule, in pixels (0 turns it off; default 8).")
    var window: Int?

    @Option(name: .long, help: "Fail when any window holds more differing pixels than this (default 4).")
    var windowMaxPixels: Int?

    @Flag(name: .long, help: "Count antialiased pixels as differences too.")
    var noAntialiasing = false

    func options(_ base: DiffOptions = .default) throws -> DiffOptions {
        var o = base
        if let threshold {
            guard threshold.isFinite, (0...1).contains(threshold) else { throw ValidationError("--threshold is between 0 and 1") }
            o.threshold = threshold
        }
        if let maxDiffPixels { o.maxDiffPixels = max(0, maxDiffPixels) }
        if let maxDiffRatio {
            guard maxDiffRatio.isFinite, (0...1).contains(maxDiffRatio) else { throw ValidationError("--max-diff-ratio is between 0 and 1") }
            o.maxDiffRatio = maxDiffRatio
        }
        if let window { o.windowSize = max(0, window) }
        if let windowMaxPixels { o.windowMaxPixels = max(0, windowMaxPixels) }
        if noAntialiasing { o.detectAntialiasing = false }
        return o
    }
}

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Render every preview and compare it with its golden in Golden/.",
        discussion: """
        Prints one line per cause (the same change seen through several goldens is one line: its \
        first golden, how many more, and the preview's file:line:col; every golden of it in \
        --report) and a summary `N passed, N failed` (plus missing and stale goldens when there are \
        any). No golden at all (the goldens folder missing or empty) is one line naming the folder. Goldens are rendered on iphone15pro at 2x. An unchanged render \
        is confirmed from Golden/manifest.json (a hash of its pixels) without decoding the golden; \
        otherwise the perceptual diff decides (see `widgetshot diff --help` for the rules). \
        Golden/ignore.json may list rectangles (points) to skip per golden or per pattern.

        With --report DIR: for each failure expected/actual/diff PNGs and an index.html that groups \
        the failures by cause (the same change at the same place of one surface across previews and \
        appearances is shown once, then the list), filters by layout and surface, and shows each \
        golden side by side, as a slider, blinking or as the diff alone; plus report.json and \
        junit.xml for CI. Every golden has an anchor, e.g. \
        index.html#delivery/systemSmall/onTheWay/light/iphone15pro (layout/surface/preview/appearance/device, \
        the gallery's too).

        CI at scale: --shard K/N verifies the K-th of N parts of the matrix (round-robin over the \
        cells sorted by path: the same on every machine; N shards cover each cell exactly once); \
        give each shard its own --report folder and join them with `widgetshot merge-reports`. \
        --format github (the default when GITHUB_ACTIONS=true) prints one ::error annotation per \
        cause (failures grouped as the report groups them) at the first preview's line in its layout \
        file, and appends the causes as a table to $GITHUB_STEP_SUMMARY when it is set (with --report, each \
        cause's first golden before, after and as the diff, small: also in the report's summary/).

        Examples:
          widgetshot verify --report out/report --gallery ../index.html
          widgetshot verify --shard 2/4 --report reports/2
          widgetshot merge-reports reports/1 reports/2 reports/3 reports/4 --out report

        Golden/manifest.json records the library stack that recorded the goldens (cairo, pango, \
        freetype, harfbuzz, fontconfig, pixman). When this binary runs with other versions, the \
        summary line and the report say which differ (recorded → running), besides any failures; \
        a manifest without a stack (version 1) makes the stack "unknown", not an error. To move to \
        a new stack on purpose: run `widgetshot record --mode failed` in the new image, look at \
        what it rewrote (git diff, `verify --report` before recording), and commit the goldens with \
        the manifest.

        Exit codes: 0 all match, 1 differences (or missing/stale goldens), 2 usage or render error.
        """)

    @OptionGroup var selection: MatrixSelection
    @OptionGroup var knobs: DiffKnobs

    @Option(name: .long, help: "Write a report (HTML, JSON, JUnit XML, PNGs) into this folder.")
    var report: String?

    @Option(name: .long, help: ArgumentHelp("Verify only the K-th of N parts of the matrix, e.g. 2/4.", valueName: "K/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("text or github (::error annotations); default github when GITHUB_ACTIONS=true, else text."))
    var format: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("The gallery page, as a URL relative to the report folder; each golden in the report links to its anchor there.",
                                            valueName: "url"))
    var gallery: String?

    func run() throws {
        let started = Date()
        let part: MatrixShard?
        do { part = try shard.map(MatrixShard.init(parsing:)) } catch { throw ValidationError("\(error)") }
        let loaded = try selection.load()
        let (folders, documents) = (loaded.folders, loaded.documents)
        var tuned = loaded.suite
        tuned.options = try knobs.options()
        let suite = tuned
        let all = try selection.cells(suite, documents)
        let picked = part?.select(all, name: { $0.1.relativePath }) ?? all.enumerated().map { ($0.offset, $0.element) }
        let jobs = picked.map(\.item)
        let manifest = try GoldenManifest.load(suite.manifestPath)
        let stack = StackCheck(recorded: manifest.stack)
        let drawn = try SwiftSource.draw(jobs, loaded.swift, suite: suite, folders: folders)
        let pool = RendererPool(fonts: try selection.project.fontLibrary(folders))
        let progress = Progress(total: jobs.count)
        let wantImages = report != nil
        let outcomes = pool.map(jobs.count) { i, renderer in
            defer { progress.tick() }
            return drawn.check(jobs[i], suite: suite, renderer: renderer, manifest: manifest, keepImages: wantImages)
        }
        progress.finish()
        // Stale goldens belong to no cell: the first shard reports them.
        let stale = selection.isFiltered || (part.map { $0.index != 1 } ?? false) ? [] : suite.staleFiles(for: documents)
        var built = VerifyReport.verify(Array(zip(picked.map(\.position), outcomes)), suite: suite, documents: documents,
                                        stale: stale, cells: all.count, seconds: Date().timeIntervalSince(started),
                                        shard: part, gallery: gallery)
        built.document.stack = ReportStack(stack)
        built.document.attach(warnings: drawn.warnings)
        let errors = outcomes.filter { if case .error = $0.status { return true } else { return false } }.count
        if let report {  // before the findings: the job summary shows pictures from it
            do {
                try built.write(to: report)
                note("report: \(report)/index.html")
            } catch { note("error: cannot write the report into \(report): \(error)"); throw ExitCode(2) }
        }
        printFindings(document: built.document, suite: suite, projectFile: folders.projectFile, drawn: drawn)
        let d = built.document
        var summary = "\(d.passed) passed, \(d.failed) failed"
        if d.missing > 0 { summary += ", \(d.missing) missing" }
        if d.stale > 0 { summary += ", \(d.stale) stale" }
        if let part { summary += " (shard \(part): \(jobs.count) of \(all.count) goldens)" }
        if let stackNote = stack.note { summary += "; " + stackNote }
        print(summary)
        note(String(format: "verified %d goldens in %.2f s (%d by hash)", outcomes.count, Date().timeIntervalSince(started),
                    outcomes.filter(\.matchedByHash).count))
        if errors > 0 { throw ExitCode(2) }
        if d.failed + d.missing + d.stale > 0 { throw ExitCode(1) }
    }

    /// The failures: as GitHub annotations (one per cause, and a table in the job's summary) or a
    /// line per cause (the goldens of each in the report); no golden at all is one line naming the
    /// folder looked in. The widget runner's warnings go to standard error first.
    private func printFindings(document: ReportDocument, suite: GoldenSuite, projectFile: String?, drawn: SwiftDrawings) {
        drawn.noteWarnings()
        if OutputFormat.resolve(format) == .github {
            for line in GitHubAnnotation.groups(document) { print(line) }
            GitHubAnnotation.writeSummary(GitHubAnnotation.summary(document, report: report))
            return
        }
        if let none = TextFindings.noGoldens(document, folder: suite.directory, named: projectFile.map(VerifyReport.displayPath),
                                             recordCommand: suite.recordCommand) {
            print(none)
            return
        }
        for line in TextFindings.lines(document, recordCommand: suite.recordCommand) { print(line) }
        if report == nil, document.failed + document.missing + document.stale > 0 {
            note("every golden of each cause, with before/after/diff: widgetshot verify --report DIR")
        }
    }

    static func reason(_ r: DiffResult) -> String {
        var text = r.failureReason ?? "differs"
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func regions(_ r: DiffResult) -> String {
        guard !r.regions.isEmpty else { return "" }
        return "; regions " + r.regions.prefix(3).map { "\($0.width)×\($0.height) at (\($0.x), \($0.y))" }.joined(separator: ", ")
            + (r.regions.count > 3 ? " and \(r.regions.count - 3) more" : "")
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write golden PNGs into Golden/ and update Golden/manifest.json.",
        discussion: """
        Modes: `missing` (default) writes only goldens that do not exist yet; `failed` rewrites the \
        ones verify would fail; `all` rewrites every golden whose pixels changed at all. A golden \
        whose pixels are unchanged is never rewritten, so re-recording an unchanged tree changes no \
        bytes. Goldens use the slow, small PNG preset. CI never records: with the CI environment \
        variable set, record refuses unless --force. Look at every golden you record before \
        committing it, and say in the commit message why it changed.

        With --report DIR: a page of what changed (new and rewritten goldens, before and after, side \
        by side, slider, blink and diff, grouped by cause as verify's report; stale goldens listed), \
        plus report.json and junit.xml. Example: widgetshot record --mode failed --report out/recorded

        The manifest records the library stack (cairo, pango, freetype, harfbuzz, fontconfig, \
        pixman versions) the goldens hold on: a run over every golden with --mode failed or all \
        (or a first record into an empty manifest) writes the running stack there. Upgrading the \
        image that records goldens: `widgetshot record --mode failed` in the new image, then \
        review every rewritten golden before committing.
        """)

    enum Mode: String, ExpressibleByArgument, CaseIterable { case missing, failed, all }

    @Option(name: .long, help: "missing, failed or all.")
    var mode: Mode = .missing

    @Flag(name: .long, help: "Record even when CI is set.")
    var force = false

    @Option(name: .long, help: "Write a summary of what changed (HTML with before/after, JSON, JUnit XML) into this folder.")
    var report: String?

    @Option(name: .long, help: ArgumentHelp("The gallery page, as a URL relative to the report folder.", valueName: "url"))
    var gallery: String?

    @OptionGroup var selection: MatrixSelection

    func run() throws {
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty, ci != "0", ci != "false", !force {
            note("error: CI is set: goldens are recorded on a developer machine and committed, never on CI (pass --force to override)")
            throw ExitCode(2)
        }
        let started = Date()
        let loaded = try selection.load()
        let (folders, documents, suite) = (loaded.folders, loaded.documents, loaded.suite)
        AtomicFile.removeStaleTempFiles(in: suite.directory)
        // Each golden is written together with its manifest entry, so an interrupted run leaves
        // a manifest that describes every golden on disk.
        let manifest = try GoldenManifestFile(path: suite.manifestPath)
        let wasEmpty = manifest.current.entries.isEmpty
        let jobs = try selection.cells(suite, documents)
        let drawn = try SwiftSource.draw(jobs, loaded.swift, suite: suite, folders: folders)
        let pool = RendererPool(fonts: try selection.project.fontLibrary(folders))
        let progress = Progress(total: jobs.count)
        let policy: RewritePolicy = mode == .missing ? .never : mode == .failed ? .failing : .anyPixel
        let outcomes = pool.map(jobs.count) { i, renderer -> Result<RecordResult, RecordFailure> in
            defer { progress.tick() }
            do {
                guard jobs[i].0.isDrawnElsewhere else {
                    return .success(try suite.record(jobs[i].1, in: jobs[i].0, with: renderer, rewrite: policy, manifest: manifest))
                }
                return .success(try suite.record(jobs[i].1, rewrite: policy, manifest: manifest) { try drawn.png(of: jobs[i].1) })
            } catch {
                return .failure(RecordFailure(message: "\(suite.path(of: jobs[i].1)): \(error)"))
            }
        }
        progress.finish()
        // One golden per light/dark pair with the same pixels; a pair that came apart gets a file each.
        var shared = (joined: 0, split: 0)
        if outcomes.allSatisfy({ if case .success = $0 { true } else { false } }) {
            shared = try suite.shareSchemePairs(jobs.map(\.1), manifest: manifest)
        }
        let counts = printOutcomes(outcomes, jobs.map(\.1), suite: suite)
        drawn.noteWarnings()
        if shared.joined + shared.split > 0 {
            print("light and dark: \(shared.joined) pair(s) now share one golden (PREVIEW-any.png), \(shared.split) shared golden(s) split in two")
        }
        if counts.failures == 0 { try noteLibraryStack(manifest, wrote: counts.created + counts.updated, wasEmpty: wasEmpty) }
        if let report {
            try writeReport(report, outcomes, jobs.map(\.1), suite: suite, documents: documents, seconds: Date().timeIntervalSince(started),
                            warnings: drawn.warnings)
        }
        if counts.failures > 0 { throw ExitCode(2) }
    }

    /// One line per golden written, errors on standard error, then the counts.
    private func printOutcomes(_ outcomes: [Result<RecordResult, RecordFailure>], _ cells: [MatrixCell],
                               suite: GoldenSuite) -> (created: Int, updated: Int, failures: Int) {
        var created = 0, updated = 0, unchanged = 0, failures = 0
        for (i, o) in outcomes.enumerated() {
            let cell = cells[i]
            switch o {
            case .success(let r):
                switch r.outcome {
                case .created: created += 1; print("created \(suite.path(of: cell))")
                case .updated: updated += 1; print("updated \(suite.path(of: cell))")
                case .unchanged: unchanged += 1
                }
            case .failure(let f): failures += 1; note("error: \(f.message)")
            }
        }
        print("\(created) created, \(updated) updated, \(unchanged) unchanged\(failures > 0 ? ", \(failures) failed" : "")")
        return (created, updated, failures)
    }

    /// The stack is the manifest's claim about every golden: only a run that rendered all of them
    /// here (or wrote the first ones) makes it; another run that wrote goldens says when it differs.
    private func noteLibraryStack(_ manifest: GoldenManifestFile, wrote: Int, wasEmpty: Bool) throws {
        let running = LibraryStack.running
        let recorded = manifest.current.stack
        if !selection.isFiltered && selection.layout.isEmpty && (mode != .missing || wasEmpty) {
            if try manifest.setStack(running) != running {
                note(recorded.map { "library stack of the goldens: " + $0.differences(running: running).map(\.description).joined(separator: ", ") }
                     ?? "library stack of the goldens: \(running)")
            }
        } else if wrote > 0, let recorded, recorded != running {
            note("warning: wrote goldens on another library stack than the manifest's (\(recorded.differences(running: running).map(\.description).joined(separator: ", "))); record every golden on one stack: `widgetshot record --mode failed`")
        } else if wrote > 0, recorded == nil {
            note("note: the manifest records no library stack yet; `widgetshot record --mode failed` over every golden records it")
        }
    }

    /// `--report`: what changed, as a page, report.json and junit.xml.
    private func writeReport(_ report: String, _ outcomes: [Result<RecordResult, RecordFailure>], _ cells: [MatrixCell],
                             suite: GoldenSuite, documents: [LayoutDocument], seconds: Double, warnings: [String: [String]]) throws {
        let items = outcomes.enumerated().map { i, o -> (cell: MatrixCell, result: RecordResult?, error: String?) in
            switch o {
            case .success(let r): return (cells[i], r, nil)
            case .failure(let f): return (cells[i], nil, f.message)
            }
        }
        let stale = selection.isFiltered ? [] : suite.staleFiles(for: documents)
        do {
            var built = VerifyReport.record(items, suite: suite, documents: documents, stale: stale, seconds: seconds, gallery: gallery)
            built.document.attach(warnings: warnings)
            try built.write(to: report)
            note("summary of what changed: \(report)/index.html")
        } catch { note("error: cannot write the summary into \(report): \(error)"); throw ExitCode(2) }
    }
}

struct RecordFailure: Error { var message: String }

struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete goldens that no preview produces any more (and their manifest entries).",
        discussion: "A golden is stale when its layout exists but no surface × preview × scheme of it makes that file, e.g. after renaming a preview. Exit codes: 0 done, 2 usage error.")

    @Flag(name: .long, help: "Only list what would be deleted.")
    var dryRun = false

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let folders = try project.folders()
        _ = try project.layoutFiles(folders)
        let documents: [LayoutDocument]
        do { documents = try LayoutCatalog(directory: folders.layouts).loadAll() } catch {
            note("error: \(error)"); throw ExitCode(2)
        }
        // The project's matrix: goldens of its spanned axes are not stale.
        let suite = try GoldenSuite(directory: folders.golden, span: folders.matrix)
        let stale = suite.staleFiles(for: documents)
        let manifest = try GoldenManifestFile(path: suite.manifestPath)
        for file in stale {
            print(dryRun ? "would delete \(file)" : "deleted \(file)")
            if !dryRun {
                try manifest.update(String(file.dropFirst(suite.directory.count + 1)), to: nil) {
                    try FileManager.default.removeItem(atPath: file)
                }
            }
        }
        print("\(stale.count) stale golden(s)\(dryRun ? " (dry run, nothing deleted)" : "")")
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNGs with the perceptual diff engine verify uses.",
        discussion: """
        A pixel differs when its YIQ color distance (pixelmatch's) exceeds --threshold and it is not \
        antialiasing (an edge moved by a fraction of a pixel, judged from its 3×3 neighbourhood in \
        both images). The pair fails when more than --max-diff-pixels differ, or more than \
        --max-diff-ratio of all pixels, or when any --window × --window square holds more than \
        --window-max-pixels differing pixels (so a changed digit fails even where a global ratio \
        passes). Different sizes always fail. Defaults are strict: our renders are deterministic.

        Exit codes: 0 same, 1 different, 2 usage or unreadable file.
        """)

    @Argument(help: "The expected PNG.") var expected: String
    @Argument(help: "The actual PNG.") var actual: String

    @Option(name: [.short, .customLong("output")], help: "Write a diff image: differing pixels red, antialiasing yellow.")
    var output: String?

    @OptionGroup var knobs: DiffKnobs

    func run() throws {
        let options = try knobs.options()
        let a: DiffImage, b: DiffImage
        do { (a, b) = try PNGPair.decode(expected, actual) } catch {
            note("error: \(error)"); throw ExitCode(2)
        }
        let result = ImageDiff.compare(expected: a, actual: b, options: options)
        if let output {
            let picture = ImageDiff.diffImage(expected: a, actual: b, result: result, options: options)
            let png = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: picture.width, height: picture.height, pixels: picture.pixels)))
            try AtomicFile.write(png, to: output)
        }
        switch result.verdict {
        case .identical: print("identical")
        case .withinTolerance: print("same within tolerance: \(result.differingPixels) px differ, \(result.antialiasedPixels) antialiased")
        case .different, .sizeMismatch: print("different: \(VerifyCommand.reason(result))\(VerifyCommand.regions(result))")
        }
        if !result.passed { throw ExitCode(1) }
    }
}

extension SwiftDrawings {
    /// The widget runner's warnings on standard error, each once, and how many pictures had any
    /// (`report.json` keeps them per picture, as the gallery's manifest does).
    func noteWarnings() {
        let byCell = warnings
        guard !byCell.isEmpty else { return }
        var seen = Set<String>()
        for key in byCell.keys.sorted() { for warning in byCell[key]! where seen.insert(warning).inserted { note(warning) } }
        note("\(seen.count) warning(s) from the widget runner, in \(byCell.count) Swift picture(s)")
    }
}
