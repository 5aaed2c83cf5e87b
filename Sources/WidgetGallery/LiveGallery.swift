import Foundation
import WidgetShot

/// What a live page is told, as a server-sent event (`event: NAME`, `data: JSON`).
public struct GalleryEvent: Sendable, Equatable {
    public var name: String
    public var data: String

    /// The text of the event on the wire.
    public var wire: String { "event: \(name)\ndata: \(data)\n\n" }
    /// A comment line: keeps an idle connection open and shows a closed one.
    public static let keepAlive = GalleryEvent(name: "", data: "")
}

/// A gallery that a server keeps up to date: built into `directory` on first use (or at start when
/// watching), rebuilt when a file under Layouts/ or Fonts/ changes, and telling every open page
/// through `events()`. A layout that stops loading while being edited shows its errors in the page;
/// the other layouts stay.
public final class LiveGallery: @unchecked Sendable {
    public let folders: ProjectFolders
    /// Where the images are written, private to this process's user (see `init`); "" until the
    /// first build has made it.
    public var directory: String { lock.withLock { givenDirectory ?? madeDirectory ?? "" } }
    private let givenDirectory: String?
    /// The folder this gallery made (`stop()` removes it).
    private var madeDirectory: String?
    /// Why the folder cannot be used: then no build runs and the page says this.
    private var directoryProblem: String?
    private var stopped = false
    public let builder: GalleryBuilder
    public let watching: Bool

    private let queue = DispatchQueue(label: "widgetshot.gallery")
    private let lock = NSLock()
    private var page: String?
    private var version = 0
    /// The published page cut into figures, to tell open pages only what the next build changed.
    private var parts: GalleryPageParts?
    /// The change waiting for the next build (several merge into one).
    private var pending: LayoutChange?
    private let sources = GallerySourceCache()
    private var dirty = false
    private var building = false
    private var subscribers: [UUID: AsyncStream<GalleryEvent>.Continuation] = [:]
    private var watcher: LayoutWatcher?
    private var keepAlive: DispatchSourceTimer?
    private var waiting: [CheckedContinuation<String, Never>] = []
    /// What the last build did, for logs and tests.
    public private(set) var lastBuild: GalleryBuild?
    /// The bounds layouts are loaded with (the server's).
    public var limits: Limits = .default
    /// A build that would render more images than this shows the first this many (in page order)
    /// first, then the rest in a second build (nil: all at once). One part costs a page and a diff
    /// (about 30 ms on 2 cores); a one-surface edit (up to about 60 images) is one part.
    public var firstImages: Int? = 64
    /// How long the filmstrips wait after the images' page is out (see `changed`).
    public var filmstripPause: Double = 0.5
    /// Called with every set of layouts a build loads, before it renders (the server's render
    /// routes take them, so `/v1/render/…` draws what the page shows).
    public var onLoad: (@Sendable (GallerySource) -> Void)?
    /// Documents drawn elsewhere (a team's Swift, rebuilt into its runner), asked for at every build,
    /// and the folders whose edits start one.
    public var extraSource: (@Sendable () -> GallerySourceExtra)?
    public var extraWatched: [String] = []

    /// Without `directory`, the images go to a new folder in the temporary directory, made with
    /// mkdtemp at the first build (mode 0700, an unpredictable name) and removed by `stop()`: a
    /// folder at a predictable place in a directory every user can write to could be planted
    /// beforehand (a link to elsewhere, files to serve). A given `directory` is used only when it
    /// is a folder (not a link) owned by this user with mode 0700, and is kept.
    public init(folders: ProjectFolders, pool: RendererPool, options: GalleryOptions, watching: Bool, directory: String? = nil) {
        self.folders = folders
        givenDirectory = directory
        if let directory {
            do { try PrivateFolder.check(directory) } catch { directoryProblem = "\(error)" }
        }
        self.builder = GalleryBuilder(folders: folders, pool: pool, options: options)
        self.watching = watching
    }

