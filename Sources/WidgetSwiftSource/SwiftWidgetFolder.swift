import Foundation

/// A team's widget code as a source (docs/swift.md, "A folder of widget code as a source"): the
/// `.swift` files of its widget folders and of the app folders they need, and what a textual scan
/// finds in them — the `Widget` types a generated runner can name, the `#Preview`s by file and line,
/// and the files with `@main` (the extension's entry point, left out of the build).
///
/// The scan reads text, not syntax (the CLI does not link swift-syntax): a type it names that is
/// not a widget, or a `#Preview` it misses, shows up when the runner is compiled or described.
public struct SwiftWidgetFolder: Sendable, Equatable {
    /// The module the team's files are compiled into.
    public static let moduleName = "AppWidgets"
    /// The most `.swift` files a source may have, and the largest one, in bytes.
    public static let maxFiles = 2_000
    public static let maxFileBytes = 4 << 20

    public struct File: Sendable, Equatable {
        /// The team's file (absolute).
        public var path: String
        /// Its name in the build: the file name, prefixed with its folder's when two files share one.
        public var buildName: String
    }

    public struct PreviewMark: Sendable, Equatable {
        public var file: String
        public var line: Int
        /// The function the `#Preview` expansion exports (Sources/PreviewMacros).
        public var symbol: String
    }

    public struct TypeMark: Sendable, Equatable {
        public var name: String
        public var file: String
        public var line: Int
    }

    public var roots: [String]
    public var files: [File]
    public var widgets: [TypeMark]
    /// `private`/`fileprivate` widget types: the runner cannot name them.
    public var hiddenWidgets: [TypeMark]
    public var previews: [PreviewMark]
    /// Files with `@main`: the extension's entry point, not compiled into the runner.
    public var entryPoints: [String]
    /// The asset catalogs (`.xcassets`) and string catalogs (`.xcstrings`) under the roots
    /// (absolute): the runner draws with them, and the build generates Xcode's asset symbols.
    public var assetCatalogs: [String] = []
    public var stringCatalogs: [String] = []

