import Foundation
import TestSupport
import WidgetModel
import WidgetShot
#if canImport(Glibc)
import Glibc
#endif

/// The `widgetshot` executable built next to these tests, run as a real process for the tests where
/// the CLI is the subject (`sign`, `serve`'s start-up). Started by ChildProcess, which keeps this
/// process's descriptors (the in-process test servers' sockets) out of the child. Every run is
/// bounded: past its time the process is killed and `status` is nil.
enum ServerCLI {
    struct Run: Sendable, CustomStringConvertible {
        /// The exit status; 128 + N for a signal N; nil when it was still running and was killed.
        var status: Int32?
        var stdout: String
        var stderr: String
        var description: String { "status \(status.map(String.init) ?? "none (killed)")\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    static var executable: String {
        get throws {
            guard let path = ShutdownTests.executable else { throw TestFailure("build widgetshot first (swift build)") }
            return path
        }
    }

    /// Runs `widgetshot arguments` to its end, at most `seconds`. `environment` is added to this
    /// process's environment less every `WIDGETSHOT_*` variable (so the runner's own settings never
    /// leak into a test).
    static func run(_ arguments: [String], environment: [String: String] = [:], seconds: Double = 20) async throws -> Run {
        let (process, out, err) = try start(arguments, environment: environment)
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { try? await Task.sleep(for: .milliseconds(10)) }
        return finish(process, out, err)
    }

    /// Starts `widgetshot arguments`, waits (at most `seconds`) for the first line on stdout or for
    /// the process to end, then stops it with SIGTERM (SIGKILL if it lingers). The line is "" when
    /// none came.
    static func firstLine(_ arguments: [String], environment: [String: String] = [:], seconds: Double = 20) async throws -> (line: String, run: Run) {
        let (process, out, err) = try start(arguments, environment: environment)
        let end = Date().addingTimeInterval(seconds)
        var line = ""
        while Date() < end {
            let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if let newline = text.firstIndex(of: "\n") { line = String(text[..<newline]); break }
            if !process.isRunning { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.signal(SIGTERM) }
        let stopBy = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stopBy { try? await Task.sleep(for: .milliseconds(10)) }
        return (line, finish(process, out, err))
    }

    private static func start(_ arguments: [String], environment extra: [String: String]) throws -> (ChildProcess, String, String) {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WIDGETSHOT_") }
        for (key, value) in extra { environment[key] = value }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-server-cli-\(UUID().uuidString)").path
        let out = base + ".out", err = base + ".err"
        let process = try ChildProcess(try executable, arguments, environment: environment,
                                       stdin: .null, stdout: .file(out), stderr: .file(err))
        return (process, out, err)
    }

    private static func finish(_ process: ChildProcess, _ out: String, _ err: String) -> Run {
        let killed = process.isRunning
        if killed { process.signal(SIGKILL) }
        let end = try? process.wait()
        let stdout = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: out)
        try? FileManager.default.removeItem(atPath: err)
        return Run(status: killed ? nil : end?.status, stdout: stdout, stderr: stderr)
    }
}

/// A project of its own (a scratch folder removed when the test process exits, the repository's fonts) with layouts whose names need
/// percent-encoding in a URL (`my layout`, `카페`), one tiny surface each so that a `--watch` gallery
/// of it builds in moments, and a verify report at the place the server serves it from.
enum TinyProject {
    static let names = ["my layout", "카페"]

    static let folders: ProjectFolders = {
        let root = processScratchDirectory("tiny")
        try! FileManager.default.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try! FileManager.default.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        for name in names {
            let layout = """
                name: \(name)
                surfaces:
                  systemSmall:
                    view:
                      text: "{{title}}"
                previews:
                  one:
                    data:
                      title: "\(name)"

                """
            try! Data(layout.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/\(name).yaml"))
        }
        try! FileManager.default.createDirectory(atPath: root + "/.build/verify-report", withIntermediateDirectories: true)
        try! Data(reportPage.utf8).write(to: URL(fileURLWithPath: root + "/.build/verify-report/index.html"))
        return ProjectFolders(root: root)
    }()

    static let reportPage = "<!doctype html><title>verify report</title><p>all goldens match</p>\n"
}
