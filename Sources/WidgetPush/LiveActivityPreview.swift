import Foundation
import WidgetLayout
import WidgetModel
import WidgetRender
import WidgetTemplate
import WidgetShot

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

/// How pushes are rendered. `look` has the meaning `render`'s options have (the same LookSpec,
/// checked by `look.validate()` before any work), but for three rules of a push: without `now`
/// each push is drawn at its `aps.timestamp` (the moment it arrives); without `locale`, the
/// layout's first preview's; and `mode` applies to the presentations that have it, the others
/// drawing in their default mode. `look.now`, when given, is read into `now` and `timeZone` here.
public struct PushRenderOptions: Sendable {
    public var look: LookSpec
    /// nil: the layout's first preview's time zone, else UTC.
    public var timeZone: TimeZone?
    /// nil: each push's `aps.timestamp` (the moment it arrives).
    public var now: Date?
    /// nil: every presentation the device has (alert only for pushes with an alert).
    public var presentations: [LiveActivityPresentation]?
    public var pngPreset: PNGPreset = .fast
    /// Sequences: also render a push at its `stale-date` when that passes before the next push
    /// arrives (the filmstrip's stale column; `PushPreview.stale`).
    public var staleColumns = false
    /// Keep each picture's pixels in its frame (a filmstrip draws them). An answer that needs only
    /// the PNGs (the server's) sets it false: a sequence then holds its PNGs, not a few megabytes of
    /// pixels per picture until the last one is drawn.
    public var keepsBitmaps = true

    /// Options from a look as a caller wrote it: every field checked, `now` read.
    public init(look: LookSpec, presentations: [LiveActivityPresentation]? = nil) throws(RenderSpecError) {
        try look.validate()
        if let canvas = look.canvas {
            throw RenderSpecError(.badValue, field: "canvas",
                                  "canvas (\(canvas)) draws one view alone; a push is drawn in every presentation as the phone shows it: leave canvas out, or render one surface with widgetshot render / GET /v1/render")
        }
        var rest = look
        rest.now = nil
        self.look = rest
        self.presentations = presentations
        if let (date, zone) = try look.resolvedNow() { now = date; timeZone = zone }
    }

    public init(device: DeviceProfile = .default, scale: Double? = nil, scheme: ColorScheme = .light, locale: String? = nil,
                timeZone: TimeZone? = nil, now: Date? = nil, presentations: [LiveActivityPresentation]? = nil) {
        look = LookSpec(device: device.id, ios: device.ios == device.shipsWith ? nil : String(device.ios.number),
                        scale: scale, scheme: scheme.rawValue, locale: locale)
        self.timeZone = timeZone; self.now = now; self.presentations = presentations
    }

    /// The device the pushes are shown on (`look.validate()` has checked its name).
    public var device: DeviceProfile { (try? look.resolvedDevice()) ?? .default }
    public var scale: Double? { look.scale }
}

/// One presentation of one push, rendered.
public struct PushFrame: Sendable {
    public var presentation: LiveActivityPresentation
    public var png: [UInt8]
    /// Empty (0 × 0) unless `PushRenderOptions.keepsBitmaps`.
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
    /// The push's presentations at its `stale-date`, shown stale, when that date passes before the
    /// next push arrives (see `LiveActivityPreviewer.renderSequence`); nil otherwise.
    public var stale: StalePreview?

    public init(checked: CheckedPush, data: DataValue?, now: Date, isStale: Bool, frames: [PushFrame], stale: StalePreview? = nil) {
        self.checked = checked; self.data = data; self.now = now; self.isStale = isStale; self.frames = frames; self.stale = stale
    }
}

