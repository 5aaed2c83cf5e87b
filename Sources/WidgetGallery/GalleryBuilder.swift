import Foundation
import WidgetModel
import WidgetShot
import WidgetPush

/// A layout file that could not be loaded: the gallery shows its errors in place of its images.
public struct GalleryProblem: Sendable, Equatable {
    public var file: String
    /// `file:line:col: error: message`, one per line.
    public var message: String
    public init(file: String, message: String) { self.file = file; self.message = message }
}

/// The layouts of a project as the gallery sees them: those that load, and the errors of the rest.
/// Draws the pictures of documents drawn elsewhere (`LayoutDocument.isDrawnElsewhere`: a team's
/// Swift, built into a runner), in one batch per build.
public protocol GalleryDrawer: Sendable {
    /// Changes whenever what the pictures are drawn from changes (the source files' contents).
    var digest: String { get }
    /// For each cell (by its relative path), its PNG and size, or why it could not be drawn.
    /// `scale` nil: each cell's device's own.
    func draw(_ cells: [GalleryCell], scale: Double?) -> [String: Result<GalleryDrawing, GalleryDrawError>]
}

public struct GalleryDrawing: Sendable {
    public var png: [UInt8]
    public var pixelWidth: Int, pixelHeight: Int
    public var warnings: [String]
    public init(png: [UInt8], pixelWidth: Int, pixelHeight: Int, warnings: [String]) {
        self.png = png; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.warnings = warnings
    }
}

public struct GalleryDrawError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public struct GallerySource: Sendable {
    public var documents: [LayoutDocument]
    public var problems: [GalleryProblem]
    /// Draws the cells of the documents drawn elsewhere.
    public var drawer: (any GalleryDrawer)?

    public init(documents: [LayoutDocument], problems: [GalleryProblem] = []) {
        self.documents = documents; self.problems = problems
    }

    /// The names of the layouts that failed to load (`delivery` for Layouts/delivery.yaml).
    public var brokenNames: Set<String> {
        Set(problems.map { (($0.file as NSString).lastPathComponent as NSString).deletingPathExtension })
    }

    /// Loads `names` (every layout when nil) from the project's layouts folder. A file that fails
    /// becomes a problem, not an error: the rest of the gallery is still worth seeing.
    public static func load(_ folders: ProjectFolders, names: [String]? = nil, limits: Limits = .default) -> GallerySource {
        // The page (and a server's answers) name files relative to the project folder.
        let catalog = LayoutCatalog(directory: folders.layouts, projectRelativeNames: true)
        var documents: [LayoutDocument] = []
        var problems: [GalleryProblem] = []
        for name in names ?? catalog.names() {
            do { documents.append(try catalog.load(name, limits: limits)) } catch let error as LayoutError {
                problems.append(GalleryProblem(file: (try? catalog.resolve(name)).map(catalog.shownName(of:)) ?? name,
                                               message: error.diagnostics.map(\.description).joined(separator: "\n")))
            } catch {
                problems.append(GalleryProblem(file: name, message: "\(error)"))
            }
        }
        return GallerySource(documents: documents, problems: problems)
    }
}

/// One image on the page: its cell, what the render gave, and its address.
public struct GalleryEntry: Sendable {
    public var cell: GalleryCell
    public var record: GalleryRecord
    /// Whether it was rendered in this build (false: reused from the manifest).
    public var rendered: Bool
}

/// What a build did.
public struct GalleryBuild: Sendable {
    public var entries: [GalleryEntry]
    public var problems: [GalleryProblem]
    public var rendered: Int
    public var reused: Int
    public var failed: Int { entries.filter { $0.record.error != nil }.count }
    public var warnings: Int { entries.reduce(0) { $0 + $1.record.warnings.count } }
    public var seconds: Double
    /// The page, as written to OUT/index.html.
    public var html: String
    /// The push and timeline section's filmstrips, and whether this build drew them.
    public var filmstrips: [GalleryStrip] = []
    public var filmstripsDrawn = false
    /// Left for a later build (`filmstripsLater`): their inputs changed.
    public var filmstripsDue = false
    /// How long each part of the build took (`prepare`: manifest and keys, `render`, `page`: the
    /// HTML, `write`), in milliseconds, in order.
    public var stages: [GalleryStage] = []
    /// What `writesLater` left for `GalleryBuilder.finishWrites`.
    var pendingWrites: GalleryPendingWrites?
    /// Images left for the next build (`renderFirst`): they show their earlier image meanwhile.
    public var deferred = 0
    /// Paths of the last manifest that were not removed, and why (an entry that fails the
    /// safe-path rule, a link on the way): also printed as warnings on standard error.
    public var skipped: [String] = []
    /// Relative paths of the images rendered in this build.
    public var changedPaths: [String] { entries.filter(\.rendered).map(\.cell.relativePath) }
}

