import Foundation
import WidgetCompose
import WidgetLayout
import WidgetModel
import WidgetRender
import WidgetTemplate

/// The one entry point every shell uses (CLI, gallery, golden tests, server):
/// bind → compose + layout → draw → encode. Not thread-safe: one per thread (see RendererPool).
public final class WidgetRenderer {
    public let fonts: FontLibrary
    /// The drawing stage behind this façade (the push filmstrips draw their sheets with it).
    public let renderer: Renderer
    /// Which non-ASCII characters the fonts draw, asked once each (MissingGlyphs.swift).
    var coverage = GlyphCoverage()

    public init(fonts: FontLibrary) {
        self.fonts = fonts
        self.renderer = Renderer(fonts: fonts)
    }

    /// Renders `request`. With a `deadline`, each stage checks it (between stages, per measured
    /// text while laying out, per node while drawing) and the render throws
    /// `RenderDeadlineExceeded` soon after it passes, so a slow input cannot hold the thread.
    public func render(_ request: RenderRequest, deadline: RenderDeadline? = nil) throws -> RenderResult {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let prepared = try prepare(request, deadline: deadline)
        return try finish(prepared, started: t0, pngPreset: request.pngPreset, deadline: deadline)
    }

    /// Renders a surface whose views code made instead of a layout file (the SwiftUI modules):
    /// `bind` gets the context the surface is drawn in (its scheme already the one iOS uses there:
    /// the island and the controls are dark) and returns the bound views. From there on the
    /// surface is composed, laid out, drawn and encoded exactly as a layout's.
    public func render(surface: Surface, look: Look, pngPreset: PNGPreset = .fast, limits: Limits = .default,
                       deadline: RenderDeadline? = nil, bind: (BindContext) throws -> BoundSurface) throws -> RenderResult {
        let t0 = DispatchTime.now().uptimeNanoseconds
        var context = try Self.context(surface: surface, look: look)
        var prepared = try compose(try bind(context), context: context, limits: limits, deadline: deadline, appearance: look.scheme)
        // Views made from their size (`Modifier.probe`) are made again with the frames this layout
        // gave them, until the frames stop moving.
        var frames = Self.probedFrames(in: prepared.composed.root)
        var pass = 1
        while !frames.isEmpty, frames != context.probedFrames {
            guard pass < max(1, limits.layoutPasses) else {
                prepared.warnings.append(.warning("views sized by their own frame (GeometryReader) still moved after \(pass) layout passes (Limits.layoutPasses): the last is drawn", at: nil))
                break
            }
            context.probedFrames = frames
            prepared = try compose(try bind(context), context: context, limits: limits, deadline: deadline, appearance: look.scheme)
            frames = Self.probedFrames(in: prepared.composed.root)
            pass += 1
        }
        return try finish(prepared, started: t0, pngPreset: pngPreset, deadline: deadline)
    }

    /// The frames of the placed views marked `Modifier.probe`, by number (the first of a number).
    static func probedFrames(in root: PlacedNode) -> [Int: Rect] {
        var frames: [Int: Rect] = [:]
        var stack = [root]
        while let node = stack.popLast() {
            if let number = node.probe, frames[number] == nil { frames[number] = node.frame }
            stack.append(contentsOf: node.children.reversed())
        }
        return frames
    }

    /// Images loaded, drawn, encoded; the timings from `started`.
    private func finish(_ prepared: PreparedSurface, started t0: UInt64, pngPreset: PNGPreset,
                        deadline: RenderDeadline?) throws -> RenderResult {
        try loadImages(prepared)
        let t1 = DispatchTime.now().uptimeNanoseconds
        renderer.deadline = deadline
        defer { renderer.deadline = nil }
        let bitmap = draw(prepared)
        try Self.check(deadline)
        let t2 = DispatchTime.now().uptimeNanoseconds
        let png: [UInt8]
        do {
            png = try PNGCodec.encode(bitmap, preset: pngPreset == .small ? .small : .fast)
        } catch {
            throw RenderError.encode("\(error)")
        }
        let t3 = DispatchTime.now().uptimeNanoseconds
        return RenderResult(png: png, bitmap: bitmap, pointSize: prepared.composed.size,
                            warnings: prepared.warnings,
                            timings: RenderTimings(bindAndLayout: t1 - t0, draw: t2 - t1, encode: t3 - t2),
                            placed: prepared.composed.root, magnification: prepared.composed.magnification)
    }

