import Foundation
import WidgetLayout
import WidgetModel
import WidgetRender
import WidgetTemplate

/// Where iOS shows a Live Activity: the layout's own surfaces, plus `alert`, what a person sees
/// when a push carries an alert.
public enum LiveActivityPresentation: String, CaseIterable, Sendable {
    case lockScreen, standBy, islandCompact, islandMinimal, islandExpanded
    /// An alert lights the screen and shows the expanded island, or the Lock Screen banner on a
    /// device without an island (Apple, developer forums thread 799195, "What is the purpose of the
    /// `alert` field for live activities payloads?"); its title and body appear on Apple Watch
    /// (AlertConfiguration's documentation). Drawn as that picture, pixel for pixel, with the title
    /// and body in a band beneath it.
    case alert

    /// The layout surface this presentation draws (alert: see `alertBase(on:)`).
    public var surface: Surface? { self == .alert ? nil : Surface(rawValue: rawValue) }

    static let layoutSurfaces: [Surface] = [.lockScreen, .standBy, .islandCompact, .islandMinimal, .islandExpanded]

    /// The presentation an alert shows on `device`.
    public static func alertBase(on device: DeviceProfile) -> Surface {
        device.supports(.islandExpanded) ? .islandExpanded : .lockScreen
    }
}

/// How pushes are rendered; every field has the meaning `render`'s options have.
public struct PushRenderOptions: Sendable {
    public var device: DeviceProfile = .default
    public var scale: Double?
    public var scheme: ColorScheme = .light
    /// nil: the layout's first preview's locale, else ko.
    public var locale: String?
    /// nil: the layout's first preview's time zone, else UTC.
    public var timeZone: TimeZone?
    /// nil: each push's `aps.timestamp` (the moment it arrives).
    public var now: Date?
    /// nil: every presentation the device has (alert only for pushes with an alert).
    public var presentations: [LiveActivityPresentation]?
    public var pngPreset: PNGPreset = .fast

    public init(device: DeviceProfile = .default, scale: Double? = nil, scheme: ColorScheme = .light, locale: String? = nil,
                timeZone: TimeZone? = nil, now: Date? = nil, presentations: [LiveActivityPresentation]? = nil) {
        self.device = device; self.scale = scale; self.scheme = scheme; self.locale = locale
        self.timeZone = timeZone; self.now = now; self.presentations = presentations
    }
}

/// One presentation of one push, rendered.
public struct PushFrame: Sendable {
    public var presentation: LiveActivityPresentation
    public var png: [UInt8]
    public var bitmap: Bitmap
    public var warnings: [Diagnostic]
}

/// A push as the phone shows it: its check, the data bound, and each presentation.
public struct PushPreview: Sendable {
    public var checked: CheckedPush
    /// Content-state over attributes (nil when the payload could not be read far enough).
    public var data: DataValue?
    public var now: Date
    public var isStale: Bool
    public var frames: [PushFrame]
}

/// Turns checked pushes into render requests and pictures, through the one renderer.
public struct LiveActivityPreviewer: Sendable {
    public var layout: LayoutDocument
    public var validator: PushValidator
    public var options: PushRenderOptions

    public init(layout: LayoutDocument, attributes: DataValue? = nil, options: PushRenderOptions = PushRenderOptions(),
                limits: Limits = .default) {
        self.layout = layout
        self.validator = PushValidator(layout: layout, attributes: attributes, limits: limits)
        self.options = options
    }

    /// The presentations rendered for `payload` on the options' device.
    public func presentations(for payload: PushPayload) -> [LiveActivityPresentation] {
        let wanted = options.presentations ?? LiveActivityPresentation.allCases
        return wanted.filter { p in
            if p == .alert { return payload.alert != nil && layout.hasView(for: LiveActivityPresentation.alertBase(on: options.device)) }
            guard let s = p.surface else { return false }
            return options.device.supports(s) && layout.hasView(for: s)
        }
    }

    /// The request for one surface of `payload`, through the library's one request step
    /// (RenderSpec): data = content-state over attributes, `now` = the options' or the push's
    /// timestamp, stale when `now` is at or past `stale-date`.
    public func request(for payload: PushPayload, surface: Surface, data: DataValue? = nil) throws(RenderSpecError) -> RenderRequest {
        let first = layout.previews.first
        let now = options.now ?? payload.timestamp
        let zone = options.timeZone ?? first?.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let spec = RenderSpec(layout: layout.name, surface: surface.rawValue, data: data ?? validator.data(for: payload),
                              scheme: options.scheme.rawValue, scale: options.scale, device: options.device.id,
                              locale: options.locale ?? first?.locale ?? "ko", now: Self.iso(now, zone),
                              pngPreset: options.pngPreset)
        var request = try spec.request(for: layout)
        request.isStale = Self.isStale(payload, at: now)
        return request
    }

