import ArgumentParser
import Foundation
import WidgetShot
import WidgetSwiftSource

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
        do { folder = try SwiftWidgetFolder.scan(widgets: paths, include: include) } catch { throw CLIError("\(error)") }
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

    struct Description: Decodable {
        struct Widget: Decodable { let name: String; let kind: String; let families: [String] }
        struct Preview: Decodable {
            let symbol: String, file: String, line: Int, name: String?, kind: String, surface: String, pictures: Int
        }
        let widgets: [Widget]
        let previews: [Preview]
        let failures: [String]
    }

    func describe() throws -> Description {
        do { return try JSONDecoder().decode(Description.self, from: try build.run(["describe"])) } catch let error as SwiftWidgetBuild.BuildError {
            throw CLIError(error.description)
        } catch { throw CLIError("the widget runner's description does not decode: \(error)") }
    }

    struct Drawn: Decodable { let output: String; let pixelWidth: Int?; let pixelHeight: Int?; let warnings: [String]; let error: String? }

    /// Draws `pictures` (the runner's request fields) with `look` and `fonts`.
    func render(_ pictures: [[String: Any]], look: LookSpec, fonts: String) throws -> [Drawn] {
        let request: [String: Any] = ["fonts": fonts, "look": look.settings, "pictures": pictures]
        let file = build.directory + "/request.json"
        do {
            try AtomicFile.write(Array(try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])), to: file)
            return try JSONDecoder().decode([Drawn].self, from: try build.run(["render", file]))
        } catch let error as SwiftWidgetBuild.BuildError { throw CLIError(error.description) }
    }

    /// A preview by its name or by `FILE:LINE` (the file's name is enough).
    static func preview(_ key: String, in description: Description) throws -> Description.Preview {
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
