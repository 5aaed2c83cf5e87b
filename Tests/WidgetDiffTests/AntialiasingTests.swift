import Testing
import WidgetDiff

@Suite("Antialiasing detection")
struct AntialiasingTests {
    /// A black bar whose right edge falls inside column 20: 25% covered in one image, 75% in
    /// the other — the same edge moved by half a pixel.
    private func bar(edgeCoverage: Double) -> Canvas {
        var canvas = Canvas(width: 40, height: 40)
        canvas.fill(x: 10, y: 10, width: 10, height: 20, Canvas.black)
        for y in 10..<30 { canvas.blend(20, y, Canvas.black, coverage: edgeCoverage) }
        return canvas
    }

    @Test func aSoftEdgeMovedBySubPixelCountsAsAntialiasing() {
        let result = ImageDiff.compare(expected: bar(edgeCoverage: 0.25).image, actual: bar(edgeCoverage: 0.75).image)
        #expect(result.antialiasedPixels == 20)
        #expect(result.differingPixels == 0)
        #expect(result.verdict == .withinTolerance)
        #expect(result.passed)
    }

    @Test func withoutDetectionTheSameEdgeDiffers() {
        var options = DiffOptions.default
        options.detectAntialiasing = false
        let result = ImageDiff.compare(
            expected: bar(edgeCoverage: 0.25).image, actual: bar(edgeCoverage: 0.75).image, options: options
        )
        #expect(result.antialiasedPixels == 0)
        #expect(result.differingPixels == 20)
        #expect(result.verdict == .different)
        #expect(result.regions == [DiffRegion(x: 20, y: 10, width: 1, height: 20, pixels: 20)])
    }

    @Test func aNewDotInAFlatAreaIsNotAntialiasing() {
        let expected = Canvas(width: 20, height: 20)
        var actual = expected
        actual[10, 10] = (128, 128, 128, 255)
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.antialiasedPixels == 0)
        #expect(result.differingPixels == 1)
    }
}
