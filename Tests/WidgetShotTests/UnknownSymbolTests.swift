import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// A symbol name from data that no artwork or stand-in draws is drawn as nothing, as
/// `Image(systemName:)` with an unknown name is, but keeps its frame and its place in the stack.
/// Calibrating against an iOS snapshot of a settings row (`HStack { icon.frame(width: 24);
/// Text(label) … }` with a gear symbol WidgetShot has no stand-in for) showed the label at x 0
/// instead of 32: the icon's whole view, frame included, had been removed.
@Suite struct UnknownSymbolTests {
    func labelX(icon: String) throws -> Double {
        let doc = try LayoutLoader.parse("""
            surfaces:
              systemMedium:
                margins: none
                view:
                  hstack:
                    - { icon: "{{icon}}", frame: { width: 24 } }
                    - text: Settings
                    - spacer: null
            previews:
              row: { data: { icon: \(icon) } }
            """, path: "/tmp/widgetshot-tests/unknown-symbol.yaml")
        let request = RenderRequest(layout: doc, surface: .systemMedium, preview: doc.previews[0])
        let prepared = try WidgetRenderer(fonts: Project.fonts).prepare(request)
        var x: Double?
        prepared.composed.root.forEach { n in if case .text(let t) = n.content, t.content.string == "Settings" { x = n.frame.minX } }
        return try #require(x)
    }

    @Test func anUnknownSymbolKeepsItsFrame() throws {
        let known = try labelX(icon: "info.circle"), unknown = try labelX(icon: "gearshape")
        #expect(abs(unknown - known) < 0.001, "label at \(unknown) with an unknown symbol, \(known) with a known one")
        #expect(abs(known - 32) < 0.001, "24 pt frame + 8 pt stack spacing: \(known)")
    }
}
