import Foundation
import WidgetTemplate
import Yams

/// Why no project could be found or read: what was looked for, where, and what to do.
public struct ProjectError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// `widgetshot.yaml`: what makes a folder a WidgetShot project inside any repository.
///
/// ```yaml
/// layouts: Widgets/Layouts   # default: Layouts
/// goldens: Widgets/Golden    # default: Golden
/// fonts: Widgets/Fonts       # default: Fonts if the project has one, else the fonts installed with widgetshot;
///                            # a list adds folders to the installed fonts (ProjectFonts)
/// matrix:                    # default: each preview in its own look only
///   locale: [en, ko]         # goldens and gallery also in these locales (MatrixAxis)
///   dynamicType: [large, AX3]
/// swift:                     # the team's own widget code as a source (docs/swift.md)
///   widgets: [WidgetExtension]   # folders (or .swift files) of widget code
///   include: [Shared/Models]     # folders of app code they need
/// ```
///
/// Every key is optional (an empty file is a project with the default folders). Paths are relative
/// to the file's folder and stay inside it.
public enum ProjectFile {
    public static let name = "widgetshot.yaml"
    static let keys = ["layouts", "goldens", "fonts", "matrix", "swift"]
    /// A project file is a few lines; anything larger is not one.
    static let maxBytes = 64 * 1024

    /// The folders `root/widgetshot.yaml` names (its defaults for keys it leaves out).
    public static func read(root: String, executable: String = ProjectFolders.currentExecutable) throws(ProjectError) -> ProjectFolders {
        let path = root + "/" + name
        let text: String
        do { text = try BoundedFile.text(path, limit: maxBytes) } catch {
            throw ProjectError(error.isTooLarge ? "\(path): larger than \(maxBytes) bytes; a project file names three folders and a matrix" : "\(path): \(error)")
        }
        // Three folders and a matrix of short lists: nothing nests deeply. Refused before composing, so no input can
        // make the YAML reader recurse deeply.
        let bytes = Array(text.utf8)
        if let deep = SourceCheck.firstTooDeep(bytes, limit: maxNesting) {
            let at = SourceCheck.location(ofByte: deep, in: bytes, file: path)
            throw ProjectError("\(path):\(at.line): nested more deeply than a project file is (\(maxNesting) levels); it names three folders and a matrix")
        }
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch {
            throw ProjectError("\(path): invalid YAML: \(error)")
        }
        var values: [String: String] = [:]
        var span = MatrixSpan.none
        var swift: (widgets: [String], include: [String]) = ([], [])
        var fonts: ProjectFonts?
        if let node {
            guard case .mapping(let map) = node else {
                throw ProjectError("\(path):\(line(node)): expected a mapping of \(keys.joined(separator: ", ")) (folders, and the matrix)")
            }
            for (k, v) in map {
                guard case .scalar(let key) = k, keys.contains(key.string) else {
                    // Described from the node, never constructed (Yams traps constructing some non-scalar keys).
                    let shown: String = if case .scalar(let sc) = k { "'\(sc.string)'" } else { "that is not a name" }
                    throw ProjectError("\(path):\(line(k)): unknown key \(shown); a project file takes \(keys.joined(separator: ", "))")
                }
                if key.string == "matrix" { span = try matrix(v, path: path); continue }
                if key.string == "swift" { swift = try swiftSource(v, path: path, root: root); continue }
                if key.string == "fonts" { fonts = try ProjectFonts.read(v, path: path, root: root); continue }
                guard case .scalar(let value) = v, !value.string.isEmpty else {
                    throw ProjectError("\(path):\(line(v)): '\(key.string)' must be a folder path")
                }
                let folder = value.string
                let resolved = try insideProject(folder, key: key.string, at: "\(path):\(line(v))", root: root)
                // Written inside, and still inside with every link resolved: a `Layouts` that is a
                // link to /etc would otherwise let lint and the server read (and quote) files there.
                // The fonts folder may be a link (`ProjectFolders.checkInside` says why).
                guard key.string == "fonts" || staysInside(resolved, root: root) else {
                    throw ProjectError("\(path):\(line(v)): '\(key.string): \(folder)' reaches outside the project folder through a symbolic link; "
                                       + "project folders are read only inside it (copy the folder in, or run from the folder that holds it)")
                }
                values[key.string] = resolved
            }
        }
        var folders = ProjectFolders(root: root)
        folders.projectFile = path
        folders.matrix = span
        folders.swiftWidgets = swift.widgets
        folders.swiftInclude = swift.include
        if let l = values["layouts"] { folders.layouts = l }
        if let g = values["goldens"] { folders.golden = g }
        if let replace = fonts?.replace {
            folders.fonts = replace[0]
            folders.addedFonts = Array(replace.dropFirst())
        } else if fonts != nil || !isDirectory(folders.fonts) {  // added folders come after the bundled fonts
            guard let bundled = ProjectFolders.installedFonts(executable: executable) else {
                throw ProjectError("\(path): the project has no Fonts/ folder and no fonts were installed with widgetshot "
                                   + "(looked beside the executable and in share/widgetshot/Fonts); name one with 'fonts:'")
            }
            folders.fonts = bundled
        }
        folders.addedFonts += fonts?.add ?? []
        try folders.checkInside()
        return folders
    }

