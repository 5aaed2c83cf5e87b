import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

/// What verify and record share: which layouts, surfaces and previews.
struct GoldenSelection: ParsableArguments {
    @Option(name: .long, help: "Only these layouts.")
    var layout: [String] = []

    @Option(name: .long, help: "Only these surfaces.")
    var surface: [Surface] = []

    @Option(name: .long, help: "Only these previews.")
    var preview: [String] = []

    @OptionGroup var project: ProjectOptions

    func load() throws -> (ProjectFolders, [LayoutDocument], GoldenSuite) {
        let folders = try project.folders()
        let catalog = LayoutCatalog(directory: folders.layouts)
        var documents: [LayoutDocument] = []
        for name in layout.isEmpty ? catalog.names() : layout {
            do { documents.append(try catalog.load(name)) } catch {
                note("error: \(error)")
                throw ExitCode(2)
            }
        }
        return (folders, documents, GoldenSuite(directory: folders.golden))
    }

    func cells(_ suite: GoldenSuite, _ documents: [LayoutDocument]) -> [(LayoutDocument, MatrixCell)] {
        documents.flatMap { d in
            RenderMatrix.cells(for: d, device: suite.device, surfaces: surface.isEmpty ? nil : Set(surface),
                               previews: preview.isEmpty ? nil : Set(preview)).map { (d, $0) }
        }
    }

    var isFiltered: Bool { !surface.isEmpty || !preview.isEmpty }
}

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Render every preview and compare it with its golden in Golden/.",
        discussion: """
        Prints one line per failure and a summary `N passed, N failed` (plus missing and stale
        goldens when there are any). Goldens are rendered on iphone15pro at 2x; a pixel passes when
        no channel differs by more than the tolerance.

        Exit codes: 0 all match, 1 differences (or missing/stale goldens), 2 usage or render error.
        """)

    @OptionGroup var selection: GoldenSelection

    @Option(name: .long, help: "Largest per-channel difference (0–255) that still counts as equal.")
    var tolerance: Int = GoldenSuite.defaultTolerance

    func run() throws {
        let (folders, documents, loaded) = try selection.load()
        var tuned = loaded
        tuned.tolerance = tolerance
        let suite = tuned
        let jobs = selection.cells(suite, documents)
        let pool = RendererPool(fonts: try selection.project.fontLibrary(folders))
        let progress = Progress(total: jobs.count)
        let outcomes = pool.map(jobs.count) { i, renderer in
            defer { progress.tick() }
            return suite.check(jobs[i].1, in: jobs[i].0, with: renderer)
        }
        progress.finish()
        var passed = 0, failed = 0, missing = 0, errors = 0
        for o in outcomes {
            let file = suite.path(of: o.cell)
            switch o.status {
            case .passed: passed += 1
            case .failed(let c): failed += 1; print("FAIL \(file): \(c)")
            case .missing: missing += 1; print("MISSING \(file): no golden (run `widgetshot record`)")
            case .error(let e): errors += 1; print("ERROR \(file): \(e)")
            }
        }
        let stale = selection.isFiltered ? [] : suite.staleFiles(for: documents)
        for s in stale { print("STALE \(s): no preview produces it (run `widgetshot prune` or delete it)") }
        var summary = "\(passed) passed, \(failed + errors) failed"
        if missing > 0 { summary += ", \(missing) missing" }
        if !stale.isEmpty { summary += ", \(stale.count) stale" }
        print(summary)
        if errors > 0 { throw ExitCode(2) }
        if failed + missing + stale.count > 0 { throw ExitCode(1) }
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write golden PNGs into Golden/.",
        discussion: """
        Modes: `missing` (default) writes only goldens that do not exist yet; `failed` rewrites the
        ones whose pixels differ from a fresh render; `all` renders everything. A golden whose pixels
        are unchanged is never rewritten, so re-recording an unchanged tree changes no bytes.
        CI never records: with the CI environment variable set, record refuses unless --force.
        Look at every golden you record before committing it.
        """)

    enum Mode: String, ExpressibleByArgument, CaseIterable { case missing, failed, all }

    @Option(name: .long, help: "missing, failed or all.")
    var mode: Mode = .missing

    @Flag(name: .long, help: "Record even when CI is set.")
    var force = false

    @OptionGroup var selection: GoldenSelection

    func run() throws {
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty, ci != "0", ci != "false", !force {
            note("error: CI is set: goldens are recorded on a developer machine and committed, never on CI (pass --force to override)")
            throw ExitCode(2)
        }
        let (folders, documents, suite) = try selection.load()
        let jobs = selection.cells(suite, documents)
        let pool = RendererPool(fonts: try selection.project.fontLibrary(folders))
        let progress = Progress(total: jobs.count)
        let rewriteAbove: Int? = mode == .missing ? nil : mode == .failed ? suite.tolerance : 0
        let outcomes = pool.map(jobs.count) { i, renderer -> Result<RecordOutcome, RecordFailure> in
            defer { progress.tick() }
            do { return .success(try suite.record(jobs[i].1, in: jobs[i].0, with: renderer, rewriteAbove: rewriteAbove)) } catch {
                return .failure(RecordFailure(message: "\(suite.path(of: jobs[i].1)): \(error)"))
            }
        }
        progress.finish()
        var created = 0, updated = 0, unchanged = 0, failures = 0
        for (i, o) in outcomes.enumerated() {
            switch o {
            case .success(.created): created += 1; print("created \(suite.path(of: jobs[i].1))")
            case .success(.updated): updated += 1; print("updated \(suite.path(of: jobs[i].1))")
            case .success(.unchanged): unchanged += 1
            case .failure(let f): failures += 1; note("error: \(f.message)")
            }
        }
        print("\(created) created, \(updated) updated, \(unchanged) unchanged\(failures > 0 ? ", \(failures) failed" : "")")
        if failures > 0 { throw ExitCode(2) }
    }
}

struct RecordFailure: Error { var message: String }
