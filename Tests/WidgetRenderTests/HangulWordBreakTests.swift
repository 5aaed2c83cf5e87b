import Testing
import WidgetLayout
import WidgetModel
@testable import WidgetRender

/// Korean wraps between words, as iOS does with Hangul word priority: Pango alone breaks between
/// any two syllables. The line texts come from Pango's own layout lines, the layout measuring and
/// drawing share.
@Suite struct HangulWordBreakTests {
    let renderer = Renderer(fonts: TestFonts.library)
    static let body = FontSpec(size: 15)
    static let paragraph = "주문하면 여기에 배달 상황이 보여요. 맛있게 드세요! 오늘도 빠르고 안전하게 배달해 드릴게요"

    func lines(_ s: String, _ font: FontSpec = body, width: Double?, maxLines: Int? = nil) -> [String] {
        renderer.lineTexts(of: s, font: font, width: width, maxLines: maxLines)
    }

    /// No character is lost or added, and every line but the last ends at a space (Pango keeps the
    /// space on the line it ends) unless it ends inside a word that alone is wider than the line.
    func brokenOnlyAtSpaces(_ lines: [String], of text: String, width: Double) -> Bool {
        guard lines.joined() == text else { return false }
        let characters = Array(text)
        var position = 0
        for line in lines.dropLast() {
            position += line.count
            if line.hasSuffix(" ") { continue }
            var start = position, end = position
            while start > 0, characters[start - 1] != " " { start -= 1 }
            while end < characters.count, characters[end] != " " { end += 1 }
            let word = String(characters[start..<end])
            let wordWidth = renderer.lines(of: word, font: Self.body, width: nil, maxLines: nil).first?.width ?? 0
            if wordWidth <= width { return false }
        }
        return true
    }

    @Test(arguments: [48.0, 60, 75, 90, 110, 130, 160, 200, 260])
    func paragraphBreaksAtSpacesOnly(width: Double) {
        let broken = lines(Self.paragraph, width: width)
        #expect(broken.count > 1)
        #expect(brokenOnlyAtSpaces(broken, of: Self.paragraph, width: width), "\(width) pt: \(broken)")
        // Measuring lays out the same lines.
        let measured = renderer.measure(TextContent(string: Self.paragraph, font: Self.body), font: Self.body,
                                        width: width, maxLines: nil)
        #expect(measured.lineCount == broken.count)
        #expect(measured.size.width <= width + 0.01)
    }

    @Test func exactLinesAtOneWidth() {
        #expect(lines("주문하면 여기에 배달 상황이 보여요", width: 130) == ["주문하면 여기에 ", "배달 상황이 보여요"])
        #expect(lines("주문하면 여기에 배달 상황이 보여요", width: 75) == ["주문하면 ", "여기에 배달 ", "상황이 ", "보여요"])
        // At 48 pt "주문하면" (56.4 pt) alone is wider than the line: it wraps by syllable.
        #expect(lines("주문하면 여기에", width: 48) == ["주문하", "면 ", "여기에"])
        // Pango alone wraps this as "맛있 / 게" (a break between any two syllables).
        #expect(lines("오늘 저녁도 맛있게", width: 100) == ["오늘 저녁도 ", "맛있게"])
    }

    /// A word wider than the line still wraps, by syllable, instead of running past the edge; the
    /// words around it still break only at spaces.
    @Test func oneWordWiderThanTheLine() {
        let long = "가나다라마바사아자차카타파하"
        let alone = lines(long, width: 60)
        #expect(alone.count >= 3)
        #expect(alone.joined() == long)
        for line in alone {
            let w = renderer.lines(of: line, font: Self.body, width: nil, maxLines: nil).first?.width ?? 0
            #expect(w <= 60.01, "\(line) is \(w) pt")
        }
        let text = "짧은 말 " + long + " 끝말"
        let broken = lines(text, width: 60)
        #expect(broken.joined() == text)
        #expect(broken.first == "짧은 말 ")
        #expect(broken.last == "끝말")
        #expect(renderer.measure(TextContent(string: text, font: Self.body), font: Self.body, width: 60, maxLines: nil)
            .size.width <= 60.01)
    }

    /// Latin text and mixed words keep Pango's breaks; a number glued to Hangul stays with it.
    @Test("Latin words keep Pango's breaks in mixed text, and a number glued to Hangul stays with it") func mixedText() {
        #expect(lines("도착까지 약 12분 남았어요", width: 95) == ["도착까지 약 ", "12분 남았어요"])
        #expect(lines("도착까지 약 12분 남았어요", width: 125) == ["도착까지 약 12분 ", "남았어요"])
        #expect(brokenOnlyAtSpaces(lines("Seoul Kitchen 주문이 접수되었어요", width: 100),
                                   of: "Seoul Kitchen 주문이 접수되었어요", width: 100))
    }

    /// The attribute changes break opportunities only: a line's width is what the unwrapped text
    /// measures (same shaping, same advances), with and without tracking.
    @Test("Hangul word breaking changes no width: a wrapped line measures as the unwrapped text, with and without tracking") func shapingUnchanged() {
        for font in [Self.body, FontSpec(size: 13, weight: .semibold, lineHeight: 18, tracking: -0.08),
                     FontSpec(size: 17, weight: .bold, tracking: 0.5)] {
            let text = "배달 상황이 보여요 12:45"
            let unwrapped = renderer.lines(of: text, font: font, width: nil, maxLines: nil)
            let wrapped = renderer.lines(of: text, font: font, width: 1000, maxLines: nil)
            #expect(unwrapped.count == 1 && wrapped == unwrapped)
        }
    }

    /// Line limits still ellipsize; the kept words are whole.
    @Test func withLineLimit() {
        let m = renderer.measure(TextContent(string: Self.paragraph, font: Self.body), font: Self.body, width: 120, maxLines: 2)
        #expect(m.lineCount == 2 && m.truncated)
        let kept = lines(Self.paragraph, width: 120, maxLines: 2)
        #expect(kept.count == 2 && kept[0].hasSuffix(" "))
    }

    @Test("a Hangul word is a run of two or more characters holding Hangul between spaces or zero-width spaces, by UTF-8 byte range") func words() {
        let w = Renderer.hangulWords(in: "배달 중 · Seoul 맛집\u{200B}최고 a")
        #expect(w.map { [$0.start, $0.end, $0.characters] } == [[0, 6, 2], [20, 26, 2], [29, 35, 2]])
    }
}
