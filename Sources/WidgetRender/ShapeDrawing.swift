import CPangoCairo
import Foundation
import WidgetModel

extension Renderer {
    func drawShape(_ shape: ShapeContent, in frame: Rect, _ cr: OpaquePointer) {
        guard shape.fill != nil || shape.stroke != nil else { return }
        addShapePath(shape.shape, in: frame, cr)
        if let trim = shape.trim { trimPath(trim, cr) }
        if let fill = shape.fill {
            if case .linearGradient(let stops, let start, let end) = fill,
               setGradientSurfaceSource(stops: stops, start: start, end: end, in: frame, cr) {
            } else {
                setSource(fill, in: frame, cr)
            }
            if shape.stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if let stroke = shape.stroke {
            if stroke.inside {
                // strokeBorder: the shape inset by half the width, a rounded rectangle's radius
                // with it (SwiftUI's InsettableShape), so the stroke ends at the frame's edge.
                let half = max(0, stroke.width) / 2
                let inset = frame.insetBy(EdgeInsets(all: min(half, frame.width / 2, frame.height / 2)))
                var kind = shape.shape
                if case .roundedRect(let radius, let continuous) = kind { kind = .roundedRect(radius: max(0, radius - half), continuous: continuous) }
                cairo_new_path(cr)
                addShapePath(kind, in: inset, cr)
                if let trim = shape.trim { trimPath(trim, cr) }
            }
            setSource(stroke.paint, in: frame, cr)
            applyStrokeStyle(width: stroke.width, dash: stroke.dash, cr)
            applyEnds(stroke, cr)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    func applyStrokeStyle(width: Double, dash: [Double], _ cr: OpaquePointer) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        if dash.isEmpty || dash.allSatisfy({ $0 <= 0 }) {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, CheckedNumber.int32(clamping: $0.count), 0) }
        }
    }

    /// A stroke's own ends and corners (SwiftUI's `StrokeStyle`); a layout file's stay round.
    func applyEnds(_ stroke: Stroke, _ cr: OpaquePointer) {
        if let cap = stroke.cap {
            cairo_set_line_cap(cr, cap == .butt ? CAIRO_LINE_CAP_BUTT : cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_ROUND)
        }
        if let join = stroke.join {
            cairo_set_line_join(cr, join == .miter ? CAIRO_LINE_JOIN_MITER : join == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_ROUND)
            cairo_set_miter_limit(cr, stroke.miterLimit.isFinite ? max(1, stroke.miterLimit) : 10)
        }
        if stroke.dashPhase != 0, stroke.dashPhase.isFinite, !stroke.dash.isEmpty, !stroke.dash.allSatisfy({ $0 <= 0 }) {
            stroke.dash.withUnsafeBufferPointer {
                cairo_set_dash(cr, $0.baseAddress, CheckedNumber.int32(clamping: $0.count), stroke.dashPhase)
            }
        }
    }

    /// Replaces the current path by the part of it from `trim.from` to `trim.to` of its length
    /// (SwiftUI's `trim(from:to:)`): the path flattened to lines (Cairo's tolerance), each subpath
    /// measured from its start, a closed one back to its start.
    func trimPath(_ trim: ShapeTrim, _ cr: OpaquePointer) {
        let from = min(max(trim.from.isFinite ? trim.from : 0, 0), 1), to = min(max(trim.to.isFinite ? trim.to : 1, 0), 1)
        guard let flat = cairo_copy_path_flat(cr) else { return }
        defer { cairo_path_destroy(flat) }
        var lines: [[Point]] = []
        var i = 0
        let count = Int(flat.pointee.num_data)
        while i < count, let data = flat.pointee.data {
            let header = data[i].header
            let length = max(1, Int(header.length))
            switch header.type {
            case CAIRO_PATH_MOVE_TO: lines.append([Point(x: data[i + 1].point.x, y: data[i + 1].point.y)])
            case CAIRO_PATH_LINE_TO:
                let q = Point(x: data[i + 1].point.x, y: data[i + 1].point.y)
                if lines.isEmpty { lines.append([q]) } else { lines[lines.count - 1].append(q) }
            case CAIRO_PATH_CLOSE_PATH:
                if let start = lines.last?.first { lines[lines.count - 1].append(start) }
            default: break
            }
            i += length
        }
        func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        let total = lines.reduce(0.0) { sum, line in sum + zip(line, line.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) } }
        cairo_new_path(cr)
        guard total > 0, to > from else { return }
        let start = from * total, end = to * total
        var walked = 0.0
        for line in lines {
            var drawing = false
            for (a, b) in zip(line, line.dropFirst()) {
                let d = distance(a, b)
                defer { walked += d }
                guard d > 0, walked + d > start, walked < end else { continue }
                let t0 = max(0, (start - walked) / d), t1 = min(1, (end - walked) / d)
                let p0 = Point(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
                let p1 = Point(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1)
                if !drawing { cairo_move_to(cr, p0.x, p0.y); drawing = true }
                cairo_line_to(cr, p1.x, p1.y)
            }
        }
    }

