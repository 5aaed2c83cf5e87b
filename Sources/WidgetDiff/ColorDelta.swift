/// pixelmatch's perceptual colour distance (Kotsarenko & Ramos, "Measuring perceived colour
/// difference using YIQ NTSC transmission colour space in mobile applications", 2010), made to
/// see alpha: each pixel is composited over white and over black by its alpha, compared in YIQ on
/// both, and the larger distance counts.
///
/// pixelmatch composites over white only, so white ink on a transparent surface (accessories,
/// StandBy) is white at every coverage and a changed digit there scores 0. Over black the same
/// change is as plain as black text on white; over white a dark translucent change is. Where both
/// images are opaque the two backdrops give the same distance.
enum ColorDelta {
    /// What a translucent pixel is composited over before it is compared.
    enum Backdrop {
        case white, black
    }

    /// The largest possible distance, black against white; `threshold` scales against it.
    static let maximum = 35215.0

    static func maximumAllowed(threshold: Double) -> Double {
        let clamped = threshold.isFinite ? max(0, min(1, threshold)) : 0
        return maximum * clamped * clamped
    }

    /// The squared YIQ distance between two RGBA words on the backdrop where they differ most,
    /// and that backdrop (antialiasing detection then looks at the pixels on the same one).
    @inline(__always)
    static func distance(_ first: UInt32, _ second: UInt32) -> (value: Double, backdrop: Backdrop) {
        if first == second { return (0, .white) }
        let overWhite = distance(first, second, over: .white)
        if first >> 24 == 255 && second >> 24 == 255 { return (overWhite, .white) }
        let overBlack = distance(first, second, over: .black)
        return overBlack > overWhite ? (overBlack, .black) : (overWhite, .white)
    }

    /// The squared YIQ distance between two RGBA words composited over `backdrop`.
    @inline(__always)
    static func distance(_ first: UInt32, _ second: UInt32, over backdrop: Backdrop) -> Double {
        let (r1, g1, b1) = composited(first, over: backdrop)
        let (r2, g2, b2) = composited(second, over: backdrop)
        let y = luma(r1, g1, b1) - luma(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The Y (luma) of a pixel composited over `backdrop`.
    @inline(__always)
    static func brightness(_ pixel: UInt32, over backdrop: Backdrop) -> Double {
        let (r, g, b) = composited(pixel, over: backdrop)
        return luma(r, g, b)
    }

    /// A straight (not premultiplied) RGBA word composited over an opaque white or black.
    @inline(__always)
    static func composited(_ pixel: UInt32, over backdrop: Backdrop) -> (Double, Double, Double) {
        let r = Double(pixel & 0xFF)
        let g = Double((pixel >> 8) & 0xFF)
        let b = Double((pixel >> 16) & 0xFF)
        let a = pixel >> 24
        if a == 255 { return (r, g, b) }
        let alpha = Double(a) / 255
        switch backdrop {
        case .white: return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
        case .black: return (r * alpha, g * alpha, b * alpha)
        }
    }

    @inline(__always)
    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    @inline(__always)
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    @inline(__always)
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
