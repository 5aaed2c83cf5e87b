import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetModel
import WidgetRender

/// Content only (`canvas`): the surface's view alone at a point size of its own, on the scheme's
/// system background, as a snapshot test hosts a view — no margins, container background or mask.
@Suite struct CanvasTests {
    static let delivery = try! Project.layout("delivery")
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)

    func render(_ surface: String, canvas: String?, scheme: String = "light") throws -> RenderResult {
        var spec = RenderSpec(layout: "delivery", surface: surface, preview: "onTheWay", scheme: scheme, scale: 2)
        spec.look.canvas = canvas
        return try Self.renderer.render(try spec.request(in: [Self.delivery]))
    }

    @Test func theViewIsDrawnAtTheCanvasSizeWithoutChrome() throws {
        let widget = try render("systemSmall", canvas: nil)
        let content = try render("systemSmall", canvas: "200x120")
        #expect(content.pixelWidth == 400 && content.pixelHeight == 240)
        #expect(content.pointSize == Size(width: 200, height: 120))
        // The widget's corners are masked (transparent); the canvas's are the system background.
        #expect(widget.bitmap.pixel(x: 0, y: 0).a == 0)
        #expect(content.bitmap.pixel(x: 0, y: 0) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        let dark = try render("systemSmall", canvas: "200x120", scheme: "dark")
        #expect(dark.bitmap.pixel(x: 0, y: 0) == RGBA8(r: 0, g: 0, b: 0, a: 255))
        // No margins: the view starts at the canvas's edge (something is drawn within 4 pt of it).
        var inked = false
        for y in 0..<content.pixelHeight { for x in 0..<8 where content.bitmap.pixel(x: x, y: y) != RGBA8(r: 255, g: 255, b: 255, a: 255) { inked = true } }
        #expect(inked, "nothing drawn near the left edge: margins were applied")
    }

    @Test func badCanvasesAndIslandsAreRefused() throws {
        for bad in ["0x10", "10", "3000x10", "axb", "10x-1"] {
            #expect(throws: RenderSpecError.self, "\(bad)") { try render("systemSmall", canvas: bad) }
        }
        #expect { try render("islandExpanded", canvas: "300x100") } throws: { ($0 as? RenderSpecError)?.field == "canvas" }
        let keyer = RenderKeyer(fontDigest: "test")
        var a = RenderSpec(layout: "delivery", surface: "systemSmall"), b = a
        b.look.canvas = "158x158"
        #expect(try keyer.key(for: a.request(in: [Self.delivery])) != keyer.key(for: b.request(in: [Self.delivery])))
        a.look.canvas = "158x159"
        #expect(try keyer.key(for: a.request(in: [Self.delivery])) != keyer.key(for: b.request(in: [Self.delivery])))
    }
}
