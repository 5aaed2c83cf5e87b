import Foundation
import Testing
import TestSupport
import WidgetLayout
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Where iOS puts a Live Activity's content.
/// - The expanded island's bottom region proposes its whole width and centres a narrower view in
///   it, as every SwiftUI container does by default (a team that wants it at the leading edge writes
///   `.frame(maxWidth: .infinity, alignment: .leading)`); it used to sit at the leading edge.
/// - The Lock Screen presentation adds no margins of its own: the HIG's 14 pt layout margin is one
///   the view applies (`.padding()`, as Apple's Emoji Rangers sample does), and
///   `contentMargins(_:_:for:)` takes only the island's modes. It used to add 14 pt on every side.
@Suite struct ActivityPlacementTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    func document(_ surfaces: String) throws -> LayoutDocument {
        try LayoutLoader.parse("name: placement\nsurfaces:\n\(surfaces)\npreviews:\n  p: { data: {} }\n",
                               path: "/tmp/widgetshot-tests/placement.yaml")
    }

    func prepare(_ doc: LayoutDocument, _ surface: Surface) throws -> PreparedSurface {
        try renderer.prepare(RenderRequest(layout: doc, surface: surface, preview: doc.previews[0], scale: 1))
    }

    func frames(of label: String, in root: PlacedNode) -> [Rect] {
        var out: [Rect] = []
        root.forEach { n in if case .text(let t) = n.content, t.content.string == label { out.append(n.frame) } }
        return out
    }

    @Test func theBottomRegionCentresANarrowView() throws {
        let doc = try document("""
          islandExpanded:
            leading: { text: L }
            trailing: { text: T }
            bottom: { text: Bottom }
        """)
        let p = try prepare(doc, .islandExpanded)
        let bottom = try #require(frames(of: "Bottom", in: p.composed.root).first)
        let island = p.composed.root.frame
        #expect(bottom.width < island.width / 2)
        #expect(abs(bottom.midX - island.midX) <= 0.5, "bottom at \(bottom), island \(island)")
        // Leading and trailing stay at their edges.
        let leading = try #require(frames(of: "L", in: p.composed.root).first)
        let trailing = try #require(frames(of: "T", in: p.composed.root).first)
        #expect(leading.minX < island.width / 4 && trailing.maxX > island.width * 3 / 4)
    }

    @Test func theLockScreenViewGetsNoMarginsOfItsOwn() throws {
        let doc = try document("""
          lockScreen:
            view:
              text: Edge
              frame: { maxWidth: infinity, maxHeight: infinity, alignment: topLeading }
        """)
        let p = try prepare(doc, .lockScreen)
        let text = try #require(frames(of: "Edge", in: p.composed.root).first)
        #expect(text.minX == 0 && text.minY == 0, "\(text)")
        // The banner is still at least 84 pt tall, and as wide as the device's Live Activity.
        #expect(p.composed.size.height == 84)
        #expect(p.composed.size.width == DeviceProfile.iphone15pro.liveActivityWidth)
        // A layout that pads itself by the HIG's 14 pt gets the old placement back.
        let padded = try document("""
          lockScreen:
            view:
              text: Edge
              frame: { maxWidth: infinity, maxHeight: infinity, alignment: topLeading }
              padding: 14
        """)
        let q = try #require(frames(of: "Edge", in: prepare(padded, .lockScreen).composed.root).first)
        #expect(q.minX == 14 && q.minY == 14, "\(q)")
    }
}
