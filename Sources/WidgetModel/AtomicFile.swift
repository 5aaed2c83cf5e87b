import CTempFiles
import Foundation

/// Writes a file so that it is either entirely there or not at all: a temporary file beside it,
/// then a rename. A failed render never leaves half a PNG, and an interrupted one leaves no
/// temporary file: each is registered (`CTempFiles`) while it exists, and the handlers that
/// `removeTempFilesOnSignal()` installs unlink the registered ones on SIGINT, SIGTERM or SIGHUP.
/// A run killed harder (SIGKILL, power loss) leaves its temporary files to the next run's
/// `removeStaleTempFiles(in:)`.
///
/// An output that already exists and is not a regular file is never replaced (a rename over
/// `/dev/null` run as root would turn the device into a file): see `OutputTarget`.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        switch try OutputTarget.classify(path) {
        case .replace(let real): try replace(bytes, at: real)
        case .writeThrough: try OutputTarget.writeThrough(bytes, to: path)
        }
    }

    /// The temporary-then-rename write of a regular file (or of one that does not exist yet).
    static func replace(_ bytes: [UInt8], at path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tmp = dir.appendingPathComponent(temporaryName(for: url.lastPathComponent))
        // Registered before the file exists and forgotten after the rename, so the signal handler
        // knows every temporary file there is.
        let slot = tmp.path.withCString { tempfiles_register($0) }
        defer { tempfiles_unregister(slot) }
        do {
            try Data(bytes).write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                    NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
    }

    /// `.NAME.PID.RANDOM.tmp`: hidden, and naming the process that wrote it.
    public static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// From now on SIGINT, SIGTERM and SIGHUP remove the temporary files being written, stop the
    /// children `whileRunning` holds and exit with 128 + the signal's number (130, 143, 129). For commands that write files; the server
    /// handles these signals itself (graceful shutdown).
    public static func removeTempFilesOnSignal() {
        tempfiles_install_signal_handlers()
    }

    /// Runs `body` while `child` runs: a signal that ends this process meanwhile (the handlers of
    /// `removeTempFilesOnSignal`) sends the child SIGINT first, and `stopChildren()` reaches it —
    /// its whole process group with `group` (a child started with `newProcessGroup`).
    /// Call it around the wait for the child, which `body` is; the child is forgotten before it is
    /// reaped.
    public static func whileRunning<T>(_ child: ChildProcess, group: Bool = false, _ body: () throws -> T) rethrows -> T {
        let slot = tempfiles_register_child(group ? -child.pid : child.pid)
        defer { tempfiles_unregister_child(slot) }
        return try body()
    }

    /// Sends SIGINT to every child `whileRunning` holds (a server stopping while a build runs):
    /// how many were signalled.
    @discardableResult
    public static func stopChildren() -> Int { Int(tempfiles_signal_children(SIGINT)) }

    /// Runs `body` so that a signal arriving meanwhile takes effect only once it returns: for
    /// changes made of several renames (a golden and the manifest entry describing it).
    public static func uninterrupted<T>(_ body: () throws -> T) rethrows -> T {
        tempfiles_begin_uninterrupted()
        defer { tempfiles_end_uninterrupted() }
        return try body()
    }

    /// Removes the temporary files of runs that are over, anywhere under `directory`: files named
    /// as `write` names them whose process is gone, or that are older than
    /// `Limits.staleTempFileSeconds` (a process id can be reused). Returns the paths removed.
    @discardableResult
    public static func removeStaleTempFiles(in directory: String, limits: Limits = .default,
                                            now: Date = Date()) -> [String] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: directory) else { return [] }
        var removed: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard let pid = writerProcess(ofTemporaryName: name) else { continue }
            let path = directory + "/" + relative
            let processGone = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            let modified = (try? fm.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
            let old = modified.map { now.timeIntervalSince($0) > limits.staleTempFileSeconds } ?? false
            guard processGone || old else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// The process id in `.NAME.PID.RANDOM.tmp`, or nil for any other name.
    public static func writerProcess(ofTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[parts.count - 3].isEmpty,
              let random = UInt32(parts[parts.count - 1]), String(random) == parts[parts.count - 1],
              let pid = pid_t(parts[parts.count - 2]), pid > 0, String(pid) == parts[parts.count - 2] else { return nil }
        return pid
    }
}
