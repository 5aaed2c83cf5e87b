import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// Issue 37, item 2 with the real measurer (Pango and the bundled fonts): `HStack { Text("Setting
/// Button").lineLimit(1); chevron }` laid out at its own ideal width and 1 pt (under 2 %) or 3 pt
/// (over 2 %) narrower. The first two draw the title whole; the last cuts it.
@Suite struct FontDifferenceRenderTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    func title(width: Double) throws -> (frame: Rect, text: PlacedText) {
        let doc = try LayoutLoader.parse("""
            name: tight
            surfaces:
              systemMedium:
                view:
                  hstack:
                    - { text: Setting Button, lineLimit: 1 }
                    - icon: chevron.right
                  spacing: 4
            previews:
              one: { data: {} }
            """, path: "/tmp/widgetshot-tests/tight.yaml")
        var spec = RenderSpec(layout: "tight", surface: "systemMedium", preview: "one", scale: 3)
        spec.look.canvas = "\(width)x30"
        let prepared = try renderer.prepare(try spec.request(in: [doc]))
        var found: (Rect, PlacedText)?
        prepared.composed.root.forEach { n in if case .text(let t) = n.content { found = (n.frame, t) } }
        return try #require(found)
    }

    @Test func wholeWithinTheAllowanceCutBeyondIt() throws {
        // The title's own width at body size, from a canvas wide enough for it.
        let ideal = try title(width: 300)
        #expect(ideal.text.truncated == false && ideal.text.font.tracking == 0)
        let need = ideal.frame.width
        #expect(need > 100 && need < 120, "Setting Button at 17 pt is \(need) pt")
        let row = (need + 4 + 17 * 0.65).rounded(.up)  // title, spacing, chevron.right's frame
        // 1 pt short: whole, tightened, as wide as it was given.
        let short1 = try title(width: row - 1)
        #expect(short1.text.truncated == false)
        #expect(short1.text.font.tracking < 0 && short1.text.font.tracking > -0.1)
        #expect(short1.text.lineCount == 1)
        // 3 pt short (2.7 %): cut with an ellipsis.
        let short3 = try title(width: row - 3)
        #expect(short3.text.truncated == true)
        #expect(short3.text.font.tracking == 0)
    }
}
