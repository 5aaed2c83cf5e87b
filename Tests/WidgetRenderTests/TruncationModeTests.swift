import Testing
import WidgetModel
import WidgetRender

/// `truncationMode`: where the ellipsis goes in a text that does not fit (Pango's ellipsize start,
/// middle, end). Told apart by ink: wide W's first, thin i's last, so the more of the start a mode
/// keeps, the more ink at the left.
@Suite struct TruncationModeTests {
    let renderer = Renderer(fonts: TestFonts.library)
    let font = FontSpec(size: 17)
    let string = String(repeating: "W", count: 20) + String(repeating: "i", count: 40)

    /// Ink in the columns [from, to) of the text drawn 100 pt wide at 1x, and the measure.
    func ink(_ mode: TruncationMode) -> (left: Int, right: Int, width: Double, truncated: Bool) {
        let content = TextContent(string: string, font: font, color: .color(.black), lineLimit: 1, truncationMode: mode)
        let m = renderer.measure(content, font: font, width: 100, maxLines: 1)
        let node = PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: m.size.height),
                              content: .text(PlacedText(content: content, font: font, wrapWidth: 100, maxLines: 1,
                                                        lineCount: m.lineCount, truncated: m.truncated)))
        let b = renderer.draw(node, pixelWidth: 100, pixelHeight: Int(m.size.height.rounded(.up)), scale: 1)
        func sum(_ xs: Range<Int>) -> Int {
            var n = 0
            for y in 0..<b.height { for x in xs { n += Int(b.pixel(x: x, y: y).a) } }
            return n
        }
        return (sum(0..<30), sum(50..<80), m.size.width, m.truncated)
    }

    @Test func headMiddleAndTailCutWhereTheySay() {
        let head = ink(.head), middle = ink(.middle), tail = ink(.tail)
        #expect(head.truncated && middle.truncated && tail.truncated)
        #expect([head.width, middle.width, tail.width].allSatisfy { $0 <= 100 })
        // tail `WWWWW…`: W's at the left and in the middle; middle `WW…iiii`: W's at the left only;
        // head `…iiiiiii`: W's nowhere (a run of i's inks about as much as W's, so only the left tells it).
        #expect(Double(tail.left) > 1.3 * Double(head.left), "\(tail) \(head)")
        #expect(Double(middle.left) > 1.3 * Double(head.left), "\(middle) \(head)")
        #expect(Double(tail.right) > 1.3 * Double(middle.right), "\(tail) \(middle)")
    }
}
