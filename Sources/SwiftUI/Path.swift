import Foundation
package import WidgetModel

// Paths and the shapes made of them (SwiftUI's `Path`, `Shape.path(in:)`, `StrokeStyle`,
// `trim`), drawn by the engine as `ShapeKind.vector`. A shape is made for the frame layout gives
// it: the first layout pass proposes a guess, the next one the real frame (`Modifier.probe`,
// `WidgetRenderer.render(surface:…)`).

/// An angle (SwiftUI's `Angle`).
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
}

/// The outline of a 2-D shape (SwiftUI's `Path`): lines and Bézier curves. As a view it fills the
/// frame it is drawn in with the foreground style, its points scaled from the rectangle it was
/// made in.
public struct Path: Shape, Hashable, Sendable {
    public typealias Body = Never
    /// Past this many elements a path stops growing (a loop in a team's `path(in:)` drawing
    /// millions of segments), and a warning says so when it is drawn.
    public static let elementLimit = 20_000

    public enum Element: Hashable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    var elements: [Element] = []
    var subpathStart: CGPoint?
    var overflowed = false

    public init() {}
    public init(_ rect: CGRect) { addRect(rect) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }
    public init(_ callback: (inout Path) -> ()) { callback(&self) }

    public func path(in rect: CGRect) -> Path { self }

    public var isEmpty: Bool { elements.isEmpty }

