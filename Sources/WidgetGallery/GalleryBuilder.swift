import Foundation
import WidgetShot

/// A layout file that could not be loaded: the gallery shows its errors in place of its images.
public struct GalleryProblem: Sendable, Equatable {
    public var file: String
    /// `file:line:col: error: message`, one per line.
    public var message: String
    public init(file: String, message: String) { self.file = file; self.message = message }
}

/// The layouts of a project as the gallery sees them: those that load, and the errors of the rest.
public struct GallerySource: Sendable {
    public var documents: [LayoutDocument]
    public var problems: [GalleryProblem]

    public init(documents: [LayoutDocument], problems: [GalleryProblem] = []) {
        self.documents = documents; self.problems = problems
    }

    /// Loads `names` (every layout when nil) from the project's layouts folder. A file that fails
    /// becomes a problem, not an error: the rest of the gallery is still worth seeing.
    public static func load(_ folders: ProjectFolders, names: [String]? = nil, limits: Limits = .default) -> GallerySource {
        let catalog = LayoutCatalog(directory: folders.layouts)
        var documents: [LayoutDocument] = []
        var problems: [GalleryProblem] = []
        for name in names ?? catalog.names() {
            do { documents.append(try catalog.load(name, limits: limits)) } catch let error as LayoutError {
                problems.append(GalleryProblem(file: (try? catalog.resolve(name)) ?? name,
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
    /// Relative paths of the images rendered in this build.
    public var changedPaths: [String] { entries.filter(\.rendered).map(\.cell.relativePath) }
}

/// Renders the gallery into a folder: the PNGs, OUT/index.html and OUT/.gallery-manifest.json.
/// Only images whose content key changed since the last build are rendered, on every core.
public struct GalleryBuilder: Sendable {
    public var folders: ProjectFolders
    public var pool: RendererPool
    public var options: GalleryOptions
    /// The content key of an image is its RenderKey (SHA-256 over the layout's text, the files in
    /// its folder, the fonts, the engine version, the data and every parameter). Asset folders are
    /// looked at on every build (no recheck interval): a watched asset edit must be seen at once.
    public let keyer: RenderKeyer

    public init(folders: ProjectFolders, pool: RendererPool, options: GalleryOptions = GalleryOptions()) {
        self.folders = folders; self.pool = pool; self.options = options
        self.keyer = RenderKeyer(fonts: pool.fonts, assetRecheckSeconds: 0)
    }

    public func build(_ source: GallerySource, into out: String, progress: GalleryProgress? = nil) throws -> GalleryBuild {
        let started = DispatchTime.now().uptimeNanoseconds
        AtomicFile.removeStaleTempFiles(in: out)
        let previous = GalleryManifest.load(from: out)
        let options = self.options
        let cells = GalleryMatrix.cells(for: source.documents, options: options)
        let documents = Dictionary(source.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let requests = cells.map { Self.request(for: $0, document: documents[$0.layout]!, options: options) }
        let keys = requests.map { $0.map { keyer.key(for: $0).hex } ?? "no-preview" }

        var records: [GalleryRecord?] = cells.indices.map { i in
            guard let old = previous.images[cells[i].relativePath], old.key == keys[i] else { return nil }
            if old.error == nil, !FileManager.default.fileExists(atPath: out + "/" + cells[i].relativePath) { return nil }
            return old
        }
        let todo = cells.indices.filter { records[$0] == nil }
        progress?.start(total: todo.count)
        let rendered = pool.map(todo.count) { j, renderer -> GalleryRecord in
            let i = todo[j]
            defer { progress?.tick(cells[i].relativePath) }
            return Self.render(cells[i], request: requests[i], key: keys[i], renderer: renderer, out: out)
        }
        progress?.finish()
        for (j, i) in todo.enumerated() { records[i] = rendered[j] }

        let renderedNow = Set(todo)
        let entries = cells.indices.map { GalleryEntry(cell: cells[$0], record: records[$0]!, rendered: renderedNow.contains($0)) }
        var manifest = GalleryManifest()
        for e in entries { manifest.images[e.cell.relativePath] = e.record }
        // Images of cells that are gone (a preview renamed, a layout removed) go too.
        for path in previous.images.keys where manifest.images[path] == nil {
            try? FileManager.default.removeItem(atPath: out + "/" + path)
        }
        let html = GalleryPage(entries: entries, problems: source.problems, documents: source.documents,
                               options: options).html()
        try AtomicFile.write(Array(html.utf8), to: out + "/index.html")
        try manifest.write(to: out)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return GalleryBuild(entries: entries, problems: source.problems, rendered: todo.count,
                            reused: cells.count - todo.count, seconds: seconds, html: html)
    }

    /// The request an image is rendered from (nil when the layout lacks the cell's preview).
    static func request(for cell: GalleryCell, document: LayoutDocument, options: GalleryOptions) -> RenderRequest? {
        guard let preview = document.preview(named: cell.preview) else { return nil }
        var request = RenderRequest(layout: document, surface: cell.surface, preview: preview, device: cell.device,
                                    scale: options.scale, scheme: cell.scheme, placeholder: cell.placeholder)
        request.mode = cell.mode
        cell.matrixCell.apply(to: &request)
        return request
    }

    static func render(_ cell: GalleryCell, request: RenderRequest?, key: String, renderer: WidgetRenderer,
                       out: String) -> GalleryRecord {
        guard let request else {
            return GalleryRecord(key: key, pixelWidth: 0, pixelHeight: 0, pointWidth: 0, pointHeight: 0, warnings: [],
                                 error: "layout '\(cell.layout)' has no preview '\(cell.preview)'")
        }
        do {
            let result = try renderer.render(request)
            try AtomicFile.write(result.png, to: out + "/" + cell.relativePath)
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

/// The progress line on standard error: rewritten in place on a terminal (`37/234 2.1 s
/// delivery/systemSmall/onTheWay-light.png`), a line per tenth otherwise.
public final class GalleryProgressLine: GalleryProgress, @unchecked Sendable {
    private let lock = NSLock()
    private let tty = isatty(2) != 0
    private var total = 0
    private var done = 0
    private var lastPrinted = 0
    private var started = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public func start(total: Int) {
        lock.withLock { self.total = total; done = 0; lastPrinted = 0; started = DispatchTime.now().uptimeNanoseconds }
    }

    public func tick(_ current: String) {
        lock.withLock {
            done += 1
            let elapsed = String(format: "%.1f s", Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            if tty {
                FileHandle.standardError.write(Data("\r\u{1B}[K\(done)/\(total) \(elapsed) \(current)".utf8))
            } else if done - lastPrinted >= max(1, total / 10) || done == total {
                lastPrinted = done
                FileHandle.standardError.write(Data("\(done)/\(total) \(elapsed) \(current)\n".utf8))
            }
        }
    }

    public func finish() { if tty, total > 0 { FileHandle.standardError.write(Data("\n".utf8)) } }
}
