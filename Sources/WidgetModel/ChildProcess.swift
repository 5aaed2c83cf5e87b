#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn`: the one way this package starts another process (the
/// cold-start benchmark, the tests' CLI runs, headless Chromium).
///
/// What the child gets:
/// - `argv` is the executable's path followed by `arguments`; the executable is a path, never
///   looked up on PATH (run `/usr/bin/env` for that).
/// - `environment`: exactly the given variables, or this process's when nil.
/// - `directory`: its working directory (ours when nil).
/// - Standard input, output and error each inherited, opened on a path, or a copy of one of our
///   descriptors (a pipe's end, say); `descriptors` places more of ours at chosen numbers.
/// - Every signal at its default action and none blocked, as when a shell starts it: the thread
///   that spawns may block or ignore signals, and a child inherits both.
/// - No other descriptor of ours. posix_spawn hands a child every descriptor not marked
///   close-on-exec, and not every library marks its own (SwiftNIO's accepted sockets, for one): a
///   child holding a copy of a connection keeps it open after its owner closes it. So every
///   descriptor above 2 is marked close-on-exec before each spawn (which changes nothing for this
///   process), and where the C library can (glibc 2.34: `posix_spawn_file_actions_addclosefrom_np`)
///   the child also closes every descriptor it is not given, which catches one that another thread
///   opened without the mark while the spawn was under way (tests run in parallel). Create pipes
///   with `makePipe()`, whose ends are marked from the start.
///
/// Nothing here reaps the child behind the caller's back: call `wait()` once, when `isRunning` is
/// false or to block until the end. Foundation's `Process` is not used: its `isRunning` and
/// `waitUntilExit` depend on SIGCHLD bookkeeping that once hung a CI run for minutes.
public struct ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Hashable {
        /// Ours, shared with the child.
        case inherit
        /// A file opened in the child: read-only for standard input; for output created if missing
        /// and truncated (`append`: written at its end).
        case file(String, append: Bool = false)
        /// A copy of our descriptor (e.g. one end of a `makePipe()` pipe); ours stays open and is the
        /// caller's to close.
        case descriptor(Int32)

