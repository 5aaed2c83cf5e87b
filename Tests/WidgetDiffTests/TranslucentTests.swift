import Testing
import WidgetDiff

/// Surfaces drawn white on transparent (accessories, StandBy): what changes there is alpha, not
/// colour. Blended over white alone, white ink at any coverage is white, so the distance must also
/// look at what is drawn over a dark background.
@Suite("Translucent images")
struct TranslucentTests {
    static let clear: Canvas.Color = (0, 0, 0, 0)

    /// Blocky white digits on a transparent canvas, their edge pixels half covered (alpha 128), as
    /// a rasterizer draws white text on a transparent surface.
    private func whiteDigits(_ values: [Int]) -> Canvas {
        var canvas = Canvas(width: 120, height: 40, background: Self.clear)
        var ink = Canvas(width: 120, height: 40)
        ink.digits(values, x: 4, y: 6)
        // Ink darkness becomes coverage: black ink on white → opaque white on transparent.
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let coverage = 255 - Int(ink[x, y].r)
                if coverage > 0 { canvas[x, y] = (255, 255, 255, UInt8(min(255, coverage * 255 / 235))) }
            }
        }
        return canvas
    }

    @Test func aChangedDigitInWhiteOnTransparentFails() {
        let result = ImageDiff.compare(expected: whiteDigits([1, 2, 4, 5]).image, actual: whiteDigits([1, 2, 4, 6]).image)
        #expect(result.verdict == .different)
        #expect(result.differingPixels > 10)
        #expect(!result.passed)
    }

    @Test func aChangeOfCoverageAloneFails() {
        let expected = Canvas(width: 16, height: 16, background: Self.clear)
        var actual = expected
        actual.fill(x: 4, y: 4, width: 6, height: 6, (255, 255, 255, 255))
        var halfway = expected
        halfway.fill(x: 4, y: 4, width: 6, height: 6, (255, 255, 255, 128))
        #expect(ImageDiff.compare(expected: expected.image, actual: actual.image).differingPixels == 36)
        #expect(ImageDiff.compare(expected: halfway.image, actual: actual.image).differingPixels == 36)
    }

    @Test func theColourOfFullyTransparentPixelsDoesNotMatter() {
        let expected = Canvas(width: 8, height: 8, background: (0, 0, 0, 0))
        let actual = Canvas(width: 8, height: 8, background: (255, 40, 90, 0))
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.differingPixels == 0 && result.passed)
    }

    @Test func darkInkOnWhiteIsStillSeen() {
        var expected = Canvas(width: 120, height: 40)
        expected.digits([1, 2, 4, 5], x: 4, y: 6)
        var actual = Canvas(width: 120, height: 40)
        actual.digits([1, 2, 4, 6], x: 4, y: 6)
        #expect(ImageDiff.compare(expected: expected.image, actual: actual.image).verdict == .different)
    }

    /// A white bar on transparent whose right edge column is 25% covered in one image and 75% in the
    /// other: the same edge moved by half a pixel, which antialiasing detection must still forgive.
    @Test func aSoftTranslucentEdgeMovedBySubPixelIsAntialiasing() {
        func bar(_ coverage: Double) -> Canvas {
            var canvas = Canvas(width: 40, height: 40, background: Self.clear)
            canvas.fill(x: 10, y: 10, width: 10, height: 20, (255, 255, 255, 255))
            canvas.fill(x: 20, y: 10, width: 1, height: 20, (255, 255, 255, UInt8((255 * coverage).rounded())))
            return canvas
        }
        let result = ImageDiff.compare(expected: bar(0.25).image, actual: bar(0.75).image)
        #expect(result.antialiasedPixels == 20)
        #expect(result.differingPixels == 0)
        #expect(result.passed)
    }

    /// The report's picture of a white-on-transparent pair shows the unchanged ink, not white on white.
    @Test func theDiffPictureShowsWhiteInkOnTransparency() {
        let expected = whiteDigits([1, 2, 4, 5]), actual = whiteDigits([1, 2, 4, 6])
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        let picture = Canvas(width: 120, height: 40,
                             pixels: ImageDiff.diffImage(expected: expected.image, actual: actual.image, result: result, options: .default).pixels)
        // The "1" (x 4…18, unchanged) is inked in both: faded, but darker than the clear paper around it.
        let ink = picture[10, 12], paper = picture[110, 35]
        #expect(paper == (255, 255, 255, 255))
        #expect(ink.r == ink.g && ink.g == ink.b && ink.r >= 220 && ink.r < 250)
    }
}
