import WidgetModel

/// Padding, `frame` and `fixedSize`: modifiers that change what is proposed to a child and how
/// big the result is.
enum FrameLayout {
    /// What padding proposes to its child: the proposal less the insets, never negative.
    /// nil (ideal) and ∞ stay as they are.
    static func inset(_ p: ProposedSize, by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - insets.horizontal) },
                     height: p.height.map { max(0, $0 - insets.vertical) })
    }

    static func fixing(_ p: ProposedSize, horizontal: Bool, vertical: Bool) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    /// One axis of a frame. A fixed length wins; otherwise min/ideal/max bounds apply (all nil:
    /// the axis is untouched and the child decides).
    struct AxisSpec {
        var fixed: Double?
        var min: Double?
        var ideal: Double?
        var max: Double?
        var isUntouched: Bool { fixed == nil && min == nil && ideal == nil && max == nil }

        /// A flexible frame proposes the offer clamped into its bounds, or its ideal length when
        /// asked for its own ideal size.
        func childProposal(_ proposed: Double?) -> Double? {
            if let fixed { return fixed }
            if isUntouched { return proposed }
            guard let proposed else { return ideal }
            var p = proposed
            if let max { p = Swift.min(p, max) }
            if let min { p = Swift.max(p, min) }
            return p
        }

        /// SwiftUI's flexible frame (objc.io's and the SwiftUI Field Guide's reading): with a
        /// minimum the frame is at least `min` and otherwise hugs the child up to the offer; with
        /// a maximum it takes the offer (or the child, if larger) up to `max`. So
        /// `maxWidth: .infinity` fills the offer, and `minWidth` alone hugs its content.
        func size(_ proposed: Double?, child: Double) -> Double {
            if let fixed { return fixed }
            if isUntouched { return child }
            let offer = proposed ?? ideal ?? child
            var result = child
            if let min { result = Swift.max(min, Swift.min(result, offer)) }
            if let max { result = Swift.min(max, Swift.max(result, offer)) }
            return result
        }
    }

    static func horizontal(_ spec: FrameSpec) -> AxisSpec {
        AxisSpec(fixed: spec.width, min: spec.minWidth, ideal: spec.idealWidth, max: spec.maxWidth)
    }

    static func vertical(_ spec: FrameSpec) -> AxisSpec {
        AxisSpec(fixed: spec.height, min: spec.minHeight, ideal: spec.idealHeight, max: spec.maxHeight)
    }

    static func childProposal(_ spec: FrameSpec, _ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal(spec).childProposal(p.width), height: vertical(spec).childProposal(p.height))
    }

    /// What a frame proposes to its child when placing it, once its own `size` is known: on each
    /// axis it constrains, that size (SwiftUI places the child in the frame's bounds, so a frame
    /// clamped up to `minWidth: 22` places its child with 22, not with the 20 it asked about); an
    /// untouched axis passes the proposal through as it did for sizing.
    static func placementProposal(_ spec: FrameSpec, _ p: ProposedSize, size: Size) -> ProposedSize {
        ProposedSize(width: horizontal(spec).isUntouched ? p.width : size.width,
                     height: vertical(spec).isUntouched ? p.height : size.height)
    }

    static func size(_ spec: FrameSpec, _ p: ProposedSize, child: Size) -> Size {
        Size(width: horizontal(spec).size(p.width, child: child.width),
             height: vertical(spec).size(p.height, child: child.height))
    }

    /// Where a child of `size` goes inside `rect`. A child larger than the rect overflows on
    /// both sides for center alignment, as in SwiftUI.
    static func origin(of size: Size, in rect: Rect, _ alignment: Alignment) -> Point {
        func offset(_ free: Double, _ fraction: Double) -> Double {
            let d = free * fraction
            return d.isFinite ? d : 0
        }
        return Point(x: rect.minX + offset(rect.width - size.width, alignment.horizontal.fraction),
                     y: rect.minY + offset(rect.height - size.height, alignment.vertical.fraction))
    }
}
