import ArgumentParser
import Foundation
import WidgetDiff
import WidgetGallery
import WidgetGoldens
import WidgetRender
import WidgetServer
import WidgetShot
import WidgetSwiftSource
import WidgetTemplate

/// A `.swift` file or a folder of them given where a layout goes (`render Widgets/`, `list
/// Widgets/`): the team's widget code, built against WidgetShot's SwiftUI into a runner
/// (WidgetSwiftSource) and asked for its widgets, previews and pictures (docs/swift.md).
struct SwiftSource {
    let build: SwiftWidgetBuild

    /// True when `argument` names Swift: a `.swift` file, or a folder holding no layout file of its own.
    static func isSwift(_ argument: String) -> Bool {
        if argument.hasSuffix(".swift") { return true }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else { return false }
        return !FileManager.default.fileExists(atPath: argument + "/widgetshot.yaml")
    }

    /// Scans `paths` (plus the app folders in `include`) and builds the runner, cached under the
    /// project's `.build/widgetshot-swift/` (the working directory's when there is no project).
    static func open(_ paths: [String], include: [String], project: ProjectOptions) throws -> SwiftSource {
        #if !os(Linux)
        throw CLIError("a Swift source is built against WidgetShot's SwiftUI modules, which exist on Linux only; on a Mac, Xcode's previews draw the real SwiftUI")
        #else
        let folder: SwiftWidgetFolder
        do { folder = try SwiftWidgetFolder.scan(widgets: paths, include: includes(for: paths, given: include, project: project)) } catch {
            throw CLIError("\(error)")
        }
        let root = (try? project.folders().root) ?? FileManager.default.currentDirectoryPath
        let package: String
        do { package = try SwiftWidgetBuild.locatePackage() } catch { throw CLIError("\(error)") }
        let build = SwiftWidgetBuild(folder: folder, cacheRoot: root + "/.build", packageRoot: package)
        for hidden in folder.hiddenWidgets {
            note("\(hidden.file):\(hidden.line): warning: \(hidden.name) is private: the runner cannot name it, so it is left out")
        }
        do { try build.build(progress: { note($0) }) } catch { throw CLIError("\(error)") }
        return SwiftSource(build: build)
        #endif
    }

    /// The app folders Swift at `paths` needs: `given` (`--include`), and widgetshot.yaml's `swift:
    /// include:` when every path is one of the project's `swift: widgets:` folders or inside one
    /// (as gallery and record build them), each folder once.
    static func includes(for paths: [String], given: [String], project: ProjectOptions) -> [String] {
        guard let folders = try? project.folders(), !folders.swiftInclude.isEmpty else { return given }
        let widgets = folders.swiftWidgets.map(canonical)
        let ours = paths.map(canonical).allSatisfy { path in widgets.contains { path == $0 || path.hasPrefix($0 + "/") } }
        guard ours else { return given }
        var seen = Set<String>()
        return (given + folders.swiftInclude).filter { seen.insert(canonical($0)).inserted }
    }

