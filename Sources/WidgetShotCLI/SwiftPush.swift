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
        let plan = try Plan(checked, widget: widget.name, found: found, options: options, attributesFile: source.attributes, folder: folder)
        if !plan.pictures.isEmpty, checked.contains(where: { $0.payload?.alert != nil }) {
            note("note: a push's alert is drawn for a layout only; a Swift source draws its content in each presentation")
        }
        let fonts = SwiftSource.fontFolders(source.project)
        let drawn = try swift.render(plan.pictures.map(\.request), look: options.look, fonts: fonts)
        let previews = try plan.previews(drawn, swift: swift)
        let renderer: WidgetRenderer
        do { renderer = WidgetRenderer(fonts: try FontLibrary(directories: fonts, sealed: false)) } catch {
            throw CLIError("cannot load the fonts from \(fonts.joined(separator: ", ")): \(error)")
        }
        let scale = options.scale ?? options.device.scale
        var strip: Filmstrip?
        if previews.count > 1 {
            strip = Filmstrip.pushes(previews, title: "\(widget.name) · \(source.payloads.joined(separator: ", "))",
                                     timeZone: options.timeZone ?? TimeZone(secondsFromGMT: 0)!)
            do { try strip?.checkSize(scale: scale) } catch { throw CLIError("filmstrip: \(error)") }
        }
        return PushDrawn(previews: previews, strip: strip, renderer: renderer, sheetScale: scale, inputCount: inputs.count)
    }

    /// The runner's pictures for the pushes: each readable push in each presentation the device
    /// has, its content-state from its own file (an `end` without one: the push before it), its
    /// attributes from a start push, `--attributes`, or the activity's first #Preview.
    struct Plan {
        struct Picture { let push: Int; let presentation: LiveActivityPresentation; let stale: Bool; let request: [String: Any] }
        let checked: [CheckedPush]
        let options: PushRenderOptions
        var pictures: [Picture] = []
        /// When each push's stale column shows it (the layout previewer's rule), by push.
        var staleAt: [Int: Date] = [:]

        init(_ checked: [CheckedPush], widget: String, found: SwiftDescription, options: PushRenderOptions, attributesFile: String?,
             folder: String) throws {
            self.checked = checked
            self.options = options
            let wanted = (options.presentations ?? LiveActivityPresentation.allCases).compactMap(\.surface)
                .filter { options.device.supports($0) }
            let preview = found.previews.first { $0.widget == widget && $0.kind == "activity" }
            // `--attributes` holds the attributes alone; a start push's come from its aps.attributes.
            var attributes = attributesFile.map { (path: URL(fileURLWithPath: $0).standardizedFileURL.path, name: $0) }
            var lastState: (path: String, name: String)?
            let zone = options.timeZone ?? TimeZone(secondsFromGMT: 0)!
            for (i, push) in checked.enumerated() {
                guard let payload = push.payload else { continue }
                staleAt[i] = options.staleColumnDate(for: payload, next: checked[(i + 1)...].lazy.compactMap(\.payload).first)
                let file = folder + "/\(i).json"
                try AtomicFile.write(push.input.bytes, to: file)
                let own = (path: file, name: push.input.name)
                if payload.event == .start, payload.attributes != nil { attributes = own }
                if payload.contentState != nil { lastState = own }
                guard let state = lastState else { continue }
                let now = options.now ?? payload.timestamp
                for (stale, at) in [(false, now)] + (staleAt[i].map { [(true, $0)] } ?? []) {
                    for surface in wanted {
                        var request: [String: Any] = ["widget": widget, "surface": surface.rawValue, "data": state.path, "dataName": state.name,
                                                      "now": Self.iso(at, zone), "stale": stale || LiveActivityPreviewer.isStale(payload, at: at),
                                                      "modeWhereSupported": true,
                                                      "output": folder + "/\(i)\(stale ? "-stale" : "")-\(surface.rawValue).png"]
                        if let attributes { request["attributesData"] = attributes.path; request["attributesName"] = attributes.name }
                        if let preview { request["attributesPreview"] = preview.symbol }
                        pictures.append(Picture(push: i, presentation: LiveActivityPresentation(rawValue: surface.rawValue)!, stale: stale,
                                                request: request))
                    }
                }
            }
        }

        /// `2026-11-22T12:27:00+09:00`: a push's moment as the look's `now`.
        static func iso(_ date: Date, _ zone: TimeZone) -> String {
            let f = ISO8601DateFormatter()
            f.timeZone = zone
            f.formatOptions = [.withInternetDateTime]
            return f.string(from: date)
        }

        /// Each push with its pictures, or with the decoder's refusal of its content-state as an
        /// error of its report (rule `type`, or `required` for a missing key) and no pictures.
        func previews(_ drawn: [SwiftWidgetBuild.Drawn], swift: SwiftSource) throws -> [PushPreview] {
            var frames: [Int: [PushFrame]] = [:], staleFrames: [Int: [PushFrame]] = [:]
            var refused: [Int: SwiftWidgetBuild.DataError] = [:]
            for (picture, result) in zip(pictures, drawn) {
                if let error = result.dataError {
                    if refused[picture.push] == nil { refused[picture.push] = error }
                    continue
                }
                if result.error != nil { throw CLIError(swift.failure(result)) }
                for warning in result.warnings { note("\(checked[picture.push].input.name): \(picture.presentation.rawValue): \(warning)") }
                let png: [UInt8]
                do { png = try BoundedFile.read(result.output, limit: Limits.default.pngFileBytes) } catch { throw CLIError("\(error)") }
                let image: RGBAImage
                do { image = try PNGCodec.decode(png) } catch { throw CLIError("\(result.output): \(error)") }
                let frame = PushFrame.drawn(picture.presentation, png: png, bitmap: Bitmap(straight: image))
                if picture.stale { staleFrames[picture.push, default: []].append(frame) } else { frames[picture.push, default: []].append(frame) }
            }
            return checked.enumerated().map { i, push in
                var push = push
                if let error = refused[i] {
                    let rule: PushRule = error.message.hasPrefix("missing") ? .required : .type
                    // Refused in the push itself: at its key; in another file (--attributes, the
                    // start push's attributes, an earlier content-state): that file and its path.
                    let own = error.file == push.input.name
                    push.report = PushReport(problems: push.report.problems + [
                        PushProblem.error(rule, key: own ? (error.path.isEmpty ? "$" : error.path) : "aps",
                                          message: (own ? error.message : error.description)
                                              + " (the app's own decoder refuses it: nothing is drawn for this push)"),
                    ])
                }
                let now = options.now ?? push.payload?.timestamp ?? Date(timeIntervalSince1970: 0)
                return PushPreview(checked: push, data: push.payload?.contentState, now: now,
                                   isStale: push.payload.map { LiveActivityPreviewer.isStale($0, at: now) } ?? false,
                                   frames: refused[i] == nil ? frames[i] ?? [] : [],
                                   stale: refused[i] == nil ? staleAt[i].map { StalePreview.drawn(at: $0, frames: staleFrames[i] ?? []) } : nil)
            }
        }
    }
}