    /// Bind and lay out only: the placed tree and the warnings, without drawing.
    public func prepare(_ request: RenderRequest, deadline: RenderDeadline? = nil) throws -> PreparedSurface {
        try Self.check(deadline)
        let surface = request.surface
        guard request.device.supports(surface) else { throw RenderError.surfaceNotOnDevice(surface, request.device) }
        guard request.layout.hasView(for: surface) else {
            throw RenderError.noView(layout: request.layout.name, surface: surface,
                                     available: Surface.allCases.filter(request.layout.hasView(for:)))
        }
        var context = try Self.context(surface: surface, look: request.look)
        context.isStale = request.isStale
        context.isPreview = request.isPreview
        let bound = request.layout.bind(surface: surface, data: request.data, context: context,
                                        control: request.control, state: request.controlState)
        // An image that cannot be used (missing, outside the layout's folder, too large) fails the
        // render: a picture drawn without it would pass for the real thing.
        let bindErrors = bound.diagnostics.filter { $0.severity == .error }
        guard bindErrors.isEmpty else { throw RenderError.layoutErrors(bindErrors) }
        return try compose(bound, context: context, limits: request.layout.limits, deadline: deadline,
                           appearance: request.scheme)
    }

    /// The context a surface is bound in: the device has it, the scale and mode are valid, and the
    /// scheme is the one iOS draws it in. The island is always black with light content, whatever
    /// the phone's appearance, and StandBy shows the activity on a black screen with the background
    /// removed. Control Center and the Lock Screen's controls sit on a dark material in either
    /// appearance.
    static func context(surface: Surface, look: Look) throws -> BindContext {
        guard look.device.supports(surface) else { throw RenderError.surfaceNotOnDevice(surface, look.device) }
        let scale = look.effectiveScale
        guard scale.isFinite, Look.scales.contains(scale) else { throw RenderError.badScale(scale) }
        let mode = look.mode ?? surface.defaultRenderingMode
        guard surface.renderingModes.contains(mode) else { throw RenderError.modeNotOnSurface(mode, surface) }
        let scheme: ColorScheme = surface.family == .island || surface.family == .control || surface == .standBy
            ? .dark : surface.onlyScheme ?? look.scheme
        var drawn = look
        drawn.scheme = scheme
        return BindContext(surface: surface, look: drawn, renderingMode: mode)
    }

    /// Bound views → the composed, laid-out surface and its warnings. `context.look.scheme` is the
    /// scheme drawn in; the appearance asked for is kept apart (a dark island on a light phone).
    func compose(_ bound: BoundSurface, context: BindContext, limits: Limits, deadline: RenderDeadline?,
                 appearance: ColorScheme? = nil) throws -> PreparedSurface {
        try Self.check(deadline)
        let surface = context.surface, look = context.look, scale = look.effectiveScale, mode = context.renderingMode
        let measurer: any TextMeasuring = deadline.map { DeadlineMeasurer(measurer: renderer.measurer, deadline: $0) }
            ?? renderer.measurer
        // Frames are rounded to the request's pixel grid (1/scale pt), as iOS rounds them to the
        // screen's. StandBy magnifies the Lock Screen activity as a whole (×2 on top of the scale),
        // so it is laid out on the device's grid like the phone does and its edges land on every
        // second pixel of the larger picture, still whole pixels.
        let report = LayoutReport()
        let composer = SurfaceComposer(engine: LayoutEngine(measurer: measurer, pixelScale: scale, limits: limits, report: report))
        var composed = look.canvas.map { composer.canvas(bound, size: $0, scheme: look.scheme, mode: mode) }
            ?? composer.compose(bound, surface: surface, device: look.device, scheme: look.scheme,
                                appearance: appearance ?? look.scheme, mode: mode)
        if look.layoutDirection == .rightToLeft {
            composed.root = composed.root.mirroredForRightToLeft(width: composed.size.width)
        }
        if let tooDeep = Self.firstGroupPastLimit(in: composed.root, limit: limits.groupDepth) {
            throw RenderError.layoutErrors([.error(
                "opacity nested \(limits.groupDepth + 1) deep, more than the limit of \(limits.groupDepth) (Limits.groupDepth): each level is composited through a buffer as large as the surface",
                at: tooDeep.source)])
        }
        try Self.checkPixels(composed, scale: scale, limits: limits)
        try Self.check(deadline)
        let warnings = bound.diagnostics + report.messages.map { Diagnostic.warning($0.message, at: $0.source) }
            + LayoutWarnings.find(in: composed) + missingGlyphWarnings(in: composed.root)
        var prepared = PreparedSurface(surface: surface, composed: composed, scale: scale, warnings: warnings)
        prepared.backdrop = look.backdrop
        return prepared
    }

