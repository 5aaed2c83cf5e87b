import Foundation
import Testing
import TestSupport
import WidgetShot

/// One render's pixels are bounded (`Limits.renderPixels`) before a buffer is allocated: a
/// 2048×2048 pt canvas at 4x (67 Mpx) once took 327 MB in one request.
@Suite struct RenderPixelsTests {
    static let delivery = try! Project.layout("delivery")

    @Test("every surface of every device fits at the largest scale")
    func everySurfaceFitsAtFourX() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var largest = 0
        for device in DeviceProfile.all {
            for surface in Self.delivery.surfaces where device.supports(surface) {
                guard let preview = Self.delivery.previews.first(where: { $0.applies(to: surface) }) else { continue }
                let request = RenderRequest(layout: Self.delivery, surface: surface, preview: preview, device: device, scale: 4)
                let prepared = try renderer.prepare(request)
                let s = 4 * prepared.composed.magnification
                largest = max(largest, Int((prepared.composed.size.width * s).rounded() * (prepared.composed.size.height * s).rounded()))
            }
        }
        #expect(largest > 1_000_000 && largest <= Limits.default.renderPixels, "\(largest)")
    }

    @Test("a canvas past the bound is refused by name, from the request and from the renderer")
    func aHugeCanvasIsRefused() throws {
        var spec = RenderSpec(layout: "delivery", surface: "systemSmall", preview: "onTheWay", scale: 4)
        spec.look.canvas = "2048x2048"
        #expect { try spec.request(in: [Self.delivery]) } throws: {
            ($0 as? RenderSpecError)?.field == "canvas" && "\($0)".contains("Limits.renderPixels")
        }
        // The renderer's own check, with a layout whose limit is lower than the request's pixels.
        var small = Self.delivery
        small.limits.renderPixels = 10_000
        let request = RenderRequest(layout: small, surface: .systemSmall, preview: try #require(small.preview(named: "onTheWay")), scale: 2)
        #expect { try WidgetRenderer(fonts: Project.fonts).render(request) } throws: {
            "\($0)".contains("Limits.renderPixels")
        }
    }
}
