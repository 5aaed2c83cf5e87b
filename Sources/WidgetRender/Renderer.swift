import CPangoCairo
import WidgetLayout
import WidgetModel

/// Draws placed trees with Cairo and measures text with Pango. One per thread: a Pango font map
/// shared between threads without a lock corrupts the heap, so
/// each renderer owns its font map, contexts and caches. Not Sendable on purpose.
public final class Renderer {
    public let fonts: FontLibrary
    /// `textLength` caps the characters of one text that reach Pango (TextLayout.swift).
    public var limits = Limits.default
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Identity matrix, never touched by a draw: measurements do not depend on the scale.
    let measureContext: OpaquePointer
    /// Follows the CTM of the surface being drawn (pango_cairo_update_context).
    let drawContext: OpaquePointer
    let fontOptions: OpaquePointer

    var fontDescriptions: [FontKey: OpaquePointer] = [:]
    var attributeLists: [AttributeKey: OpaquePointer] = [:]
    /// Per size and weight, the tracking of the system font's continuous optical size (at most 1,024).
    var opticalSizeTrackings: [OpticalSizeKey: Double] = [:]
    var measurements: [MeasureKey: TextMetrics] = [:]
    /// Ascender and descender per font face and size (TextLayout.swift, `lineBoxes`); the faces are
    /// held (hb_face_reference) so no key's address is reused while it is cached.
    var faceExtentsCache: [FaceSizeKey: (Int32, Int32)] = [:]
    var heldFaces: [OpaquePointer] = []
    /// The font of each spec's first family, for lines without runs.
    var primaryFonts: [FontKey: UnsafeMutablePointer<PangoFont>] = [:]
    var imageSurfaces: [String: OpaquePointer] = [:]
    var failedImages: [String: ImageLoadError] = [:]
    var gradientTables: [[GradientStop]: [UInt32]] = [:]
    /// Per stand-in glyph, the scale it is drawn at (IconDrawing.swift; at most the catalog's size).
    var standInScales: [String: Double] = [:]
    /// Checked per node while drawing: once it has passed, the remaining nodes are skipped (the
    /// caller throws the picture away).
    public var deadline: RenderDeadline?
    /// Opacity and accent groups sized to what they hold (GroupBounds); false pushes them the size
    /// of the surface, as before. The pixels are the same; tests draw both ways to show it.
    public var boundsGroups = true

    public init(fonts: FontLibrary) {
        self.fonts = fonts
        let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)!
        pango_fc_font_map_set_config(OpaquePointer(map),
                                     fonts.config)
        // 1 pt = 1 user unit.
        pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
        fontMap = map

        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        fontOptions = options

