import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// A symbol name from data that no artwork or stand-in draws keeps the square a stand-in would
/// take, its frame and its place in the stack (and draws a question mark in it, issue 36).
/// Calibrating against an iOS snapshot of a settings row (`HStack { icon.frame(width: 24);
/// Text(label) … }` with a gear symbol WidgetShot has no stand-in for) showed the label at x 0
/// instead of 32: the icon's whole view, frame included, had been removed.
@Suite struct UnknownSymbolTests {
    /// The frame of the text `label` in `view` (a systemMedium view without margins) with `icon` bound.
    func frame(of label: String, in view: String, icon: String) throws -> Rect {
        let doc = try LayoutLoader.parse("""
            surfaces:
              systemMedium:
                margins: none
                view:
            \(view)
            previews:
              one: { data: { icon: \(icon) } }
            """, path: "/tmp/widgetshot-tests/unknown-symbol.yaml")
        let request = RenderRequest(layout: doc, surface: .systemMedium, preview: doc.previews[0])
        let prepared = try WidgetRenderer(fonts: Project.fonts).prepare(request)
        var frame: Rect?
        prepared.composed.root.forEach { n in if case .text(let t) = n.content, t.content.string == label { frame = n.frame } }
        return try #require(frame)
    }

    func labelX(icon: String) throws -> Double {
        try frame(of: "Settings", in: """
                  hstack:
                    - { icon: "{{icon}}", frame: { width: 24 } }
                    - text: Settings
                    - spacer: null
            """, icon: icon).minX
    }

    /// The label of a centred stack under a 44 pt symbol (gradus' empty state, calibrated against
    /// its iOS 26 snapshot): an unknown symbol took no height, and the stack rose by 30 pt.
    func titleY(icon: String) throws -> Double {
        try frame(of: "Not Signed In", in: """
                  vstack:
                    - { icon: "{{icon}}", size: 44 }
                    - text: Not Signed In
                  spacing: 16
                  frame: { maxWidth: infinity, maxHeight: infinity }
            """, icon: icon).minY
    }

    @Test func anUnknownSymbolTakesAStandInsSquare() throws {
        let known = try titleY(icon: "hourglass"), unknown = try titleY(icon: "person.crop.circle.badge.exclamationmark")
        #expect(abs(unknown - known) < 0.001, "title at \(unknown) under an unknown symbol, \(known) under a known one")
    }

    @Test func anUnknownSymbolKeepsItsFrame() throws {
        let known = try labelX(icon: "info.circle"), unknown = try labelX(icon: "gearshape")
        #expect(abs(unknown - known) < 0.001, "label at \(unknown) with an unknown symbol, \(known) with a known one")
        #expect(abs(known - 32) < 0.001, "24 pt frame + 8 pt stack spacing: \(known)")
    }
}
