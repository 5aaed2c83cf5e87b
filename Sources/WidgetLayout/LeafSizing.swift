import WidgetModel

/// Sizes of views without children, other than text (TextLayout.swift).
/// An infinite proposal is answered with an infinite size by every flexible view: that is how a
/// stack's probe at ∞ learns they are flexible. The engine never proposes ∞ when placing.
enum LeafSizing {
    /// SwiftUI's size for a shape asked for its ideal size.
    static let shapeIdealLength = 10.0
    /// Ideal side of a circular gauge (an `accessoryCircular` gauge's content is about this big).
    static let gaugeIdealLength = 44.0

    /// Shapes take whatever they are offered.
    static func shape(_ p: ProposedSize) -> Size {
        Size(width: p.width ?? shapeIdealLength, height: p.height ?? shapeIdealLength)
    }

    static func image(_ image: ImageContent, _ p: ProposedSize) -> Size {
        let natural = image.naturalSize
        guard image.resizable else { return natural }
        guard natural.width > 0, natural.height > 0 else { return .zero }
        let aspect = natural.width / natural.height
        // Stretched (SwiftUI's `resizable()` alone): each axis takes what it is offered, or its own length.
        if image.contentMode == .stretch { return Size(width: p.width ?? natural.width, height: p.height ?? natural.height) }
        switch (p.width, p.height) {
        case (nil, nil):
            return natural
        // One axis proposed: the other follows the aspect ratio, for fit and fill alike (an image
        // in a column with an open height scales to the column's width).
        case (let w?, nil):
            return Size(width: w, height: w / aspect)
        case (nil, let h?):
            return Size(width: h * aspect, height: h)
        case (let w?, let h?):
            switch image.contentMode {
            case .fill:
                // The renderer scales to cover this frame and crops.
                return Size(width: w, height: h)
            case .fit, .stretch:
                let scale = min(w / natural.width, h / natural.height)
                return Size(width: natural.width * scale, height: natural.height * scale)
            }
        }
    }

    static func progress(_ progress: ProgressContent, _ p: ProposedSize) -> Size {
        switch progress.style {
        case .linear:
            // A bar is as wide as offered; asked for its ideal it has no width of its own.
            return Size(width: p.width ?? 0, height: progress.thickness)
        case .gauge, .ring:
            let side = min(p.width ?? gaugeIdealLength, p.height ?? gaugeIdealLength)
            return Size(width: side, height: side)
        }
    }

    /// A divider is a line across its stack: full offered width and `thickness` tall in a vstack
    /// (and outside any stack), `thickness` wide and full offered height in an hstack.
    static func divider(thickness: Double, stackAxis: Axis?, _ p: ProposedSize) -> Size {
        if stackAxis == .horizontal {
            return Size(width: thickness, height: p.height ?? 0)
        }
        return Size(width: p.width ?? 0, height: thickness)
    }

    /// The axis the divider's line runs along: across the stack it sits in.
    static func dividerLineAxis(stackAxis: Axis?) -> Axis {
        stackAxis == .horizontal ? .vertical : .horizontal
    }

    /// In a stack a spacer grows along the stack's axis only; elsewhere it grows on both axes,
    /// never below its minimum length.
    static func spacer(minLength: Double, stackAxis: Axis?, _ p: ProposedSize) -> Size {
        func grow(_ proposed: Double?) -> Double { max(proposed ?? minLength, minLength) }
        switch stackAxis {
        case .horizontal: return Size(width: grow(p.width), height: 0)
        case .vertical: return Size(width: 0, height: grow(p.height))
        case nil: return Size(width: grow(p.width), height: grow(p.height))
        }
    }
}