    func addClipPath(_ clip: ClipShape, in frame: Rect, _ cr: OpaquePointer) {
        switch clip {
        case .rect: addShapePath(.rect, in: frame, cr)
        case .roundedRect(let radius, let continuous): addShapePath(.roundedRect(radius: radius, continuous: continuous), in: frame, cr)
        case .circle: addShapePath(.circle, in: frame, cr)
        case .capsule: addShapePath(.capsule, in: frame, cr)
        }
    }

    func addShapePath(_ kind: ShapeKind, in frame: Rect, _ cr: OpaquePointer) {
        switch kind {
        case .rect, .containerRelative:
            cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        case .roundedRect(let radius, let continuous):
            addRoundedRect(frame, radius: radius, continuous: continuous, cr)
        case .circle:
            let r = min(frame.width, frame.height) / 2
            cairo_new_sub_path(cr)
            cairo_arc(cr, frame.midX, frame.midY, max(0, r), 0, 2 * .pi)
            cairo_close_path(cr)
        case .capsule:
            addRoundedRect(frame, radius: min(frame.width, frame.height) / 2, continuous: false, cr)
        case .ellipse:
            guard frame.width > 0, frame.height > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, frame.midX, frame.midY)
            cairo_scale(cr, frame.width / 2, frame.height / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_close_path(cr)
            cairo_restore(cr)
        case .path(let points, let closed, let curved):
            addPolyline(points.map { Point(x: frame.minX + $0.x * frame.width, y: frame.minY + $0.y * frame.height) },
                        closed: closed, curved: curved, cr)
        case .vector(let path):
            addVectorPath(path, in: frame, cr)
        }
    }

    /// A `VectorPath` drawn in `frame`: its points scaled from the rectangle they were made for
    /// (the identity when the frame is that rectangle, as a `GeometryReader`'s second pass makes it).
    func addVectorPath(_ path: VectorPath, in frame: Rect, _ cr: OpaquePointer) {
        let b = path.bounds
        let sx = b.width > 0 ? frame.width / b.width : 1, sy = b.height > 0 ? frame.height / b.height : 1
        func map(_ p: Point) -> (Double, Double) {
            let x = frame.minX + (p.x - b.minX) * sx, y = frame.minY + (p.y - b.minY) * sy
            return (x.isFinite ? x : frame.minX, y.isFinite ? y : frame.minY)
        }
        cairo_new_sub_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): let (x, y) = map(p); cairo_move_to(cr, x, y)
            case .line(let p): let (x, y) = map(p); cairo_line_to(cr, x, y)
            case .quadCurve(let to, let control):
                // A quadratic as the cubic with the same shape: controls two thirds of the way to the control point.
                var current = (0.0, 0.0)
                if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &current.0, &current.1) }
                let (cx, cy) = map(control), (x, y) = map(to)
                cairo_curve_to(cr, current.0 + 2 / 3 * (cx - current.0), current.1 + 2 / 3 * (cy - current.1),
                               x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
            case .curve(let to, let c1, let c2):
                let (x1, y1) = map(c1), (x2, y2) = map(c2), (x, y) = map(to)
                cairo_curve_to(cr, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    func addRoundedRect(_ rect: Rect, radius: Double, continuous: Bool, _ cr: OpaquePointer) {
        if continuous {
            ContinuousCorners.addPath(rect, radius: radius, cr)
            return
        }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// A polyline, or with `curved` a Catmull-Rom spline through the points (as cubic Béziers:
    /// control points one sixth of the neighbours' difference away).
    func addPolyline(_ p: [Point], closed: Bool, curved: Bool, _ cr: OpaquePointer) {
        guard let first = p.first else { return }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, first.x, first.y)
        if !curved || p.count < 3 {
            for q in p.dropFirst() { cairo_line_to(cr, q.x, q.y) }
        } else {
            let n = p.count
            func at(_ i: Int) -> Point {
                if closed { return p[((i % n) + n) % n] }
                return p[min(max(i, 0), n - 1)]
            }
            for i in 0..<(closed ? n : n - 1) {
                let p0 = at(i - 1), p1 = at(i), p2 = at(i + 1), p3 = at(i + 2)
                cairo_curve_to(cr, p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6,
                               p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6, p2.x, p2.y)
            }
        }
        if closed { cairo_close_path(cr) }
    }
}
