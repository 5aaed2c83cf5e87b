import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

@Suite struct TextMeasuringTests {
    let renderer = Renderer(fonts: TestFonts.library)
    let font = FontSpec(size: 15)

    func measure(_ s: String, _ font: FontSpec? = nil, width: Double? = nil, maxLines: Int? = nil) -> TextMetrics {
        let f = font ?? self.font
        return renderer.measurer.measure(TextContent(string: s, font: f), font: f, width: width, maxLines: maxLines)
    }

    @Test func longerStringsAreWider() {
        let short = measure("Seoul"), long = measure("Seoul Kitchen")
        #expect(long.size.width > short.size.width)
        #expect(short.lineCount == 1 && !short.truncated)
        #expect(abs(short.size.height - long.size.height) < 0.01)
    }

    @Test func emptyStringIsZero() {
        #expect(measure("").size == .zero)
        #expect(measure("Seoul", FontSpec(size: 0)).size == .zero)
    }

    @Test func infiniteWidthMeansUnwrapped() {
        let s = "Your order from Seoul Kitchen is on the way"
        #expect(measure(s, width: .infinity, maxLines: 1) == measure(s, maxLines: 1))
        #expect(measure(s, width: .infinity).lineCount == 1)
    }

    @Test func wrapsAtAWidth() {
        let m = measure("Your order from Seoul Kitchen is on the way", width: 120)
        #expect(m.lineCount >= 2)
        #expect(m.size.width <= 120)
        #expect(!m.truncated)
    }

    @Test func oneLineAtANarrowWidthTruncates() {
        let m = measure("Your order from Seoul Kitchen is on the way", width: 80, maxLines: 1)
        #expect(m.lineCount == 1)
        #expect(m.truncated)
        #expect(m.size.width <= 80)
        let two = measure("Your order from Seoul Kitchen is on the way", width: 80, maxLines: 2)
        #expect(two.lineCount == 2 && two.truncated)
        #expect(!measure("Short", width: 200, maxLines: 1).truncated)
    }

    @Test func unwrappedTextCutAtNewlinesTruncates() {
        let m = measure("one\ntwo\nthree", maxLines: 2)
        #expect(m.lineCount == 2 && m.truncated)
        #expect(measure("one\ntwo\nthree").lineCount == 3)
    }

    @Test func maxLinesCountsAllParagraphs() {
        let m = measure("First paragraph\nSecond paragraph\nThird paragraph", width: 300, maxLines: 2)
        #expect(m.lineCount == 2 && m.truncated)
        let fits = measure("First\nSecond", width: 300, maxLines: 2)
        #expect(fits.lineCount == 2 && !fits.truncated)
    }

    @Test func iconFontLogicalBoxIsTheEmSquare() {
        // Icons are centred by their logical box; for Material Icons that is size × size.
        let m = measure("\u{E52F}", FontSpec(families: [FontSpec.iconFamily], size: 26))
        #expect(abs(m.size.width - 26) < 0.5 && abs(m.size.height - 26) < 0.5)
    }

    @Test func absoluteLineHeightIsHonoured() {
        let f = FontSpec(size: 17, lineHeight: 22)
        let m = measure("Your order from Seoul Kitchen is on the way", f, width: 200, maxLines: 2)
        #expect(m.lineCount == 2)
        #expect(abs(m.size.height - 44) <= 0.5)
        #expect(abs(measure("Seoul", f).size.height - 22) <= 0.5)
    }

    @Test func trackingAndTabularDigits() {
        let tracked = FontSpec(size: 15, tracking: 2)
        #expect(measure("Kitchen", tracked).size.width > measure("Kitchen").size.width + 10)
        let tnum = FontSpec(size: 15, monospacedDigits: true)
        #expect(abs(measure("1111", tnum).size.width - measure("8888", tnum).size.width) < 0.01)
        #expect(measure("1111").size.width < measure("8888").size.width)
    }

    @Test func measurementDoesNotDependOnAnEarlierDrawScale() {
        let fresh = Renderer(fonts: TestFonts.library)
        _ = renderer.draw(ReferenceWidget.tree(renderer.measurer), pixelWidth: 1014, pixelHeight: 474, scale: 3)
        let f = FontSpec(size: 13.5, weight: .medium)
        let after = measure("Seoul Kitchen 배달 중 after a draw", f, width: 90)
        #expect(fresh.measure(TextContent(string: "Seoul Kitchen 배달 중 after a draw", font: f), font: f, width: 90, maxLines: nil) == after)
    }
}
