import Foundation
import Testing
import WidgetGoldens
import WidgetModel

/// The `widgetshot` executable run as a real process, for tests that need signals, exit codes
/// and files on disk. It is built beside the test bundle (`swift build --build-tests`);
/// `WIDGETSHOT_BIN` overrides it (e.g. to run these tests against another build).
public struct CLIProcess: Sendable {
    public static var binary: String {
        if let path = ProcessInfo.processInfo.environment["WIDGETSHOT_BIN"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("widgetshot").path
    }

    public let pid: pid_t
    public let arguments: [String]
    private let child: ChildProcess
    private let outputPath: String
    private let errorPath: String

    /// Spawned with every signal at its default action and none blocked, as from a shell: the
    /// test runner's threads block or ignore signals, and a child inherits both.
    public init(_ arguments: [String]) throws { try self.init(binary: Self.binary, arguments) }

    public init(binary: String, _ arguments: [String]) throws {
        try self.init(binary: binary, arguments, environment: [:], cwd: nil)
    }

    /// `environment` is added to (or overrides) ours; `cwd` is the child's working directory.
    /// Standard input is /dev/null; standard output and error go to temporary files, read by
    /// `outputSoFar` and `wait`. Started by `ChildProcess`, which also keeps this process's other
    /// descriptors (the in-process test servers' sockets, which SwiftNIO does not mark
    /// close-on-exec) out of the child: a child holding copies of them would keep connections open
    /// after the servers close them.
    public init(binary: String, _ arguments: [String], environment extra: [String: String], cwd: String?) throws {
        self.arguments = arguments
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-cli-\(UUID().uuidString)").path
        outputPath = base + ".out"
        errorPath = base + ".err"
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["GITHUB_ACTIONS"] = nil  // would turn lint and verify output into annotations
        environment["WIDGETSHOT_HOME"] = nil
        for (key, value) in extra { environment[key] = value }
        child = try ChildProcess(binary, arguments, environment: environment, directory: cwd,
                                 stdin: .null, stdout: .file(outputPath), stderr: .file(errorPath))
        pid = child.pid
    }

    /// What the process has written to standard output so far; it may still be running (a server's
    /// start-up line).
    public var outputSoFar: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Whether the process has not ended (a zombie counts as ended).
    public var isRunning: Bool { child.isRunning }

    /// What a finished run left: its exit status (128 + N for a signal N), the signal if one
    /// ended it, and what it wrote.
    public typealias Outcome = (status: Int32, killedBy: Int32?, stdout: String, stderr: String)

    /// Waits at most `seconds` for the process to end; kills it (and fails the test) after that.
    ///
    /// It polls with `Task.sleep`, never a blocking sleep: a test waits on Swift's cooperative
    /// threads (one per core), and a test that blocked one for the seconds a child runs would stall
    /// every other test on it — the in-process HTTP servers' handlers among them.
    @discardableResult
    public func wait(seconds: Double = 120) async -> Outcome {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        if isRunning {
            Issue.record("widgetshot \(arguments) still running after \(seconds) s")
            child.signal(SIGKILL)
        }
        return collect()
    }

    /// Stops the process: SIGTERM, then SIGKILL if it still runs after `seconds`; returns what it
    /// left. It blocks the calling thread while it waits (for a `defer`, which cannot await): keep
    /// it for processes that end promptly on SIGTERM (`serve`).
    @discardableResult
    public func terminate(seconds: Double = 20) -> Outcome {
        child.signal(SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning { child.signal(SIGKILL) }
        return collect()
    }

    /// Reaps the process (it has ended or was killed: this does not block for long) and reads and
    /// removes its output files.
    private func collect() -> Outcome {
        let end: ChildProcess.Termination
        do { end = try child.wait() } catch {
            Issue.record("widgetshot \(arguments): \(error)")
            end = .exited(-1)
        }
        let out = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
        if case .signaled(let signal) = end { return (end.status, signal, out, err) }
        return (end.status, nil, out, err)
    }

    /// Runs to the end.
    public static func run(_ arguments: [String], seconds: Double = 120) async throws -> Outcome {
        try await CLIProcess(arguments).wait(seconds: seconds)
    }

    public static func run(binary: String, _ arguments: [String], seconds: Double = 120) async throws -> Outcome {
        try await CLIProcess(binary: binary, arguments).wait(seconds: seconds)
    }

    /// Stops the process (SIGSTOP) and waits until the kernel says it is stopped, so that what
    /// is on disk cannot change while the test looks at it.
    public func stop() -> Bool {
        guard kill(pid, SIGSTOP) == 0 else { return false }
        for _ in 0..<2000 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let state = stat[stat.index(close, offsetBy: 2)]
            if state == "T" || state == "t" { return true }
            if state == "Z" || state == "X" { return false }
            usleep(100)
        }
        return false
    }

    public func resume() { kill(pid, SIGCONT) }

}
/// Every file under `directory` whose name ends in `.tmp`.
public func temporaryFiles(in directory: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var found: [String] = []
    while let rel = walker.nextObject() as? String {
        if rel.hasSuffix(".tmp") { found.append(rel) }
    }
    return found
}

/// A scratch copy of the project (Layouts/, Fonts/, Golden/) that a test may damage.
public struct ScratchProject: Sendable {
    public let root: String

    public init(from source: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-project-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for folder in ["Layouts", "Fonts", "Golden"] {
            try FileManager.default.copyItem(atPath: source + "/" + folder, toPath: root + "/" + folder)
        }
    }

    public var golden: String { root + "/Golden" }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// The widgetshot binary as a child process with its own environment (ours, without CI,
/// WIDGETSHOT_HOME and GITHUB_ACTIONS, plus `extra`) and working directory. Spawned by CLIProcess
/// (posix_spawn, the child's state read from /proc, reaped with waitpid) rather than Foundation's
/// Process, whose `isRunning` once stayed true for minutes after a verify child had exited (its
/// SIGCHLD bookkeeping starved among the blocking tests) and whose `waitUntilExit` then never
/// returned: a fresh-clone CI run hung there.
public func runWidgetshot(_ arguments: [String], environment extra: [String: String] = [:], cwd: String? = nil,
                          seconds: Double = 300) async throws -> (status: Int32, stdout: String, stderr: String) {
    let run = try await CLIProcess(binary: CLIProcess.binary, arguments, environment: extra, cwd: cwd).wait(seconds: seconds)
    return (run.status, run.stdout, run.stderr)
}

public func readReport(_ dir: String) throws -> ReportDocument {
    try ReportDocument.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/report.json"))), file: dir)
}



/// Reads a FIFO to its end on a thread of its own (never a concurrency pool thread: opening a
/// FIFO blocks until its writer opens it, and on two cores the pool's threads may all be busy).
public final class FIFOReader: @unchecked Sendable {
    private var bytes = Data()
    private let finished = DispatchSemaphore(value: 0)

    public init(_ path: String) {
        let thread = Thread { [self] in
            bytes = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            finished.signal()
        }
        thread.start()
    }

    /// What was read, once the writer closed the FIFO (nil after `seconds`).
    public func wait(seconds: Double = 60) -> Data? {
        finished.wait(timeout: .now() + seconds) == .success ? bytes : nil
    }
}