    /// The first node drawn through more than `limit` nested compositing groups (opacity below 1,
    /// as Renderer.drawNode groups them), found without recursion.
    static func firstGroupPastLimit(in root: PlacedNode, limit: Int) -> PlacedNode? {
        var stack: [(node: PlacedNode, depth: Int)] = [(root, 0)]
        while let (node, above) = stack.popLast() {
            let grouped = node.opacity > 0 && node.opacity < 1
            let depth = above + (grouped ? 1 : 0)
            if depth > limit { return node }
            if node.opacity > 0 { stack.append(contentsOf: node.children.reversed().map { ($0, depth) }) }
        }
        return nil
    }

    /// Decodes every image the surface shows, so a PNG that cannot be read or decoded is an error
    /// naming the `image:` rather than an empty frame in the picture.
    public func loadImages(_ prepared: PreparedSurface) throws {
        var errors: [Diagnostic] = []
        prepared.composed.root.forEach { node in
            guard case .image(let image) = node.content, !image.redacted else { return }
            do { try renderer.loadImage(image.path) } catch {
                // The image by its name, not by where the layouts folder sits on this machine (a
                // server sends this message to its clients).
                let folder = (image.path as NSString).deletingLastPathComponent + "/"
                let d = Diagnostic.error("\(error)".replacingOccurrences(of: folder, with: ""), at: node.source)
                if !errors.contains(d) { errors.append(d) }
            }
        }
        guard errors.isEmpty else { throw RenderError.layoutErrors(errors) }
    }

    /// Draws the composed surface in its rendering mode: the one drawing step of `render` and of
    /// verify (`renderPixels`), so a golden and a served PNG always agree.
    public func draw(_ prepared: PreparedSurface) -> Bitmap {
        var bitmap = drawSurface(prepared)
        if let backdrop = prepared.backdrop { Self.put(&bitmap, over: backdrop) }
        return bitmap
    }

    /// `bitmap` composited over `backdrop` (source over an opaque backdrop, premultiplied ARGB32):
    /// every pixel becomes opaque.
    static func put(_ bitmap: inout Bitmap, over backdrop: Backdrop) {
        let height = bitmap.height, width = bitmap.width, stride = bitmap.stride
        bitmap.pixels.withUnsafeMutableBytes { raw in
            for y in 0..<height {
                let c = backdrop.color(at: height > 1 ? Double(y) / Double(height - 1) : 0)
                let (bgR, bgG, bgB) = (c.r * 255, c.g * 255, c.b * 255)
                func over(_ word: UInt32, _ shift: UInt32, _ bg: Double, _ rest: Double) -> UInt32 {
                    UInt32(min(255, (Double((word >> shift) & 0xFF) + bg * rest).rounded())) << shift
                }
                for x in 0..<width {
                    let offset = y * stride + x * 4
                    // A native-endian word: alpha in the top byte, then red, green, blue.
                    let word = raw.load(fromByteOffset: offset, as: UInt32.self)
                    let rest = Double(255 - (word >> 24)) / 255
                    let out = 0xFF00_0000 | over(word, 16, bgR, rest) | over(word, 8, bgG, rest) | over(word, 0, bgB, rest)
                    raw.storeBytes(of: out, toByteOffset: offset, as: UInt32.self)
                }
            }
        }
    }

    /// The picture's size in pixels, as `drawSurface` allocates it.
    static func pixelSize(_ composed: ComposedSurface, scale: Double) -> (width: Int, height: Int) {
        let s = scale * composed.magnification
        return (CheckedNumber.int((composed.size.width * s).rounded(), clampedTo: 1...Renderer.maxCanvasSide),
                CheckedNumber.int((composed.size.height * s).rounded(), clampedTo: 1...Renderer.maxCanvasSide))
    }

    /// Refuses a picture past `Limits.renderPixels`, or whose nested compositing groups would hold
    /// more than `Limits.renderBufferPixels`, before any buffer is allocated.
    static func checkPixels(_ composed: ComposedSurface, scale: Double, limits: Limits) throws(RenderError) {
        let (w, h) = pixelSize(composed, scale: scale)
        if w * h > limits.renderPixels { throw .tooManyPixels(w, h, limit: limits.renderPixels) }
        let buffers = 1 + deepestGroup(in: composed.root)
        if buffers * w * h > limits.renderBufferPixels {
            throw .layoutErrors([.error(
                "\(buffers - 1) nested opacity groups on a \(w)×\(h) px picture would hold \(buffers * w * h) pixels of buffers, more than \(limits.renderBufferPixels) (Limits.renderBufferPixels): lower the scale or nest fewer translucent views",
                at: nil)])
        }
    }

