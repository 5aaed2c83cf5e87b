import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// Measuring and drawing cost about linear time in a text's length, whoever calls the renderer
/// (the binder caps bound text, other library callers may not): Pango never sees more than
/// `Limits.textLength` characters of one text, nor a word it must rescan for every line.
@Suite struct LongTextMeasuringTests {
    let renderer = Renderer(fonts: TestFonts.library)
    let font = FontSpec(size: 28, weight: .bold, lineHeight: 34)

    func measure(_ s: String, width: Double?, maxLines: Int?) -> TextMetrics {
        renderer.measurer.measure(TextContent(string: s, font: font), font: font, width: width, maxLines: maxLines)
    }

    static func seconds(_ body: () -> Void) -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    }

    /// One long word, spaced words, Hangul, many short paragraphs.
    static let shapes: [String] = ["x", "12:45 ", "배달", "a\n", "0123456789"]

    @Test(arguments: shapes, [100_000, 1_000_000])
    func aHugeTextIsMeasuredAndDrawnAsItsFirstCharactersOnly(piece: String, length: Int) {
        let string = String(repeating: piece, count: length / piece.utf8.count)
        var results: [TextMetrics] = []
        let elapsed = Self.seconds {
            for (width, maxLines) in [(nil, nil), (nil, 1), (100.0, nil), (100.0, 3), (300.0, 4)] as [(Double?, Int?)] {
                results.append(measure(string, width: width, maxLines: maxLines))
            }
            let m = measure(string, width: 100, maxLines: 3)
            let content = TextContent(string: string, font: font)
            let text = PlacedText(content: content, font: font, wrapWidth: 100, maxLines: 3, lineCount: m.lineCount, truncated: m.truncated)
            _ = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: m.size.height), content: .text(text)),
                              pixelWidth: 200, pixelHeight: 240, scale: 2)
        }
        for m in results { #expect(m.truncated, "\(piece.debugDescription) × \(length): \(m)") }
        // At most textLength characters reach Pango: even unwrapped, unlimited, the lines are those of 5,000 characters.
        let limit = Limits.default.textLength
        #expect(results[0].lineCount <= limit)
        // Pango took minutes for the 1 MB word and 6 s for 1 MB of spaced text; this is well under a second in release.
        #expect(elapsed < 5, "\(piece.debugDescription) × \(length): \(elapsed) s")
    }

    @Test func aTextAtTheLimitIsNotCut() {
        let limit = Limits.default.textLength
        let exact = String(repeating: "a ", count: limit / 2)
        #expect(!measure(exact, width: nil, maxLines: nil).truncated)
        #expect(measure(exact + "b", width: nil, maxLines: nil).truncated)
    }

    @Test func aLongWordWrapsCharacterByCharacterInLinearTime() {
        // 5,000 letters without a break at 100 pt: about 1,000 lines. Pango alone rescans the rest
        // of the word for each line (2 s in C, far more in a debug build).
        let word = String(repeating: "x", count: Limits.default.textLength)
        var m = TextMetrics(size: .zero, lineCount: 0, truncated: false)
        let elapsed = Self.seconds { m = measure(word, width: 100, maxLines: nil) }
        #expect(!m.truncated)
        #expect(m.lineCount > 500)
        #expect(m.size.width <= 100)
        #expect(elapsed < 5, "\(elapsed) s")
    }

    @Test func ordinaryTextWrapsExactlyAsBefore() {
        // Runs shorter than two lines get no added breaks: the layout is Pango's own.
        let s = "Your order from Seoul Kitchen is on the way · 배달 중 · supercalifragilisticexpialidocious"
        for width in [60.0, 120, 240] {
            let m = measure(s, width: width, maxLines: nil)
            let plain = measure(s + " ", width: width, maxLines: nil)
            #expect(m.lineCount == plain.lineCount)
        }
        // A long word still fills each line before breaking: lines of a 300-letter word hold as
        // many letters as Pango fits (the same count as a 60-letter word gives per line).
        let short = measure(String(repeating: "x", count: 60), width: 100, maxLines: nil)
        let long = measure(String(repeating: "x", count: 300), width: 100, maxLines: nil)
        #expect(long.lineCount >= 5 * short.lineCount - 5 && long.lineCount <= 5 * short.lineCount + 5)
    }

    @Test(arguments: ["x", "12:45 ", "a\n", "배달 "])
    func onlyWhatTheLinesCanShowIsLaidOut(piece: String) {
        // With a line limit, a text is laid out as the prefix those lines can show: the same lines,
        // the same cut, whether 400 characters or 5,000 follow.
        let short = String(repeating: piece, count: 400 / piece.count)
        let long = String(repeating: piece, count: 5_000 / piece.count)
        for (width, maxLines) in [(100.0, 1), (100, 3), (300, 4)] {
            let a = measure(short, width: width, maxLines: maxLines), b = measure(long, width: width, maxLines: maxLines)
            #expect(a == b, "\(piece.debugDescription) at \(width)×\(maxLines): \(a) vs \(b)")
            #expect(b.truncated)
        }
    }
}
