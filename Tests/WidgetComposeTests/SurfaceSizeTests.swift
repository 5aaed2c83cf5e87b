import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Every surface comes out at its exact pixel size: points from the device table × scale.
@Suite struct SurfaceSizeTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func homeAndAccessorySurfacesHaveExactPixelSizes(scale: Double) throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let expected: [(Surface, Int, Int)] = [
            (.systemSmall, 158, 158), (.systemMedium, 338, 158), (.systemLarge, 338, 354),
            (.accessoryCircular, 72, 72), (.accessoryRectangular, 160, 72), (.accessoryInline, 234, 26),
        ]
        for (surface, w, h) in expected {
            let r = try renderer.render(RenderRequest(layout: doc, surface: surface, preview: doc.previews[0], scale: scale))
            let image = try PNGCodec.decode(r.png)
            #expect(image.width == Int((Double(w) * scale).rounded()), "\(surface) width at \(scale)x")
            #expect(image.height == Int((Double(h) * scale).rounded()), "\(surface) height at \(scale)x")
        }
    }

    @Test func liveActivityAndIslandSizes() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        func size(_ s: Surface, _ device: DeviceProfile = .iphone15pro) throws -> (Int, Int) {
            let r = try renderer.render(RenderRequest(layout: doc, surface: s, preview: doc.previews[0], device: device, scale: 3))
            return (r.pixelWidth, r.pixelHeight)
        }
        let lock = try size(.lockScreen)
        #expect(lock.0 == 1113)
        #expect((252...480).contains(lock.1), "lock screen height \(lock.1) px outside 84…160 pt")
        let standBy = try size(.standBy)
        #expect(standBy.0 == 2 * lock.0 && abs(standBy.1 - 2 * lock.1) <= 1, "StandBy is the Lock Screen view at 2x")
        // The compact island sizes to its content (CompactIslandTests): the delivery timer at full
        // size needs a 55.67 pt side (SF's tracking on its digits), more than the published 52.33
        // (a 230 pt pill, 690 px).
        let compact = try size(.islandCompact)
        #expect(compact.0 == 710 && compact.1 == 110, "\(compact)")
        let minimal = try size(.islandMinimal)
        #expect(minimal.1 == 110 && (110...135).contains(minimal.0))
        let expanded = try size(.islandExpanded)
        #expect(expanded.0 == 1113 && (252...480).contains(expanded.1))
        let max = try size(.islandCompact, .iphone15promax)
        #expect(max.0 == 750, "the same content fits the Pro Max's 62.33 pt sides: \(max)")
    }

    @Test func anIslandOnAnSEIsAClearError() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let request = RenderRequest(layout: doc, surface: .islandCompact, preview: doc.previews[0], device: .iphonese)
        #expect {
            try renderer.render(request)
        } throws: { error in
            "\(error)".contains("iPhone SE") && "\(error)".contains("no islandCompact surface")
        }
    }

    @Test func aSurfaceTheLayoutLacksIsAClearError() throws {
        let doc = try Project.layout("reference")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        #expect {
            try renderer.render(RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0]))
        } throws: { error in
            "\(error)".contains("has no view for systemSmall") && "\(error)".contains("systemMedium")
        }
    }

    @Test func homeWidgetCornersAreTransparentAndTheIslandIsBlack() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let small = try renderer.render(RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 2))
        #expect(small.bitmap.pixel(x: 0, y: 0).a == 0)
        #expect(small.bitmap.pixel(x: 158, y: 3).a == 255)
        let island = try renderer.render(RenderRequest(layout: doc, surface: .islandCompact, preview: doc.previews[0],
                                                       scale: 2, scheme: .light))
        let mid = island.bitmap.pixel(x: island.pixelWidth / 2 - 40, y: 4)
        #expect(mid.r == 0 && mid.g == 0 && mid.b == 0 && mid.a == 255, "island is black even in light mode")
        #expect(island.bitmap.pixel(x: 0, y: 0).a == 0, "capsule ends are transparent")
    }

    @Test func accessoriesAreMonochrome() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let r = try renderer.render(RenderRequest(layout: doc, surface: .accessoryCircular, preview: doc.previews[0], scale: 2))
        var colored = 0, visible = 0
        for y in 0..<r.pixelHeight { for x in 0..<r.pixelWidth {
            let p = r.bitmap.pixel(x: x, y: y)
            if p.a > 0 { visible += 1 }
            if p.a > 16 && (abs(Int(p.r) - Int(p.g)) > 2 || abs(Int(p.g) - Int(p.b)) > 2) { colored += 1 }
        } }
        #expect(visible > 100)
        #expect(colored == 0)
    }
}