/// OUT/index.html and the manifest as a build would write them (`page`, `manifestChanged`: whether
/// they differ from what is there).
struct GalleryPendingWrites: Sendable {
    var out: String
    var html: String
    var page: Bool
    var manifest: GalleryManifest
    var manifestChanged: Bool
}

/// One timed part of a build or of a live update.
public struct GalleryStage: Sendable, Equatable, Codable {
    public var name: String
    public var ms: Double
    public init(name: String, ms: Double) { self.name = name; self.ms = ms }
}

/// Renders the gallery into a folder: the PNGs, OUT/index.html and OUT/.gallery-manifest.json.
/// Only images whose content key changed since the last build are rendered, on every core.
extension PushGallery {
    /// The surfaces a push filmstrip's rows show (the alert row draws islandExpanded).
    static let pushSurfaces: [Surface] = [.lockScreen, .standBy, .islandCompact, .islandMinimal, .islandExpanded]
    /// The surfaces a timeline filmstrip shows (PushGallery.filmstrips draws these two).
    static let timelineSurfaces: [Surface] = [.systemSmall, .systemMedium]
    static var stripSurfaces: [Surface] { pushSurfaces + timelineSurfaces }
}

public struct GalleryBuilder: Sendable {
    public var folders: ProjectFolders
    public var pool: RendererPool
    public var options: GalleryOptions
    /// The content key of an image is its RenderKey (SHA-256 over the layout's text, the files in
    /// its folder, the fonts, the engine version, the data and every parameter). Asset folders are
    /// looked at on every build (no recheck interval): a watched asset edit must be seen at once.
    /// The font digest of the last build (a live gallery builds again and again).
    private let fontStamp = StampBox()
    /// The manifest this builder last wrote, with the file's identity then: the next build of the
    /// same folder takes it from memory instead of decoding the file again (a live gallery builds
    /// after every save), unless the file was changed by someone else meanwhile.
    private let lastManifest = ManifestBox()
    private let figureCache = GalleryFigureCache()

    public init(folders: ProjectFolders, pool: RendererPool, options: GalleryOptions = GalleryOptions()) {
        self.folders = folders; self.pool = pool; self.options = options
    }

    /// The digest of the font files' bytes (what a RenderKey covers), read again only when a font
    /// file looks changed since the last build of this builder or of the manifest's.
    func fontStampNow(previous: GalleryFontStamp?) -> GalleryFontStamp {
        let files = pool.fonts.stampFiles.map { path -> String in
            var s = stat()
            guard stat(path, &s) == 0 else { return (path as NSString).lastPathComponent + " missing" }
            let times = FileTimes(s)
            return "\((path as NSString).lastPathComponent) \(s.st_size) \(s.st_ino) \(times.modified) \(times.changed)"
        }
        if let known = fontStamp.value, known.files == files { return known }
        let stamp = previous?.files == files ? previous! : GalleryFontStamp(files: files, digest: RenderKeyer.digest(files: pool.fonts.stampFiles))
        fontStamp.value = stamp
        return stamp
    }

    /// The manifest in `out`: the one this builder last wrote when the file is still that one.
    func manifest(in out: String) -> GalleryManifest {
        let path = out + "/" + GalleryManifest.fileName
        if let (known, identity) = lastManifest.get(path), identity == Self.identity(of: path) { return known }
        return GalleryManifest.load(from: out)
    }

    /// Size, inode and change time of a file ("" when there is none).
    static func identity(of path: String) -> String {
        var s = stat()
        guard stat(path, &s) == 0 else { return "" }
        let times = FileTimes(s)
        return "\(s.st_size) \(s.st_ino) \(times.modified) \(times.changed)"
    }

    /// Writes what a build made with `writesLater` left to write (OUT/index.html and the
    /// manifest); nothing when it was written already.
    public func finishWrites(_ build: inout GalleryBuild) throws {
        guard let pending = build.pendingWrites else { return }
        build.pendingWrites = nil
        try write(pending)
    }

