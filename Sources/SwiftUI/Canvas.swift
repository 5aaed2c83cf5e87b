import Foundation
package import WidgetModel

// SwiftUI's `Canvas` and its `GraphicsContext` (developer.apple.com/documentation/swiftui/canvas):
// the team's renderer closure runs once the canvas's size is known — the frame the last layout gave
// it (`Modifier.probe`, as `GeometryReader`; the surface's size on the first pass) — and what it
// draws becomes the engine's nodes, placed absolutely in the canvas: paths as `ShapeKind.vector`
// filled or stroked with a `Paint`, text and images at their points. What the engine does not draw
// (filters, blend modes, conic gradients, tiled images, symbols, a clip that is not an axis-aligned
// rectangle) is a warning at the team's line, and a shading it cannot paint is a magenta fill.

/// A view the team draws into with a `GraphicsContext` (SwiftUI's `Canvas`).
public struct Canvas<Symbols: View>: View, PrimitiveView {
    public typealias Body = Never
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: Symbols?
    let origin: SourceLocation

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void,
                file: StaticString = #fileID, line: UInt = #line) where Symbols == EmptyView {
        self.renderer = renderer; symbols = nil; origin = .at(file, line)
    }

    /// Partly: the symbols are not resolved (`resolveSymbol(id:)` answers nil, with a warning).
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols,
                file: StaticString = #fileID, line: UInt = #line) {
        self.renderer = renderer; self.symbols = symbols(); origin = .at(file, line)
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let number = environment.collector.nextProbe()
        let size = environment.probedFrame(number).size
        let recorder = CanvasRecorder(environment: environment, size: size, origin: origin)
        var context = GraphicsContext(recorder: recorder)
        if size.width > 0, size.height > 0 { renderer(&context, size) }
        // Sized as a shape (the space offered; 10 × 10 when asked for its ideal size), drawn over,
        // so the drawing's guessed size on the first pass never sizes the canvas.
        let drawing = ViewNode(.zstack(alignment: .topLeading, children: recorder.nodes))
        return [ViewNode(.shape(ShapeContent(shape: .rect)),
                         modifiers: [.overlay(drawing, alignment: .topLeading), .clip(.rect), .probe(number)], source: origin)]
    }
}

/// Where a canvas's drawing goes: the nodes, in order, and its warnings at the canvas's line.
final class CanvasRecorder {
    let environment: EnvironmentValues
    let size: CGSize
    let origin: SourceLocation
    var nodes: [ViewNode] = []
    /// Past this many drawing calls a canvas stops recording (a loop drawing millions of dots).
    static let drawLimit = Limits.default.canvasDrawCalls

    init(environment: EnvironmentValues, size: CGSize, origin: SourceLocation) {
        self.environment = environment; self.size = size; self.origin = origin
    }

    func warn(_ message: String) {
        environment.collector.warn("Canvas: \(message)", at: "\(origin.file):\(origin.line)")
    }

    func add(_ node: ViewNode) {
        guard nodes.count < Self.drawLimit else {
            warn("more than \(Self.drawLimit) drawing calls (Limits.canvasDrawCalls): the rest is left out")
            return
        }
        var node = node
        node.source = origin
        nodes.append(node)
    }
}

/// What a canvas's renderer draws with (SwiftUI's `GraphicsContext`): its state (opacity,
/// transform, clip) is its own, a copy draws into the same canvas.
public struct GraphicsContext {
    let recorder: CanvasRecorder
    public var opacity: Double = 1
    /// Partly: only `.normal` is drawn; another is a warning, drawn as `.normal`.
    public var blendMode: BlendMode = .normal
    public var transform: CGAffineTransform = .identity
    /// The clip in canvas coordinates (nil: the whole canvas).
    var clipRect: CGRect?

    init(recorder: CanvasRecorder) { self.recorder = recorder }

    public var environment: EnvironmentValues { recorder.environment }

    /// The clip's bounding rectangle, in the context's current coordinates.
    public var clipBoundingRect: CGRect {
        (clipRect ?? CGRect(origin: .zero, size: recorder.size)).applying(transform.inverted())
    }

