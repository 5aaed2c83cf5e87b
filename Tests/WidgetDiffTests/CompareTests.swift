import Testing
import WidgetDiff

@Suite("Comparing images")
struct CompareTests {
    @Test func identicalImagesTakeTheFastPath() {
        let picture = widgetPicture()
        let copy = DiffImage(width: picture.width, height: picture.height, pixels: Array(picture.pixels[...]))
        let result = ImageDiff.compare(expected: picture.image, actual: copy)
        #expect(result.verdict == .identical)
        #expect(result.passed)
        #expect(result.differingPixels == 0)
        #expect(result.antialiasedPixels == 0)
        #expect(result.regions.isEmpty)
        #expect(result.worstWindow == nil)
        #expect(result.failureReason == nil)
    }

    @Test func oneLevelInOneChannelPassesAtTheDefault() {
        let expected = widgetPicture()
        var actual = expected
        for y in 100..<300 {
            for x in 200..<700 {
                var pixel = actual[x, y]
                pixel.g = pixel.g == 255 ? 254 : pixel.g + 1
                actual[x, y] = pixel
            }
        }
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.verdict == .withinTolerance)
        #expect(result.passed)
        #expect(result.differingPixels == 0)
        #expect(result.failureReason == nil)
    }

    @Test func blockMovedByOnePixelFailsAndItsRegionCoversTheBlock() {
        var expected = Canvas(width: 1014, height: 474)
        expected.fill(x: 100, y: 50, width: 40, height: 20, Canvas.black)
        var actual = Canvas(width: 1014, height: 474)
        actual.fill(x: 101, y: 51, width: 40, height: 20, Canvas.black)

        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.verdict == .different)
        #expect(!result.passed)
        // The old block's top row and left column, the new one's bottom row and right column.
        #expect(result.differingPixels == 2 * (40 + 20 - 1))
        #expect(result.antialiasedPixels == 0)
        #expect(result.regions == [DiffRegion(x: 100, y: 50, width: 41, height: 21, pixels: 118)])
        #expect(result.failureReason?.contains("118 pixels differ") == true)
    }

    @Test func textLineMovedByOnePixelFailsDespiteAntialiasingDetection() {
        let expected = widgetPicture()
        let actual = widgetPicture(textShift: 1)
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.verdict == .different)
        #expect(result.antialiasedPixels > 0)
        #expect(result.differingPixels > 100)
    }

    @Test func differentSizesAreAMismatchNamingBothSizes() {
        let result = ImageDiff.compare(
            expected: Canvas(width: 10, height: 12).image,
            actual: Canvas(width: 14, height: 12).image
        )
        #expect(result.verdict == .sizeMismatch)
        #expect(!result.passed)
        #expect(result.expectedSize == (10, 12))
        #expect(result.actualSize == (14, 12))
        let reason = result.failureReason ?? ""
        #expect(reason.contains("10×12"))
        #expect(reason.contains("14×12"))
    }

    @Test func inconsistentBuffersFailWithoutCrashing() {
        let short = DiffImage(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 399))
        let good = Canvas(width: 10, height: 10).image
        let result = ImageDiff.compare(expected: good, actual: short)
        #expect(result.verdict == .sizeMismatch)
        #expect(!result.passed)
        #expect(result.failureReason?.contains("399 bytes") == true)

        let negative = DiffImage(width: -3, height: 4, pixels: [])
        #expect(ImageDiff.compare(expected: negative, actual: negative).verdict == .sizeMismatch)

        let empty = DiffImage(width: 0, height: 0, pixels: [])
        #expect(ImageDiff.compare(expected: empty, actual: empty).verdict == .identical)

        // Drawing the diff of broken input must not crash either.
        let picture = ImageDiff.diffImage(expected: good, actual: short, result: result, options: .default)
        #expect(picture.width == 10 && picture.height == 10)
    }

    @Test func fullyTransparentPixelsCompareEqualWhateverTheirColour() {
        let expected = Canvas(width: 8, height: 8, background: (0, 0, 0, 0))
        let actual = Canvas(width: 8, height: 8, background: (255, 0, 0, 0))
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.verdict == .withinTolerance)
        #expect(result.differingPixels == 0)
    }
}
