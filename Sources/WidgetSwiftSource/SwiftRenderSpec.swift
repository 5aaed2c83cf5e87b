import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

/// A render call (`RenderSpec`: the server's `GET /v1/render/{name}/{surface}.png` and `POST
/// /v1/render`) that names one of a Swift source's documents instead of a layout file: the runner's
/// picture for it, checked by the rules a layout's call is checked by, so a URL means the same for
/// both sources (docs/server.md, "Swift widgets"):
///
/// - `surface` is one the document draws (a widget's families, a Live Activity's presentations);
/// - `preview` names one of its previews drawn on that surface, default the first there (the
///   provider's `placeholder`, then the `#Preview`s' pictures, as the goldens name them);
/// - `data` (not with `preview`) is a JSON the team's own entry type, or its `ContentState`, decodes
///   exactly as the app would (its `Codable`, its date strategy): a widget in one of its families, a
///   Live Activity on one of its presentations with its first `#Preview`'s attributes;
/// - the look (device, iOS, scale, scheme, mode, locale, Dynamic Type, …) is checked by
///   `LookSpec.resolve`, as for a layout, and handed to the runner as it is;
/// - `control`/`controlState` and `png=small` are for layout files: a 400 naming the field.
public struct SwiftRoutePicture: @unchecked Sendable {
    /// The runner's request fields, without `output`.
    public var request: [String: Any]
    /// The look the runner draws it in.
    public var look: LookSpec
    /// The JSON to write where `request["data"]` points, when the call gave data.
    public var data: DataValue?
}

extension SwiftProject {
    /// The document a render call names, if it is one of this source's.
    public func document(named name: String) -> LayoutDocument? { documents.first { $0.name == name } }

    /// The runner's picture for `spec` (see `SwiftRoutePicture`); `dataFile` is where the caller
    /// will write `spec.data`.
    public func picture(for spec: RenderSpec, dataFile: String, clock: () -> Date = Date.init) throws(RenderSpecError) -> SwiftRoutePicture {
        guard let document = document(named: spec.layout) else {
            throw .notFound("layout", "no widget named '\(spec.layout)' in the Swift source; widgets: \(documents.map(\.name).joined(separator: ", "))")
        }
        guard let surface = Surface(rawValue: spec.surface) else {
            throw .notFound("surface", "no surface named '\(spec.surface)'; surfaces: \(Surface.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if spec.control != nil { throw .badValue("control", "control is for a layout file's controls: section; '\(document.name)' is Swift") }
        if spec.controlState != nil { throw .badValue("controlState", "controlState is for a layout file's controls: section; '\(document.name)' is Swift") }
        if spec.pngPreset != .fast {
            throw .badValue("png", "png=\(spec.pngPreset.rawValue) is for layout files; the widget runner writes the fast encoding")
        }
        // The look's values checked as a layout's are (device, surface on the device, mode, scale…).
        _ = try spec.look.resolve(for: surface, preview: nil, clock: clock)
        var look = spec.look
        var request: [String: Any]
        if let data = spec.data {
            if spec.preview != nil { throw .badValue("data", "give preview or data, not both") }
            request = try dataRequest(document, surface: surface, file: dataFile)
            return SwiftRoutePicture(request: request, look: look, data: data)
        }
        guard document.hasView(for: surface) else {
            let has = Surface.allCases.filter(document.hasView(for:)).map(\.rawValue).joined(separator: ", ")
            throw .notFound("surface", "'\(document.name)' of the Swift source draws no \(surface.rawValue); it draws: \(has)")
        }
        let onSurface = document.previews.filter { $0.surfaces?.contains(surface) ?? true }
        let name = spec.preview ?? onSurface.first?.name
        guard let name, let preview = document.preview(named: name), let picture = pictures[document.name]?[name] else {
            throw .notFound("preview", "'\(document.name)' has no preview '\(spec.preview ?? "")'; previews: \(document.previews.map(\.name).joined(separator: ", "))")
        }
        guard preview.surfaces?.contains(surface) ?? true else {
            throw .notFound("preview", "preview '\(name)' of '\(document.name)' is drawn on \(preview.surfaces!.map(\.rawValue).sorted().joined(separator: ", ")), not \(surface.rawValue); "
                                + "previews on \(surface.rawValue): \(onSurface.map(\.name).joined(separator: ", "))")
        }
        switch picture.subject {
        case .widget(let widget, let entry):
            request = ["widget": widget, "family": surface.rawValue, "entry": entry]
            // The provider's placeholder entry is drawn as WidgetKit draws it: redacted.
            if entry == "placeholder" { look.placeholder = true }
        case .preview(let symbol, let index):
            request = ["preview": symbol, "index": index]
        }
        return SwiftRoutePicture(request: request, look: look, data: nil)
    }

    /// The runner's fields for data decoded by the team's types: the widget's entry in a family, or a
    /// Live Activity's content state on a presentation.
    private func dataRequest(_ document: LayoutDocument, surface: Surface, file: String) throws(RenderSpecError) -> [String: Any] {
        guard let widget = description.widgets.first(where: { $0.name == document.name }) else {
            throw .badValue("data", "'\(document.name)' holds a file's #Previews, not a widget: data is decoded by a widget's entry type or a Live Activity's ContentState")
        }
        var request: [String: Any] = ["widget": widget.name, "data": file, "dataName": "data"]
        if widget.kind == "activity" {
            // Its content state on any presentation, as `render --data` draws it.
            guard [.liveActivity, .island, .smallActivity].contains(surface.family) else {
                throw .notFound("surface", "'\(widget.name)' is a Live Activity: data is drawn on lockScreen, standBy, islandCompact, islandMinimal, islandExpanded or activitySmall, not \(surface.rawValue)")
            }
            request["surface"] = surface.rawValue
            if let preview = description.previews.first(where: { $0.widget == widget.name && $0.kind == "activity" }) {
                request["attributesPreview"] = preview.symbol
            }
        } else {
            guard widget.families.contains(surface.rawValue) else {
                throw .notFound("surface", "'\(widget.name)' does not support \(surface.rawValue); its families: \(widget.families.joined(separator: ", "))")
            }
            request["family"] = surface.rawValue
        }
        return request
    }
}
