import Foundation
import WidgetTemplate

/// The layouts of a project: `Layouts/*.yaml|yml|json`, found by name or by path.
public struct LayoutCatalog: Sendable {
    public var directory: String
    /// Whether the documents' diagnostics name their files relative to the project folder
    /// (`Layouts/delivery.yaml`, see `shownName(of:)`) rather than by their paths: for what a
    /// server or a page shows to others. The commands keep paths, which a terminal, an editor and
    /// GitHub annotations resolve.
    public var projectRelativeNames: Bool

    public init(directory: String, projectRelativeNames: Bool = false) {
        self.directory = directory; self.projectRelativeNames = projectRelativeNames
    }

    /// Layout files in the folder, sorted by name.
    public func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { n in ["yaml", "yml", "json"].contains((n as NSString).pathExtension) }
            .sorted().map { directory + "/" + $0 }
    }

    public func names() -> [String] {
        files().map { ((($0 as NSString).lastPathComponent) as NSString).deletingPathExtension }
    }

    /// `delivery` → Layouts/delivery.yaml; anything with a slash or an extension is a path.
    public func resolve(_ nameOrPath: String) throws -> String {
        let fm = FileManager.default
        if nameOrPath.contains("/") || ["yaml", "yml", "json"].contains((nameOrPath as NSString).pathExtension) {
            guard fm.fileExists(atPath: nameOrPath) else { throw CatalogError.noFile(nameOrPath) }
            return nameOrPath
        }
        for ext in ["yaml", "yml", "json"] {
            let path = "\(directory)/\(nameOrPath).\(ext)"
            if fm.fileExists(atPath: path) { return path }
        }
        throw CatalogError.unknownLayout(nameOrPath, known: names(), directory: directory)
    }

    public func load(_ nameOrPath: String, limits: Limits = .default) throws -> LayoutDocument {
        let path = try resolve(nameOrPath)
        return try LayoutLoader.load(path: path, limits: limits, shownAs: projectRelativeNames ? shownName(of: path) : nil)
    }

    /// How messages name a file of this folder: `Layouts/delivery.yaml`, relative to the project
    /// folder (the layouts folder's parent), so that no error, page or response shows where the
    /// project sits on the machine. A path elsewhere is shown as given.
    public func shownName(of path: String) -> String {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard path.hasPrefix(folder + "/") else { return path }
        let rest = String(path.dropFirst(folder.count + 1))
        let base = (folder as NSString).lastPathComponent
        return base.isEmpty || base == "." || base == "/" ? rest : base + "/" + rest
    }

    public func loadAll(limits: Limits = .default) throws -> [LayoutDocument] {
        var documents: [LayoutDocument] = []
        var diagnostics: [Diagnostic] = []
        for file in files() {
            do { documents.append(try LayoutLoader.load(path: file, limits: limits, shownAs: projectRelativeNames ? shownName(of: file) : nil)) } catch let e as LayoutError {
                diagnostics += e.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw LayoutError(diagnostics: diagnostics) }
        return documents
    }
}

public enum CatalogError: Error, CustomStringConvertible, Sendable {
    case noFile(String)
    case unknownLayout(String, known: [String], directory: String)

    public var description: String {
        switch self {
        case .noFile(let p): return "no layout file at \(p)"
        case .unknownLayout(let n, let known, let dir):
            return "no layout named '\(n)' in \(dir); known layouts: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        }
    }
}
