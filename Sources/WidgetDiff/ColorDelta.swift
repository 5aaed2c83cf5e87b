/// pixelmatch's perceptual colour distance (Kotsarenko & Ramos, "Measuring perceived colour
/// difference using YIQ NTSC transmission colour space in mobile applications", 2010): each
/// pixel is blended over white by its alpha, then compared in YIQ.
enum ColorDelta {
    /// The largest possible distance, black against white; `threshold` scales against it.
    static let maximum = 35215.0

    static func maximumAllowed(threshold: Double) -> Double {
        let clamped = threshold.isFinite ? max(0, min(1, threshold)) : 0
        return maximum * clamped * clamped
    }

    /// The squared YIQ distance between two RGBA words.
    @inline(__always)
    static func distance(_ first: UInt32, _ second: UInt32) -> Double {
        if first == second { return 0 }
        let (r1, g1, b1) = blendedOverWhite(first)
        let (r2, g2, b2) = blendedOverWhite(second)
        let y = luma(r1, g1, b1) - luma(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The Y (luma) of a pixel blended over white.
    @inline(__always)
    static func brightness(_ pixel: UInt32) -> Double {
        let (r, g, b) = blendedOverWhite(pixel)
        return luma(r, g, b)
    }

    @inline(__always)
    static func blendedOverWhite(_ pixel: UInt32) -> (Double, Double, Double) {
        let r = Double(pixel & 0xFF)
        let g = Double((pixel >> 8) & 0xFF)
        let b = Double((pixel >> 16) & 0xFF)
        let a = pixel >> 24
        if a == 255 { return (r, g, b) }
        let alpha = Double(a) / 255
        return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
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
