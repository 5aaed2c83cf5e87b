import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one surface of a layout to a PNG.",
        discussion: """
        The data comes from a preview of the layout (--preview NAME; the first preview when neither \
        --preview nor --data is given) or from a JSON file (--data). `now` comes from --now, else the \
        preview's `now:`, else (with --data) the current time — pass --now for reproducible output.

        The PNG is written atomically: a failed render leaves no file behind. Warnings (missing \
        data, truncated text, content outside the surface) go to standard error.

        --ios 18|26 picks the widget sizes (Apple's HIG table for 18, FrameUp's measured iOS 26 table) \
        and the system colors of that iOS; each device's default is the iOS it shipped with (26 for \
        the iPhone 17 lineup and the Air, 18 for the others). `widgetshot list devices` shows both \
        tables and the source of every number. activitySmall (the Live Activity small family) is \
        drawn at the paired Apple Watch's 45mm Smart Stack size on an iPhone; --device applewatch40, \
        applewatch41, applewatch44, applewatch45, applewatch49, carplay, carplaytall or carplaynarrow \
        gives the other sizes.

        --mode accented shows the widget as the tinted Home Screen draws it; --mode vibrant on \
        standBy shows StandBy's night mode.

        Controls (iOS 18): the surfaces controlSmall, controlMedium, controlLarge (Control Center) \
        and controlLockScreen (a Lock Screen control slot) draw one control of the layout's \
        `controls:` section: --control ID picks it (default: the first), --control-state on|off a \
        toggle's state (default: on). Controls are always drawn on the dark material, so --scheme \
        does not change them. Example:

          widgetshot render delivery --surface controlMedium --control notifications \\
            --control-state off

        Warnings (printed, the PNG still written): data a binding lacks, an icon name with no \
        artwork (drawn as a question mark), a date that reads decades from --now in the layout's \
        dateEncoding: (a Swift JSONEncoder date read as Unix seconds), text drawn as boxes.

        Exit codes: 0 written (warnings allowed), 2 bad input (unknown layout, surface, preview, device, \
        ios, mode, control; bad data) or a render error (an image that cannot be used, a limit passed); \
        nothing is written then.
        """)

    @Argument(help: ArgumentHelp("A layout name in Layouts/ (e.g. delivery), a path to a layout file, or a widget extension's folder (or .swift file).",
                                 discussion: "Given Swift, widgetshot builds the team's own code against its SwiftUI modules (docs/swift.md) and draws --widget NAME in --surface (a family) for --entry, or the #Preview --preview NAME (or FILE:LINE), its picture --entry N. --data FILE decodes the JSON with the team's own types (the widget's entry; a Live Activity's {\"attributes\", \"content-state\"}) and draws --widget with it."))
    var layout: String

    @Option(name: .long, help: "Swift source: the Widget type to draw (default: the first widget found).")
    var widget: String?

    @Option(name: .long, help: "Swift source: placeholder, snapshot (default) or timeline-N for --widget; the picture's index (0…) for --preview.")
    var entry: String?

    @Option(name: .long, help: "Swift source: a folder (or .swift file) of the app's own code the widget code needs (repeatable).")
    var include: [String] = []

    @OptionGroup var view: ViewSource
    var preview: String? { view.preview }
    var data: String? { view.data }
    var look: LookOptions { view.look }

    @Option(name: .long, help: ArgumentHelp("A control surface: the id of one of the layout's controls (default: the first).",
                                            discussion: "`widgetshot list layouts` shows each layout's controls."))
    var control: String?

    @Option(name: .customLong("control-state"), help: "A control surface showing a toggle: on or off (default: on).")
    var controlState: String?

    @Option(name: [.short, .customLong("output")], help: "The PNG to write ('-' for standard output). Default: LAYOUT-SURFACE-PREVIEW-SCHEME.png here.")
    var output: String?

    @Option(name: .long, help: ArgumentHelp("PNG encoding.",
                                            discussion: "small writes about 4 % fewer bytes in about 3 times the encode time (6–7 ms for a medium widget at 3x): for PNGs stored or sent by the byte. Both decode to the same pixels."))
    var png: PNGPreset = .fast

    @OptionGroup var project: ProjectOptions

    func run() throws {
        if SwiftSource.isSwift(layout) { return try renderSwift() }
        let trace = Trace()
        let folders = try project.folders()
        let catalog = LayoutCatalog(directory: folders.layouts)
        let document: LayoutDocument
        do { document = try catalog.load(layout) } catch let e as LayoutError {
            throw CLIError(e.description)
        } catch { throw CLIError("\(error)") }
        trace.mark("load layout")
        let value = try view.dataValue()
        let surface = try view.surface(in: document)
        let spec = RenderSpec(layout: layout, surface: surface.rawValue, preview: preview, data: value, look: look.spec,
                              pngPreset: png, control: control, controlState: controlState)
        let request: RenderRequest
        do { request = try spec.request(for: document) } catch { throw CLIError(LookOptions.message(error)) }
        let previewName = data == nil ? (preview ?? document.previews.first?.name ?? "data") : "data"

        let fonts = try project.fontLibrary(folders)
        trace.mark("fonts")
        let renderer = WidgetRenderer(fonts: fonts)
        trace.mark("renderer")
        let result: RenderResult
        do { result = try renderer.render(request) } catch let e as RenderError { throw CLIError(e.description) }
        trace.mark("render")
        for w in result.warnings { note(w.description) }

        let modeSuffix = request.effectiveMode == surface.defaultRenderingMode ? "" : "-\(request.effectiveMode.rawValue)"
        let controlPart = request.control.map { "-" + $0 + (request.controlState.map { "-" + $0.rawValue } ?? "") } ?? ""
        let path = output ?? "\(document.name)-\(surface.rawValue)\(controlPart)-\(previewName)-\(request.scheme.rawValue)\(modeSuffix).png"
        if path == "-" {
            FileHandle.standardOutput.write(Data(result.png))
        } else {
            do { try AtomicFile.write(result.png, to: path) } catch {
                throw CLIError("cannot write \(path): \(error.localizedDescription)")
            }
            trace.mark("write")
            note("wrote \(path) (\(result.pixelWidth)×\(result.pixelHeight) px, \(result.png.count) bytes, \(milliseconds(result.timings.total)) ms)")
        }
    }
}

