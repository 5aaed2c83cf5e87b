import CPangoCairo
import Foundation
import WidgetModel

extension Renderer {
    func drawProgress(_ progress: ProgressContent, in frame: Rect, _ cr: OpaquePointer) {
        let fraction = progress.fraction.isFinite ? min(max(progress.fraction, 0), 1) : 0
        let t = max(0, progress.thickness)
        switch progress.style {
        case .linear:
            let bar = Rect(x: frame.minX, y: frame.midY - t / 2, width: frame.width, height: t)
            addRoundedRect(bar, radius: t / 2, continuous: false, cr)
            setSource(progress.track, cr)
            cairo_fill(cr)
            guard fraction > 0 else { return }
            let filled = Rect(x: bar.minX, y: bar.minY, width: bar.width * fraction, height: t)
            addRoundedRect(filled, radius: t / 2, continuous: false, cr)
            // A gradient spans the filled part, as on iOS: its last stop is at the fill's end.
            setSource(progress.tint, in: filled, cr)
            cairo_fill(cr)
        case .gauge:
            // 240° open ring, gap centred at the bottom (Cairo angles grow clockwise from +x).
            let start = 150.0 * .pi / 180, sweep = 240.0 * .pi / 180
            let value = start + sweep * fraction
            strokeArc(frame, thickness: t, from: start, to: start + sweep, color: .color(progress.track), cr)
            if fraction > 0 { strokeArc(frame, thickness: t, from: start, to: value, color: progress.tint, cr) }
            // The current-value marker: a small light dot on the ring.
            let r = ringRadius(frame, thickness: t)
            cairo_new_sub_path(cr)
            cairo_arc(cr, frame.midX + r * cos(value), frame.midY + r * sin(value), t * 0.3, 0, 2 * .pi)
            setSource(.white, cr)
            cairo_fill(cr)
        case .ring:
            let top = -Double.pi / 2
            strokeArc(frame, thickness: t, from: 0, to: 2 * .pi, color: .color(progress.track), cr)
            if fraction > 0 { strokeArc(frame, thickness: t, from: top, to: top + 2 * .pi * fraction, color: progress.tint, cr) }
        }
    }

    private func ringRadius(_ frame: Rect, thickness: Double) -> Double {
        max(0, min(frame.width, frame.height) / 2 - thickness / 2)
    }

    private func strokeArc(_ frame: Rect, thickness: Double, from a0: Double, to a1: Double, color: Paint, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_arc(cr, frame.midX, frame.midY, ringRadius(frame, thickness: thickness), a0, a1)
        setSource(color, in: frame, cr)
        applyStrokeStyle(width: thickness, dash: [], cr)
        cairo_stroke(cr)
    }
}