    /// With watching: builds now and starts watching. Without: nothing until the page is asked for.
    public func start() {
        guard watching else { return }
        let watcher = LayoutWatcher(folders: [folders.layouts] + folders.fontFolders + extraWatched) { [weak self] in self?.changed($0) }
        lock.withLock { self.watcher = watcher }
        watcher.start()
        changed()
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + 15, repeating: 15)
        timer.setEventHandler { [weak self] in self?.broadcast(.keepAlive) }
        timer.resume()
        lock.withLock { keepAlive = timer }
    }

    /// Stops watching and ends every open page's events; a folder this gallery made is removed
    /// once the build under way (if any) is over, and no build runs after.
    public func stop() {
        let (watcher, timer, subscribers, first) = lock.withLock { () -> (LayoutWatcher?, DispatchSourceTimer?, [AsyncStream<GalleryEvent>.Continuation], Bool) in
            defer { self.subscribers = [:]; self.watcher = nil; self.keepAlive = nil; stopped = true }
            return (self.watcher, self.keepAlive, Array(self.subscribers.values), !stopped)
        }
        watcher?.stop()
        timer?.cancel()
        for s in subscribers { s.finish() }
        if first {
            // On the build queue, after the build in progress (which writes into the folder), and
            // before returning: a server's process ends right after it stops.
            queue.sync {
                if let made = lock.withLock({ madeDirectory }) { _ = try? FileManager.default.removeItem(atPath: made) }
            }
        }
    }

    /// The page; the first call builds the gallery.
    public func currentPage() async -> String {
        if let page = lock.withLock({ page }) { return page }
        return await withCheckedContinuation { continuation in
            let start = lock.withLock { () -> Bool in
                if let page { continuation.resume(returning: page); return false }
                waiting.append(continuation)
                return !building && !dirty
            }
            if start { changed() }
        }
    }

    /// Events for one open page, until it goes away or the server stops.
    public func events() -> AsyncStream<GalleryEvent> {
        let id = UUID()
        return AsyncStream(bufferingPolicy: .bufferingNewest(8)) { continuation in
            continuation.onTermination = { [weak self] _ in self?.lock.withLock { _ = self?.subscribers.removeValue(forKey: id) } }
            lock.withLock { subscribers[id] = continuation }
            // `building`: a build is under way, so more is coming (the page shows it busy until then).
            let (current, busy) = lock.withLock { (version, building) }
            continuation.yield(GalleryEvent(name: "hello", data: "{\"version\":\(current),\"building\":\(busy)}"))
        }
    }

    /// A file changed (or the first build is due): build once now, and once more after the build
    /// in progress when changes arrive during it.
    func changed(_ change: LayoutChange = .everything()) {
        let start = lock.withLock { () -> Bool in
            if var merged = pending {
                merged.paths.formUnion(change.paths)
                merged.complete = merged.complete && change.complete
                merged.firstEvent = min(merged.firstEvent, change.firstEvent)
                merged.delivered = max(merged.delivered, change.delivered)
                pending = merged
            } else {
                pending = change
            }
            if building || stopped { dirty = !stopped; return false }
            building = true
            return true
        }
        guard start else { return }
        queue.async { [self] in
            let directory: String
            switch folder() {
            case .success(let d): directory = d
            case .failure(let problem):
                var clock = StageClock(change: .everything())
                publish(problemBuild("cannot use the gallery folder: \(problem.message)"), clock: &clock)
                lock.withLock { building = false; dirty = false; pending = nil }
                return
            }
            while true {
                let change = lock.withLock { () -> LayoutChange in
                    defer { pending = nil }
                    return pending ?? .everything()
                }
                var clock = StageClock(change: change)
                broadcast(GalleryEvent(name: "building", data: "{}"))
                // Only the layout files whose bytes changed are parsed again.
                var source = sources.load(folders, limits: limits)
                if let extra = extraSource?() {
                    source.documents += extra.documents
                    source.problems += extra.problems
                    source.drawer = extra.drawer
                }
                onLoad?(source)
                clock.lap("load")
                var build: GalleryBuild
                // A large change (a string every surface reads) is shown in two parts: the first
                // `firstImages` images in page order, then the rest.
                var first: Int? = firstImages
                while true {
                    // The images first, then (in a second build, after the page has them) the push
                    // and timeline filmstrips when their inputs changed: they are one long job.
                    do {
                        build = try builder.build(source, into: directory, filmstripsLater: true, writesLater: true,
                                                  renderFirst: first)
                    } catch {
                        build = problemBuild("cannot write the gallery: \(error)")
                    }
                    clock.add(build.stages)
                    publish(build, clock: &clock)
                    // The page is out; OUT/index.html and the manifest (for a restart) are written now.
                    finishWrites(&build)
                    if build.deferred == 0 || lock.withLock({ dirty }) { break }
                    first = nil
                    clock = StageClock(change: change, continued: true)
                }
                // Then the push and timeline filmstrips, when their inputs changed, unless another
                // change comes first: the page loads its new images meanwhile (the strips are one
                // long job that would take a core from it), and a run of saves draws them once.
                if build.filmstripsDue, quiet(for: filmstripPause) {
                    clock = StageClock(change: .everything())
                    if var strips = try? builder.build(source, into: directory, writesLater: true) {
                        clock.add(strips.stages)
                        publish(strips, clock: &clock)
                        finishWrites(&strips)
                    }
                }
                let again = lock.withLock { () -> Bool in
                    if dirty { dirty = false; return true }
                    building = false
                    return false
                }
                if !again {
                    // Nothing more is coming: a page told a build was under way stops showing it busy.
                    broadcast(GalleryEvent(name: "idle", data: "{\"version\":\(lock.withLock { version })}"))
                    break
                }
            }
        }
    }

    /// A build that shows one problem instead of the images.
    private func problemBuild(_ message: String) -> GalleryBuild {
        let problem = GalleryProblem(file: "the gallery folder", message: message)
        var page = GalleryPage(entries: [], problems: [problem], documents: [], options: builder.options)
        page.projectRoot = folders.root
        return GalleryBuild(entries: [], problems: [problem], rendered: 0, reused: 0, seconds: 0, html: page.html())
    }

    /// The folder to build into: the given one when it passed its check, else the one made by the
    /// first build.
    private func folder() -> Result<String, FolderProblem> {
        lock.withLock {
            if let directoryProblem { return .failure(FolderProblem(message: directoryProblem)) }
            if let folder = givenDirectory ?? madeDirectory { return .success(folder) }
            do {
                let made = try PrivateFolder.makeTemporary(prefix: "widgetshot-gallery")
                madeDirectory = made
                return .success(made)
            } catch {
                directoryProblem = "\(error)"
                return .failure(FolderProblem(message: "\(error)"))
            }
        }
    }

    private struct FolderProblem: Error { var message: String }

    private func finishWrites(_ build: inout GalleryBuild) {
        do { try builder.finishWrites(&build) } catch {
            FileHandle.standardError.write(Data("widgetshot: cannot write the gallery to \(directory): \(error)\n".utf8))
        }
    }

    /// Whether no change arrives within `seconds`.
    private func quiet(for seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while DispatchTime.now() < deadline {
            if lock.withLock({ dirty }) { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return !lock.withLock { dirty }
    }

    /// The build's page becomes the page: waiting requests get it and open pages are told, with
    /// the figures that changed when the page kept its frame (`GalleryLivePatch`), and the time
    /// each stage took since the change was seen.
    private func publish(_ build: GalleryBuild, clock: inout StageClock) {
        let fresh = GalleryPageParts(html: build.html)
        let (version, previous) = lock.withLock { () -> (Int, GalleryPageParts?) in
            self.version += 1
            defer { parts = fresh }
            return (self.version, parts)
        }
        let html = Self.stamp(build.html, version: version)
        let waiting = lock.withLock { () -> [CheckedContinuation<String, Never>] in
            page = html
            lastBuild = build
            defer { self.waiting = [] }
            return self.waiting
        }
        for w in waiting { w.resume(returning: html) }
        let figures = GalleryLivePatch.changes(from: previous, to: fresh)
        clock.lap("diff")
        let update = GalleryUpdate(version: version, from: version - 1, rendered: build.rendered, reused: build.reused,
                                   ms: Int(build.seconds * 1000), errors: build.problems.map(\.message).joined(separator: "\n"),
                                   figures: figures, stages: clock.stages, serverMs: clock.total, more: build.deferred > 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(update)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"version\":\(version)}"
        broadcast(GalleryEvent(name: "update", data: data))
    }

    /// The page as served: its `<body>` carries the version, so a page that connects to the events
    /// after a later build (or reconnects) knows it missed one and fetches the page again.
    static func stamp(_ html: String, version: Int) -> String {
        guard let body = html.range(of: "<body") else { return html }
        var out = html
        out.replaceSubrange(body, with: "<body data-version=\(version)")
        return out
    }

    private func broadcast(_ event: GalleryEvent) {
        for s in lock.withLock({ Array(subscribers.values) }) { s.yield(event) }
    }
}

/// The `update` event's data: the new version, what the build did, the changed figures (nil: fetch
/// the whole page) and how long each stage took, server side, since the change was seen.
struct GalleryUpdate: Codable, Sendable {
    var version: Int
    /// The version the figures are a change from.
    var from: Int
    var rendered: Int
    var reused: Int
    var ms: Int
    var errors: String
    var figures: [GalleryLivePatch.Figure]?
    var stages: [GalleryStage]
    /// From the first file event (or the start of the build) to this event, in ms.
    var serverMs: Double
    /// The rest of this change's images follow in the next update (a large change comes in two).
    var more = false
}

/// Times the stages of one live update from the watcher's first event on.
struct StageClock {
    private(set) var stages: [GalleryStage] = []
    private let start: UInt64
    private var last: UInt64

    /// `continued`: a later part of the same change (its times count from the same first event).
    init(change: LayoutChange, continued: Bool = false) {
        let now = DispatchTime.now().uptimeNanoseconds
        start = min(change.firstEvent, now)
        last = now
        if change.complete && !continued {
            stages.append(GalleryStage(name: "settle", ms: Self.ms(change.delivered - start)))
            stages.append(GalleryStage(name: "queue", ms: Self.ms(now - min(change.delivered, now))))
        }
    }

    /// A stage that ends now.
    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        stages.append(GalleryStage(name: name, ms: Self.ms(now - last)))
        last = now
    }

    /// Stages timed elsewhere (the build's), which end now.
    mutating func add(_ more: [GalleryStage]) {
        stages += more
        last = DispatchTime.now().uptimeNanoseconds
    }

    var total: Double { Self.ms(DispatchTime.now().uptimeNanoseconds - start) }

    private static func ms(_ ns: UInt64) -> Double { (Double(ns) / 1e4).rounded() / 100 }
}

/// What a live gallery adds to the project's layouts at each build: documents drawn elsewhere, what
/// draws them, and the problems (a compile error) shown in the page instead.
public struct GallerySourceExtra: Sendable {
    public var documents: [LayoutDocument]
    public var drawer: (any GalleryDrawer)?
    public var problems: [GalleryProblem]
    public init(documents: [LayoutDocument] = [], drawer: (any GalleryDrawer)? = nil, problems: [GalleryProblem] = []) {
        self.documents = documents; self.drawer = drawer; self.problems = problems
    }
}