    /// An absolute path with `.`, `..` and links resolved, to compare folders however they are written.
    static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
    }

    func describe() throws -> SwiftDescription {
        do { return try build.describe() } catch { throw CLIError("\(error)") }
    }

    /// Draws `pictures` (the runner's request fields) with `look` and `fonts`.
    func render(_ pictures: [[String: Any]], look: LookSpec, fonts: [String]) throws -> [SwiftWidgetBuild.Drawn] {
        do { return try build.render(pictures, look: look, fonts: fonts) } catch { throw CLIError("\(error)") }
    }

    /// The project's `swift:` source (widgetshot.yaml), built and described; nil when it names none.
    static func project(_ folders: ProjectFolders, project: ProjectOptions) throws -> SwiftProject? {
        guard !folders.swiftWidgets.isEmpty else { return nil }
        let source = try open(folders.swiftWidgets, include: folders.swiftInclude, project: project)
        let description = try source.describe()
        for failure in description.failures { note("warning: " + failure) }
        return SwiftProject(build: source.build, description: description)
    }

    /// The project's Swift widgets as gallery documents, drawn by the runner.
    static func addToGallery(_ source: inout GallerySource, folders: ProjectFolders, project: ProjectOptions) throws {
        guard let swift = try SwiftSource.project(folders, project: project) else { return }
        source.documents += swift.documents
        source.drawer = SwiftGalleryDrawer(project: swift, fonts: folders.fontFolders)
    }

    /// The project's Swift source as `serve` holds it (SwiftRouteSource): scanned, built and
    /// described at each load; the render routes draw from it.
    static func routeSource(_ folders: ProjectFolders) -> SwiftRouteSource {
        let widgets = folders.swiftWidgets, include = folders.swiftInclude, root = folders.root
        return SwiftRouteSource(fonts: folders.fontFolders) {
            let folder = try SwiftWidgetFolder.scan(widgets: widgets, include: include)
            let build = SwiftWidgetBuild(folder: folder, cacheRoot: root + "/.build", packageRoot: try SwiftWidgetBuild.locatePackage())
            try build.build()
            return SwiftProject(build: build, description: try build.describe())
        }
    }

    /// What `serve` adds to its gallery at each build: the Swift source rebuilt (about a second after
    /// an edit to one file), described and drawn; a compile error is shown in the page.
    static func liveGallerySource(_ folders: ProjectFolders, source: SwiftRouteSource) -> @Sendable () -> GallerySourceExtra {
        let widgets = folders.swiftWidgets, fonts = folders.fontFolders
        return {
            do {
                let swift = try source.reload()
                return GallerySourceExtra(documents: swift.documents, drawer: SwiftGalleryDrawer(project: swift, fonts: fonts))
            } catch {
                return GallerySourceExtra(problems: [GalleryProblem(file: widgets.first ?? "swift:", message: "\(error)")])
            }
        }
    }

    /// The pictures of the Swift cells among `jobs`, drawn by the runner into a temporary folder.
    static func draw(_ jobs: [(LayoutDocument, MatrixCell)], _ swift: SwiftProject?, suite: GoldenSuite,
                     folders: ProjectFolders) throws -> SwiftDrawings {
        let cells = jobs.filter { $0.0.isDrawnElsewhere }.map(\.1)
        guard let swift, !cells.isEmpty else { return SwiftDrawings(drawn: [:], folder: nil) }
        let folder = swift.build.directory + "/pictures-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        note("drawing \(cells.count) Swift picture(s) with the widget runner")
        do {
            return SwiftDrawings(drawn: try swift.render(cells, device: suite.device, scale: suite.scale, fonts: folders.fontFolders, into: folder),
                                 folder: swift.build.folder)
        } catch { throw CLIError("\(error)") }
    }

    /// A preview by its name or by `FILE:LINE` (the file's name is enough).
    static func preview(_ key: String, in description: SwiftDescription) throws -> SwiftDescription.Preview {
        if let named = description.previews.first(where: { $0.name == key }) { return named }
        if let colon = key.lastIndex(of: ":"), let line = Int(key[key.index(after: colon)...]) {
            let file = String(key[..<colon])
            if let found = description.previews.first(where: { $0.line == line && ($0.file == file || $0.file.hasSuffix("/" + file)) }) {
                return found
            }
        }
        let known = description.previews.map { ($0.name.map { "'\($0)'" } ?? "unnamed") + " (\(($0.file as NSString).lastPathComponent):\($0.line))" }
        throw CLIError("no #Preview '\(key)' (previews: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
    }
}

/// The runner's pictures of Swift cells, by the cell's path: read as a golden check or record needs them.
struct SwiftDrawings: Sendable {
    let drawn: [String: Result<SwiftDrawing, SwiftWidgetBuild.BuildError>]
    /// The runner's warnings of each cell it drew (by the cell's path), at the team's paths.
    var warnings: [String: [String]] {
        drawn.compactMapValues { if case .success(let d) = $0, !d.warnings.isEmpty { d.warnings } else { nil } }
    }
    /// The team's files, to name a view's `#fileID` by the team's path.
    let folder: SwiftWidgetFolder?

