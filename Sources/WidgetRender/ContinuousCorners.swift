import CPangoCairo
import WidgetModel

/// UIKit's continuous ("squircle") rounded rectangle, with the constants LinBowen9656/ChainableUIKit
/// reproduces (Sources/UIKitUtils/UIBezierPath+ContinuousCorner.swift): each corner leaves its
/// straight edges 1.52866483 × r from the corner and is drawn as three cubics joined by two
/// short lines. Points are (a, b) in units of r, for the top-right corner measured leftwards
/// from the right edge (a) and downwards from the top edge (b); the other corners mirror it.
enum ContinuousCorners {
    static let extent = 1.52866483

    enum Segment {
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
    }

    static let corner: [Segment] = [
        .line(1.52866483, 0),
        .curve(1.08849323, 0, 0.86840689, 0, 0.66993427, 0.06549600),
        .line(0.63149399, 0.07491100),
        .curve(0.37282392, 0.16905899, 0.16905899, 0.37282392, 0.07491100, 0.63149399),
        .line(0.06549600, 0.66993427),
        .curve(0, 0.86840689, 0, 1.08849323, 0, 1.52866483),
    ]

    /// The largest radius whose corner curves still fit: r ≤ min(w, h) / 2 / 1.52866483.
    static func clampedRadius(_ radius: Double, in rect: Rect) -> Double {
        max(0, min(radius, min(rect.width, rect.height) / 2 / extent))
    }

    /// Adds the closed outline, clockwise from the top edge, to the current path.
    static func addPath(_ rect: Rect, radius: Double, _ cr: OpaquePointer) {
        let r = clampedRadius(radius, in: rect)
        guard r > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let (l, t, rr, b) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // Each maps the top-right table's (a, b) to a point of that corner, in drawing order.
        let corners: [(Double, Double) -> (Double, Double)] = [
            { a, c in (rr - a * r, t + c * r) },   // top-right: top edge → right edge
            { a, c in (rr - c * r, b - a * r) },   // bottom-right: right edge → bottom edge
            { a, c in (l + a * r, b - c * r) },    // bottom-left: bottom edge → left edge
            { a, c in (l + c * r, t + a * r) },    // top-left: left edge → top edge
        ]
        cairo_new_sub_path(cr)
        cairo_move_to(cr, l + extent * r, t)
        for map in corners {
            for segment in corner {
                switch segment {
                case .line(let a, let c):
                    let p = map(a, c)
                    cairo_line_to(cr, p.0, p.1)
                case .curve(let a1, let c1, let a2, let c2, let a3, let c3):
                    let p1 = map(a1, c1), p2 = map(a2, c2), p3 = map(a3, c3)
                    cairo_curve_to(cr, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1)
                }
            }
        }
        cairo_close_path(cr)
    }
}
