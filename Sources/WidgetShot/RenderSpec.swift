import Foundation
import WidgetModel
import WidgetTemplate

/// What a caller asks to render, as the caller wrote it (URL query, JSON body, command-line
/// options), before anything is checked. `request(in:)` checks every field against the loaded
/// layouts and the device table and yields the RenderRequest, or a RenderSpecError naming the
/// field at fault. The CLI's `render`, the server's GET and POST routes (and anything else that
/// takes a render from outside) go through this one step, so the rules are the same everywhere:
///
/// - `preview` and `data` exclude each other; with neither, the layout's first preview.
/// - `now` (ISO 8601 with an offset) overrides the preview's `now:`; with `data` and no `now`,
///   the current time (`clock`) truncated to the whole second, in the machine's time zone.
/// - `locale` defaults to the preview's (with `data`, the layout's first preview's), else `en`; `device` to iPhone 15 Pro; `scheme` to light;
///   `scale` (0.25…4) to the device's.
/// - `ios` (`18` or `26`) picks the widget size table and the system colors; the device's own
///   generation (`DeviceProfile.shipsWith`: 26 for the iPhone 17 lineup and the Air) when absent.
/// - The surface must have a view in the layout and exist on the device.
/// - `mode` (fullColor, accented, vibrant) must be one of the surface's `renderingModes`; without
///   it, the surface's default.
/// - `control` (a control surface only) names one of the layout's `controls:`, default the first;
///   `controlState` (`on`/`off`, a toggle only) defaults to `on`. Both are resolved here, so the
///   cache key is the same whether the default was written out or not.
public struct RenderSpec: Sendable, Equatable {
    public var layout: String
    public var surface: String
    public var preview: String?
    public var data: DataValue?
    /// How the surface looks: device, iOS generation, scale, scheme, locale, now, placeholder, mode.
    public var look: LookSpec
    public var pngPreset: PNGPreset
    public var control: String?
    public var controlState: String?

