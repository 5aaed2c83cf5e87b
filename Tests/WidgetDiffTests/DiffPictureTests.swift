import Testing
import WidgetDiff

@Suite("Diff picture")
struct DiffPictureTests {
    @Test func marksDifferingPixelsRedOnAFadedBackground() {
        var expected = Canvas(width: 60, height: 40)
        expected.fill(x: 10, y: 10, width: 20, height: 10, Canvas.black)
        var actual = Canvas(width: 60, height: 40)
        actual.fill(x: 11, y: 10, width: 20, height: 10, Canvas.black)
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        let picture = ImageDiff.diffImage(expected: expected.image, actual: actual.image, result: result, options: .default)
        #expect(picture.width == 60 && picture.height == 40)
        #expect(picture.pixels.count == 60 * 40 * 4)

        let view = Canvas(width: 60, height: 40, pixels: picture.pixels)
        #expect(view[10, 15] == (255, 0, 0, 255))   // the old block's left column
        #expect(view[30, 15] == (255, 0, 0, 255))   // the new block's right column
        let unchangedInk = view[20, 15]             // black in both: faded to light gray
        #expect(unchangedInk.r == unchangedInk.g && unchangedInk.g == unchangedInk.b)
        #expect(unchangedInk.r >= 220 && unchangedInk.r < 255)
        #expect(view[50, 35] == (255, 255, 255, 255))  // white stays white
        var redCount = 0
        for y in 0..<40 { for x in 0..<60 where view[x, y] == (255, 0, 0, 255) { redCount += 1 } }
        #expect(redCount == result.differingPixels)
    }

    @Test func marksAntialiasingYellowAndIgnoredRegionsBlue() {
        var expected = Canvas(width: 40, height: 40)
        expected.fill(x: 10, y: 10, width: 10, height: 20, Canvas.black)
        var actual = expected
        for y in 10..<30 {
            expected.blend(20, y, Canvas.black, coverage: 0.25)
            actual.blend(20, y, Canvas.black, coverage: 0.75)
        }
        var options = DiffOptions.default
        options.ignore = [IgnoreRegion(x: 30, y: 0, width: 10, height: 10)]
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image, options: options)
        let picture = Canvas(
            width: 40, height: 40,
            pixels: ImageDiff.diffImage(expected: expected.image, actual: actual.image, result: result, options: options).pixels
        )
        #expect(picture[20, 15] == (255, 255, 0, 255))
        let tinted = picture[35, 5]
        #expect(tinted.b > tinted.r + 50 && tinted.r == tinted.g)
    }

    @Test func aSizeMismatchSpansBothImages() {
        let expected = Canvas(width: 10, height: 8).image
        let actual = Canvas(width: 6, height: 12).image
        let result = ImageDiff.compare(expected: expected, actual: actual)
        let picture = ImageDiff.diffImage(expected: expected, actual: actual, result: result, options: .default)
        #expect(picture.width == 10 && picture.height == 12)
        let view = Canvas(width: 10, height: 12, pixels: picture.pixels)
        #expect(view[8, 2] == (255, 0, 0, 255))
        #expect(view[2, 2] == (255, 255, 255, 255))
    }
}

extension Canvas {
    init(width: Int, height: Int, pixels: [UInt8]) {
        self.init(width: 0, height: 0)
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
