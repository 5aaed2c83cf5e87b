import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls `onChange` after files under the watched folders change (written, moved in, removed).
///
/// On Linux it uses inotify: the kernel says when something changed, so an edit is seen within
/// milliseconds and an idle project costs nothing (polling mtimes would cost a directory walk per
/// tick and a tick of latency). Events within `settle` of each other are delivered once, as an
/// editor's save is often several (truncate, write, rename). Elsewhere it compares modification
/// times every `fallbackInterval` seconds.
public final class LayoutWatcher: @unchecked Sendable {
    public let folders: [String]
    public var settle: Double = 0.025
    public var fallbackInterval: Double = 0.25
    private let onChange: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false
    private var thread: Thread?

    public init(folders: [String], onChange: @escaping @Sendable () -> Void) {
        self.folders = folders
        self.onChange = onChange
    }

    public func start() {
        let thread = Thread { [self] in self.loop() }
        thread.name = "widgetshot.watch"
        self.thread = thread
        thread.start()
    }

    /// The watching thread ends within a quarter of a second.
    public func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func loop() {
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        if fd >= 0 {
            defer { close(fd) }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
            for folder in allFolders() { _ = inotify_add_watch(fd, folder, mask) }
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while !isStopped {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                // The wait is bounded only so that stop() is noticed; an event wakes it at once.
                guard poll(&pfd, 1, 250) > 0 else { continue }
                _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                // Let a burst of events (one save) finish, then drain it.
                var quiet = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                while poll(&quiet, 1, Int32(settle * 1000)) > 0 {
                    _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    quiet.revents = 0
                }
                // New subfolders (an assets folder made after start) are watched too.
                for folder in allFolders() { _ = inotify_add_watch(fd, folder, mask) }
                if !isStopped { onChange() }
            }
            return
        }
        #endif
        var last = snapshot()
        while !isStopped {
            Thread.sleep(forTimeInterval: fallbackInterval)
            let now = snapshot()
            if now != last { last = now; onChange() }
        }
    }

    private func allFolders() -> [String] {
        var found: [String] = []
        for root in folders {
            found.append(root)
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let rel = walker.nextObject() as? String {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), isDir.boolValue {
                    found.append(root + "/" + rel)
                }
            }
        }
        return found
    }

    private func snapshot() -> [String: Date] {
        var times: [String: Date] = [:]
        for root in folders {
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let rel = walker.nextObject() as? String {
                times[rel] = (try? FileManager.default.attributesOfItem(atPath: root + "/" + rel))?[.modificationDate] as? Date
            }
        }
        return times
    }
}