    func png(of cell: MatrixCell) throws -> (png: [UInt8], pixels: DiffImage) {
        guard let result = drawn[cell.relativePath] else { throw CLIError("\(cell.relativePath): not drawn by the widget runner") }
        let path = try result.get().path
        let png = try BoundedFile.read(path, limit: Limits.default.pngFileBytes)
        let image = try PNGCodec.decode(png)
        return (png, DiffImage(width: image.width, height: image.height, pixels: image.pixels))
    }

    func pixels(of cell: MatrixCell) throws -> DiffImage { try png(of: cell).pixels }

    /// The runner's view frames beside a picture (`PICTURE.png.views.json`, `ViewFrames`), their
    /// `#fileID:line` sources as the team's `path:line` (views of WidgetShot's own files dropped);
    /// nil when the runner wrote none or it cannot be read (the failure then names the preview).
    func views(of cell: MatrixCell) -> ViewFrames? {
        guard let folder, case .success(let picture)? = drawn[cell.relativePath], case let path = picture.path,
              FileManager.default.fileExists(atPath: path + ViewFrames.sidecarSuffix),
              var frames = try? ViewFrames.read(path + ViewFrames.sidecarSuffix) else { return nil }
        frames.frames = frames.frames.compactMap { f in
            guard let at = folder.teamLocation(f.source) else { return nil }
            var f = f
            f.source = "\(VerifyReport.displayPath(at.file)):\(at.line)"
            return f
        }
        return frames
    }

    /// A job's golden check: drawn here for a layout, read from the runner's picture for a Swift cell.
    func check(_ job: (LayoutDocument, MatrixCell), suite: GoldenSuite, renderer: WidgetRenderer, manifest: GoldenManifest,
               keepImages: Bool) -> GoldenOutcome {
        guard job.0.isDrawnElsewhere else {
            return suite.check(job.1, in: job.0, with: renderer, manifest: manifest, keepImages: keepImages)
        }
        return suite.check(job.1, manifest: manifest, keepImages: keepImages, located: { (try pixels(of: job.1), views(of: job.1)) })
    }
}

/// The gallery's pictures of a Swift source: one runner call per device and look.
struct SwiftGalleryDrawer: GalleryDrawer {
    let project: SwiftProject
    let fonts: [String]
    let digest: String

    init(project: SwiftProject, fonts: [String]) {
        self.project = project; self.fonts = fonts; digest = project.digest
    }

    func draw(_ cells: [GalleryCell], scale: Double?) -> [String: Result<GalleryDrawing, GalleryDrawError>] {
        var out: [String: Result<GalleryDrawing, GalleryDrawError>] = [:]
        let groups = Dictionary(grouping: cells) { "\($0.device.id) \($0.device.ios.number) \($0.placeholder)" }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            let first = group[0]
            let folder = project.build.directory + "/gallery-\(getpid())"
            let drawn: [String: Result<SwiftDrawing, SwiftWidgetBuild.BuildError>]
            do {
                drawn = try project.render(group.map(\.matrixCell), device: first.device, scale: scale, placeholder: first.placeholder,
                                           fonts: fonts, into: folder)
            } catch {
                for cell in group { out[cell.relativePath] = .failure(GalleryDrawError("\(error)")) }
                continue
            }
            for cell in group {
                switch drawn[cell.matrixCell.relativePath] {
                case .success(let picture)?:
                    if let png = FileManager.default.contents(atPath: picture.path).map({ [UInt8]($0) }), let image = try? PNGCodec.decode(png) {
                        out[cell.relativePath] = .success(GalleryDrawing(png: png, pixelWidth: image.width, pixelHeight: image.height,
                                                                         warnings: picture.warnings))
                    } else {
                        out[cell.relativePath] = .failure(GalleryDrawError("\(picture.path): not a PNG"))
                    }
                case .failure(let error)?: out[cell.relativePath] = .failure(GalleryDrawError(error.description))
                case nil: out[cell.relativePath] = .failure(GalleryDrawError("\(cell.relativePath): not drawn"))
                }
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
        return out
    }
}
