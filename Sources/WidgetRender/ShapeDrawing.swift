import CPangoCairo
import Foundation
import WidgetModel

extension Renderer {
    func drawShape(_ shape: ShapeContent, in frame: Rect, _ cr: OpaquePointer) {
        guard shape.fill != nil || shape.stroke != nil else { return }
        addShapePath(shape.shape, in: frame, cr)
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
            }
            setSource(stroke.paint, in: frame, cr)
            applyStrokeStyle(width: stroke.width, dash: stroke.dash, cr)
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