    /// The last point added (nil before the first `move(to:)`).
    public var currentPoint: CGPoint? {
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .closeSubpath: return subpathStart
        }
    }

    /// The rectangle holding every point, control points included (Core Graphics' path bounding box
    /// is tighter for curves; this is what the engine scales by).
    public var boundingRect: CGRect {
        var xs: [CGFloat] = [], ys: [CGFloat] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .quadCurve(let p, let c): xs += [p.x, c.x]; ys += [p.y, c.y]
            case .curve(let p, let c1, let c2): xs += [p.x, c1.x, c2.x]; ys += [p.y, c1.y, c2.y]
            case .closeSubpath: break
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    mutating func append(_ element: Element) {
        guard elements.count < Self.elementLimit else { overflowed = true; return }
        elements.append(element)
    }

    public mutating func move(to end: CGPoint) { append(.move(to: end)); subpathStart = end }

    public mutating func addLine(to end: CGPoint) {
        if currentPoint == nil { move(to: end); return }
        append(.line(to: end))
    }

    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for p in lines.dropFirst() { addLine(to: p) }
    }

    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: control) }
        append(.quadCurve(to: end, control: control))
    }

    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: control1) }
        append(.curve(to: end, control1: control1, control2: control2))
    }

    public mutating func closeSubpath() {
        guard !elements.isEmpty else { return }
        append(.closeSubpath)
    }

    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addPath(Path { p in
            p.move(to: CGPoint(x: r.minX, y: r.minY))
            p.addLine(to: CGPoint(x: r.maxX, y: r.minY))
            p.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
            p.addLine(to: CGPoint(x: r.minX, y: r.maxY))
            p.closeSubpath()
        }, transform: transform)
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Circular corners (a continuous corner is drawn circular here; the engine's own rounded
    /// rectangle draws the squircle).
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(0, cornerSize.width), r.width / 2), ry = min(max(0, cornerSize.height), r.height / 2)
        guard rx > 0, ry > 0 else { addRect(r, transform: transform); return }
        let k = 0.5522847498 // 4/3·(√2 − 1): a quarter circle as one cubic.
        addPath(Path { p in
            p.move(to: CGPoint(x: r.minX + rx, y: r.minY))
            p.addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
            p.addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + rx * k, y: r.minY),
                       control2: CGPoint(x: r.maxX, y: r.minY + ry - ry * k))
            p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
            p.addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ry * k),
                       control2: CGPoint(x: r.maxX - rx + rx * k, y: r.maxY))
            p.addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
            p.addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - rx * k, y: r.maxY),
                       control2: CGPoint(x: r.minX, y: r.maxY - ry + ry * k))
            p.addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
            p.addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ry * k),
                       control2: CGPoint(x: r.minX + rx - rx * k, y: r.minY))
            p.closeSubpath()
        }, transform: transform)
    }

    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        var p = Path()
        p.addArc(center: .zero, radius: 1, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        p.closeSubpath()
        let fit = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
        addPath(p, transform: fit.concatenating(transform))
    }

    /// An arc of the circle around `center`. As in SwiftUI, the angles are measured from the +x axis
    /// towards +y (down, on screen), and `clockwise: false` goes the way the angles grow, which
    /// looks clockwise on screen (Apple's documentation: the flipped coordinate system).
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        var sweep = endAngle.radians - startAngle.radians
        if clockwise {
            while sweep > 0 { sweep -= 2 * .pi }
        } else {
            while sweep < 0 { sweep += 2 * .pi }
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: .radians(sweep), transform: transform)
    }

    /// An arc from `startAngle` turning by `delta` (positive: the way the angles grow).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        guard radius.isFinite, delta.radians.isFinite, startAngle.radians.isFinite else { return }
        let total = max(-4 * .pi, min(4 * .pi, delta.radians))
        let pieces = max(1, Int((abs(total) / (.pi / 2)).rounded(.up)))
        let step = total / Double(pieces)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)).applying(transform)
        }
        let start = point(startAngle.radians)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle.radians
        for _ in 0..<pieces {
            let next = angle + step
            let c1 = CGPoint(x: center.x + radius * (cos(angle) - k * sin(angle)), y: center.y + radius * (sin(angle) + k * cos(angle)))
            let c2 = CGPoint(x: center.x + radius * (cos(next) + k * sin(next)), y: center.y + radius * (sin(next) - k * cos(next)))
            append(.curve(to: point(next), control1: c1.applying(transform), control2: c2.applying(transform)))
            angle = next
        }
    }

    /// An arc tangent to the lines from the current point to `tangent1End` and on to `tangent2End`.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let p0 = currentPoint else { move(to: p1.applying(transform)); return }
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        guard l1 > 0, l2 > 0, abs(cross) > 1e-9, radius > 0 else { addLine(to: p1.applying(transform)); return }
        let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))
        let distance = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * distance, y: p1.y + v1.y / l1 * distance)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * distance, y: p1.y + v2.y / l2 * distance)
        // The centre: from t1 along the normal towards the inside of the corner.
        let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let centreDistance = radius / sin(angle / 2)
        let centre = CGPoint(x: p1.x + bisector.x / bl * centreDistance, y: p1.y + bisector.y / bl * centreDistance)
        let a1 = atan2(t1.y - centre.y, t1.x - centre.x), a2 = atan2(t2.y - centre.y, t2.x - centre.x)
        addLine(to: t1.applying(transform))
        addArc(center: centre, radius: radius, startAngle: .radians(a1), endAngle: .radians(a2), clockwise: cross > 0, transform: transform)
    }

    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.applying(transform).elements {
            if case .move(let p) = element { subpathStart = p }
            append(element)
        }
        if path.overflowed { overflowed = true }
    }

    public func applying(_ transform: CGAffineTransform) -> Path {
        guard !transform.isIdentity else { return self }
        var out = self
        out.elements = elements.map { element in
            switch element {
            case .move(let p): .move(to: p.applying(transform))
            case .line(let p): .line(to: p.applying(transform))
            case .quadCurve(let p, let c): .quadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2): .curve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: .closeSubpath
            }
        }
        out.subpathStart = subpathStart?.applying(transform)
        return out
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    /// The engine's path, for the rectangle it was made in.
    func vector(bounds: CGRect) -> VectorPath {
        func p(_ q: CGPoint) -> Point { Point(x: Double(q.x), y: Double(q.y)) }
        return VectorPath(elements: elements.map { element in
            switch element {
            case .move(let q): .move(p(q))
            case .line(let q): .line(p(q))
            case .quadCurve(let q, let c): .quadCurve(to: p(q), control: p(c))
            case .curve(let q, let c1, let c2): .curve(to: p(q), control1: p(c1), control2: p(c2))
            case .closeSubpath: .close
            }
        }, bounds: Rect(origin: Point(x: Double(bounds.minX), y: Double(bounds.minY)),
                        size: Size(width: Double(bounds.width), height: Double(bounds.height))))
    }
}

/// How a shape's outline is stroked (SwiftUI's `StrokeStyle`).
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }

    func engine(_ paint: Paint, inside: Bool) -> Stroke {
        Stroke(paint: paint, width: Double(lineWidth), dash: dash.map(Double.init), inside: inside,
               cap: lineCap == .butt ? .butt : lineCap == .round ? .round : .square,
               join: lineJoin == .miter ? .miter : lineJoin == .round ? .round : .bevel,
               miterLimit: Double(miterLimit), dashPhase: Double(dashPhase))
    }
}

/// Core Graphics' line cap and join, as SwiftUI's `StrokeStyle` takes them.
public enum CGLineCap: Int32, Hashable, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Hashable, Sendable { case miter, round, bevel }

// MARK: - Shapes made from paths

/// A shape turned into another (`trim`, `rotation`, `offset`, `scale`, `inset`): its path
/// transformed; the engine's own kind kept where the engine can draw the result itself.
public struct TransformedShape: Shape {
    public typealias Body = Never
    let base: any Shape
    let transform: (CGRect, Path) -> Path
    /// The part of the outline drawn (`trim`), kept apart: the engine trims by length.
    var trim: ShapeTrim?
    /// What the engine draws without a path (a trimmed engine shape).
    var engineKind: ShapeKind?

