/// The bounding box of one cluster of differing pixels, and how many differing pixels it holds.
public struct DiffRegion: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var pixels: Int

    public init(x: Int, y: Int, width: Int, height: Int, pixels: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// What a comparison found and whether it passes.
public struct DiffResult: Sendable {
    public enum Verdict: Sendable, Equatable {
        /// The pixel buffers are byte for byte equal.
        case identical
        /// Some bytes differ, but no rule fails.
        case withinTolerance
        /// At least one rule fails; `failureReason` says which.
        case different
        /// The sizes differ, or a buffer does not hold `width × height` RGBA8 pixels.
        case sizeMismatch
    }

    public var verdict: Verdict
    public var passed: Bool
    public var expectedSize: (width: Int, height: Int)
    public var actualSize: (width: Int, height: Int)
    /// Pixels beyond the threshold that are not antialiasing and lie outside ignore regions.
    public var differingPixels: Int
    public var antialiasedPixels: Int
    /// `differingPixels` over all pixels of the image, ignored ones included.
    public var ratio: Double
    /// The top-left corner of the `windowSize × windowSize` window holding the most differing
    /// pixels (the first in reading order on ties); nil without differing pixels or window rule.
    public var worstWindow: (x: Int, y: Int, pixels: Int)?
    /// Clusters of differing pixels, largest first; see `DiffRegions`.
    public var regions: [DiffRegion]
    public var failureReason: String?

    public init(
        verdict: Verdict,
        expectedSize: (width: Int, height: Int),
        actualSize: (width: Int, height: Int),
        differingPixels: Int = 0,
        antialiasedPixels: Int = 0,
        ratio: Double = 0,
        worstWindow: (x: Int, y: Int, pixels: Int)? = nil,
        regions: [DiffRegion] = [],
        failureReason: String? = nil
    ) {
        self.verdict = verdict
        self.passed = verdict == .identical || verdict == .withinTolerance
        self.expectedSize = expectedSize
        self.actualSize = actualSize
        self.differingPixels = differingPixels
        self.antialiasedPixels = antialiasedPixels
        self.ratio = ratio
        self.worstWindow = worstWindow
        self.regions = regions
        self.failureReason = failureReason
    }
}