/// A push's content as shown once its `stale-date` has passed (`context.isStale`): the filmstrip's
/// stale column.
public struct StalePreview: Sendable {
    /// The stale-date: the moment these pictures show.
    public var at: Date
    /// The presentations (the alert aside: it shows only when a push arrives), rendered at `at`, stale.
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
        var look = options.look
        look.now = Self.iso(now, zone)
        // Without a locale, RenderSpec gives data the layout's first preview's (the rule above).
        if let mode = try look.resolvedMode(), !surface.renderingModes.contains(mode) { look.mode = nil }
        let spec = RenderSpec(layout: layout.name, surface: surface.rawValue, data: data ?? validator.data(for: payload),
                              look: look, pngPreset: options.pngPreset)
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
    /// With `options.staleColumns`, a push whose `stale-date` passes before the next push arrives
    /// (for the last push: before its dismissal, if it has one) also gets its presentations at that
    /// moment, stale (`PushPreview.stale`).
    ///
    /// The deadline covers the whole: reading and checking the pushes, planning, drawing and
    /// assembling, each checking it per push or per picture.
    public func renderSequence(_ inputs: [PushInput], with renderer: WidgetRenderer,
                               deadline: RenderDeadline? = nil) throws -> [PushPreview] {
        let plans = try plan(inputs, deadline: deadline)
        let jobs = plans.flatMap(\.jobs)
        var results: [RenderResult] = []
        results.reserveCapacity(jobs.count)
        for job in jobs { results.append(keptAsNeeded(try renderer.render(job.request, deadline: deadline), for: job)) }
        return try assemble(plans, results, renderer: renderer, deadline: deadline)
    }

    static let noBitmap = Bitmap(width: 0, height: 0, stride: 0, pixels: [])

    /// `result` without its pixels when they are not kept, unless an alert is drawn over them.
    func keptAsNeeded(_ result: RenderResult, for job: Job) -> RenderResult {
        guard !options.keepsBitmaps, job.stale || job.surface != LiveActivityPresentation.alertBase(on: options.device) else { return result }
        var lean = result
        lean.bitmap = Self.noBitmap
        return lean
    }

    /// As `renderSequence(_:with:deadline:)`, the pictures drawn on `workers` threads at once, each
    /// with a renderer of the pool's (the pictures are independent; each is the same as one renderer
    /// draws).
    public func renderSequence(_ inputs: [PushInput], pool: RendererPool,
                               workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                               deadline: RenderDeadline? = nil) throws -> [PushPreview] {
        let plans = try plan(inputs, deadline: deadline)
        let jobs = plans.flatMap(\.jobs)
        // The costliest first (StandBy, drawn at twice the scale), so no thread is left with one at the end.
        let order = jobs.indices.sorted { (jobs[$0].request.surface == .standBy ? 0 : 1, $0) < (jobs[$1].request.surface == .standBy ? 0 : 1, $1) }
        let outcomes = pool.map(jobs.count, workers: workers) { i, renderer -> Result<RenderResult, any Error> in
            Result { keptAsNeeded(try renderer.render(jobs[order[i]].request, deadline: deadline), for: jobs[order[i]]) }
        }
        var results = [RenderResult?](repeating: nil, count: jobs.count)
        for (i, outcome) in outcomes.enumerated() { results[order[i]] = try outcome.get() }
        return try pool.withRenderer { renderer in try assemble(plans, results.map { $0! }, renderer: renderer, deadline: deadline) }
    }

    /// Renders every presentation of one checked push (none when it could not be read).
    public func render(_ checked: CheckedPush, with renderer: WidgetRenderer, deadline: RenderDeadline? = nil) throws -> PushPreview {
        let plans = [try plan(checked, data: checked.payload.map(validator.data(for:)), staleAt: nil)]
        var results: [RenderResult] = []
        for job in plans[0].jobs { results.append(keptAsNeeded(try renderer.render(job.request, deadline: deadline), for: job)) }
        return try assemble(plans, results, renderer: renderer, deadline: deadline)[0]
    }

    /// One picture to draw: a surface of a push, at its time or (`stale`) at its stale date.
    struct Job: Sendable {
        var surface: Surface
        var stale: Bool
        var request: RenderRequest
    }

    /// A push with what to draw for it.
    struct Plan: Sendable {
        var checked: CheckedPush
        var data: DataValue?
        var presentations: [LiveActivityPresentation]
        /// When the stale column shows it (nil: no stale column).
        var staleAt: Date?
        var jobs: [Job]
    }

