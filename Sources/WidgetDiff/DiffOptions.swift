/// A rectangle, in pixels, whose pixels are not compared. Every pixel the rectangle touches,
/// even partly, is ignored.
public struct IgnoreRegion: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How strictly two images must agree. The defaults are strict: any differing pixel fails.
///
/// Three rules decide whether differing pixels fail a comparison, and any one failing fails it:
/// - `maxDiffPixels` and `maxDiffRatio`, the global rules. While both are 0 no differing pixel
///   is allowed. Loosen either alone and only that one applies (a global limit of 0 then means
///   "not set"); loosen both and both apply, so the smaller allowance wins.
/// - The window rule: no `windowSize × windowSize` window may hold more than
///   `windowMaxPixels` differing pixels. It catches a changed glyph that a loosened global
///   rule would let through. `windowSize` 0 turns it off.
public struct DiffOptions: Hashable, Sendable {
    /// pixelmatch's YIQ threshold, 0…1: a pixel differs when its perceptual distance exceeds
    /// `35215 × threshold²`.
    ///
    /// The default, 0.025 (distance 22.0), is chosen so that only rasterizer noise passes.
    /// Our renders are deterministic; between Cairo/pixman/FreeType versions, flat areas and
    /// gradients move by ±1…3 levels per channel from rounding in compositing, and edges move
    /// by much more, which antialiasing detection — not the threshold — absorbs. Measured
    /// with pixelmatch's metric:
    /// - 1/255 in one channel: distance 0.06 (blue) … 0.25 (green); passes.
    /// - ±3/255 in any mix of channels: at most 4.87 (a uniform gray step of 3: 4.55); passes
    ///   with a 4.5× margin.
    /// - Uniform gray steps: 6/255 → 18.2 passes, 7/255 → 24.8 fails.
    /// - Real changes fail: iOS systemGreen light→dark (#34C759→#30D158) 25.4, systemRed
    ///   (#FF3B30→#FF453A) 36.3, systemBlue (#007AFF→#0A84FF) 44.6, a black overlay at
    ///   15% → 20% opacity 85.4, a changed or shifted glyph (ink against background) up to
    ///   32857.
    /// pixelmatch's own default 0.1 (distance 352) would let every one of those real changes
    /// through, and 0.05 (88.0) all of them but the last; that is why the default is lower.
    public var threshold: Double
    /// Whether a pixel that looks like an antialiased edge in either image — pixelmatch's
    /// `antialiased` test over the 3×3 neighbourhood — is counted apart instead of as differing.
    public var detectAntialiasing: Bool
    /// Global rule: the most differing pixels allowed. See the type's note on 0.
    public var maxDiffPixels: Int
    /// Global rule: the largest fraction of the image's pixels allowed to differ.
    public var maxDiffRatio: Double
    /// The side of the square window the window rule counts in; 0 turns the rule off.
    public var windowSize: Int
    /// The most differing pixels any window may hold. The default 4 lets a few scattered
    /// pixels pass while a changed glyph fails: in the tests' 5×7 digits with 1-, 2- and 3-px
    /// strokes, changing one digit (0→5, 6→8, 8→9, 1→7) puts 9 to 40 differing pixels into
    /// one 8×8 window. While the global rules are at their strict defaults they already fail
    /// on any pixel, so this only matters once a global rule is loosened.
    public var windowMaxPixels: Int
    public var ignore: [IgnoreRegion]

    public init(
        threshold: Double = 0.025,
        detectAntialiasing: Bool = true,
        maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0,
        windowSize: Int = 8,
        windowMaxPixels: Int = 4,
        ignore: [IgnoreRegion] = []
    ) {
        self.threshold = threshold
        self.detectAntialiasing = detectAntialiasing
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.windowSize = windowSize
        self.windowMaxPixels = windowMaxPixels
        self.ignore = ignore
    }

    public static let `default` = DiffOptions()
}

/// An ignore region snapped outward to whole pixels and clipped to the image.
struct PixelRect {
    var minX: Int, minY: Int, maxX: Int, maxY: Int  // max bounds exclusive

    init?(_ region: IgnoreRegion, width: Int, height: Int) {
        let values = [region.x, region.y, region.width, region.height]
        guard values.allSatisfy(\.isFinite), region.width > 0, region.height > 0 else { return nil }
        func clamp(_ value: Double, _ limit: Int) -> Int {
            Int(max(0, min(Double(limit), value)))
        }
        minX = clamp(region.x.rounded(.down), width)
        minY = clamp(region.y.rounded(.down), height)
        maxX = clamp((region.x + region.width).rounded(.up), width)
        maxY = clamp((region.y + region.height).rounded(.up), height)
        guard minX < maxX, minY < maxY else { return nil }
    }

    @inline(__always)
    func contains(x: Int, y: Int) -> Bool {
        x >= minX && x < maxX && y >= minY && y < maxY
    }
}
