import Testing
import WidgetDiff

/// The default threshold, 0.025, pinned down at the measured boundaries its doc comment gives.
@Suite("Default threshold")
struct ThresholdTests {
    private func compareFlat(_ first: Canvas.Color, _ second: Canvas.Color) -> DiffResult {
        ImageDiff.compare(
            expected: Canvas(width: 16, height: 16, background: first).image,
            actual: Canvas(width: 16, height: 16, background: second).image
        )
    }

    @Test(arguments: [1, 3, 6])
    func smallGraySteps(levels: Int) {
        let result = compareFlat((128, 128, 128, 255), (UInt8(128 + levels), UInt8(128 + levels), UInt8(128 + levels), 255))
        #expect(result.verdict == .withinTolerance)
    }

    @Test func threeLevelsInAnyMixOfChannelsPass() {
        for dr in [-3, 0, 3] {
            for dg in [-3, 0, 3] {
                for db in [-3, 0, 3] {
                    let changed: Canvas.Color = (UInt8(128 + dr), UInt8(128 + dg), UInt8(128 + db), 255)
                    #expect(compareFlat((128, 128, 128, 255), changed).passed, "\(dr) \(dg) \(db)")
                }
            }
        }
    }

    @Test func sevenGrayLevelsFail() {
        let result = compareFlat((128, 128, 128, 255), (135, 135, 135, 255))
        #expect(result.verdict == .different)
        #expect(result.differingPixels == 256)
    }

    @Test func lightAndDarkSystemColoursFail() {
        #expect(compareFlat((0x34, 0xC7, 0x59, 255), (0x30, 0xD1, 0x58, 255)).verdict == .different)
        #expect(compareFlat((0xFF, 0x3B, 0x30, 255), (0xFF, 0x45, 0x3A, 255)).verdict == .different)
        #expect(compareFlat((0x00, 0x7A, 0xFF, 255), (0x0A, 0x84, 0xFF, 255)).verdict == .different)
    }

    @Test func anOverlayOpacityChangeFailsAtTheDefaultButPassesAtPixelmatchsDefault() {
        // Black at 15% and at 20% over white.
        let result = compareFlat((217, 217, 217, 255), (204, 204, 204, 255))
        #expect(result.verdict == .different)
        var loose = DiffOptions.default
        loose.threshold = 0.1
        let looseResult = ImageDiff.compare(
            expected: Canvas(width: 16, height: 16, background: (217, 217, 217, 255)).image,
            actual: Canvas(width: 16, height: 16, background: (204, 204, 204, 255)).image,
            options: loose
        )
        #expect(looseResult.passed)
    }

    @Test func thresholdZeroCatchesOneLevel() {
        var strict = DiffOptions.default
        strict.threshold = 0
        let result = ImageDiff.compare(
            expected: Canvas(width: 4, height: 4, background: (128, 128, 128, 255)).image,
            actual: Canvas(width: 4, height: 4, background: (129, 128, 128, 255)).image,
            options: strict
        )
        #expect(result.differingPixels == 16)
    }
}
