import Testing
import WidgetModel
@testable import WidgetRender

/// iOS breaks a word too long for its line between two characters and adds nothing; Pango, left
/// alone, ends such a line with a hyphen ("Eclips-" / "e"). Each line's width is measured by the
/// layout measuring and drawing share, so a hyphen shows as a line wider than its own text.
@Suite struct NoHyphenTests {
    let renderer = Renderer(fonts: TestFonts.library)

    @Test(arguments: [(FontSpec(size: 17), 60.0), (FontSpec(size: 28, weight: .bold), 90.0), (FontSpec(size: 13, tracking: 0.5), 40.0)] as [(FontSpec, Double)])
    func aWordBrokenAcrossLinesGetsNoHyphen(font: FontSpec, width: Double) throws {
        let word = "Supercalifragilistic"
        let texts = renderer.lineTexts(of: word, font: font, width: width, maxLines: nil)
        try #require(texts.count > 1, "the word should not fit in \(width) pt")
        #expect(texts.joined() == word)
        let lines = renderer.lines(of: word, font: font, width: width, maxLines: nil)
        for (text, line) in zip(texts, lines).dropLast() {
            let alone = try #require(renderer.lines(of: text, font: font, width: nil, maxLines: nil).first)
            #expect(abs(line.width - alone.width) < 0.01, "'\(text)' is \(line.width) pt wide in the paragraph, \(alone.width) pt alone")
        }
    }
}