    /// The most compositing groups nested inside each other, found without recursion.
    static func deepestGroup(in root: PlacedNode) -> Int {
        var deepest = 0
        var stack: [(node: PlacedNode, depth: Int)] = [(root, 0)]
        while let (node, above) = stack.popLast() {
            let depth = above + (node.opacity > 0 && node.opacity < 1 ? 1 : 0)
            deepest = max(deepest, depth)
            if node.opacity > 0 { stack.append(contentsOf: node.children.map { ($0, depth) }) }
        }
        return deepest
    }

    private func drawSurface(_ prepared: PreparedSurface) -> Bitmap {
        let composed = prepared.composed
        let s = prepared.scale * composed.magnification
        let (w, h) = Self.pixelSize(composed, scale: prepared.scale)
        switch composed.mode {
        case .fullColor:
            return renderer.draw(composed.root, pixelWidth: w, pixelHeight: h, scale: s)
        case .accented:
            return renderer.drawAccented(composed.root, tint: .white, pixelWidth: w, pixelHeight: h, scale: s)
        case .vibrant:
            var bitmap = renderer.draw(composed.root, pixelWidth: w, pixelHeight: h, scale: s)
            // StandBy's vibrant mode is night mode (red); the accessories' is gray.
            if prepared.surface == .standBy { bitmap.nightTint() } else { bitmap.desaturate() }
            return bitmap
        }
    }

    /// Throws when `deadline` has passed (or its request was cancelled): the stages that run
    /// before drawing (a push check, a plan) call it in their loops.
    public static func check(_ deadline: RenderDeadline?) throws(RenderDeadlineExceeded) {
        guard let deadline, deadline.hasPassed else { return }
        throw RenderDeadlineExceeded(seconds: deadline.seconds, cancelled: deadline.isCancelled)
    }

    /// A warning per text (once per source place) with characters no font in the folder draws.
    func missingGlyphWarnings(in root: PlacedNode) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var seen = Set<String>()
        var budget = GlyphCoverage.lookupsPerRender
        root.forEach { node in
            guard case .text(let t) = node.content, !t.content.redacted else { return }
            let missing = coverage.missing(in: t.content.string, budget: &budget) { !renderer.hasMissingGlyphs($0, font: t.font) }
            guard !missing.isEmpty else { return }
            let message = GlyphCoverage.message(text: t.content.string, missing: missing)
            if seen.insert("\(node.source.map(\.description) ?? "")|\(message)").inserted { found.append(.warning(message, at: node.source)) }
        }
        return found
    }

    /// Whether Pango would draw a missing-glyph box for any character of `text`.
    public func hasMissingGlyphs(_ text: String, font: FontSpec) -> Bool {
        renderer.hasMissingGlyphs(text, font: font)
    }
}

/// Measures through `measurer` until the deadline passes, then answers an empty size at once, so
/// the rest of the layout pass costs next to nothing; the render then throws instead of drawing.
private struct DeadlineMeasurer: TextMeasuring {
    let measurer: any TextMeasuring
    let deadline: RenderDeadline

    func measure(_ text: TextContent, font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        if deadline.hasPassed { return TextMetrics(size: Size(width: 0, height: 0), lineCount: 0, truncated: false) }
        return measurer.measure(text, font: font, width: width, maxLines: maxLines)
    }
}

public struct PreparedSurface: Sendable {
    public var surface: Surface
    public var composed: ComposedSurface
    public var scale: Double
    public var warnings: [Diagnostic]
    /// Drawn under the surface (Look.backdrop); nil: transparent where the surface is.
    public var backdrop: Backdrop?
}

public struct RenderResult: Sendable {
    public var png: [UInt8]
    public var bitmap: Bitmap
    public var pointSize: Size
    /// Missing data, truncated text, content outside the surface.
    public var warnings: [Diagnostic]
    public var timings: RenderTimings
    /// The placed tree drawn, and StandBy's magnification of it: where each view is, for naming
    /// the view a golden's change falls in (the Swift runner's `PICTURE.png.views.json`).
    public var placed: PlacedNode? = nil
    public var magnification: Double = 1
    public var pixelWidth: Int { bitmap.width }
    public var pixelHeight: Int { bitmap.height }
}

/// Nanoseconds per stage of one render.
public struct RenderTimings: Sendable {
    public var bindAndLayout: UInt64
    public var draw: UInt64
    public var encode: UInt64
    public var total: UInt64 { bindAndLayout + draw + encode }
}