    public init(layout: String, surface: String, preview: String? = nil, data: DataValue? = nil, look: LookSpec,
                pngPreset: PNGPreset = .fast, control: String? = nil, controlState: String? = nil) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.data = data; self.look = look
        self.pngPreset = pngPreset; self.control = control; self.controlState = controlState
    }

    public init(layout: String, surface: String, preview: String? = nil, data: DataValue? = nil,
                scheme: String? = nil, scale: Double? = nil, device: String? = nil, locale: String? = nil,
                now: String? = nil, ios: String? = nil, placeholder: Bool = false, colors: ColorGeneration? = nil,
                pngPreset: PNGPreset = .fast, mode: String? = nil, control: String? = nil, controlState: String? = nil) {
        self.init(layout: layout, surface: surface, preview: preview, data: data,
                  look: LookSpec(device: device, ios: ios, scale: scale, scheme: scheme, locale: locale, now: now,
                                 placeholder: placeholder, mode: mode, colors: colors),
                  pngPreset: pngPreset, control: control, controlState: controlState)
    }

    /// Whether the spec alone fixes every input (a preview with an explicit `now`), so that the
    /// render can change only when the layout file, its assets, the fonts or the engine change.
    /// The server gives such GET answers a long-lived, immutable Cache-Control.
    public var pinsEverything: Bool { data == nil && preview != nil && look.now != nil }

    /// Finds `layout` by name among `documents`, then `request(for:)`.
    public func request(in documents: [LayoutDocument], clock: () -> Date = Date.init) throws(RenderSpecError) -> RenderRequest {
        guard let document = documents.first(where: { $0.name == layout }) else {
            throw .notFound("layout", "no layout named '\(layout)'; layouts: \(documents.map(\.name).joined(separator: ", "))")
        }
        return try request(for: document, clock: clock)
    }

    /// The request for an already loaded layout (the CLI loads a name or a path itself).
    public func request(for document: LayoutDocument, clock: () -> Date = Date.init) throws(RenderSpecError) -> RenderRequest {
        guard let surface = Surface(rawValue: surface) else {
            throw .notFound("surface", "no surface named '\(self.surface)'; surfaces: \(Surface.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard document.hasView(for: surface) else {
            let has = Surface.allCases.filter(document.hasView(for:)).map(\.rawValue).joined(separator: ", ")
            throw .notFound("surface", "layout '\(document.name)' has no view for \(surface.rawValue); it has: \(has)")
        }
        let (controlId, state) = try controlSelection(surface, document)
        var chosen: Preview?
        if data != nil {
            if preview != nil { throw .badValue("data", "give preview or data, not both") }
        } else if let preview {
            guard let p = document.preview(named: preview) else {
                throw .notFound("preview", "layout '\(document.name)' has no preview '\(preview)'; previews: \(document.previews.map(\.name).joined(separator: ", "))")
            }
            chosen = p
        } else {
            guard let first = document.previews.first else {
                throw .badValue("data", "layout '\(document.name)' has no previews; give data")
            }
            chosen = first
        }
        var look = self.look
        // Data without a locale speaks the layout's language: its first preview's locale (as a push
        // does, LiveActivityPreview), else the default (en).
        if data != nil, look.locale == nil, let declared = document.previews.first?.locale { look.locale = declared }
        var request = RenderRequest(layout: document, surface: surface, data: data ?? chosen?.data ?? .null,
                                    look: try look.resolve(for: surface, preview: chosen, clock: clock), pngPreset: pngPreset)
        request.isPreview = chosen != nil
        request.control = controlId
        request.controlState = state
        return request
    }

    /// The control and toggle state a control surface shows, defaults filled in; nil for other surfaces.
    private func controlSelection(_ surface: Surface, _ document: LayoutDocument) throws(RenderSpecError) -> (String?, ControlState?) {
        guard surface.family == .control else {
            if control != nil { throw .badValue("control", "control is for the control surfaces (controlSmall, controlMedium, controlLarge, controlLockScreen), not \(surface.rawValue)") }
            if controlState != nil { throw .badValue("controlState", "controlState is for the control surfaces (controlSmall, controlMedium, controlLarge, controlLockScreen), not \(surface.rawValue)") }
            return (nil, nil)
        }
        let ids = document.controls.map(\.id)
        let chosen: ControlTemplate
        if let control {
            guard let found = document.control(named: control) else {
                throw .notFound("control", "layout '\(document.name)' has no control '\(control)'; controls: \(ids.joined(separator: ", "))")
            }
            chosen = found
        } else {
            chosen = document.controls[0]   // hasView(for:) made sure there is one
        }
        guard chosen.kind == .toggle else {
            if let controlState { throw .badValue("controlState", "control '\(chosen.id)' is a button; controlState (on/off, got '\(controlState)') is for toggles") }
            return (chosen.id, nil)
        }
        guard let controlState else { return (chosen.id, .on) }
        guard let state = ControlState(rawValue: controlState) else {
            throw .badValue("controlState", "controlState must be on or off, got '\(controlState)'")
        }
        return (chosen.id, state)
    }

    public static func isLocaleCode(_ text: String) -> Bool { LookSpec.isLocaleCode(text) }
}

/// A RenderSpec field that cannot be used: which field, why, and what kind of problem (the server
/// answers `notFound` with 404, `badValue` with 400, `unprocessable` with 422; the CLI exits 2).
public struct RenderSpecError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name that does not exist (layout, surface, preview, device).
        case notFound
        /// A value out of its range or of the wrong form.
        case badValue
        /// Well-formed values that do not go together (a surface the device does not have).
        case unprocessable
    }

    public var kind: Kind
    /// `layout`, `surface`, `preview`, `data`, `scheme`, `scale`, `device`, `locale`, `now`, `ios`, `mode`,
    /// `control`, `controlState`.
    public var field: String
    public var message: String

    public init(_ kind: Kind, field: String, _ message: String) {
        self.kind = kind; self.field = field; self.message = message
    }

    public var description: String { message }

    public static func notFound(_ field: String, _ message: String) -> Self { Self(.notFound, field: field, message) }
    public static func badValue(_ field: String, _ message: String) -> Self { Self(.badValue, field: field, message) }
    public static func unprocessable(_ field: String, _ message: String) -> Self { Self(.unprocessable, field: field, message) }
}
