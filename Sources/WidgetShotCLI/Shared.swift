import ArgumentParser
import Foundation
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Options every command that finds layouts shares.
struct ProjectOptions: ParsableArguments {
    @Option(name: .customLong("project"), help: ArgumentHelp(
        "The project folder: one holding widgetshot.yaml, or Layouts/ (and Fonts/, Golden/).",
        discussion: "Default: $WIDGETSHOT_HOME, else the nearest folder at or above the working directory holding widgetshot.yaml or both Fonts/ and Layouts/. Fonts not in the project come from those installed with widgetshot."))
    var projectRoot: String?

    @Flag(name: .customLong("allow-empty"), help: ArgumentHelp(
        "Pass when the project has no layouts yet.",
        discussion: "Without it, lint, verify, record and prune exit 2 when the layouts folder holds no layout: a typo in layouts: must not pass by checking nothing."))
    var allowEmpty = false

    /// Every layout file of the project, or an error naming the folder looked in when there is
    /// none (unless --allow-empty).
    func layoutFiles(_ folders: ProjectFolders) throws -> [String] {
        let files = LayoutCatalog(directory: folders.layouts).files()
        if files.isEmpty, !allowEmpty {
            var isFolder: ObjCBool = false
            let there = FileManager.default.fileExists(atPath: folders.layouts, isDirectory: &isFolder) && isFolder.boolValue
            let source = folders.projectFile.map { " (layouts: in \($0))" } ?? ""
            throw CLIError("no layouts found: \(folders.layouts)\(source) \(there ? "holds no .yaml, .yml or .json file" : "does not exist"); "
                           + "check the folder's name, or pass --allow-empty for a project with no layouts yet")
        }
        return files
    }

    func folders() throws -> ProjectFolders {
        do {
            if let projectRoot { return try ProjectFolders.at(projectRoot) }
            return try ProjectFolders.locate()
        } catch {
            throw CLIError(error.description)
        }
    }

    /// Not sealed: a one-shot command ends long before anyone rewrites its fonts (the server and
    /// `serve --watch` seal theirs; FontLibrary).
    func fontLibrary(_ folders: ProjectFolders) throws -> FontLibrary {
        do { return try folders.fontLibrary(sealed: false) } catch {
            throw CLIError("cannot load the fonts from \(folders.fontFolders.joined(separator: ", ")): \(error)")
        }
    }
}

/// An error the CLI prints as it is and exits 2 for (usage or input problems).
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

extension Surface: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension RenderingMode: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension PNGPreset: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ColorScheme: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// Prints to standard error.
func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// `--now` text → the instant and its offset (the library's parser, shared with the server).
func parseNow(_ text: String) throws -> (Date, TimeZone) {
    do { return try RenderRequest.readNow(text) } catch {
        throw CLIError("--now expects an ISO 8601 date with a time zone, e.g. 2026-11-22T12:27:00+09:00: \(error.message)")
    }
}

func deviceProfile(named id: String) throws -> DeviceProfile {
    guard let d = DeviceProfile.named(id) else {
        throw CLIError("unknown device '\(id)'; devices: \(DeviceProfile.all.map(\.id).joined(separator: ", "))")
    }
    return d
}

/// `--ios` on render, gallery, verify, record and serve's documentation.
let iosHelp = ArgumentHelp(
    "The iOS generation: 18 or 26 (default: the device's own, 26 for iPhone 17, 17 Pro, 17 Pro Max and Air, else 18).",
    discussion: "Picks the widget size table (18: Apple's HIG table; 26: FrameUp's measurements on iOS 26) and the system colors.",
    valueName: "18|26")

/// `--ios` text → the generation (nil when not given).
func iosGeneration(_ text: String?) throws -> IOSGeneration? {
    guard let text else { return nil }
    guard let g = IOSGeneration(number: text) else { throw CLIError("--ios must be 18 or 26, got '\(text)'") }
    return g
}

func milliseconds(_ ns: UInt64) -> String { String(format: "%.2f", Double(ns) / 1e6) }

/// The named preview, or the layout's first when no name is given.
func pickPreview(_ name: String?, in document: LayoutDocument) throws -> Preview {
    let names = document.previews.map(\.name).joined(separator: ", ")
    if let name {
        guard let p = document.preview(named: name) else {
            throw CLIError("layout '\(document.name)' has no preview '\(name)'; previews: \(names)")
        }
        return p
    }
    guard let first = document.previews.first else {
        throw CLIError("layout '\(document.name)' has no previews; pass --data FILE")
    }
    return first
}

/// Which surface of a layout, with which data, looking how: what `render` and `calibrate` draw.
struct ViewSource: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The surface to render (with --canvas, default: the layout's first).",
                                            discussion: "One of: \(Surface.allCases.map(\.rawValue).joined(separator: ", ")). With --canvas WxH the surface only picks which of the layout's views is drawn, so a layout with one view needs no --surface."))
    var surface: Surface?

    @Option(name: .long, help: "A preview (named fixture) of the layout.")
    var preview: String?

    @Option(name: .long, help: "A JSON file with the data to bind instead of a preview.")
    var data: String?

    @OptionGroup(title: "How it looks") var look: LookOptions

    func validate() throws {
        if preview != nil && data != nil { throw ValidationError("give --preview or --data, not both") }
    }

    /// `--surface`, or with `--canvas` the layout's first surface (a snapshot-style layout has one
    /// view); without either, an error that lists the layout's surfaces.
    func surface(in document: LayoutDocument) throws -> Surface {
        if let surface { return surface }
        let own = document.surfaces.map(\.rawValue).joined(separator: ", ")
        if look.canvas != nil, let first = document.surfaces.first { return first }
        throw CLIError("give --surface: \(document.name) has \(own.isEmpty ? "no surfaces" : own) (or --canvas WxH to draw its first view at that size)")
    }

    /// The `--data` file, read and checked.
    func dataValue() throws -> DataValue? {
        guard let data else { return nil }
        do { return try DataValue.load(path: data) } catch { throw CLIError(error.description) }
    }
}