    /// `2026-11-22T12:27:00+09:00` (whole seconds, as APNs dates are).
    static func iso(_ date: Date, _ zone: TimeZone) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = zone
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    /// ActivityKit marks content stale once `stale-date` has passed (`context.isStale`).
    public static func isStale(_ payload: PushPayload, at now: Date) -> Bool {
        payload.staleDate.map { now >= $0 } ?? false
    }

    /// Checks and renders a sequence: an `end` without content-state shows the last content.
    public func renderSequence(_ inputs: [PushInput], with renderer: WidgetRenderer,
                               deadline: RenderDeadline? = nil) throws -> [PushPreview] {
        let checked = try validator.checkSequence(inputs)
        var previewer = self
        var lastState: DataValue?
        var out: [PushPreview] = []
        for c in checked {
            if var p = c.payload {
                if p.event == .start, let a = p.attributes { previewer.validator.attributes = a }
                if p.contentState == nil { p.contentState = lastState }
                lastState = p.contentState ?? lastState
                var c = c
                c.payload = p
                out.append(try previewer.render(c, with: renderer, deadline: deadline))
            } else {
                out.append(try previewer.render(c, with: renderer, deadline: deadline))
            }
        }
        return out
    }

    /// Renders every presentation of one checked push (none when it could not be read).
    public func render(_ checked: CheckedPush, with renderer: WidgetRenderer, deadline: RenderDeadline? = nil) throws -> PushPreview {
        guard let payload = checked.payload else {
            return PushPreview(checked: checked, data: nil, now: options.now ?? Date(timeIntervalSince1970: 0), isStale: false, frames: [])
        }
        let data = validator.data(for: payload)
        var frames: [PushFrame] = []
        var rendered: [Surface: RenderResult] = [:]
        func render(_ surface: Surface) throws -> RenderResult {
            if let r = rendered[surface] { return r }
            let r = try renderer.render(request(for: payload, surface: surface, data: data), deadline: deadline)
            rendered[surface] = r
            return r
        }
        for p in presentations(for: payload) {
            if let surface = p.surface {
                let r = try render(surface)
                frames.append(PushFrame(presentation: p, png: r.png, bitmap: r.bitmap, warnings: r.warnings))
            } else if let alert = payload.alert {
                let base = try render(LiveActivityPresentation.alertBase(on: options.device))
                let bitmap = AlertBand.draw(alert, under: base, renderer: renderer)
                let png = try PNGCodec.encode(bitmap, preset: options.pngPreset == .small ? .small : .fast)
                frames.append(PushFrame(presentation: p, png: png, bitmap: bitmap, warnings: base.warnings))
            }
        }
        let now = options.now ?? payload.timestamp
        return PushPreview(checked: checked, data: data, now: now, isStale: Self.isStale(payload, at: now), frames: frames)
    }
}

/// The alert picture: the presentation the alert opens, copied pixel for pixel, and beneath it a
/// band with the alert's title and body as Apple Watch shows them (white title, gray body).
enum AlertBand {
    static let padding = 12.0
    static let gap = 8.0

    static func draw(_ alert: PushAlert, under base: RenderResult, renderer: WidgetRenderer) -> Bitmap {
        let scale = Double(base.bitmap.width) / max(1, base.pointSize.width)
        let width = base.pointSize.width
        let text = ViewNode(.vstack(spacing: 2, alignment: .leading, children: [
            ViewNode(.text(TextContent(string: alert.title, font: FontSpec(size: 15, weight: .semibold),
                                       color: .color(.white), lineLimit: 2))),
            ViewNode(.text(TextContent(string: alert.body, font: FontSpec(size: 13),
                                       color: .color(RGBA(hex: 0xAEAEB2)), lineLimit: 3))),
        ]), modifiers: [.frame(FrameSpec(maxWidth: .infinity, alignment: Alignment(horizontal: .leading, vertical: .top))),
                        .padding(EdgeInsets(all: padding))])
        let engine = LayoutEngine(measurer: renderer.renderer.measurer)
        let bandHeight = engine.sizeThatFits(text, ProposedSize(width: width, height: nil)).height
        let top = Double(base.bitmap.height) / scale + gap
        let band = Rect(x: 0, y: top, width: width, height: bandHeight)
        let card = PlacedNode(frame: band, content: .shape(ShapeContent(
            shape: .roundedRect(radius: 18, continuous: true), fill: .color(RGBA(hex: 0x1C1C1E)))),
            children: [engine.place(text, in: band, alignment: Alignment(horizontal: .leading, vertical: .top))])
        let pixelHeight = base.bitmap.height + Int(((gap + bandHeight) * scale).rounded(.up))
        return renderer.renderer.drawSheet(pixelWidth: base.bitmap.width, pixelHeight: pixelHeight, scale: scale,
                                           background: nil, overlay: [card],
                                           tiles: [SheetTile(bitmap: base.bitmap, x: 0, y: 0)], exactTiles: true)
    }
}