    private func write(_ w: GalleryPendingWrites) throws {
        if w.page { try OutputFolder(w.out).write(Array(w.html.utf8), to: "index.html") }
        if w.manifestChanged {
            try w.manifest.write(to: w.out)
            let path = w.out + "/" + GalleryManifest.fileName
            lastManifest.set(path, w.manifest, Self.identity(of: path))
        }
    }

    /// `filmstripsLater`: strips whose inputs changed are not drawn in this build (the page keeps
    /// the last ones; `GalleryBuild.filmstripsDue` says so), so a live page gets its images first.
    /// `writesLater`: OUT/index.html and the manifest are left for `finishWrites` (a live gallery
    /// shows the page first; the images are written either way).
    /// `renderFirst`: of the images to render, only the first this many in page order are rendered
    /// now; the others that have an earlier image keep showing it (`GalleryBuild.deferred` counts
    /// them, and the manifest keeps their old keys, so the next build renders them). A live
    /// gallery shows the top of a large change sooner this way.
    public func build(_ source: GallerySource, into out: String, progress: GalleryProgress? = nil,
                      filmstripsLater: Bool = false, writesLater: Bool = false,
                      renderFirst: Int? = nil) throws -> GalleryBuild {
        let started = DispatchTime.now().uptimeNanoseconds
        var stages: [GalleryStage] = []
        var lap = started
        func stage(_ name: String) {
            let now = DispatchTime.now().uptimeNanoseconds
            stages.append(GalleryStage(name: name, ms: Double(now - lap) / 1e6))
            lap = now
        }
        // Left by a run that died: looked for once per folder and builder (the walk costs
        // milliseconds per thousand images, and a live gallery builds after every save).
        if lastManifest.firstVisit(out) { AtomicFile.removeStaleTempFiles(in: out) }
        let previous = manifest(in: out)
        stage("manifest")
        let options = self.options
        let cells = GalleryMatrix.cells(for: source.documents, options: options)
        let documents = Dictionary(source.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let requests = cells.map { Self.request(for: $0, document: documents[$0.layout]!, options: options) }
        // One look at each asset folder per build (a build is one snapshot of the project), and
        // keys over only what a surface's render reads of its layout: an edit to one surface's view
        // re-renders that surface's images alone.
        let fonts = fontStampNow(previous: previous.fonts)
        let keyer = RenderKeyer(fontDigest: fonts.digest, assetRecheckSeconds: 86_400)
        var computed = Self.keys(for: requests, keyer: keyer)
        // Pictures drawn elsewhere: keyed by their sources' digest and the cell's look.
        let elsewhere = Set(cells.indices.filter { documents[cells[$0].layout]!.isDrawnElsewhere })
        for i in elsewhere {
            let c = cells[i]
            computed[i] = "drawn:\(source.drawer?.digest ?? "none"):\(c.device.id):\(c.device.ios.number):"
                + "\(options.scale ?? c.device.scale):\(c.placeholder)"
        }
        let keys = computed

        var records: [GalleryRecord?] = cells.indices.map { i in
            guard let old = previous.images[cells[i].relativePath], old.key == keys[i], old.error == nil else { return nil }
            if !FileManager.default.fileExists(atPath: out + "/" + cells[i].relativePath) { return nil }
            return old
        }
        stage("keys")
        // A key covers no line numbers (an edit above a view does not re-render it), so the warnings
        // of a reused image are taken afresh: bind and layout only, no drawing.
        let layoutTexts = Dictionary(source.documents.map { ($0.name, $0.sourceDigest) }, uniquingKeysWith: { a, _ in a })
        let refresh = cells.indices.filter { i in
            guard let r = records[i], !r.warnings.isEmpty else { return false }
            return previous.layouts?[cells[i].layout] != layoutTexts[cells[i].layout]
        }
        // The filmstrips of the push and timeline section: drawn again only when their inputs changed.
        let stripsKey = options.filmstrips ? filmstripsKey(source, keyer: keyer) : nil
        var strips = previous.filmstrips
        let stripsStale = stripsKey != nil && (strips?.key != stripsKey
            || strips!.strips.contains { !FileManager.default.fileExists(atPath: out + "/push/" + $0.name + ".png") })
        let stripsDue = stripsStale && !filmstripsLater
        if stripsKey == nil { strips = nil }

        var pending = cells.indices.filter { records[$0] == nil }
        var deferred = 0
        if let renderFirst, pending.count > renderFirst {
            var now: [Int] = []
            for i in pending {
                if now.count < renderFirst { now.append(i); continue }
                guard let old = previous.images[cells[i].relativePath], old.error == nil,
                      FileManager.default.fileExists(atPath: out + "/" + cells[i].relativePath) else { now.append(i); continue }
                records[i] = old
                deferred += 1
            }
            pending = now
        }
        let todo = pending
        let drawings = Self.drawElsewhere(todo.filter(elsewhere.contains).map { cells[$0] }, source: source, scale: options.scale)
        stage("prepare")
        progress?.start(total: todo.count + (stripsDue ? 1 : 0))
        // The filmstrips are one long job: first, so the images fill the other cores meanwhile.
        let drawn = StripBox()
        let offset = stripsDue ? 1 : 0
        let previousRecords = records
        let rendered = pool.map(todo.count + offset + refresh.count) { j, renderer -> GalleryRecord? in
            if stripsDue && j == 0 {
                drawn.value = Self.drawFilmstrips(folders: folders, key: stripsKey!, renderer: renderer, out: out)
                progress?.tick("push/")
                return nil
            }
            if j >= todo.count + offset {
                let i = refresh[j - todo.count - offset]
                var record = previousRecords[i]!
                if let request = requests[i], let prepared = try? renderer.prepare(request) {
                    record.warnings = prepared.warnings.map(\.description)
                }
                return record
            }
            let i = todo[j - offset]
            defer { progress?.tick(cells[i].relativePath) }
            if elsewhere.contains(i) {
                return Self.write(drawings[cells[i].relativePath], cell: cells[i], key: keys[i],
                                  scale: options.scale ?? cells[i].device.scale, out: out)
            }
            return Self.render(cells[i], request: requests[i], key: keys[i], renderer: renderer, out: out)
        }
        progress?.finish()
        stage("render")
        for (j, i) in todo.enumerated() { records[i] = rendered[j + offset] }
        for (j, i) in refresh.enumerated() { records[i] = rendered[todo.count + offset + j] }
        if stripsDue { strips = drawn.value }

        let renderedNow = Set(todo)
        let entries = cells.indices.map { GalleryEntry(cell: cells[$0], record: records[$0]!, rendered: renderedNow.contains($0)) }
        var manifest = GalleryManifest()
        for e in entries { manifest.images[e.cell.relativePath] = e.record }
        manifest.filmstrips = strips
        manifest.layouts = layoutTexts
        manifest.fonts = fonts
        // Images of cells that are gone (a preview renamed, a layout removed) go too.
        let skipped = previous.removeFiles(notIn: manifest, from: out)
        for warning in skipped { FileHandle.standardError.write(Data("widgetshot: warning: \(warning)\n".utf8)) }
        var verify: GalleryVerifyMarks?
        var verifyError: String?
        if let folder = options.verifyReport {
            do { verify = try GalleryVerifyMarks.load(folder: folder, href: options.verifyReportURL, galleryFolder: out) } catch {
                verifyError = "\(error)"
            }
        }
        var page = GalleryPage(entries: entries, problems: source.problems, documents: source.documents,
                               options: options, verify: verify, verifyError: verifyError, filmstrips: strips)
        page.figures = figureCache
        page.projectRoot = folders.root
        let html = page.html()
        figureCache.pageDone()
        stage("page")
        // An unchanged page and manifest are not written again (an unchanged rebuild writes nothing).
        let pageDigest = RenderKeyer.digest(text: html)
        manifest.page = pageDigest
        let writes = GalleryPendingWrites(
            out: out, html: html,
            page: pageDigest != previous.page || !FileManager.default.fileExists(atPath: out + "/index.html"),
            manifest: manifest,
            manifestChanged: manifest != previous || !FileManager.default.fileExists(atPath: out + "/" + GalleryManifest.fileName))
        if !writesLater { try write(writes) }
        stage("write")
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return GalleryBuild(entries: entries, problems: source.problems, rendered: todo.count,
                            reused: cells.count - todo.count - deferred, seconds: seconds, html: html,
                            filmstrips: strips?.strips ?? [], filmstripsDrawn: stripsDue,
                            filmstripsDue: stripsStale && !stripsDue, stages: stages,
                            pendingWrites: writesLater ? writes : nil, deferred: deferred, skipped: skipped)
    }

    /// The key of the push and timeline section: the engine, the fonts, the scale, and for each
    /// layout with a `samples/LAYOUT/` folder its text and every file of that folder.
    func filmstripsKey(_ source: GallerySource, keyer: RenderKeyer) -> String? {
        let catalog = LayoutCatalog(directory: folders.layouts)
        var parts = [RenderKeyer.engineVersion, keyer.fontDigest, "scale 2", keyer.assetDigest(directory: folders.layouts)]
        for file in catalog.files() {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let folder = folders.layouts + "/samples/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            // What the strips read of the layout: the Live Activity and small/medium views, the
            // shared sections, previews and timeline (an edit to systemLarge redraws no strip).
            let text = source.documents.first { $0.path == file }?
                .renderDigest(for: PushGallery.stripSurfaces, withPreviewsAndTimeline: true)
                ?? RenderKeyer.digest(files: [file])
            parts += [name, text, RenderKeyer.digest(folder: folder)]
        }
        return parts.count == 4 ? nil : RenderKeyer.digest(text: parts.joined(separator: "\u{0}"))
    }

    /// Draws every sample filmstrip into OUT/push/ (PNG and page); an error becomes the section's
    /// message, not a failed build.
    static func drawFilmstrips(folders: ProjectFolders, key: String, renderer: WidgetRenderer, out: String) -> GalleryFilmstrips {
        do {
            let samples = try PushGallery.filmstrips(layoutsDirectory: folders.layouts, renderer: renderer, scale: 2)
            var strips: [GalleryStrip] = []
            let folder = OutputFolder(out)
            for sample in samples {
                try folder.write(sample.png, to: "push/" + sample.name + ".png")
                try folder.write(Array(sample.html.utf8), to: "push/" + sample.name + ".html")
                let layout = String(sample.name.split(separator: "/").first ?? "")
                let file = String(sample.name.split(separator: "/").last ?? "")
                let pushes = file.hasPrefix("sequence")
                let surfaces: [Surface] = pushes ? PushGallery.pushSurfaces : PushGallery.timelineSurfaces
                let size = PNGSize(sample.png)
                strips.append(GalleryStrip(name: sample.name, title: sample.title, layout: layout,
                                           kind: pushes ? "pushes" : "timelines", surfaces: surfaces.map(\.rawValue),
                                           errors: sample.errors, pixelWidth: size.width, pixelHeight: size.height, scale: 2))
            }
            return GalleryFilmstrips(key: key, strips: strips, error: nil)
        } catch {
            return GalleryFilmstrips(key: key, strips: [], error: "\(error)")
        }
    }

    /// Each request's content key, on every core (hundreds of SHA-256 runs per build).
    static func keys(for requests: [RenderRequest?], keyer: RenderKeyer) -> [String] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, requests.count / 64))
        let box = KeyBox(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (requests.count * part / parts)..<(requests.count * (part + 1) / parts)
            box.set(range, range.map { requests[$0].map { keyer.key(for: $0, scope: .surface).hex } ?? "no-preview" })
        }
        return box.keys
    }

    /// The drawer's pictures of `cells`, one batch.
    static func drawElsewhere(_ cells: [GalleryCell], source: GallerySource, scale: Double?) -> [String: Result<GalleryDrawing, GalleryDrawError>] {
        guard !cells.isEmpty else { return [:] }
        guard let drawer = source.drawer else {
            return Dictionary(uniqueKeysWithValues: cells.map { ($0.relativePath, .failure(GalleryDrawError("nothing draws \($0.layout)"))) })
        }
        return drawer.draw(cells, scale: scale)
    }

    /// A picture drawn elsewhere, written where the page shows it.
    static func write(_ drawing: Result<GalleryDrawing, GalleryDrawError>?, cell: GalleryCell, key: String, scale: Double,
                      out: String) -> GalleryRecord {
        do {
            guard let drawing else { throw GalleryDrawError("\(cell.relativePath) was not drawn") }
            let d = try drawing.get()
            try OutputFolder(out).write(d.png, to: cell.relativePath)
            return GalleryRecord(key: key, pixelWidth: d.pixelWidth, pixelHeight: d.pixelHeight,
                                 pointWidth: Double(d.pixelWidth) / scale, pointHeight: Double(d.pixelHeight) / scale,
                                 warnings: d.warnings, error: nil)
        } catch {
            return GalleryRecord(key: key, pixelWidth: 0, pixelHeight: 0, pointWidth: 0, pointHeight: 0, warnings: [], error: "\(error)")
        }
    }

    /// The request an image is rendered from (nil when the layout lacks the cell's preview).
    static func request(for cell: GalleryCell, document: LayoutDocument, options: GalleryOptions) -> RenderRequest? {
        var look = LookSpec(scale: options.scale, placeholder: cell.placeholder)
        look.deviceProfile = cell.device
        return try? cell.matrixCell.request(for: document, look: look)
    }

    static func render(_ cell: GalleryCell, request: RenderRequest?, key: String, renderer: WidgetRenderer,
                       out: String) -> GalleryRecord {
        guard let request else {
            return GalleryRecord(key: key, pixelWidth: 0, pixelHeight: 0, pointWidth: 0, pointHeight: 0, warnings: [],
                                 error: "layout '\(cell.layout)' has no preview '\(cell.preview)'")
        }
        do {
            let result = try renderer.render(request)
            try OutputFolder(out).write(result.png, to: cell.relativePath)
            return GalleryRecord(key: key, pixelWidth: result.pixelWidth, pixelHeight: result.pixelHeight,
                                 pointWidth: result.pointSize.width, pointHeight: result.pointSize.height,
                                 warnings: result.warnings.map(\.description), error: nil)
        } catch {
            return GalleryRecord(key: key, pixelWidth: 0, pixelHeight: 0, pointWidth: 0, pointHeight: 0, warnings: [],
                                 error: "\(error)")
        }
    }
}

