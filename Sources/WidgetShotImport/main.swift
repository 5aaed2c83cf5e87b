import ArgumentParser
import Foundation
import WidgetImport
import WidgetModel

/// `widgetshot-import`: the importer's own executable (`widgetshot import` runs it), so the main
/// binary, the server and the renderer never load swift-syntax.
struct ImportTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetshot import",
        abstract: "Turn SwiftUI widget code into a draft WidgetShot layout (parse only: the code is never compiled or run).",
        discussion: """
        Reads Swift files, or folders searched for .swift files, and writes a layout in the layout \
        language: surfaces from the widget configurations (supportedFamilies, switch on the family, the \
        Live Activity's lock screen and Dynamic Island), helper views as components, enum extensions \
        as tables, #Preview timelines as previews. What it cannot translate becomes a dashed \
        placeholder in the draft and a TODO line (file:line:col: construct — why) on stderr.

        --check LAYOUT compares the fingerprints the layout recorded at import with the Swift now: \
        exit 1 naming each view that changed structurally (formatting and comments do not count), \
        0 when none did.

        The whole import runs within Limits.importSeconds (60 s): past it, it stops with an error \
        naming the file being parsed, and nothing is written.

        Exit codes: 0 done, 1 drift found (--check), 2 bad input or past the deadline (nothing \
        written), 3 the draft was written but its own lint rejects it (each error printed as \
        "draft: …"; fix the draft by hand before using it). \
        See docs/import.md.
        """)

    @Argument(help: "Swift files or folders.")
    var paths: [String] = []

    @Option(name: .shortAndLong, help: "Write the layout here (atomically); default: standard output.")
    var output: String?

    @Option(name: .long, help: "Write the report (counts, TODOs, dropped modifiers, warnings) as JSON here.")
    var report: String?

    @Option(name: .long, help: "The layout's name (default: the output file's name without extension, else 'imported').")
    var name: String?

    @Option(name: .long, help: "A layout written by an earlier import: check its recorded views against the Swift in PATH….")
    var check: String?

    @Option(name: .long, help: ArgumentHelp("Stop after this many seconds (reading and parsing included).",
                                            discussion: "Default \(Int(Limits.default.importSeconds)) (Limits.importSeconds). Past it the import stops with an error naming the file being parsed, and nothing is written.",
                                            valueName: "seconds"))
    var deadline: Double = Limits.default.importSeconds

    @Flag(name: .long, help: "Do not print the TODO list (the summary line still goes to stderr).")
    var quiet = false

    /// A file this run will write must be in a folder that exists: said before the import runs,
    /// naming the folder, not after it as a bare "cannot write".
    func validate() throws {
        guard deadline.isFinite, deadline > 0, deadline <= 3600 else { throw ValidationError("--deadline must be a number of seconds in (0, 3600], got \(deadline)") }
        for (option, path) in [("--output", output), ("--report", report)] {
            guard let path, path != "-" else { continue }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("\(option) \(path): the folder \(folder) does not exist")
            }
        }
    }

    func run() throws {
        guard !paths.isEmpty else { throw ValidationError("give the Swift files or folders to import") }
        if let check {
            let findings: [DriftCheck.Finding]
            let paths = paths
            do { findings = try ImportThread.run(seconds: deadline) { try DriftCheck.check(layoutPath: check, paths: paths) } } catch {
                note("error: \(error)"); throw ExitCode(2)
            }
            for f in findings { print(f.description) }
            note(findings.isEmpty ? "\(check): no imported view changed since the import"
                 : "\(check): \(findings.count) view(s) changed since the import: re-import or update the layout by hand")
            if !findings.isEmpty { throw ExitCode(1) }
            return
        }
        let layoutName = name ?? output.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "imported"
        let result: ImportResult
        let paths = paths
        do { result = try ImportThread.run(seconds: deadline) { try WidgetImporter.run(paths: paths, options: ImportOptions(name: layoutName)) } } catch {
            note("error: \(error)"); throw ExitCode(2)
        }
        for w in result.report.warnings { note(w.description) }
        if !quiet {
            for t in result.report.todos { note("\(t.spot): TODO: \(t.construct) — \(t.why)") }
            for d in result.report.dropped { note("\(d.spot): dropped .\(d.modifier) (changes nothing a picture shows)") }
        }
        for d in result.lintDiagnostics { note("draft: \(d)") }
        let draftErrors = result.lintDiagnostics.filter { $0.severity == .error }.count
        func write(_ data: Data, to path: String) throws {
            do { try AtomicFile.write([UInt8](data), to: path) } catch let error as OutputPathError {
                note("error: \(error)"); throw ExitCode(2)
            } catch {
                note("error: cannot write \(path): \(error.localizedDescription)"); throw ExitCode(2)
            }
        }
        if let output { try write(Data(result.yaml.utf8), to: output) } else {
            FileHandle.standardOutput.write(Data(result.yaml.utf8))
        }
        if let report { try write(result.report.json(), to: report) }
        note(result.report.summary)
        if draftErrors > 0 {
            note("error: the draft has \(draftErrors) lint error(s) (above, as draft: …): it was written, but WidgetShot will refuse it until they are fixed")
            throw ExitCode(3)
        }
    }
}

/// The import runs on a thread of its own: its stack is large (the parser and the walks after it
/// recurse per level of the Swift, within the depth limits of `Limits`), and the calling thread
/// waits for it at most `seconds`. The Swift parser cannot be interrupted, so a thread past the
/// deadline is abandoned: the process prints the error and exits 2 (nothing was written; writes
/// happen only after the import is done).
enum ImportThread {
    static let stackBytes = 512 << 20

    final class Box<T>: @unchecked Sendable { var result: Result<T, Error>? }

    static func run<T>(seconds: Double, _ body: @escaping () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = Box<T>()
        nonisolated(unsafe) let work = body
        let thread = Thread {
            box.result = Result { try work() }
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            let file = ImportProgress.current.map { " while parsing \($0)" } ?? ""
            note("error: the import took more than \(seconds) s (Limits.importSeconds, --deadline)\(file): that Swift makes the parser's work explode "
                 + "(e.g. unterminated \\( interpolations or deeply nested brackets); nothing was written")
            exit(2)
        }
        return try box.result!.get()
    }
}

func note(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

ImportTool.main()
