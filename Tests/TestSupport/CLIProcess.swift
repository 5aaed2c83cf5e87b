import Foundation
import Testing
import WidgetGoldens

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
    private let outputPath: String
    private let errorPath: String

    /// Spawned with every signal at its default action and none blocked, as from a shell: the
    /// test runner's threads block or ignore signals, and a child inherits both.
    public init(_ arguments: [String]) throws { try self.init(binary: Self.binary, arguments) }

    public init(binary: String, _ arguments: [String]) throws {
        try self.init(binary: binary, arguments, environment: [:], cwd: nil)
    }

    /// `environment` is added to (or overrides) ours; `cwd` is the child's working directory.
    public init(binary: String, _ arguments: [String], environment extra: [String: String], cwd: String?) throws {
        self.arguments = arguments
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-cli-\(UUID().uuidString)").path
        outputPath = base + ".out"
        errorPath = base + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["GITHUB_ACTIONS"] = nil  // would turn lint and verify output into annotations
        environment["WIDGETSHOT_HOME"] = nil
        for (key, value) in extra { environment[key] = value }
        // A working directory through coreutils' `env --chdir`, which then execs the binary in the
        // same process (Glibc's posix_spawn_file_actions_addchdir_np is not visible to Swift).
        let program = cwd == nil ? binary : "/usr/bin/env"
        let words = cwd.map { ["/usr/bin/env", "--chdir=\($0)", binary] } ?? [binary]
        let argv = (words + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        Self.closeOnExecEverythingButStandardStreams()
        var child: pid_t = 0
        let rc = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: binary]) }
        pid = child
    }

    /// posix_spawn hands the child every descriptor not marked close-on-exec, and SwiftNIO does not
    /// mark the sockets it accepts: a child (a gallery run lasting seconds) would hold copies of the
    /// in-process test servers' connections, and a connection the server closes would stay open
    /// until the child ends. Marking them here is harmless to this process.
    private static func closeOnExecEverythingButStandardStreams() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for fd in entries.compactMap({ Int32($0) }) where fd > 2 {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// What the process has written to standard output so far; it may still be running (a server's
    /// start-up line).
    public var outputSoFar: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Whether the process has not ended (a zombie counts as ended).
    public var isRunning: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

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
            kill(pid, SIGKILL)
        }
        var status: Int32 = 0
        // The child has ended (or was killed): reaping it does not block.
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let out = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
        let signal = status & 0x7f
        if signal != 0 { return (128 + signal, signal, out, err) }
        return ((status >> 8) & 0xff, nil, out, err)
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

public func scratchDirectory(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-\(name)-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
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
