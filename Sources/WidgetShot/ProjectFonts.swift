import Foundation
import Yams

/// `fonts:` in widgetshot.yaml: which font folders a project draws with. Fonts come only from the
/// project and from the fonts installed with widgetshot, never the system's.
///
/// ```yaml
/// fonts: Widgets/Fonts                 # a folder: its fonts alone (they replace the bundled ones; as before)
/// fonts: [Fonts/Noto]                  # a list: the bundled fonts, then these folders' fonts
/// fonts:                               # the same, spelled out
///   add: [Fonts/Noto]
/// fonts:
///   replace: Widgets/Fonts             # a folder (or a list) in place of the bundled fonts …
///   add: [Fonts/Noto]                  # … and folders after it
/// ```
///
/// An added folder's fonts draw only what the earlier folders' fonts lack (Arabic, Hebrew, Thai,
/// Devanagari, CJK …: `scripts/setup --fonts DIR` copies Debian's Noto fonts for them): text the
/// bundled fonts draw keeps its pixels.
struct ProjectFonts: Equatable {
    /// nil: the default folder (the project's `Fonts/`, else the bundled fonts).
    var replace: [String]?
    var add: [String] = []

    /// Folders `fonts:` may name in all (`FontLibrary.maxDirectories`, the bundled folder included).
    static let maxFolders = FontLibrary.maxDirectories

    /// `fonts:`'s value, its folders resolved against `root`.
    static func read(_ node: Node, path: String, root: String) throws(ProjectError) -> ProjectFonts {
        let usage = "'fonts' is a folder (its fonts replace the bundled ones), a list of folders added to the bundled fonts, "
            + "or a mapping of add: and replace:"
        var fonts = ProjectFonts()
        switch node {
        case .scalar:
            fonts.replace = try folders(node, key: "fonts", path: path, root: root, mustExist: false)
        case .sequence:
            fonts.add = try folders(node, key: "fonts", path: path, root: root, mustExist: true)
        case .mapping(let map):
            for (k, v) in map {
                guard case .scalar(let key) = k, ["add", "replace"].contains(key.string) else {
                    throw ProjectError("\(path):\(line(k)): 'fonts' takes add: and replace:; \(usage)")
                }
                let list = try folders(v, key: "fonts.\(key.string)", path: path, root: root, mustExist: key.string == "add")
                if key.string == "add" { fonts.add = list } else { fonts.replace = list }
            }
            guard fonts.replace != nil || !fonts.add.isEmpty else { throw ProjectError("\(path):\(line(node)): \(usage)") }
        default:
            throw ProjectError("\(path):\(line(node)): \(usage)")
        }
        let count = (fonts.replace?.count ?? 1) + fonts.add.count
        guard count <= maxFolders else {
            throw ProjectError("\(path):\(line(node)): 'fonts' names \(count) folders with the bundled one; at most \(maxFolders)")
        }
        return fonts
    }

    /// A folder path or a list of them, each inside the project (relative, no `..`). A fonts folder
    /// may be a link (`ProjectFolders.checkInside` says why); an added one must be there.
    private static func folders(_ node: Node, key: String, path: String, root: String, mustExist: Bool) throws(ProjectError) -> [String] {
        let items: [Node]
        switch node {
        case .scalar: items = [node]
        case .sequence(let list): items = Array(list)
        default: throw ProjectError("\(path):\(line(node)): '\(key)' must be a folder path or a list of them")
        }
        guard !items.isEmpty else { throw ProjectError("\(path):\(line(node)): '\(key)' lists no folder") }
        var out: [String] = []
        for item in items {
            guard case .scalar(let value) = item, !value.string.isEmpty else {
                throw ProjectError("\(path):\(line(item)): '\(key)' must be a folder path or a list of them")
            }
            let folder = value.string
            let resolved = try ProjectFile.insideProject(folder, key: key, at: "\(path):\(line(item))", root: root)
            if mustExist, !ProjectFile.isDirectory(resolved) {
                throw ProjectError("\(path):\(line(item)): '\(key): \(folder)': no such folder (\(resolved)); "
                                   + "scripts/setup --fonts \(folder) copies Debian's Noto fonts for Arabic, Hebrew, Thai, Devanagari there")
            }
            out.append(resolved)
        }
        return out
    }

    private static func line(_ node: Node) -> Int { max(1, node.mark?.line ?? 1) }
}

extension ProjectFolders {
    /// Every font folder a render draws with, in order: `fonts` (the bundled fonts, or the
    /// project's) and the folders `fonts:` adds after it.
    public var fontFolders: [String] { [fonts] + addedFonts }

    /// The fonts of `fontFolders` (`sealed`: FontLibrary).
    public func fontLibrary(sealed: Bool = true) throws -> FontLibrary {
        try FontLibrary(directories: fontFolders, sealed: sealed)
    }
}