/// Phase timings on standard error when WIDGETSHOT_TRACE is set (to see where a cold start goes).
final class Trace {
    private var last = DispatchTime.now().uptimeNanoseconds
    private let on = ProcessInfo.processInfo.environment["WIDGETSHOT_TRACE"] != nil
    func mark(_ phase: String) {
        guard on else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        note("trace: \(phase) \(milliseconds(now - last)) ms")
        last = now
    }
}

extension RenderCommand {
    /// A picture of the team's own Swift: a widget's entry in a family, or a #Preview's picture.
    func renderSwift() throws {
        // A Swift source needs no project: without one, the installed fonts.
        let fonts = SwiftSource.fontFolders(project)
        _ = try view.dataValue()  // a --data file that is no JSON: said at its line and column before any build
        let source = try SwiftSource.open([layout], include: include, project: project)
        let found = try source.describe()
        var picture: [String: Any]
        var name: String
        if let data {
            guard entry == nil else { throw CLIError("--entry picks a provider's entry or a preview's picture; with --data the JSON is the entry: leave --entry out") }
            (picture, name) = try SwiftSource.dataPicture(data, widget: widget, surface: view.surface, in: found)
        } else if let key = preview {
            let chosen = try SwiftSource.preview(key, in: found)
            guard let index = Int(entry ?? "0"), index >= 0 else { throw CLIError("--entry for a preview is a picture index (0, 1, …), got '\(entry ?? "")'") }
            picture = ["preview": chosen.symbol, "index": index]
            name = "\(((chosen.file as NSString).lastPathComponent as NSString).deletingPathExtension)-\(chosen.line)-\(index)"
        } else {
            guard let chosen = widget.map({ w in found.widgets.first { $0.name == w } }) ?? found.widgets.first else {
                throw CLIError("no widget \(widget.map { "named '\($0)' " } ?? "")in \(layout) (widgets: \(found.widgets.map(\.name).joined(separator: ", ")))")
            }
            guard chosen.kind == "widget" else {
                throw CLIError("\(chosen.name) is a Live Activity: draw it through one of its #Previews (--preview), which give its attributes and content states")
            }
            let family = view.surface?.rawValue ?? chosen.families.first ?? "systemSmall"
            guard chosen.families.contains(family) else {
                throw CLIError("\(chosen.name) does not support \(family) (its families: \(chosen.families.joined(separator: ", ")))")
            }
            picture = ["widget": chosen.name, "family": family, "entry": entry ?? "snapshot"]
            name = "\(chosen.name)-\(family)-\(entry ?? "snapshot")"
        }
        let path = output ?? "\(name)-\(look.spec.scheme ?? "light").png"
        guard path != "-" else { throw CLIError("a Swift source writes a file: pass -o FILE.png") }
        picture["output"] = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let drawn = try source.render([picture], look: look.spec, fonts: fonts).first else {
            throw CLIError("the widget runner drew nothing")
        }
        for warning in drawn.warnings { note(warning) }
        if drawn.error != nil { throw CLIError(source.failure(drawn)) }
        note("wrote \(path) (\(drawn.pixelWidth ?? 0)×\(drawn.pixelHeight ?? 0) px)")
    }
}