    /// Whether `folder` (or, for a folder not made yet, its nearest existing parent) lies inside
    /// `root` once links are resolved on both sides.
    static func staysInside(_ folder: String, root: String) -> Bool {
        guard let realRoot = BoundedFile.realPath(root) else { return false }
        var probe = folder
        while BoundedFile.realPath(probe) == nil {
            var info = stat()
            if lstat(probe, &info) == 0 { return false }  // a link to nothing
            let parent = (probe as NSString).deletingLastPathComponent
            if parent == probe || parent.isEmpty { return false }
            probe = parent
        }
        guard let real = BoundedFile.realPath(probe) else { return false }
        return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    private static func line(_ node: Node) -> Int { max(1, node.mark?.line ?? 1) }

    /// A folder a project file names (`key` in messages, at `location`), resolved inside `root`:
    /// written relative and without `..`; the links on the way are checked by the caller.
    static func insideProject(_ written: String, key: String, at location: String, root: String) throws(ProjectError) -> String {
        let parts = written.split(separator: "/", omittingEmptySubsequences: true)
        guard !written.hasPrefix("/"), !written.hasPrefix("~"), !parts.contains("..") else {
            throw ProjectError("\(location): '\(key): \(written)' must be a path inside the project folder (relative, without '..')")
        }
        return parts.isEmpty ? root : root + "/" + parts.joined(separator: "/")
    }

    /// `swift:`: `widgets:` and `include:`, each a path or a list of paths inside the project (a
    /// bare path or list is `widgets:`).
    static func swiftSource(_ node: Node, path: String, root: String) throws(ProjectError) -> (widgets: [String], include: [String]) {
        func paths(_ node: Node, _ key: String) throws(ProjectError) -> [String] {
            let items: [Node]
            switch node {
            case .scalar: items = [node]
            case .sequence(let list): items = Array(list)
            default: throw ProjectError("\(path):\(line(node)): 'swift.\(key)' must be a folder path or a list of them")
            }
            var out: [String] = []
            for item in items {
                guard case .scalar(let value) = item, !value.string.isEmpty else {
                    throw ProjectError("\(path):\(line(item)): 'swift.\(key)' lists folder paths")
                }
                let resolved = try insideProject(value.string, key: "swift.\(key)", at: "\(path):\(line(item))", root: root)
                guard staysInside(resolved, root: root) else {
                    throw ProjectError("\(path):\(line(item)): 'swift.\(key): \(value.string)' reaches outside the project folder through a symbolic link")
                }
                out.append(resolved)
            }
            return out
        }
        switch node {
        case .scalar, .sequence: return (try paths(node, "widgets"), [])
        case .mapping(let map):
            var result: (widgets: [String], include: [String]) = ([], [])
            for (k, v) in map {
                guard case .scalar(let key) = k, ["widgets", "include"].contains(key.string) else {
                    throw ProjectError("\(path):\(line(k)): 'swift' takes widgets: and include:")
                }
                if key.string == "widgets" { result.widgets = try paths(v, "widgets") } else { result.include = try paths(v, "include") }
            }
            if result.widgets.isEmpty { throw ProjectError("\(path):\(line(node)): 'swift' needs widgets: (the widget extension's folder)") }
            return result
        default:
            throw ProjectError("\(path):\(line(node)): 'swift' must be a mapping: widgets: [folders], include: [folders]")
        }
    }

    /// `matrix:`: a mapping of axis names (`MatrixAxis.all`) to a value or a list of values, each
    /// checked as the render field of that name is.
    static func matrix(_ node: Node, path: String) throws(ProjectError) -> MatrixSpan {
        let axes = MatrixAxis.all.map(\.name).joined(separator: ", ")
        guard case .mapping(let map) = node else {
            throw ProjectError("\(path):\(line(node)): 'matrix' must be a mapping of axes (\(axes)) to lists of values, e.g. locale: [en, ko]")
        }
        var span = MatrixSpan()
        for (k, v) in map {
            guard case .scalar(let axis) = k else { throw ProjectError("\(path):\(line(k)): a matrix axis must be a name: \(axes)") }
            var list: [String] = []
            switch v {
            case .scalar(let one): list = [one.string]
            case .sequence(let items):
                for item in items {
                    guard case .scalar(let value) = item else {
                        throw ProjectError("\(path):\(line(item)): matrix.\(axis.string) lists values, each a word")
                    }
                    list.append(value.string)
                }
            default: throw ProjectError("\(path):\(line(v)): matrix.\(axis.string) must be a list of values, e.g. [en, ko]")
            }
            do { try span.set(axis.string, list) } catch {
                throw ProjectError("\(path):\(line(v)): matrix.\(axis.string): \(error.message)")
            }
        }
        return span
    }

    /// Levels of nesting a project file may use (the layout reader's over-estimate: `SourceCheck`).
    static let maxNesting = 16

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
