import CPangoCairo
import WidgetModel

/// Where a subtree can put ink, so an `opacity` group (or the accented mode's per-node mask group)
/// is the size of what it holds rather than of the whole surface. Cairo sizes a pushed group by
/// the current clip; without one, every group of a 1014×1062 px widget allocated, cleared and
/// composited 4.3 MB, which made `opacity` the costliest thing a layout could write (the weather
/// layout's large widget drew in 20 ms, 18 of them in groups). The bounds are generous (every
/// frame, grown by the ink its content can put outside it) and a group clipped to them draws the
/// same pixels: Cairo rasterizes in device space, so the group's origin changes no sample.
enum GroupBounds {
    /// Points around a node's frame that its own content may ink: glyphs overhang their logical
    /// box (italics, accents, an icon glyph larger than a frame forced smaller), strokes are
    /// centred on the outline, and antialiasing touches one more device pixel.
    static func contentMargin(_ content: PlacedContent) -> Double {
        switch content {
        case .none: return 0
        case .text(let t): return t.font.size + 2
        case .icon(let i): return i.size + 2
        case .image: return 2
        case .shape(let s): return (s.stroke?.width ?? 0) + 2
        case .progress(let p): return p.thickness + 2
        case .divider: return 2
        }
    }

    /// The box (in the node's own user space, after its transform) that holds every pixel the
    /// node's content draws. nil: nothing.
    static func content(_ node: PlacedNode) -> Rect? {
        if case .none = node.content { return nil }
        let m = contentMargin(node.content)
        return Rect(x: node.frame.minX - m, y: node.frame.minY - m,
                    width: node.frame.width + 2 * m, height: node.frame.height + 2 * m)
    }

    /// The box holding every pixel the node and its children draw, in the node's user space (its
    /// own transform already applied, as `beginEffects` applies it before the group). nil: nothing
    /// is drawn. A clipped node draws only inside its frame.
    static func subtree(_ node: PlacedNode) -> Rect? {
        if node.effects.clip != nil {
            return Rect(x: node.frame.minX - 2, y: node.frame.minY - 2, width: node.frame.width + 4, height: node.frame.height + 4)
        }
        var box = content(node)
        for child in node.children where child.effects.opacity > 0 {
            guard var b = subtree(child) else { continue }
            let t = child.effects.transform
            if !t.isIdentity { b = transformed(b, t) }
            box = box.map { union($0, b) } ?? b
        }
        return box
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    static func transformed(_ r: Rect, _ t: AffineTransform) -> Rect {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// Clips `cr` to `box` (the caller has saved the state); a non-finite box clips nothing.
    static func clip(_ box: Rect, _ cr: OpaquePointer) {
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return }
        cairo_rectangle(cr, box.minX, box.minY, max(0, box.width), max(0, box.height))
        cairo_clip(cr)
    }
}