    public func path(in rect: CGRect) -> Path { transform(rect, base.path(in: rect)) }
}

extension Shape {
    /// The part of the outline from `startFraction` to `endFraction` of its length.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> TransformedShape {
        var shape = TransformedShape(base: self, transform: { _, p in p })
        shape.trim = ShapeTrim(from: Double(startFraction), to: Double(endFraction))
        shape.engineKind = (self as? any EngineShape)?.kind
        return shape
    }

    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> TransformedShape {
        var shape = TransformedShape(base: self, transform: { rect, p in
            let ax = rect.minX + anchor.x * rect.width, ay = rect.minY + anchor.y * rect.height
            return p.applying(CGAffineTransform(translationX: -ax, y: -ay).concatenating(CGAffineTransform(rotationAngle: angle.radians))
                .concatenating(CGAffineTransform(translationX: ax, y: ay)))
        })
        // A trimmed shape turned stays trimmed (`Circle().trim(from: 0, to: 0.75).rotation(.degrees(135))`,
        // a gauge's open arc): turning keeps the outline's lengths and where it starts.
        shape.trim = (self as? TransformedShape)?.trim
        return shape
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> TransformedShape {
        var shape = TransformedShape(base: self, transform: { _, p in p.offsetBy(dx: x, dy: y) })
        shape.trim = (self as? TransformedShape)?.trim
        return shape
    }

    public func offset(_ offset: CGSize) -> TransformedShape { self.offset(x: offset.width, y: offset.height) }

    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> TransformedShape {
        TransformedShape(base: self, transform: { rect, p in
            let ax = rect.minX + anchor.x * rect.width, ay = rect.minY + anchor.y * rect.height
            return p.applying(CGAffineTransform(translationX: -ax, y: -ay).concatenating(CGAffineTransform(scaleX: x, y: y))
                .concatenating(CGAffineTransform(translationX: ax, y: ay)))
        })
    }

    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> TransformedShape { self.scale(x: scale, y: scale, anchor: anchor) }

    /// The shape made for the rectangle inset by `amount` on every side.
    public func inset(by amount: CGFloat) -> TransformedShape {
        let base = self
        return TransformedShape(base: self, transform: { rect, _ in base.path(in: rect.insetBy(dx: amount, dy: amount)) })
    }

    public func applying(_ transform: CGAffineTransform) -> TransformedShape {
        TransformedShape(base: self, transform: { _, p in p.applying(transform) })
    }
}

/// A shape of any type (SwiftUI's `AnyShape`).
public struct AnyShape: Shape {
    public typealias Body = Never
    let base: any Shape
    public init<S: Shape>(_ shape: S) { base = shape }
    public func path(in rect: CGRect) -> Path { base.path(in: rect) }
}

// MARK: - Layout feedback

extension EnvironmentValues {
    /// A rectangle in the surface for the next view made from its size: the frame the last layout
    /// pass gave it, or (first pass) a guess, the surface's own size.
    package func probedFrame(_ number: Int) -> CGRect {
        if let frame = probedFrames[number] {
            return CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        }
        return CGRect(x: 0, y: 0, width: guessSize.width, height: guessSize.height)
    }
}

/// A frame's size and place, as a `GeometryReader`'s content reads them (SwiftUI's `GeometryProxy`).
public struct GeometryProxy {
    public let size: CGSize
    let global: CGRect
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    /// The frame in the surface (`.global`) or in itself (`.local`, at zero).
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: CGRect(origin: .zero, size: size)
        default: global
        }
    }
}

/// Where a frame is measured from (SwiftUI's `CoordinateSpace`).
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    case global, local
    case named(AnyHashable)
}

/// A view made from its own frame (SwiftUI's `GeometryReader`): it takes all the space offered,
/// and its content, placed at its top leading corner, is made with the size layout gave it.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: (GeometryProxy) -> Content
    /// The environment of the view whose body made this reader (ForEach's rule: the closure runs later).
    let maker = EnvironmentValues.current
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let number = environment.collector.nextProbe()
        let frame = environment.probedFrame(number)
        let proxy = GeometryProxy(size: frame.size, global: frame)
        let children = ViewResolver.nodes(EnvironmentValues.$current.withValue(maker) { content(proxy) }, in: environment)
        return [ViewNode(.zstack(alignment: .topLeading, children: children),
                         modifiers: [.frame(FrameSpec(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .topLeading)),
                                     .probe(number)])]
    }
}

extension View {
    /// Rotates the drawing about `anchor` without changing the layout.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        ModifiedView(content: self) { _ in .rotation(degrees: angle.degrees, anchor: anchor.engine) }
    }
}
