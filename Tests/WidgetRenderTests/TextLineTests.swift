import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// Line frames and baselines of texts, as measured and drawn, against stored numbers (in 1/1024 pt:
/// x, width, top, height, baseline per line). The vertical numbers are computed from the fonts' own
/// metrics (TextLayout.swift, `lineBoxes`), not taken from Pango's line extents, so they are the
/// same under Pango 1.50 (Debian 12) and 1.56 (Debian 13); `scripts/cross-stack` checks the goldens
/// there. A change here moves every text in every golden: only on purpose.
@Suite struct TextLineTests {
    let renderer = Renderer(fonts: TestFonts.library)

    func lines(_ s: String, _ font: FontSpec, width: Double? = nil, maxLines: Int? = nil,
               alignment: TextAlignment = .leading) -> [[Int]] {
        renderer.lines(of: s, font: font, width: width, maxLines: maxLines, alignment: alignment).map {
            [$0.x, $0.width, $0.top, $0.height, $0.baseline].map { Int(($0 * 1024).rounded()) }
        }
    }

    func size(_ s: String, _ font: FontSpec, width: Double? = nil, maxLines: Int? = nil) -> [Int] {
        let m = renderer.measurer.measure(TextContent(string: s, font: font), font: font, width: width, maxLines: maxLines)
        return [Int((m.size.width * 1024).rounded()), Int((m.size.height * 1024).rounded()), m.lineCount, m.truncated ? 1 : 0]
    }

    static let headline = FontSpec(size: 17, weight: .semibold, lineHeight: 22)
    static let body15 = FontSpec(size: 15)
    static let status = FontSpec(size: 13, weight: .semibold, lineHeight: 18)
    static let row = FontSpec(size: 15, weight: .semibold, lineHeight: 20)

    @Test("a Latin line's frame and baseline are the stored numbers, measured and drawn") func latin() {
        #expect(lines("Seoul Kitchen", Self.headline) == [[0, 116729, 0, 22528, 17594]])
        #expect(size("Seoul Kitchen", Self.headline) == [116729, 22528, 1, 0])
    }

    @Test("a Hangul line's frame and baseline are the stored numbers, measured and drawn") func korean() {
        #expect(lines("배달 중", Self.status) == [[0, 41266, 0, 18432, 13808]])
        #expect(size("배달 중", Self.status) == [41266, 18432, 1, 0])
    }

    /// Digits and punctuation of the Latin font inside a Hangul item sit on the Hangul baseline
    /// (Pango raises that run): the line is taller than the line height, as Pango 1.50 drew it.
    @Test("Latin digits inside Hangul sit on the Hangul baseline and make the line taller than its line height") func mixed() {
        #expect(lines("배달 중 · 12:45", Self.row) == [[0, 101037, 0, 20850, 15909]])
        #expect(lines("#2841 주문", FontSpec(size: 12, lineHeight: 16)) == [[0, 62794, 0, 16680, 12660]])
        #expect(size("배달 중 · 12:45", Self.row) == [101037, 20850, 1, 0])
    }

    @Test("wrapped, empty and centred lines stack one line height apart with the stored frames") func multiLine() {
        let s = "Your order from Seoul Kitchen is on the way"
        #expect(lines(s, Self.body15, width: 120) == [[0, 113804, 0, 18589, 14880], [0, 116052, 18589, 18589, 33469], [0, 79964, 37178, 18589, 52058]])
        #expect(size(s, Self.body15, width: 120) == [116052, 55767, 3, 0])
        #expect(lines("첫 줄\n\nthird", Self.status) == [[0, 28753, 0, 18432, 13808], [0, 0, 18432, 18432, 32488], [0, 30206, 36864, 18432, 50920]])
        #expect(lines("도착 예정\n오후 12:45", Self.row, width: 200, alignment: .center) == [[5985, 62053, 0, 20480, 15539], [0, 74023, 20480, 20850, 36389]])
    }

    @Test("a line cut by the line limit fills the width and is marked truncated; Korean wraps between words") func truncated() {
        let s = "할머니손맛 전통 한식당 마포 본점 24시간 배달 전문"
        #expect(lines(s, Self.headline, width: 150, maxLines: 1) == [[0, 153600, 0, 22853, 17594]])
        #expect(size(s, Self.headline, width: 150, maxLines: 1) == [153600, 22853, 1, 1])
        // Korean wraps between words: the first line ends before "마포" (it ended in "마" before).
        #expect(lines(s, Self.headline, width: 150, maxLines: 2) == [[0, 119422, 0, 22528, 17269], [0, 153600, 22528, 22948, 40217]])
    }

    /// Measuring and drawing use the same numbers: the measured height is the last line's bottom.
    @Test func measuredHeightIsTheLastLinesBottom() {
        for (s, font, width) in [("Seoul Kitchen", Self.headline, nil), ("첫 줄\n\nthird", Self.status, nil),
                                 ("Your order from Seoul Kitchen is on the way", Self.body15, 120.0)] as [(String, FontSpec, Double?)] {
            let l = lines(s, font, width: width)
            #expect(size(s, font, width: width)[1] == l.last![2] + l.last![3])
        }
    }
}