    // MARK: Transform

    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle.radians) }
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Clip

    /// Partly: a rectangle (in any transform that keeps it one) clips what is drawn after; another
    /// shape is a warning and does not clip.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        guard let rect = path.applying(transform).axisAlignedRectangle, !options.contains(.inverse) else {
            recorder.warn("clip(to:) with a path that is not an axis-aligned rectangle\(options.contains(.inverse) ? " (inverse)" : "") is not applied yet: what follows is drawn unclipped")
            return
        }
        clipRect = (clipRect ?? CGRect(origin: .zero, size: recorder.size)).intersection(rect)
    }

    /// Partly: the layer's content is drawn into this context (a layer's own filters and blend
    /// modes are not drawn).
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try content(&layer)
    }

    /// Partly: not drawn; a warning.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        recorder.warn("the filter .\(filter.name) is not drawn yet: the drawing is left unfiltered")
    }

    // MARK: Paths

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        if style.isEOFilled { recorder.warn("fill(_:with:style:) with eoFill is drawn with the non-zero rule") }
        guard let paint = paint(shading) else { return }
        add(shape: path, fill: paint, stroke: nil)
    }

    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard let paint = paint(shading) else { return }
        var stroke = style.engine(paint, inside: false)
        let factor = scaleFactor
        stroke.width *= factor
        stroke.dash = stroke.dash.map { $0 * factor }
        stroke.dashPhase *= factor
        add(shape: path, fill: nil, stroke: stroke)
    }

    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// How much the transform scales a length (the square root of its determinant).
    var scaleFactor: Double { Double(abs(transform.a * transform.d - transform.b * transform.c).squareRoot()) }

    private func add(shape path: Path, fill: Paint?, stroke: Stroke?) {
        let size = recorder.size
        let canvas = CGRect(origin: .zero, size: size)
        let vector = path.applying(transform).vector(bounds: canvas)
        guard !vector.elements.isEmpty else { return }
        let node = ViewNode(.shape(ShapeContent(shape: .vector(vector), fill: fill, stroke: stroke)),
                            modifiers: [.frame(FrameSpec(width: Double(size.width), height: Double(size.height)))])
        add(node)
    }

    /// A node placed in the canvas: faded by the opacity, clipped by the clip rectangle.
    private func add(_ node: ViewNode) {
        if blendMode != .normal { recorder.warn("blendMode .\(blendMode) is not drawn yet: drawn as .normal") }
        var node = node
        if opacity < 1 { node.modifiers.append(.opacity(max(0, opacity))) }
        if let clip = clipRect {
            guard clip.width > 0, clip.height > 0 else { return }
            var inner = node
            inner.modifiers.append(.offset(x: -Double(clip.minX), y: -Double(clip.minY)))
            node = ViewNode(.zstack(alignment: .topLeading, children: [inner]),
                            modifiers: [.frame(FrameSpec(width: Double(clip.width), height: Double(clip.height), alignment: .topLeading)),
                                        .clip(.rect), .offset(x: Double(clip.minX), y: Double(clip.minY))])
        }
        recorder.add(node)
    }

    // MARK: Shading

    /// The engine's paint for `shading` in canvas coordinates; a shading it cannot paint is magenta
    /// with a warning.
    func paint(_ shading: Shading) -> Paint? {
        let env = recorder.environment
        let size = recorder.size
        func unit(_ p: CGPoint) -> WidgetModel.UnitPoint {
            let q = p.applying(transform)
            return WidgetModel.UnitPoint(x: Double(q.x / size.width), y: Double(q.y / size.height))
        }
        switch shading.kind {
        case .style(let style): return style.resolvePaint(in: env)
        case .foreground: return (env.foreground ?? AnyShapeStyle(Color.primary)).resolvePaint(in: env)
        case .linear(let gradient, let start, let end):
            return .linearGradient(stops: gradient.engineStops(in: env), start: unit(start), end: unit(end))
        case .radial(let gradient, let center, let r0, let r1):
            let k = scaleFactor
            return .radialGradient(stops: gradient.engineStops(in: env), center: unit(center), startRadius: Double(r0) * k, endRadius: Double(r1) * k)
        case .unsupported(let name):
            recorder.warn("the shading .\(name) is not drawn yet: filled magenta")
            return .color(RGBA(r: 1, g: 0, b: 1))
        }
    }

    // MARK: Text and images

    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text, context: self) }
    public func resolve(_ image: Image) -> ResolvedImage { ResolvedImage(image: image, context: self) }
    public func resolve(_ shading: Shading) -> Shading { shading }

    /// Partly: `Canvas(symbols:)`'s views are not resolved: nil, with a warning.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        recorder.warn("resolveSymbol(id:) is not supported yet: the symbol \(id) is not drawn")
        return nil
    }

    /// Draws `text` at its ideal size with its `anchor` at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(nodes: ViewResolver.nodes(text, in: recorder.environment), at: point, anchor: anchor)
    }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) { draw(text.text, at: point, anchor: anchor) }

    /// Draws `text` wrapped in `rect`'s width, from its top leading corner.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(nodes: ViewResolver.nodes(text, in: recorder.environment), in: rect)
    }

    public func draw(_ text: ResolvedText, in rect: CGRect) { draw(text.text, in: rect) }

    /// Draws `image` stretched to `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(nodes: ViewResolver.nodes(image.resizable(), in: recorder.environment), in: rect)
    }

    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) { draw(image.image, in: rect, style: style) }

    /// Draws `image` at its own size with its `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(nodes: ViewResolver.nodes(image, in: recorder.environment), at: point, anchor: anchor)
    }

    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) { draw(image.image, at: point, anchor: anchor) }

    /// Views at their ideal size, `anchor` at the transformed `point`, turned and scaled with the
    /// transform about it.
    private func draw(nodes: [ViewNode], at point: CGPoint, anchor: UnitPoint) {
        let p = point.applying(transform)
        let alignment = Self.alignment(anchor)
        if alignment.exact == false { recorder.warn("draw(_:at:anchor:) with the anchor (\(anchor.x), \(anchor.y)) is drawn at the nearest of the nine standard anchors") }
        let unit = WidgetModel.UnitPoint(x: Double(anchor.x), y: Double(anchor.y))
        let degrees = Double(atan2(transform.b, transform.a)) * 180 / .pi
        let scale = scaleFactor
        for var node in nodes {
            node.modifiers.append(.fixedSize(horizontal: true, vertical: true))
            if abs(scale - 1) > 1e-9 { node.modifiers.append(.scale(x: scale, y: scale, anchor: unit)) }
            if abs(degrees) > 1e-9 { node.modifiers.append(.rotation(degrees: degrees, anchor: unit)) }
            node.modifiers.append(.frame(FrameSpec(width: 0, height: 0, alignment: alignment.value)))
            node.modifiers.append(.offset(x: Double(p.x), y: Double(p.y)))
            add(node)
        }
    }

    /// Views sized to `rect` (transformed: its bounding box), from its top leading corner.
    private func draw(nodes: [ViewNode], in rect: CGRect) {
        let r = rect.applying(transform)
        if transform.b != 0 || transform.c != 0 { recorder.warn("a text or image drawn in a rotated context is drawn in the rectangle's bounding box, unrotated") }
        for var node in nodes {
            node.modifiers.append(.frame(FrameSpec(width: Double(r.width), height: Double(r.height), alignment: .topLeading)))
            node.modifiers.append(.offset(x: Double(r.minX), y: Double(r.minY)))
            add(node)
        }
    }

    static func alignment(_ anchor: UnitPoint) -> (value: WidgetModel.Alignment, exact: Bool) {
        func nearest(_ v: CGFloat) -> Int { v < 0.25 ? 0 : v > 0.75 ? 2 : 1 }
        let x = nearest(anchor.x), y = nearest(anchor.y)
        let exact = CGFloat(x) / 2 == anchor.x && CGFloat(y) / 2 == anchor.y
        let h: WidgetModel.HorizontalAlignment = x == 0 ? .leading : x == 1 ? .center : .trailing
        let v: WidgetModel.VerticalAlignment = y == 0 ? .top : y == 1 ? .center : .bottom
        return (WidgetModel.Alignment(horizontal: h, vertical: v), exact)
    }
}

