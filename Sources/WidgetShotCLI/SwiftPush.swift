import Foundation
import WidgetModel
import WidgetPush
import WidgetRender
import WidgetShot
import WidgetSwiftSource

/// `push PAYLOAD --swift Widgets/` (or a project's `swift:`): the pushes checked as for a layout
/// (PushValidator: APNs's rules, sizes, order), then each content-state decoded by the team's own
/// `ContentState` and drawn by the team's `ActivityConfiguration` in every presentation, by the
/// widget runner (docs/swift.md, "Data from JSON"). A content-state the app would fail to decode
/// is an error of that push at the decoder's path (`aps.content-state.minutesLeft`): nothing is
/// drawn for it. The same files, report and filmstrip as for a layout.
enum SwiftPush {
    static func draw(_ source: PushSource, widgets: [String], include: [String]) throws -> PushDrawn {
        let inputs = try source.readInputs()
        var staticAttributes: DataValue?
        if let attributes = source.attributes {
            do { staticAttributes = try DataValue.load(path: attributes) } catch { throw CLIError(error.description) }
        }
        let options = try source.renderOptions(sequence: inputs.count > 1)
        let checked: [CheckedPush]
        do { checked = try PushValidator(layout: nil, attributes: staticAttributes).checkSequence(inputs) } catch let e as PushInputError {
            throw CLIError(e.description)
        }
        let swift = try SwiftSource.open(widgets, include: include, project: source.project)
        let found = try swift.describe()
        let activities = found.widgets.filter { $0.kind == "activity" }
        guard let widget = source.widget.map({ w in activities.first { $0.name == w } }) ?? activities.first else {
            throw CLIError("no Live Activity \(source.widget.map { "named '\($0)' " } ?? "")in \(widgets.joined(separator: ", ")) (its Live Activities: \(activities.isEmpty ? "none" : activities.map(\.name).joined(separator: ", ")))")
        }
        let folder = swift.build.directory + "/push-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CLIError("cannot create \(folder): \(error)")
        }
        let plan: SwiftPushPlan
        do {
            plan = try SwiftPushPlan(checked, widget: widget.name, found: found, options: options,
                                     attributes: source.attributes.map { (URL(fileURLWithPath: $0).standardizedFileURL.path, $0) }, folder: folder)
        } catch { throw CLIError("\(error)") }
        let fonts = SwiftSource.fontFolders(source.project)
        let drawn = try swift.render(plan.pictures.map(\.request), look: options.look, fonts: fonts)
        let renderer: WidgetRenderer
        do { renderer = WidgetRenderer(fonts: try FontLibrary(directories: fonts, sealed: false)) } catch {
            throw CLIError("cannot load the fonts from \(fonts.joined(separator: ", ")): \(error)")
        }
        let previews: [PushPreview]
        do {
            previews = try plan.previews(drawn, build: swift.build, renderer: renderer) { picture, warning in
                note("\(checked[picture.push].input.name): \(picture.presentation.rawValue): \(warning)")
            }
        } catch { throw CLIError("\(error)") }
        let scale = options.scale ?? options.device.scale
        var strip: Filmstrip?
        if previews.count > 1 {
            strip = Filmstrip.pushes(previews, title: "\(widget.name) · \(source.payloads.joined(separator: ", "))",
                                     timeZone: options.timeZone ?? TimeZone(secondsFromGMT: 0)!)
            do { try strip?.checkSize(scale: scale) } catch { throw CLIError("filmstrip: \(error)") }
        }
        return PushDrawn(previews: previews, strip: strip, renderer: renderer, sheetScale: scale, inputCount: inputs.count)
    }
}