        /// `/dev/null`.
        public static let null = Stream.file("/dev/null")
    }

    /// How the child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It called exit with this status (0...255).
        case exited(Int32)
        /// This signal ended it.
        case signaled(Int32)

        /// A shell's `$?`: the exit status, or 128 + the signal's number.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }

        public var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Why a process could not be started or waited for: the call, the program and the errno.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let operation: String
        public let program: String
        public let code: Int32
        public var description: String { "\(operation) \(program): \(String(cString: strerror(code)))" }
    }

    public let pid: pid_t
    /// The executable's path, as given.
    public let executable: String

    /// Starts `executable` with `arguments`; throws `Failure` when it cannot be started (no such
    /// file, not executable, no such `directory`, a file of a stream that cannot be opened).
    /// `descriptors` maps a descriptor number in the child to one of ours (`[3: pipeEnd]`).
    /// `newProcessGroup`: the child leads a process group of its own (its id is the child's), so
    /// `signalGroup` reaches everything it starts — `swift build`'s driver, SwiftPM and its
    /// compilers, as Ctrl-C reaches a terminal's foreground group.
    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                directory: String? = nil, stdin: Stream = .inherit, stdout: Stream = .inherit,
                stderr: Stream = .inherit, descriptors: [Int32: Int32] = [:], newProcessGroup: Bool = false) throws {
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        // Our descriptors to place in the child, first copied above every number they go to: the
        // copies cannot be overwritten by one another's placement, and a copy is never already at
        // its place (dup2 onto itself would leave the close-on-exec mark on).
        var placements = descriptors
        for (number, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            if case .descriptor(let ours) = stream { placements[number] = ours }
        }
        let floor = max(3, (placements.keys.max() ?? 0) + 1)
        var copies: [Int32] = []
        defer { copies.forEach { _ = close($0) } }
        for (number, ours) in placements.sorted(by: { $0.key < $1.key }) {
            let copy = fcntl(ours, F_DUPFD_CLOEXEC, floor)
            guard copy >= 0 else { throw Failure(operation: "cannot pass descriptor \(ours) to", program: executable, code: errno) }
            copies.append(copy)
            posix_spawn_file_actions_adddup2(&actions, copy, number)
        }
        for (number, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            guard case .file(let path, let append) = stream else { continue }
            let flags = number == 0 ? O_RDONLY : O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
            posix_spawn_file_actions_addopen(&actions, number, path, flags, 0o644)
        }
        // Nothing else of ours: descriptors between 3 and the last placed one that are not placed,
        // then everything above it (the copies too, once placed).
        for number in 3..<floor where placements[number] == nil {
            posix_spawn_file_actions_addclose(&actions, number)
        }
        if let addCloseFrom = Self.addCloseFrom {
            let rc = addCloseFrom(&actions, floor)
            guard rc == 0 else { throw Failure(operation: "cannot close descriptors for", program: executable, code: rc) }
        }
        if let directory {
            guard let addChdir = Self.addChdir else {
                throw Failure(operation: "cannot set a working directory for", program: executable, code: ENOSYS)
            }
            let rc = addChdir(&actions, directory)
            guard rc == 0 else { throw Failure(operation: "cannot change to \(directory) for", program: executable, code: rc) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        if newProcessGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newProcessGroup ? POSIX_SPAWN_SETPGROUP : 0)))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        Self.markDescriptorsCloseOnExec()
        var child: pid_t = 0
        let rc = if let envp {
            posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        } else {
            posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        }
        guard rc == 0 else { throw Failure(operation: "cannot start", program: executable, code: rc) }
        pid = child
    }

    /// Whether the child has not ended yet. It does not reap it: a child that has ended stays
    /// waitable (a zombie) until `wait()`.
    public var isRunning: Bool {
        var info = siginfo_t()
        // WNOWAIT: look without reaping. With nothing to report, waitid leaves si_signo 0.
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        return info.si_signo == 0
    }

    /// Sends `signal` (SIGTERM by default) to the child. False when it cannot be sent (the child
    /// has been reaped).
    @discardableResult
    public func signal(_ signal: Int32 = SIGTERM) -> Bool { kill(pid, signal) == 0 }

    /// Sends `signal` to the child's process group (a child started with `newProcessGroup`).
    @discardableResult
    public func signalGroup(_ signal: Int32) -> Bool { kill(-pid, signal) == 0 }

    /// Blocks until the child ends, reaps it and says how it ended. Interrupted waits are resumed.
    /// Call it once: a second call throws (ECHILD), as does one after someone else reaped the child.
    public func wait() throws -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(operation: "cannot wait for", program: executable, code: errno) }
        }
        // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal (0
        // for an exit), the next 8 the exit status.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// A pipe whose two ends are close-on-exec from the start, so that no child spawned meanwhile
    /// on another thread inherits them. Pass an end to a child as a `Stream.descriptor` or in
    /// `descriptors`; close both ends here once the child is started.
    public static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        if let pipe2 = Self.pipe2 {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { throw Failure(operation: "cannot create a pipe for", program: "a child", code: errno) }
        } else {
            // Without pipe2 (Darwin) the ends are marked right after: a spawn in between may get them.
            guard pipe(&ends) == 0 else { throw Failure(operation: "cannot create a pipe for", program: "a child", code: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC) }
        }
        return (ends[0], ends[1])
    }

    /// Marks every descriptor above the standard streams close-on-exec.
    private static func markDescriptorsCloseOnExec() {
        #if os(Linux)
        let listing = "/proc/self/fd"
        #else
        let listing = "/dev/fd"
        #endif
        guard let dir = opendir(listing) else { return }
        var numbers: [Int32] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd > 2 { numbers.append(fd) }
        }
        closedir(dir)
        for fd in numbers {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), `pipe2` and
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), looked up at run time: the C headers declare them only for `_GNU_SOURCE`, which Swift's Glibc module
    /// does not define.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
    private static let pipe2 = symbol("pipe2", as: Pipe2.self)
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if os(Linux)
        let everywhere: UnsafeMutableRawPointer? = nil  // glibc's RTLD_DEFAULT
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // Darwin's RTLD_DEFAULT
        #endif
        return dlsym(everywhere, name).map { unsafeBitCast($0, to: type) }
    }
}