        func makeContext() -> OpaquePointer {
            let context = pango_font_map_create_context(map)!
            pango_cairo_context_set_font_options(context, options)
            pango_context_set_round_glyph_positions(context, 0)
            return context
        }
        measureContext = makeContext()
        drawContext = makeContext()
    }

    deinit {
        for d in fontDescriptions.values { pango_font_description_free(d) }
        for a in attributeLists.values { pango_attr_list_unref(a) }
        for s in imageSurfaces.values { cairo_surface_destroy(s) }
        for f in primaryFonts.values { g_object_unref(UnsafeMutableRawPointer(f)) }
        for face in heldFaces { hb_face_destroy(face) }
        g_object_unref(UnsafeMutableRawPointer(measureContext))
        g_object_unref(UnsafeMutableRawPointer(drawContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        cairo_font_options_destroy(fontOptions)
    }

    public var measurer: any TextMeasuring { self }

    /// Draws `root` (frames in points) onto a transparent ARGB32 canvas of exactly
    /// pixelWidth×pixelHeight, scaled by `scale`.
    public func draw(_ root: PlacedNode, pixelWidth: Int, pixelHeight: Int, scale: Double) -> Bitmap {
        draw(root, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, opaqueFill: nil)
    }

    /// With `opaqueFill` (alpha 1), the canvas starts as that colour, painted once by Cairo over memory
    /// left unset, instead of zeroed and then covered: a filmstrip sheet is 100 MB, and each pass over
    /// it costs (the pixels are the same as a zeroed canvas with a full-size rectangle of that colour).
    func draw(_ root: PlacedNode, pixelWidth: Int, pixelHeight: Int, scale: Double, opaqueFill: RGBA?) -> Bitmap {
        draw(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, opaqueFill: opaqueFill) { cr in drawNode(root, cr) }
    }

    /// Pixels along one side of a canvas at most: Cairo's limit for an image surface.
    public static let maxCanvasSide = 32_767

    /// A side of a canvas, within 1…`maxCanvasSide`: every canvas is one Cairo can draw, and its sizes
    /// convert to Cairo's `Int32` without a check at each call.
    static func canvasSide(_ pixels: Int) -> Int { min(max(pixels, 1), maxCanvasSide) }

    /// A transparent ARGB32 canvas of pixelWidth×pixelHeight scaled by `scale` (or, with an opaque
    /// `opaqueFill`, one of that colour), drawn on by `body`.
    func draw(pixelWidth: Int, pixelHeight: Int, scale: Double, opaqueFill: RGBA? = nil,
              _ body: (OpaquePointer) -> Void) -> Bitmap {
        let (pixelWidth, pixelHeight) = (Self.canvasSide(pixelWidth), Self.canvasSide(pixelHeight))
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, CheckedNumber.int32(clamping: pixelWidth)))
        let fill = opaqueFill.flatMap { $0.a >= 1 ? $0 : nil }
        var pixels = fill == nil ? [UInt8](repeating: 0, count: stride * pixelHeight)
            : [UInt8](unsafeUninitializedCapacity: stride * pixelHeight) { _, count in count = stride * pixelHeight }
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32,
                                                              CheckedNumber.int32(clamping: pixelWidth), CheckedNumber.int32(clamping: pixelHeight), CheckedNumber.int32(clamping: stride))!
            let cr = cairo_create(surface)!
            if let fill {
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, 1)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            cairo_scale(cr, scale, scale)
            pango_cairo_update_context(cr, drawContext)
            body(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        return Bitmap(width: pixelWidth, height: pixelHeight, stride: stride, pixels: pixels)
    }

    func drawNode(_ node: PlacedNode, _ cr: OpaquePointer) {
        if let deadline, deadline.hasPassed { return }
        guard let applied = beginEffects(node, cr) else { return }
        drawContent(node, cr)
        for child in node.children { drawNode(child, cr) }
        endEffects(applied, node.effects, cr)
    }

    /// The node's own content, without its effects or children.
    func drawContent(_ node: PlacedNode, _ cr: OpaquePointer) {
        switch node.content {
        case .none: break
        case .text(let text): drawText(text, in: node.frame, cr)
        case .icon(let icon): drawIcon(icon, in: node.frame, cr)
        case .image(let image): drawImage(image, in: node.frame, cr)
        case .shape(let shape): drawShape(shape, in: node.frame, cr)
        case .progress(let progress): drawProgress(progress, in: node.frame, cr)
        case .divider(let color, _):
            cairo_rectangle(cr, node.frame.minX, node.frame.minY, node.frame.width, node.frame.height)
            setSource(color, cr)
            cairo_fill(cr)
        }
    }

    func setSource(_ color: RGBA, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
    }

    /// Sets `paint` as the source. A gradient is laid out in the frame's unit square and stretched
    /// with it, as SwiftUI does: on a wide frame, topLeading → bottomTrailing has its isolines
    /// parallel to the other diagonal (CSS "to bottom right" agrees), not perpendicular to its own.
    func setSource(_ paint: Paint, in frame: Rect, _ cr: OpaquePointer) {
        switch paint {
        case .color(let c):
            setSource(c, cr)
        case .linearGradient(let stops, let start, let end):
            guard frame.width > 0, frame.height > 0, stops.count > 1 else {
                setSource(paint.solidColor, cr)
                return
            }
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.r, stop.color.g, stop.color.b, stop.color.a)
            }
            // User space → unit square of the frame.
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, 1 / frame.width, 1 / frame.height)
            cairo_matrix_translate(&matrix, -frame.minX, -frame.minY)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            guard stops.count > 1, startRadius.isFinite, endRadius.isFinite, center.x.isFinite, center.y.isFinite else {
                setSource(paint.solidColor, cr)
                return
            }
            let cx = frame.minX + center.x * frame.width, cy = frame.minY + center.y * frame.height
            let pattern = cairo_pattern_create_radial(cx, cy, max(0, startRadius), cx, cy, max(0, endRadius))!
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.r, stop.color.g, stop.color.b, stop.color.a)
            }
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// The translucent rounded-bar look of WidgetKit's placeholder (`.redacted(reason: .placeholder)`).
    func fillPlaceholder(_ rect: Rect, radius: Double, color: RGBA, _ cr: OpaquePointer) {
        guard rect.width > 0, rect.height > 0 else { return }
        addRoundedRect(rect, radius: min(radius, rect.width / 2, rect.height / 2), continuous: false, cr)
        setSource(color.multipliedAlpha(0.25), cr)
        cairo_fill(cr)
    }
}