    /// The sequence checked, each push with its data (content-state over attributes; an end without
    /// content-state keeps the content before it) and the pictures it needs.
    func plan(_ inputs: [PushInput], deadline: RenderDeadline? = nil) throws -> [Plan] {
        let checked = try validator.checkSequence(inputs, deadline: deadline)
        var previewer = self
        var lastState: DataValue?
        var pushes: [(CheckedPush, DataValue?)] = []
        pushes.reserveCapacity(checked.count)
        for var c in checked {
            if var p = c.payload {
                if p.event == .start, let a = p.attributes { previewer.validator.attributes = a }
                if p.contentState == nil { p.contentState = lastState }
                lastState = p.contentState ?? lastState
                c.payload = p
                pushes.append((c, previewer.validator.data(for: p)))
            } else {
                pushes.append((c, nil))
            }
        }
        // The next readable push after each, from the end in one pass (unreadable pushes have none
        // of their own: a search forward from each would cost pushes² on a sequence of them).
        var next = [PushPayload?](repeating: nil, count: pushes.count)
        var following: PushPayload?
        for i in pushes.indices.reversed() {
            next[i] = following
            following = pushes[i].0.payload ?? following
        }
        var plans: [Plan] = []
        plans.reserveCapacity(pushes.count)
        for (i, (c, data)) in pushes.enumerated() {
            try WidgetRenderer.check(deadline)
            let staleAt = c.payload.flatMap { staleColumnDate(for: $0, next: next[i]) }
            plans.append(try plan(c, data: data, staleAt: staleAt))
        }
        return plans
    }

    /// When a push's content goes stale on screen, if that is worth a column of its own: with
    /// `options.staleColumns`, no fixed `now`, a stale-date after the push arrives and before the
    /// next push arrives (for the last push: before its dismissal-date, when it has one).
    func staleColumnDate(for payload: PushPayload, next: PushPayload?) -> Date? {
        guard options.staleColumns, options.now == nil, let stale = payload.staleDate, stale > payload.timestamp else { return nil }
        if let next { return stale < next.timestamp ? stale : nil }
        if let dismissal = payload.dismissalDate, dismissal <= stale { return nil }
        return stale
    }

    func plan(_ checked: CheckedPush, data: DataValue?, staleAt: Date?) throws -> Plan {
        guard let payload = checked.payload, let data else {
            return Plan(checked: checked, data: nil, presentations: [], staleAt: nil, jobs: [])
        }
        let presentations = self.presentations(for: payload)
        var jobs: [Job] = []
        for p in presentations {
            let surface = p.surface ?? LiveActivityPresentation.alertBase(on: options.device)
            if !jobs.contains(where: { $0.surface == surface }) {
                jobs.append(Job(surface: surface, stale: false, request: try request(for: payload, surface: surface, data: data)))
            }
        }
        if let staleAt {
            var previewer = self
            previewer.options.now = staleAt
            for p in presentations {
                guard let surface = p.surface else { continue }
                jobs.append(Job(surface: surface, stale: true, request: try previewer.request(for: payload, surface: surface, data: data)))
            }
        }
        return Plan(checked: checked, data: data, presentations: presentations, staleAt: staleAt, jobs: jobs)
    }

