import Foundation
import Testing
import TestSupport
import WidgetLayout
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// The compact Dynamic Island sizes to its content: each side takes what its view needs, at least
/// the published compact size (52.33 pt on the 393 pt iPhone 15 Pro, 62.33 on the 430 pt Pro Max)
/// and at most what keeps the island within its expanded width (371 / 408 pt); the camera region
/// (125.33 pt) stays in the middle of the pill.
@Suite struct CompactIslandTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    func layout(leading: String, trailing: String) throws -> LayoutDocument {
        try LayoutLoader.parse("""
        name: compact
        surfaces:
          islandCompact:
            leading:
        \(leading)
            trailing:
        \(trailing)
        previews:
          p: { data: {} }
        """, path: "/tmp/widgetshot-tests/compact.yaml")
    }

    func prepare(_ doc: LayoutDocument, _ device: DeviceProfile = .iphone15pro) throws -> PreparedSurface {
        try renderer.prepare(RenderRequest(layout: doc, surface: .islandCompact, preview: doc.previews[0], device: device,
                                           scale: 1))
    }

    /// pill, sensor, leading, trailing
    func regions(_ p: PreparedSurface) -> (leading: Rect, trailing: Rect) {
        (p.composed.root.children[2].frame, p.composed.root.children[3].frame)
    }

    func idealWidth(_ doc: LayoutDocument, _ region: Region) throws -> Double {
        let bound = doc.bind(surface: .islandCompact, data: doc.previews[0].data,
                             context: BindContext(surface: .islandCompact, scheme: .dark, now: Date(timeIntervalSince1970: 0)))
        let view = try #require(bound.regions[region])
        return LayoutEngine(measurer: Renderer(fonts: Project.fonts).measurer)
            .sizeThatFits(view, ProposedSize(width: nil, height: 36.67)).width
    }

    static let logo = "      icon: star.fill\n      size: 16\n      color: yellow"
    static let score = """
          hstack:
            - icon: star.fill
              size: 16
              color: yellow
            - text: "123"
              font: { size: 15, weight: semibold }
              lineLimit: 1
          spacing: 4
    """
    static let time = "      text: \"2:45\"\n      font: { size: 15, weight: semibold }\n      lineLimit: 1"

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.01 }
    /// Placed frames have their edges on the pixel grid (1 pt here, at scale 1): an edge moves by
    /// at most half a pixel, a width by at most one.
    func onGrid(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1.001 }

    @Test func shortContentKeepsThePublishedSize() throws {
        let p = try prepare(try layout(leading: Self.logo, trailing: Self.time))
        #expect(near(p.composed.size.width, 230) && near(p.composed.size.height, 36.67))
        #expect(near(p.composed.cameraRegion?.minX ?? 0, 52.33) && near(p.composed.cameraRegion?.width ?? 0, 125.34))
        #expect(p.warnings.isEmpty, "\(p.warnings)")
        let wide = try prepare(try layout(leading: Self.logo, trailing: Self.time), .iphone15promax)
        #expect(near(wide.composed.size.width, 250))
    }

    /// A logo plus a three-digit score needs more than the published 52.33 pt side: both sides
    /// widen by the same amount, the score is whole, the camera stays centred.
    @Test func logoAndScoreWidenThePill() throws {
        let doc = try layout(leading: Self.score, trailing: Self.time)
        let ideal = try idealWidth(doc, .leading)
        #expect(ideal > 40.34 && ideal < 70, "logo + score is \(ideal) pt")
        let p = try prepare(doc)
        let side = ideal + 12   // 10 pt from the capsule's end, 2 pt from the camera
        #expect(near(p.composed.size.width, 125.34 + 2 * side), "\(p.composed.size)")
        let camera = try #require(p.composed.cameraRegion)
        #expect(near(camera.midX, p.composed.size.width / 2) && near(camera.width, 125.34))
        let (leading, trailing) = regions(p)
        #expect(onGrid(leading.minX, 10) && onGrid(leading.width, ideal))
        #expect(onGrid(trailing.maxX, p.composed.size.width - 10))
        #expect(leading.maxX <= camera.minX && trailing.minX >= camera.maxX)
        #expect(p.warnings.isEmpty, "no truncation, no camera overlap: \(p.warnings)")
        var texts: [PlacedText] = []
        p.composed.root.forEach { if case .text(let t) = $0.content { texts.append(t) } }
        #expect(texts.count == 2 && texts.allSatisfy { !$0.truncated })
        // Drawn: the pill is as wide as composed, black across the middle, transparent at the ends.
        let r = try renderer.render(RenderRequest(layout: doc, surface: .islandCompact, preview: doc.previews[0], scale: 2))
        #expect(r.pixelWidth == Int((2 * (125.34 + 2 * side)).rounded(.up)) || r.pixelWidth == Int((2 * (125.34 + 2 * side)).rounded()))
        #expect(r.bitmap.pixel(x: r.pixelWidth / 2 - 60, y: 4) == RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(r.bitmap.pixel(x: 0, y: 0).a == 0)
    }

    /// Content wider than a side may be stops at the island's expanded width, is cut, and lint says so.
    @Test func longContentStopsAtTheExpandedWidth() throws {
        let long = "      text: \"Arriving at gate 114 in a few minutes\"\n      font: { size: 15 }\n      lineLimit: 1"
        let p = try prepare(try layout(leading: Self.logo, trailing: long))
        #expect(near(p.composed.size.width, 371))
        let (_, trailing) = regions(p)
        #expect(onGrid(trailing.width, 122.83 - 12) || trailing.width < 122.83 - 12)
        let messages = p.warnings.map(\.message)
        #expect(messages.contains { $0.contains("compact trailing content needs") && $0.contains("110.83 pt") }, "\(messages)")
        #expect(messages.contains { $0.contains("truncated") })
        #expect(!messages.contains { $0.contains("camera region") })
        let max = try prepare(try layout(leading: Self.logo, trailing: long), .iphone15promax)
        #expect(near(max.composed.size.width, 408))
    }

    /// A fixed frame wider than a side can be runs into the camera: lint names it.
    @Test func contentInTheCameraRegionIsAWarning() throws {
        let wide = "      rect:\n      fill: \"#FF0000\"\n      frame: { width: 150, height: 20 }"
        let p = try prepare(try layout(leading: wide, trailing: Self.time))
        let messages = p.warnings.map(\.message)
        #expect(messages.contains { $0.contains("compact leading content") && $0.contains("enters the camera region") },
                "\(messages)")
        #expect(messages.contains { $0.contains("compact leading content needs 150 pt") })
        // Lint reports it with the surface and preview.
        let linted = ProjectLinter(pool: RendererPool(fonts: Project.fonts)).lint(try layout(leading: wide, trailing: Self.time))
        #expect(linted.contains { $0.message.hasPrefix("[islandCompact, preview p]") && $0.message.contains("camera region") })
    }
}
