import CPangoCairo
import WidgetModel

extension Renderer {
    /// What `beginEffects` set up, for `endEffects` to undo.
    struct AppliedEffects {
        var saved = false
        var grouped = false
    }

    /// Applies a node's drawing effects before its content and children are drawn, in the one
    /// order they compose: transform, then the group for `opacity`, then the clip. nil: the node
    /// draws nothing (fully transparent, or scaled to nothing). Pair with `endEffects`. (Two
    /// calls rather than one taking a closure: drawNode recurses once per node, and a closure
    /// would add stack frames to every level.)
    func beginEffects(_ node: PlacedNode, _ cr: OpaquePointer) -> AppliedEffects? {
        let effects = node.effects, frame = node.frame
        if effects.opacity <= 0 { return nil }
        let t = effects.transform
        let transformed = !t.isIdentity
        // A scale of 0 flattens the drawing to nothing; Cairo would also put the context into an
        // error state for a matrix it cannot invert.
        if transformed, !(abs(t.a * t.d - t.b * t.c) > 1e-12) { return nil }
        var applied = AppliedEffects()
        applied.grouped = effects.opacity < 1
        applied.saved = applied.grouped || effects.clip != nil || transformed
        if applied.saved { cairo_save(cr) }
        if transformed {
            var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &matrix)
        }
        if applied.grouped {
            // The group as large as what it holds (GroupBounds), not the whole surface.
            if boundsGroups {
                guard let box = GroupBounds.subtree(node) else {
                    cairo_restore(cr)
                    return nil
                }
                GroupBounds.clip(box, cr)
            }
            cairo_push_group(cr)
        }
        if let clip = effects.clip {
            addClipPath(clip, in: frame, cr)
            cairo_clip(cr)
        }
        return applied
    }

    func endEffects(_ applied: AppliedEffects, _ effects: DrawingEffects, _ cr: OpaquePointer) {
        if applied.grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, effects.opacity)
        }
        if applied.saved { cairo_restore(cr) }
    }
}