    public struct ScanError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads every `.swift` file under `widgets` and `include` (folders or files), skipping hidden
    /// folders and `.build`.
    public static func scan(widgets: [String], include: [String] = []) throws -> SwiftWidgetFolder {
        var paths: [String] = []
        var assets: [String] = [], strings: [String] = []
        for root in widgets + include {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw ScanError(description: "\(root): no such file or folder")
            }
            if !isDirectory.boolValue {
                guard root.hasSuffix(".swift") else { throw ScanError(description: "\(root): not a .swift file or a folder") }
                paths.append(root)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: root) else {
                throw ScanError(description: "\(root): cannot read the folder")
            }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasSuffix(".xcassets") { assets.append(root + "/" + relative) }
                if name.hasSuffix(".xcstrings") { strings.append(root + "/" + relative) }
                if name.hasPrefix(".") || name == ".build" || name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj") {
                    walker.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { paths.append(root + "/" + relative) }
                if paths.count > maxFiles {
                    throw ScanError(description: "\(root): more than \(maxFiles) .swift files; name the widget extension's folder, not the repository")
                }
            }
        }
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = Array(Set(paths.map { URL(fileURLWithPath: $0.hasPrefix("/") ? $0 : cwd + "/" + $0).standardizedFileURL.path })).sorted()
        if absolute.isEmpty {
            throw ScanError(description: "\((widgets + include).joined(separator: ", ")): no .swift files")
        }
        var folder = SwiftWidgetFolder(roots: widgets + include, files: [], widgets: [], hiddenWidgets: [], previews: [], entryPoints: [])
        func absolutePaths(_ list: [String]) -> [String] {
            Array(Set(list.map { URL(fileURLWithPath: $0.hasPrefix("/") ? $0 : cwd + "/" + $0).standardizedFileURL.path })).sorted()
        }
        folder.assetCatalogs = absolutePaths(assets)
        folder.stringCatalogs = absolutePaths(strings)
        let counts = Dictionary(grouping: absolute, by: { ($0 as NSString).lastPathComponent }).mapValues(\.count)
        var taken = Set<String>()
        for path in absolute {
            let name = (path as NSString).lastPathComponent
            let parent = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
            var buildName = counts[name, default: 0] > 1 ? "\(parent)_\(name)" : name
            // Two folders of the same name holding files of the same name: numbered, in path order.
            var number = 2
            while taken.contains(buildName) {
                buildName = "\(parent)\(number)_\(name)"
                number += 1
            }
            taken.insert(buildName)
            folder.files.append(File(path: path, buildName: buildName))
            try folder.read(path, buildName: buildName)
        }
        return folder
    }

    /// The widget types, previews and entry points of one file.
    mutating func read(_ path: String, buildName: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > Self.maxFileBytes {
            throw ScanError(description: "\(path): \(size) bytes; a source file may have at most \(Self.maxFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ScanError(description: "\(path): cannot read it as UTF-8")
        }
        var inBlockComment = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var code = Substring(raw)
            if inBlockComment {
                guard let end = code.firstRange(of: "*/") else { continue }
                code = code[end.upperBound...]
                inBlockComment = false
            }
            if let start = code.firstRange(of: "/*"), code[start.upperBound...].firstRange(of: "*/") == nil {
                inBlockComment = true
                code = code[..<start.lowerBound]
            }
            if let comment = code.firstRange(of: "//") { code = code[..<comment.lowerBound] }
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#Preview") {
                previews.append(PreviewMark(file: path, line: line, symbol: Self.previewSymbol(buildName: buildName, line: line)))
            }
            if trimmed == "@main" || trimmed.hasPrefix("@main ") { entryPoints.append(path) }
            // A type at the file's top level (no indentation) whose inheritance names Widget.
            if code.first?.isWhitespace == false, let mark = Self.widgetType(in: trimmed) {
                let type = TypeMark(name: mark.name, file: path, line: line)
                if mark.hidden { hiddenWidgets.append(type) } else { widgets.append(type) }
            }
        }
        if entryPoints.contains(path) {
            // A file with @main is left out: so are the widgets and previews in it.
            widgets.removeAll { $0.file == path }
            previews.removeAll { $0.file == path }
        }
    }

    /// `struct DeliveryWidget: Widget {` → DeliveryWidget (hidden when private/fileprivate).
    static func widgetType(in line: String) -> (name: String, hidden: Bool)? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var hidden = false
        while let first = words.first, ["public", "internal", "package", "private", "fileprivate", "final"].contains(first) {
            if first == "private" || first == "fileprivate" { hidden = true }
            words.removeFirst()
        }
        guard words.first == "struct", words.count >= 2 else { return nil }
        let rest = words.dropFirst().joined(separator: " ")
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let name = rest[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let inherits = rest[rest.index(after: colon)...].prefix { $0 != "{" && $0 != "<" }
        let names = inherits.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.contains("Widget") || names.contains("WidgetKit.Widget") else { return nil }
        return (name, hidden)
    }

    /// `text` with every `AppWidgets/<build name>` (a `#fileID`, as the runner's warnings name the
    /// team's lines) written as the team's own path, relative to `base` when under it.
    public func teamPaths(in text: String, base: String = FileManager.default.currentDirectoryPath) -> String {
        guard text.contains(Self.moduleName + "/") else { return text }
        var out = text
        for file in files.sorted(by: { $0.buildName.count > $1.buildName.count }) {
            let path = file.path.hasPrefix(base + "/") ? String(file.path.dropFirst(base.count + 1)) : file.path
            out = out.replacingOccurrences(of: Self.moduleName + "/" + file.buildName, with: path)
        }
        return out
    }

    /// The symbol Sources/PreviewMacros exports for a `#Preview` at `line` of a file compiled as
    /// `AppWidgets/<buildName>`: letters and digits kept, everything else `_`.
    static func previewSymbol(buildName: String, line: Int) -> String {
        let fileID = moduleName + "/" + buildName
        let safe = fileID.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? String($0) : "_" }
        return "widgetshot_preview_\(safe.joined())_\(line)"
    }
}

extension SwiftWidgetFolder {
    /// A location the runner reports (`#fileID` and line: `AppWidgets/<buildName>:42`, as a view's
    /// initialiser records it) as the team's file and line, as compile errors are mapped
    /// (`SwiftWidgetBuild.diagnostics`). Nil for a file that is not the folder's (WidgetShot's own
    /// modules) or text that is no `FILE:LINE`.
    public func teamLocation(_ location: String) -> (file: String, line: Int)? {
        guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]), line > 0 else { return nil }
        let fileID = location[..<colon]
        let prefix = Self.moduleName + "/"
        guard fileID.hasPrefix(prefix) else { return nil }
        let buildName = String(fileID.dropFirst(prefix.count))
        guard let file = files.first(where: { $0.buildName == buildName }) else { return nil }
        return (file.path, line)
    }
}
