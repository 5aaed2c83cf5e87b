import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Scratch space for tests: every folder and file a test makes under the temporary directory is
// removed when the test ends (`make test` fails on anything left in its TMPDIR; see the Makefile).

/// A fresh private folder (mkdtemp: mode 0700, a name no other run has) under the temporary
/// directory, `widgetshot-<prefix>-XXXXXX`, for the caller to remove: `defer { removeScratch(dir) }`,
/// or use `withScratchFolder` / `ScratchFolder`, which remove it themselves.
public func scratchDirectory(_ prefix: String) -> String {
    let base = FileManager.default.temporaryDirectory.path
    var template = Array((base + "/widgetshot-\(prefix)-XXXXXX").utf8CString)
    if template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil {
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    Issue.record("cannot make a scratch folder under \(base): errno \(errno)")
    return base + "/widgetshot-\(prefix)-\(UUID().uuidString)"
}

/// Removes a scratch folder or file and everything in it (nothing if it is gone).
public func removeScratch(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// Runs `body` with a fresh scratch folder (see `scratchDirectory`) and removes the folder after it.
public func withScratchFolder<T>(_ prefix: String, _ body: (String) throws -> T) rethrows -> T {
    let dir = scratchDirectory(prefix)
    defer { removeScratch(dir) }
    return try body(dir)
}

public func withScratchFolder<T>(_ prefix: String, _ body: (String) async throws -> T) async rethrows -> T {
    let dir = scratchDirectory(prefix)
    defer { removeScratch(dir) }
    return try await body(dir)
}

/// A scratch folder owned by a value: removed by `remove()` or when the value goes away, for a
/// suite whose tests share a folder made in `init` (Swift Testing makes one suite value per test,
/// so a stored `ScratchFolder` lives exactly as long as the test).
public final class ScratchFolder: Sendable {
    public let path: String

    public init(_ prefix: String) { path = scratchDirectory(prefix) }

    /// A path inside the folder (nothing is created).
    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() { removeScratch(path) }

    deinit { remove() }
}

/// Where a test writes a picture only for a person to look at: `.build/test-output/<name>` in the
/// checkout (kept, overwritten by the next run, removed by `make clean`), never the temporary folder.
public func lookAtFile(_ name: String) -> String {
    let path = Project.output(name)
    try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                             withIntermediateDirectories: true)
    return path
}

/// A scratch folder for the whole test process (a project that a `static let` builds once and many
/// tests share), removed when the process exits (an `atexit` handler; a process killed by a signal
/// leaves it).
public func processScratchDirectory(_ prefix: String) -> String {
    let dir = scratchDirectory(prefix)
    ProcessScratch.add(dir)
    return dir
}

private enum ProcessScratch {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [String] = []
    private static let registered: Bool = {
        atexit { ProcessScratch.removeAll() }
        return true
    }()

    static func add(_ dir: String) {
        _ = registered
        lock.withLock { folders.append(dir) }
    }

    static func removeAll() {
        for dir in lock.withLock({ folders }) { removeScratch(dir) }
    }
}
