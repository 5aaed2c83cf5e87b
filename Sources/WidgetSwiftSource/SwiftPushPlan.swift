import Foundation
import WidgetModel
import WidgetPush
import WidgetRender
import WidgetShot

/// The runner's pictures for the pushes: each readable push in each presentation the device
/// has, its content-state from its own file (an `end` without one: the push before it), its
/// attributes from a start push, `attributes` (a file of the attributes alone: `push --attributes`,
/// the push route's `attributes=`), or the activity's first #Preview. The CLI's `push --swift` and
/// the server's push route draw with it (docs/swift.md, "Data from JSON").
public struct SwiftPushPlan {
    public struct Picture {
        public let push: Int
        public let presentation: LiveActivityPresentation
        public let stale: Bool
        public let request: [String: Any]
    }
    public let checked: [CheckedPush]
    public let options: PushRenderOptions
    public private(set) var pictures: [Picture] = []
    /// When each push's stale column shows it (the layout previewer's rule), by push.
    var staleAt: [Int: Date] = [:]

    /// `attributes`: the file's path and the name messages give it. Each push's bytes are written
    /// into `folder` (which must exist) for the runner to decode.
    public init(_ checked: [CheckedPush], widget: String, found: SwiftDescription, options: PushRenderOptions,
                attributes given: (path: String, name: String)?, folder: String) throws {
        self.checked = checked
        self.options = options
        // The presentations asked for, and the alert's base when the alert is (its band is drawn under it).
        let asked = options.presentations ?? LiveActivityPresentation.allCases
        let base = LiveActivityPresentation.alertBase(on: options.device)
        let wanted = (asked.compactMap(\.surface) + (asked.contains(.alert) && !asked.contains { $0.surface == base } ? [base] : []))
            .filter { options.device.supports($0) }
        let preview = found.previews.first { $0.widget == widget && $0.kind == "activity" }
        // `--attributes` holds the attributes alone; a start push's come from its aps.attributes.
        var attributes = given
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
    /// A push with an alert gets the alert's picture when the alert is asked for: its band drawn by
    /// `renderer` under the base presentation the runner drew.
    public func previews(_ drawn: [SwiftWidgetBuild.Drawn], build: SwiftWidgetBuild, renderer: WidgetRenderer,
                         warn: (Picture, String) -> Void) throws -> [PushPreview] {
        var frames: [Int: [PushFrame]] = [:], staleFrames: [Int: [PushFrame]] = [:]
        var refused: [Int: SwiftWidgetBuild.DataError] = [:]
        var alerts: [Int: PushFrame] = [:]
        let asked = options.presentations ?? LiveActivityPresentation.allCases
        let base = LiveActivityPresentation.alertBase(on: options.device)
        for (picture, result) in zip(pictures, drawn) {
            if let error = result.dataError {
                if refused[picture.push] == nil { refused[picture.push] = error }
                continue
            }
            if let error = result.error { throw SwiftWidgetBuild.BuildError.described(error) }
            for warning in result.warnings { warn(picture, warning) }
            let png: [UInt8]
            do { png = try BoundedFile.read(result.output, limit: Limits.default.pngFileBytes) } catch {
                throw SwiftWidgetBuild.BuildError.described("\(error)")
            }
            let image: RGBAImage
            do { image = try PNGCodec.decode(png) } catch { throw SwiftWidgetBuild.BuildError.described("\(result.output): \(error)") }
            let frame = PushFrame.drawn(picture.presentation, png: png, bitmap: Bitmap(straight: image))
            if !picture.stale, picture.presentation.surface == base, asked.contains(.alert),
               let alert = checked[picture.push].payload?.alert {
                let scale = options.scale ?? options.device.scale
                do { alerts[picture.push] = try PushFrame.alert(alert, under: frame.bitmap, scale: scale, renderer: renderer, preset: options.pngPreset) } catch {
                    throw SwiftWidgetBuild.BuildError.described("the alert's picture: \(error)")
                }
            }
            // The alert's base only when asked for itself.
            guard asked.contains(picture.presentation) else { continue }
            if picture.stale { staleFrames[picture.push, default: []].append(frame) } else { frames[picture.push, default: []].append(frame) }
        }
        for (push, frame) in alerts { frames[push, default: []].append(frame) }
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
