import WidgetModel

/// Numbers arriving in a view tree come from user-written layout files and bound data, so any of
/// them may be NaN, negative or infinite. They are made safe once, when the tree is read, so the
/// layout arithmetic never has to ask again and can never produce a NaN frame.
enum SafeNumber {
    /// A length that must be finite and non-negative: NaN, negatives and infinities become 0.
    static func length(_ v: Double) -> Double {
        v.isFinite && v > 0 ? v : 0
    }

    /// An optional length where an unusable value means "not given" (fixed/min/ideal frame sizes).
    static func optionalLength(_ v: Double?) -> Double? {
        guard let v, !v.isNaN, v.isFinite else { return nil }
        return max(0, v)
    }

    /// A maximum, where `.infinity` is meaningful ("as wide as offered").
    static func maximum(_ v: Double?) -> Double? {
        guard let v, !v.isNaN else { return nil }
        return max(0, v)
    }

    /// A stack's written spacing: negative overlaps the neighbours (SwiftUI allows it); NaN and
    /// infinities become 0, and it is kept within ±100,000 pt.
    static func spacing(_ v: Double) -> Double {
        v.isFinite ? min(100_000, max(-100_000, v)) : 0
    }

    /// A signed finite amount (offsets): NaN and infinities become 0.
    static func signed(_ v: Double) -> Double {
        v.isFinite ? v : 0
    }

    /// A scale factor: NaN and infinities mean no scaling; the rest is kept within ±1000.
    static func factor(_ v: Double) -> Double {
        v.isFinite ? min(1000, max(-1000, v)) : 1
    }

    /// An anchor in unit coordinates of a frame; may lie outside it, within ±100 frames.
    static func anchor(_ p: UnitPoint) -> UnitPoint {
        func part(_ v: Double) -> Double { v.isFinite ? min(100, max(-100, v)) : 0.5 }
        return UnitPoint(x: part(p.x), y: part(p.y))
    }

    static func fraction(_ v: Double, default d: Double) -> Double {
        v.isNaN ? d : min(1, max(0, v))
    }

    static func size(_ s: Size) -> Size {
        Size(width: length(s.width), height: length(s.height))
    }

    static func insets(_ e: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: length(e.top), leading: length(e.leading), bottom: length(e.bottom), trailing: length(e.trailing))
    }

    /// A size a view reports: non-negative, NaN as 0, infinity kept (flexible views answer an
    /// infinite proposal with an infinite size, which is how stacks learn their flexibility).
    static func answer(_ v: Double) -> Double {
        v.isNaN || v < 0 ? 0 : v
    }

    /// A proposal a parent makes: NaN and negatives become 0, nil and infinity are kept.
    static func proposal(_ v: Double?) -> Double? {
        guard let v else { return nil }
        return v.isNaN || v < 0 ? 0 : v
    }
}
