import Foundation
import Testing
import TestSupport
import WidgetLayout
import WidgetModel
import WidgetRender

/// A variable system font with an optical-size axis (Apple's `SF-Pro.ttf`: opsz from Text at 17 pt
/// to Display at 28) is drawn at the instance for the text's size in points, in the measuring
/// context and the 3x drawing context alike. Left to Pango, opsz followed the size in device pixels:
/// the 3x drawing took the Display instance at every size, and body text was drawn narrower than it
/// was measured. The fixture (Fixtures/optical-vf, built by its make-optical-vf.py from Noto Serif)
/// has the same outlines at opsz 28 at 80 % of their width at opsz 17.
@Suite struct VariableOpticalSizeTests {
    static let family = "WidgetShot Optical Test"

    static func library() throws -> FontLibrary {
        // A sealed library keeps its own copies of the files: the folder goes when it is made.
        let dir = scratchDirectory("vf")
        defer { removeScratch(dir) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/optical-vf/OpticalTest-VF.ttf").path
        try FileManager.default.copyItem(atPath: fixture, toPath: dir + "/OpticalTest-VF.ttf")
        try "system: [\(family)]\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        return try FontLibrary(directory: dir, sealed: true)
    }

    /// The measured width and the drawn ink width (at 3x, in points) of `text` at `size`.
    static func widths(_ renderer: Renderer, _ text: String, size: Double) -> (measured: Double, drawn: Double) {
        let font = FontSpec(families: [family], size: size)
        let content = TextContent(string: text, font: font, color: .color(RGBA(hex: 0x000000)))
        let m = renderer.measurer.measure(content, font: font, width: nil, maxLines: nil)
        let placed = PlacedText(content: content, font: font, wrapWidth: nil, maxLines: nil, lineCount: m.lineCount, truncated: m.truncated)
        let frame = Rect(x: 10, y: 10, width: m.size.width, height: m.size.height)
        let pw = Int((m.size.width + 20) * 3), ph = Int((m.size.height + 20) * 3)
        let b = renderer.draw(PlacedNode(frame: frame, content: .text(placed)), pixelWidth: pw, pixelHeight: ph, scale: 3)
        var xs: [Int] = []
        for y in 0..<ph { for x in 0..<pw where b.pixel(x: x, y: y).a > 127 { xs.append(x) } }
        return (m.size.width, Double((xs.max() ?? 0) - (xs.min() ?? 0) + 1) / 3)
    }

    @Test func theOpticalSizeAxisFollowsThePointSize() throws {
        let renderer = Renderer(fonts: try Self.library())
        let text = "Hamburgefonstiv"
        let at17 = Self.widths(renderer, text, size: 17), at22 = Self.widths(renderer, text, size: 22.5),
            at28 = Self.widths(renderer, text, size: 28)
        // Width per point: the Text instance at 17, the Display one (80 %) at 28, halfway at 22.5.
        let ratio28 = (at28.measured / 28) / (at17.measured / 17), ratio22 = (at22.measured / 22.5) / (at17.measured / 17)
        #expect(abs(ratio28 - 0.8) < 0.02, "\(ratio28)")
        #expect(abs(ratio22 - 0.9) < 0.02, "\(ratio22)")
        // What is drawn at 3x is what was measured (ink within the advance's side bearings).
        for (size, w) in [(17.0, at17), (22.5, at22), (28, at28)] {
            #expect(abs(w.drawn - w.measured) / w.measured < 0.04, "\(size) pt: measured \(w.measured), drawn \(w.drawn)")
        }
    }
}
