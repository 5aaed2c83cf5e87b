import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetModel
import WidgetRender

/// A backdrop is a look axis: what shows through a transparent surface, so white content can be
/// seen in an image viewer. Without one the surface keeps its transparent pixels (the goldens).
@Suite struct BackdropTests {
    static let delivery = try! Project.layout("delivery")
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)

    func render(_ surface: String, backdrop: String?) throws -> RenderResult {
        var spec = RenderSpec(layout: "delivery", surface: surface, preview: "onTheWay", scale: 1)
        spec.look.backdrop = backdrop
        return try Self.renderer.render(try spec.request(in: [Self.delivery]))
    }

    @Test func aColourShowsWhereTheSurfaceIsTransparentAndNowhereElse() throws {
        let plain = try render("accessoryRectangular", backdrop: nil)
        let navy = try render("accessoryRectangular", backdrop: "#000080")
        var transparent = 0, drawn = 0
        for y in 0..<plain.pixelHeight {
            for x in 0..<plain.pixelWidth {
                let p = plain.bitmap.pixel(x: x, y: y), q = navy.bitmap.pixel(x: x, y: y)
                #expect(q.a == 255)
                if p.a == 0 {
                    transparent += 1
                    #expect(q == RGBA8(r: 0, g: 0, b: 128, a: 255), "(\(x), \(y))")
                } else if p.a == 255 {
                    drawn += 1
                    #expect(q == p, "(\(x), \(y)): an opaque pixel changed")
                }
                if q.a != 255 || (p.a == 0 && q.b != 128) || (p.a == 255 && q != p) { return }
            }
        }
        #expect(transparent > 1000 && drawn > 100)
    }

    @Test func theWallpaperRunsFromTopToBottom() throws {
        let r = try render("islandCompact", backdrop: "wallpaper")
        // The corners lie outside the pill: the wallpaper's first and last rows.
        let top = r.bitmap.pixel(x: 0, y: 0), bottom = r.bitmap.pixel(x: 0, y: r.pixelHeight - 1)
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        #expect(top == RGBA8(r: byte(Backdrop.wallpaperTop.r), g: byte(Backdrop.wallpaperTop.g), b: byte(Backdrop.wallpaperTop.b), a: 255))
        #expect(bottom == RGBA8(r: byte(Backdrop.wallpaperBottom.r), g: byte(Backdrop.wallpaperBottom.g), b: byte(Backdrop.wallpaperBottom.b), a: 255))
    }

    @Test func theBackdropIsInTheKeyAndABadOneIsRefused() throws {
        let keyer = RenderKeyer(fontDigest: "test")
        func key(_ backdrop: String?) throws -> RenderKey {
            var spec = RenderSpec(layout: "delivery", surface: "accessoryRectangular", preview: "onTheWay")
            spec.look.backdrop = backdrop
            return keyer.key(for: try spec.request(in: [Self.delivery]))
        }
        #expect(try key(nil) != key("wallpaper"))
        #expect(try key("#000080") != key("#000081"))
        for bad in ["#00008080", "navy", ""] {
            var spec = LookSpec()
            spec.backdrop = bad
            #expect(throws: RenderSpecError.self, "\(bad)") { try spec.validate() }
        }
    }
}
