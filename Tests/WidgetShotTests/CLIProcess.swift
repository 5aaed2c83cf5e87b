import Foundation
import Testing

/// The `widgetshot` executable run as a real process, for tests that need signals, exit codes
/// and files on disk. It is built beside the test bundle (`swift build --build-tests`);
/// `WIDGETSHOT_BIN` overrides it (e.g. to run these tests against another build).
struct CLIProcess {
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["WIDGETSHOT_BIN"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("widgetshot").path
    }

    let pid: pid_t
    let arguments: [String]
    private let outputPath: String
    private let errorPath: String

    /// Spawned with every signal at its default action and none blocked, as from a shell: the
    /// test runner's threads block or ignore signals, and a child inherits both.
    init(_ arguments: [String]) throws { try self.init(binary: Self.binary, arguments) }

    init(binary: String, _ arguments: [String]) throws {
        try self.init(binary: binary, arguments, environment: [:], cwd: nil)
    }

    /// `environment` is added to (or overrides) ours; `cwd` is the child's working directory.
    init(binary: String, _ arguments: [String], environment extra: [String: String], cwd: String?) throws {
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

    /// Whether the process has not ended (a zombie counts as ended).
    var isRunning: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Waits at most `seconds` for the process to end; kills it (and fails the test) after that.
    @discardableResult
    func wait(seconds: Double = 120) -> (status: Int32, killedBy: Int32?, stdout: String, stderr: String) {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning {
            Issue.record("widgetshot \(arguments) still running after \(seconds) s")
            kill(pid, SIGKILL)
        }
        var status: Int32 = 0
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
    static func run(_ arguments: [String], seconds: Double = 120) throws -> (status: Int32, killedBy: Int32?, stdout: String, stderr: String) {
        try CLIProcess(arguments).wait(seconds: seconds)
    }

    static func run(binary: String, _ arguments: [String], seconds: Double = 120) throws -> (status: Int32, killedBy: Int32?, stdout: String, stderr: String) {
        try CLIProcess(binary: binary, arguments).wait(seconds: seconds)
    }

    /// Stops the process (SIGSTOP) and waits until the kernel says it is stopped, so that what
    /// is on disk cannot change while the test looks at it.
    func stop() -> Bool {
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

    func resume() { kill(pid, SIGCONT) }

}
/// Every file under `directory` whose name ends in `.tmp`.
func temporaryFiles(in directory: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var found: [String] = []
    while let rel = walker.nextObject() as? String {
        if rel.hasSuffix(".tmp") { found.append(rel) }
    }
    return found
}

/// A scratch copy of the project (Layouts/, Fonts/, Golden/) that a test may damage.
struct ScratchProject {
    let root: String

    init(from source: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-project-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for folder in ["Layouts", "Fonts", "Golden"] {
            try FileManager.default.copyItem(atPath: source + "/" + folder, toPath: root + "/" + folder)
        }
    }

    var golden: String { root + "/Golden" }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