/// Reports a build's progress: how many of how many, the image being rendered, the time so far.
public protocol GalleryProgress: Sendable {
    func start(total: Int)
    func tick(_ current: String)
    func finish()
}

/// The progress line on standard error while it is a terminal, rewritten in place (`37/234 2.1 s
/// delivery/systemSmall/onTheWay-light.png`). Nothing otherwise: a CI log gets the build's summary,
/// not a line per tenth.
public final class GalleryProgressLine: GalleryProgress, @unchecked Sendable {
    private let lock = NSLock()
    private let tty = isatty(2) != 0
    private var total = 0
    private var done = 0
    private var started = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public func start(total: Int) {
        lock.withLock { self.total = total; done = 0; started = DispatchTime.now().uptimeNanoseconds }
    }

    public func tick(_ current: String) {
        guard tty else { return }
        lock.withLock {
            done += 1
            let elapsed = String(format: "%.1f s", Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            FileHandle.standardError.write(Data("\r\u{1B}[K\(done)/\(total) \(elapsed) \(current)".utf8))
        }
    }

    public func finish() { if tty, total > 0 { FileHandle.standardError.write(Data("\n".utf8)) } }
}

private final class StampBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: GalleryFontStamp?
    var value: GalleryFontStamp? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private final class KeyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String]
    init(count: Int) { stored = Array(repeating: "", count: count) }
    func set(_ range: Range<Int>, _ keys: [String]) { lock.withLock { stored.replaceSubrange(range, with: keys) } }
    var keys: [String] { lock.withLock { stored } }
}

private final class ManifestBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (path: String, manifest: GalleryManifest, identity: String)?
    private var visited: Set<String> = []
    /// True the first time a folder is asked about.
    func firstVisit(_ folder: String) -> Bool { lock.withLock { visited.insert(folder).inserted } }
    func get(_ path: String) -> (GalleryManifest, String)? {
        lock.withLock { stored.flatMap { $0.path == path ? ($0.manifest, $0.identity) : nil } }
    }
    func set(_ path: String, _ manifest: GalleryManifest, _ identity: String) {
        lock.withLock { stored = (path, manifest, identity) }
    }
}

/// The result of the one filmstrip job, handed from its worker thread.
private final class StripBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: GalleryFilmstrips?
    var value: GalleryFilmstrips? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Width and height from a PNG's IHDR (0 × 0 when it is not one).
struct PNGSize {
    var width = 0, height = 0
    init(_ png: [UInt8]) {
        guard png.count >= 24 else { return }
        func be(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        width = be(16); height = be(20)
    }
}
