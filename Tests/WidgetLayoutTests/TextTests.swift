import Testing
import WidgetLayout
import WidgetModel

@Suite struct TextTests {
    @Test func wrapsIntoTwoLines() {
        let root = place(text("Hello World Again"), 60, 100)
        #expect(root.frame == r(0, 0, 55, 24))
        let placed = root.placedText
        #expect(placed?.lineCount == 2)
        #expect(placed?.truncated == false)
        #expect(placed?.wrapWidth == 60)
        // 100 pt of height hold 8 lines of 12.
        #expect(placed?.maxLines == 8)
    }

    @Test func lineLimitOneTruncates() {
        let root = place(text("Hello World Again", lineLimit: 1), 60, 100)
        #expect(root.frame == r(0, 0, 60, 12))
        #expect(root.placedText?.truncated == true)
        #expect(root.placedText?.lineCount == 1)
        #expect(root.placedText?.maxLines == 1)
    }

    @Test func proposedHeightLimitsLines() {
        // Four 20-wide words in 25 would take 4 lines; 30 pt of height hold 2.
        let root = place(text("aaaa bbbb cccc dddd"), 25, 30)
        #expect(root.frame == r(0, 0, 25, 24))
        #expect(root.placedText?.maxLines == 2)
        #expect(root.placedText?.truncated == true)
    }

    @Test func tooShortHeightStillShowsOneLine() {
        let size = engine.sizeThatFits(text("Hello World"), ProposedSize(width: 200, height: 3))
        #expect(size == Size(width: 55, height: 12))
    }

    @Test func unboundedWidthIsOneLine() {
        let root = engine.place(text("Hello World Again"), proposal: ProposedSize(width: .infinity, height: nil), at: Point(x: 3, y: 4))
        #expect(root.frame == r(3, 4, 85, 12))
        #expect(root.placedText?.wrapWidth == nil)
        #expect(root.placedText?.maxLines == nil)
    }

    @Test func minimumScaleFactorShrinksToFit() {
        // 17 characters in 70: at 8.25 pt they need 70.125, at 8 pt 68, so the font becomes 8 pt.
        let root = place(text("Hello World Again", lineLimit: 1, scale: 0.5, lineHeight: nil), 70, 100)
        let placed = root.placedText
        #expect(placed?.font.size == 8)
        #expect(placed?.truncated == false)
        #expect(placed?.content.font.size == 10)
        #expect(root.frame.width == 68)
        #expect(abs(root.frame.height - 9.6) < 1e-9)
    }

    @Test func scaledLineHeightShrinksWithFont() {
        let root = place(text("Hello World Again", lineLimit: 1, scale: 0.5, lineHeight: 20), 70, 100)
        #expect(root.placedText?.font.size == 8)
        #expect(abs((root.placedText?.font.lineHeight ?? 0) - 16) < 1e-9)
        #expect(abs(root.frame.height - 16) < 1e-9)
    }

    @Test func shrinkingStopsAtTheFactorThenTruncates() {
        // Even at 8 pt (factor 0.8) the text needs 68 > 50: it stays at 8 pt and truncates.
        let root = place(text("Hello World Again", lineLimit: 1, scale: 0.8), 50, 100)
        #expect(root.placedText?.font.size == 8)
        #expect(root.placedText?.truncated == true)
        #expect(root.frame.width == 50)
        #expect(abs(root.frame.height - 9.6) < 1e-9)
    }

    @Test func minimumOffTheGridIsTried() {
        // Factor 0.33 → minimum 3.3 pt; 17 chars × 1.65 = 28.05 fits 29, 3.5 pt (29.75) does not.
        let root = place(text("Hello World Again", lineLimit: 1, scale: 0.33), 29, 100)
        #expect(abs((root.placedText?.font.size ?? 0) - 3.3) < 1e-9)
        #expect(root.placedText?.truncated == false)
    }

    @Test func fittingTextIsNotShrunk() {
        let root = place(text("Hello", lineLimit: 1, scale: 0.5), 70, 100)
        #expect(root.placedText?.font.size == 10)
        #expect(root.frame == r(0, 0, 25, 12))
    }

    @Test func zeroWidthGivesOneEmptyTruncatedLine() {
        let size = engine.sizeThatFits(text("Hello World"), ProposedSize(width: 0, height: 100))
        #expect(size == Size(width: 0, height: 12))
        let root = place(text("Hello World"), 0, 100)
        #expect(root.placedText?.maxLines == 1)
        #expect(root.placedText?.truncated == true)
    }

    @Test func heightsThatHoldEveryLineShareOneMeasurement() {
        let counter = CountingMeasurer()
        let pass = LayoutEngine(measurer: counter)
        // A vstack probes with heights 0, ∞ and its real share; only 0 limits the lines. The
        // third is the text's one unwrapped line, asked once because it wraps (is it short of
        // 40 by no more than the font difference? FontDifferenceTests).
        _ = pass.place(vstack([text("Hello World"), shape()]), in: r(0, 0, 40, 200))
        #expect(counter.calls == 3)
    }

    @Test func emptyStringHasNoSize() {
        #expect(engine.sizeThatFits(text(""), ProposedSize(width: 100, height: 100)) == .zero)
    }

    @Test func textIsMeasuredOnlyOncePerProposal() {
        let counter = CountingMeasurer()
        let node = hstack([text("Hello", lineLimit: 1), text("Hello World Again", lineLimit: 1)])
        _ = LayoutEngine(measurer: counter).place(node, in: r(0, 0, 100, 50))
        // Each text is probed at 0 and ∞, then offered its share; placing reuses those answers.
        // "Hello" is 25 wide on one line, so its share of 46 lays out like ∞: 5, not 6.
        #expect(counter.calls == 5)
    }
}