    /// The previews from the plans and their jobs' results (in the plans' job order).
    func assemble(_ plans: [Plan], _ results: [RenderResult], renderer: WidgetRenderer,
                  deadline: RenderDeadline? = nil) throws -> [PushPreview] {
        var next = 0
        var out: [PushPreview] = []
        out.reserveCapacity(plans.count)
        for plan in plans {
            try WidgetRenderer.check(deadline)
            var rendered: [Surface: RenderResult] = [:]
            var staleRendered: [Surface: RenderResult] = [:]
            for job in plan.jobs {
                if job.stale { staleRendered[job.surface] = results[next] } else { rendered[job.surface] = results[next] }
                next += 1
            }
            guard let payload = plan.checked.payload else {
                out.append(PushPreview(checked: plan.checked, data: nil, now: options.now ?? Date(timeIntervalSince1970: 0),
                                       isStale: false, frames: []))
                continue
            }
            var frames: [PushFrame] = []
            var staleFrames: [PushFrame] = []
            for p in plan.presentations {
                if let surface = p.surface, let r = rendered[surface] {
                    frames.append(PushFrame(presentation: p, png: r.png, bitmap: r.bitmap, warnings: r.warnings))
                    if let s = staleRendered[surface] {
                        staleFrames.append(PushFrame(presentation: p, png: s.png, bitmap: s.bitmap, warnings: s.warnings))
                    }
                } else if p == .alert, let alert = payload.alert, let base = rendered[LiveActivityPresentation.alertBase(on: options.device)] {
                    let bitmap = AlertBand.draw(alert, under: base, renderer: renderer)
                    let png = try PNGCodec.encode(bitmap, preset: options.pngPreset == .small ? .small : .fast)
                    frames.append(PushFrame(presentation: p, png: png, bitmap: bitmap, warnings: base.warnings))
                }
            }
            if !options.keepsBitmaps {
                for i in frames.indices { frames[i].bitmap = Self.noBitmap }
            }
            let now = options.now ?? payload.timestamp
            out.append(PushPreview(checked: plan.checked, data: plan.data, now: now, isStale: Self.isStale(payload, at: now),
                                   frames: frames, stale: plan.staleAt.map { StalePreview(at: $0, frames: staleFrames) }))
        }
        return out
    }
}

/// The alert picture: the presentation the alert opens, copied pixel for pixel, and beneath it a
/// band with the alert's title and body as Apple Watch shows them (white title, gray body).
enum AlertBand {
    static let padding = 12.0
    static let gap = 8.0

    static func text(_ alert: PushAlert) -> ViewNode {
        ViewNode(.vstack(spacing: 2, alignment: .leading, children: [
            ViewNode(.text(TextContent(string: alert.title, font: FontSpec(size: 15, weight: .semibold),
                                       color: .color(.white), lineLimit: 2))),
            ViewNode(.text(TextContent(string: alert.body, font: FontSpec(size: 13),
                                       color: .color(RGBA(hex: 0xAEAEB2)), lineLimit: 3))),
        ]), modifiers: [.frame(FrameSpec(maxWidth: .infinity, alignment: Alignment(horizontal: .leading, vertical: .top))),
                        .padding(EdgeInsets(all: padding))])
    }

    /// Points the band under a picture `width` points wide takes: known before anything is drawn
    /// (a filmstrip's bound measures it so).
    static func height(of alert: PushAlert, width: Double, engine: LayoutEngine) -> Double {
        engine.sizeThatFits(text(alert), ProposedSize(width: width, height: nil)).height
    }

    static func draw(_ alert: PushAlert, under base: RenderResult, renderer: WidgetRenderer) -> Bitmap {
        draw(alert, under: base.bitmap, scale: Double(base.bitmap.width) / max(1, base.pointSize.width), renderer: renderer)
    }

    /// The band under `bitmap`, a picture drawn at `scale` pixels a point (by the engine, or by the
    /// widget runner for a Swift source).
    static func draw(_ alert: PushAlert, under bitmap: Bitmap, scale: Double, renderer: WidgetRenderer) -> Bitmap {
        let width = Double(bitmap.width) / scale
        let text = text(alert)
        let engine = LayoutEngine(measurer: renderer.renderer.measurer)
        let bandHeight = height(of: alert, width: width, engine: engine)
        let top = Double(bitmap.height) / scale + gap
        let band = Rect(x: 0, y: top, width: width, height: bandHeight)
        let card = PlacedNode(frame: band, content: .shape(ShapeContent(
            shape: .roundedRect(radius: 18, continuous: true), fill: .color(RGBA(hex: 0x1C1C1E)))),
            children: [engine.place(text, in: band, alignment: Alignment(horizontal: .leading, vertical: .top))])
        let pixelHeight = bitmap.height + Int(((gap + bandHeight) * scale).rounded(.up))
        return renderer.renderer.drawSheet(pixelWidth: bitmap.width, pixelHeight: pixelHeight, scale: scale,
                                           background: nil, overlay: [card],
                                           tiles: [SheetTile(bitmap: bitmap, x: 0, y: 0)], exactTiles: true)
    }
}
