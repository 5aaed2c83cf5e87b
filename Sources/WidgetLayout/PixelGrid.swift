import WidgetModel

/// The device pixel grid frames are rounded to, as SwiftUI rounds every view frame: layout runs
/// in points, then each frame's edges (origin and far edge, on both axes) go to the nearest
/// multiple of 1/scale pt, halfway cases up (SwiftUI's `roundCoordinatesToNearestOrUp(toMultipleOf:
/// pixelLength)`). Edges are rounded in surface coordinates, so two frames that meet at the same
/// point still meet after rounding (no gap, no overlap), and a frame's size is the distance
/// between its rounded edges: a 10.4 pt wide frame at x 0.3 is 10 pt at 1x (0…10), 10.5 at 2x
/// (0.5…11), 10.333 at 3x (0.333…10.667).
public struct PixelGrid: Hashable, Sendable {
    /// Device pixels per point (the render scale). Always finite and > 0.
    public let scale: Double

    /// nil when `scale` cannot be a pixel grid (NaN, infinite, ≤ 0): frames then stay unrounded.
    public init?(scale: Double) {
        guard scale.isFinite, scale > 0 else { return nil }
        self.scale = scale
    }

    /// `v` moved to the nearest multiple of 1/scale, .5 pixel up.
    @inline(__always)
    public func round(_ v: Double) -> Double {
        guard v.isFinite else { return v }
        return (v * scale + 0.5).rounded(.down) / scale
    }

    /// `rect` with its four edges on the grid; the size is what lies between them.
    public func round(_ rect: Rect) -> Rect {
        let minX = round(rect.minX), minY = round(rect.minY)
        let maxX = round(rect.minX + rect.width), maxY = round(rect.minY + rect.height)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}
