import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What changed, as one delivery of a `LayoutWatcher`.
public struct LayoutChange: Sendable, Equatable {
    /// The paths the events named (files and folders under the watched folders). Meaningful only
    /// when `complete`.
    public var paths: Set<String>
    /// False when the watcher cannot say what changed (the polling fallback, an overflowed event
    /// queue, the first build): treat everything as changed.
    public var complete: Bool
    /// When the first event of this change was read, and when it was delivered (after settling),
    /// in `DispatchTime` uptime nanoseconds: for the live page's stage times.
    public var firstEvent: UInt64
    public var delivered: UInt64

    public init(paths: Set<String>, complete: Bool, firstEvent: UInt64, delivered: UInt64) {
        self.paths = paths; self.complete = complete; self.firstEvent = firstEvent; self.delivered = delivered
    }

    /// Anything may have changed (a first build, a change the watcher could not name).
    public static func everything(at time: UInt64 = DispatchTime.now().uptimeNanoseconds) -> LayoutChange {
        LayoutChange(paths: [], complete: false, firstEvent: time, delivered: time)
    }
}

/// Calls `onChange` after files under the watched folders change (written, moved in, removed).
///
/// On Linux it uses inotify: the kernel says when something changed, so an edit is seen within
/// milliseconds and an idle project costs nothing (polling mtimes would cost a directory walk per
/// tick and a tick of latency). An editor's save is often several events (a temporary file
/// written, then renamed over the layout; or truncate, write, close), so events are gathered
/// until the folder is quiet: for `settle` after an event that leaves a save unfinished (a file
/// created, a hidden temporary file closed), for only `finishedSettle` after one that ends a save
/// (a visible file closed after writing, or moved into place), as nothing more is due then. A
/// change arriving during a build is not lost: it starts the next build. Elsewhere it compares
/// modification times every `fallbackInterval` seconds.
public final class LayoutWatcher: @unchecked Sendable {
    public let folders: [String]
    public var settle: Double = 0.025
    /// The quiet wait after an event that completes a save (see the type's comment).
    public var finishedSettle: Double = 0.002
    public var fallbackInterval: Double = 0.25
    private let onChange: @Sendable (LayoutChange) -> Void
    private let lock = NSLock()
    private var stopped = false
    private var thread: Thread?

    public init(folders: [String], onChange: @escaping @Sendable (LayoutChange) -> Void) {
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
            var watched: [Int32: String] = [:]
            func watchAll() {
                for folder in allFolders() {
                    let wd = inotify_add_watch(fd, folder, mask)
                    if wd >= 0 { watched[wd] = folder }
                }
            }
            watchAll()
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while !isStopped {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                // The wait is bounded only so that stop() is noticed; an event wakes it at once.
                guard poll(&pfd, 1, 250) > 0 else { continue }
                let first = DispatchTime.now().uptimeNanoseconds
                var change = LayoutChange(paths: [], complete: true, firstEvent: first, delivered: first)
                var finished = readEvents(fd, &buffer, watched, into: &change)
                // Let a burst of events (one save) finish, then drain it.
                var quiet = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                while poll(&quiet, 1, Int32(((finished ? finishedSettle : settle) * 1000).rounded(.up))) > 0 {
                    finished = readEvents(fd, &buffer, watched, into: &change)
                    quiet.revents = 0
                }
                // New subfolders (an assets folder made after start) are watched too.
                watchAll()
                change.delivered = DispatchTime.now().uptimeNanoseconds
                if !isStopped { onChange(change) }
            }
            return
        }
        #endif
        var last = snapshot()
        while !isStopped {
            Thread.sleep(forTimeInterval: fallbackInterval)
            let now = snapshot()
            if now != last { last = now; onChange(.everything()) }
        }
    }

    #if canImport(Glibc)
    /// Reads what is waiting on the inotify descriptor into `change`; true when the last event
    /// ends a save (a visible file closed after writing or moved into place).
    private func readEvents(_ fd: Int32, _ buffer: inout [UInt8], _ watched: [Int32: String],
                            into change: inout LayoutChange) -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var finished = false
        var offset = 0
        // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
        func word(_ at: Int) -> UInt32 {
            UInt32(buffer[at]) | UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at + 2]) << 16 | UInt32(buffer[at + 3]) << 24
        }
        while offset + 16 <= count {
            let wd = Int32(bitPattern: word(offset)), mask = word(offset + 4), length = Int(word(offset + 12))
            let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += 16 + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { change.complete = false; finished = false; continue }
            guard let folder = watched[wd] else { change.complete = false; continue }
            change.paths.insert(name.isEmpty ? folder : folder + "/" + name)
            let visible = !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix("~") && !name.hasSuffix(".swp")
                && !name.hasSuffix(".tmp") && name != "4913"
            finished = visible && mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 && mask & UInt32(IN_ISDIR) == 0
        }
        return finished
    }
    #endif

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
