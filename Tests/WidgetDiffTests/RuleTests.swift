import Testing
import WidgetDiff

@Suite("Failure rules and ignore regions")
struct RuleTests {
    /// The fourth digit of the line changes from 0 to 5.
    private let before = widgetPicture(digits: [1, 2, 3, 0, 4, 7, 9])
    private let after = widgetPicture(digits: [1, 2, 3, 5, 4, 7, 9])

    private func loosened(window: Bool) -> DiffOptions {
        var options = DiffOptions.default
        options.maxDiffRatio = 0.001
        if !window { options.windowSize = 0 }
        return options
    }

    @Test func changedDigitFailsAtTheDefaults() {
        let result = ImageDiff.compare(expected: before.image, actual: after.image)
        #expect(result.verdict == .different)
        #expect(result.differingPixels > 0)
    }

    @Test func changedDigitIsCaughtByTheWindowRuleWhenTheGlobalRuleIsLoosened() throws {
        let result = ImageDiff.compare(expected: before.image, actual: after.image, options: loosened(window: true))
        // Few enough pixels for the 0.1% global rule…
        #expect(Double(result.differingPixels) <= 0.001 * Double(1014 * 474))
        #expect(result.ratio <= 0.001)
        // …but concentrated in one glyph.
        let window = try #require(result.worstWindow)
        #expect(window.pixels > 4)
        #expect(result.verdict == .different)
        let reason = try #require(result.failureReason)
        #expect(reason.contains("8×8 window"))
        #expect(!reason.contains("maxDiffRatio"))
        // The glyph sits at x 60 + 3 × 20 = 120 … 135, y 80 … 100.
        #expect(window.x >= 120 - 8 && window.x <= 135)
        #expect(window.y >= 80 - 8 && window.y <= 101)
        #expect(result.regions.count == 1)
        let region = try #require(result.regions.first)
        #expect(region.x >= 119 && region.x + region.width <= 137)
        #expect(region.y >= 79 && region.y + region.height <= 102)
        #expect(region.pixels == result.differingPixels)
    }

    @Test func changedDigitPassesTheGlobalRuleAloneWithTheWindowRuleOff() {
        let result = ImageDiff.compare(expected: before.image, actual: after.image, options: loosened(window: false))
        #expect(result.verdict == .withinTolerance)
        #expect(result.passed)
        #expect(result.differingPixels > 0)
        #expect(result.worstWindow == nil)
    }

    @Test func anIgnoreRegionOverTheChangeMakesItPass() {
        var options = DiffOptions.default
        options.ignore = [IgnoreRegion(x: 118.5, y: 78, width: 20, height: 25)]
        let result = ImageDiff.compare(expected: before.image, actual: after.image, options: options)
        #expect(result.verdict == .withinTolerance)
        #expect(result.differingPixels == 0)
        #expect(result.antialiasedPixels == 0)
    }

    @Test func anIgnoreRegionElsewhereChangesNothing() {
        var options = DiffOptions.default
        options.ignore = [IgnoreRegion(x: 500, y: 200, width: 100, height: 100)]
        let plain = ImageDiff.compare(expected: before.image, actual: after.image)
        let result = ImageDiff.compare(expected: before.image, actual: after.image, options: options)
        #expect(result.verdict == .different)
        #expect(result.differingPixels == plain.differingPixels)
    }

    @Test func scatteredPixelsPassTheWindowRule() throws {
        var expected = Canvas(width: 200, height: 200)
        expected.verticalGradient()
        var actual = expected
        for i in 0..<10 { actual[10 + 17 * i, 20 + 15 * i] = Canvas.black }
        var options = DiffOptions.default
        options.maxDiffPixels = 20
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image, options: options)
        #expect(result.differingPixels == 10)
        #expect(result.passed)
        #expect(try #require(result.worstWindow).pixels == 1)
        #expect(result.regions.count == 10)
    }

    @Test func aSmallClusterFailsTheWindowRuleButNotTheGlobalOne() throws {
        var expected = Canvas(width: 100, height: 100)
        var actual = expected
        actual.fill(x: 30, y: 40, width: 3, height: 2, Canvas.black)
        expected[0, 0] = expected[0, 0]
        var options = DiffOptions.default
        options.maxDiffPixels = 10
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image, options: options)
        #expect(result.differingPixels == 6)
        #expect(result.verdict == .different)
        let window = try #require(result.worstWindow)
        #expect(window.pixels == 6)
        // The first window, in reading order, that holds all six pixels.
        #expect(window.x == 25 && window.y == 34)
        #expect(result.failureReason == "The 8×8 window at x 25, y 34 holds 6 differing pixels, more than windowMaxPixels 4.")
    }

    @Test func bothGlobalRulesApplyWhenBothAreLoosened() {
        var expected = Canvas(width: 100, height: 100)
        var actual = expected
        for i in 0..<30 { actual[3 * i + 1, 50] = Canvas.black }
        expected[0, 0] = expected[0, 0]
        var options = DiffOptions.default
        options.windowSize = 0
        options.maxDiffPixels = 100
        #expect(ImageDiff.compare(expected: expected.image, actual: actual.image, options: options).passed)
        options.maxDiffRatio = 0.002  // 20 of 10 000 pixels: the smaller allowance wins
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image, options: options)
        #expect(result.verdict == .different)
        #expect(result.failureReason?.contains("maxDiffRatio 0.200%") == true)
        #expect(result.failureReason?.contains("maxDiffPixels") == false)
    }
}

@Suite("Window rule across glyph sizes")
struct GlyphWindowTests {
    /// Digit pairs with the fewest changed pixels among those tried (6→8 changes 9 pixels at
    /// 1-px strokes); the window rule must catch each at 1-, 2- and 3-px strokes.
    @Test(arguments: [1, 2, 3], [(0, 5), (6, 8), (8, 9), (1, 7)])
    func aChangedGlyphFillsAWindow(cell: Int, change: (Int, Int)) throws {
        var before = Canvas(width: 300, height: 100)
        before.verticalGradient()
        var after = before
        before.digits([1, 2, change.0, 4], x: 20, y: 20, cell: cell)
        after.digits([1, 2, change.1, 4], x: 20, y: 20, cell: cell)
        var options = DiffOptions.default
        options.maxDiffPixels = 500
        let result = ImageDiff.compare(expected: before.image, actual: after.image, options: options)
        #expect(result.differingPixels <= 500)
        #expect(try #require(result.worstWindow).pixels >= 9)
        #expect(result.verdict == .different)
        #expect(result.failureReason?.contains("windowMaxPixels 4") == true)
    }
}