extension GraphicsContext {
    /// A colour or gradient to fill or stroke with (SwiftUI's `GraphicsContext.Shading`).
    public struct Shading {
        enum Kind {
            case style(AnyShapeStyle)
            case foreground
            case linear(Gradient, CGPoint, CGPoint)
            case radial(Gradient, CGPoint, CGFloat, CGFloat)
            case unsupported(String)
        }
        let kind: Kind

        public static var foreground: Shading { Shading(kind: .foreground) }
        public static func color(_ color: Color) -> Shading { Shading(kind: .style(AnyShapeStyle(color))) }
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                                 opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, red: white, green: white, blue: white, opacity: opacity))
        }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(kind: .style(AnyShapeStyle(style))) }
        /// Partly: the first shading is used.
        public static func palette(_ array: [Shading]) -> Shading { array.first ?? .foreground }
        /// Partly: `options` (repeat, mirror) are not applied.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linear(gradient, startPoint, endPoint))
        }
        /// Partly: `options` (repeat, mirror) are not applied.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .radial(gradient, center, startRadius, endRadius))
        }
        /// Partly: not drawn yet: magenta, with a warning.
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = Angle(),
                                         options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .unsupported("conicGradient"))
        }
        /// Partly: not drawn yet: magenta, with a warning.
        public static func tiledImage(_ image: Image, origin: CGPoint = .zero, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                                      scale: CGFloat = 1) -> Shading {
            Shading(kind: .unsupported("tiledImage"))
        }
    }

    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1), mirror = GradientOptions(rawValue: 2), linearColor = GradientOptions(rawValue: 4)
    }

    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }

    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1)
    }

    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1), dithersResult = BlurOptions(rawValue: 2)
    }

    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shadowAbove = ShadowOptions(rawValue: 1), shadowOnly = ShadowOptions(rawValue: 2)
        public static let invertsAlpha = ShadowOptions(rawValue: 4), disablesGroup = ShadowOptions(rawValue: 8)
    }

    /// A filter (SwiftUI's `GraphicsContext.Filter`).
    /// Partly: not drawn yet; `addFilter` names it in a warning.
    public struct Filter {
        let name: String
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter { Filter(name: "blur") }
        public static func shadow(color: Color = Color(.sRGBLinear, red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat,
                                  x: CGFloat = 0, y: CGFloat = 0, blendMode: BlendMode = .normal,
                                  options: ShadowOptions = ShadowOptions()) -> Filter { Filter(name: "shadow") }
        public static func colorMultiply(_ color: Color) -> Filter { Filter(name: "colorMultiply") }
        public static func grayscale(_ amount: Double) -> Filter { Filter(name: "grayscale") }
        public static func saturation(_ amount: Double) -> Filter { Filter(name: "saturation") }
        public static func brightness(_ amount: Double) -> Filter { Filter(name: "brightness") }
        public static func contrast(_ amount: Double) -> Filter { Filter(name: "contrast") }
        public static func hueRotation(_ angle: Angle) -> Filter { Filter(name: "hueRotation") }
        public static func luminanceToAlpha() -> Filter { Filter(name: "luminanceToAlpha") }
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter { Filter(name: "alphaThreshold") }
    }

    /// A text ready to draw (SwiftUI's `GraphicsContext.ResolvedText`).
    public struct ResolvedText {
        let text: Text
        let context: GraphicsContext
        public var shading: Shading = .foreground

        /// Partly: WidgetShot measures text in its layout pass, after the renderer has run; this
        /// answers an estimate (0.55 em a character, 1.2 em a line), with a warning.
        public func measure(in size: CGSize) -> CGSize {
            context.recorder.warn("ResolvedText.measure(in:) answers an estimate (text is measured after the canvas is drawn)")
            let nodes = ViewResolver.nodes(text, in: context.recorder.environment)
            guard case .text(let content)? = nodes.first?.kind else { return .zero }
            let em = content.font.size
            let width = min(Double(size.width), Double(content.string.count) * 0.55 * em)
            return CGSize(width: width, height: 1.2 * em)
        }
    }

    /// An image ready to draw (SwiftUI's `GraphicsContext.ResolvedImage`).
    public struct ResolvedImage {
        let image: Image
        let context: GraphicsContext
        public var shading: Shading?
        /// The image's own size in points (an icon's frame; zero for what has none).
        public var size: CGSize {
            switch ViewResolver.nodes(image, in: context.recorder.environment).first?.kind {
            case .image(let content)?: CGSize(width: content.naturalSize.width, height: content.naturalSize.height)
            case .icon(let icon)?: CGSize(width: icon.frameWidth, height: icon.size)
            default: .zero
            }
        }
        public var baseline: CGFloat { size.height }
    }

    /// A resolved symbol of `Canvas(symbols:)`.
    /// Partly: never made, symbols are not resolved yet.
    public struct ResolvedSymbol {
        public var size: CGSize { .zero }
    }

    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {}
}

extension Path {
    /// The rectangle the path is, when it is one rectangle with axis-aligned sides (`Path(rect)`,
    /// translated or scaled); nil otherwise.
    var axisAlignedRectangle: CGRect? {
        var points: [CGPoint] = []
        for (i, element) in elements.enumerated() {
            switch element {
            case .move(let p): if i == 0 { points.append(p) } else { return nil }
            case .line(let p): points.append(p)
            case .closeSubpath: if i != elements.count - 1 { return nil }
            default: return nil
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count <= 2, ys.count <= 2 else { return nil }
        for k in 0..<4 {
            let a = points[k], b = points[(k + 1) % 4]
            if a.x != b.x && a.y != b.y { return nil }
        }
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
