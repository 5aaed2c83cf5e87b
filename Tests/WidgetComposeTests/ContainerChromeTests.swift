import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// A view as the container background (and its removal in StandBy), and the island's keyline.
@Suite struct ContainerChromeTests {
    func render(_ yaml: String, _ surface: Surface, scheme: ColorScheme = .light) throws -> RenderResult {
        let doc = try LayoutLoader.parse(yaml, path: "/tmp/widgetshot-tests/chrome.yaml")
        let request = RenderRequest(layout: doc, surface: surface, preview: doc.previews[0], scale: 1, scheme: scheme)
        return try WidgetRenderer(fonts: Project.fonts).render(request)
    }

    static let backgroundView = """
    name: chrome
    surfaces:
      lockScreen:
        background:
          vstack:
            - rect:
              fill: "#FF0000"
            - rect:
              fill: "#0000FF"
          spacing: 0
        view: { text: "  ", frame: { height: 100 } }
    previews:
      p: { data: {} }
    """

    /// The view fills the whole container, margins included: red on top, blue below.
    @Test func viewBackgroundFillsTheLockScreenBanner() throws {
        let r = try render(Self.backgroundView, .lockScreen)
        let top = r.bitmap.pixel(x: r.pixelWidth / 2, y: 3), bottom = r.bitmap.pixel(x: r.pixelWidth / 2, y: r.pixelHeight - 4)
        #expect(top == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bottom == RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func standByRemovesTheBackgroundView() throws {
        let r = try render(Self.backgroundView, .standBy)
        for y in stride(from: 2, to: r.pixelHeight - 2, by: 7) {
            let p = r.bitmap.pixel(x: r.pixelWidth / 2, y: y)
            #expect(!(p.r > 200 && p.g < 50) && !(p.b > 200 && p.r < 50), "background drawn at y \(y): \(p)")
        }
    }

    /// The Lock Screen accessories are vibrant, and in the vibrant appearance the system removes a
    /// widget's container background (Apple, "Displaying the right widget background"): a paint or
    /// a view given as `background:` draws nothing there; the view still draws.
    @Test(arguments: [Surface.accessoryRectangular, .accessoryCircular, .accessoryInline])
    func theAccessoriesRemoveTheContainerBackground(_ surface: Surface) throws {
        for background in ["\"#FF0000\"", "{ rect: , fill: \"#FF0000\" }"] {
            let yaml = """
            name: accessory
            surfaces:
              \(surface.rawValue):
                background: \(background)
                view: { text: "" }
            previews:
              p: { data: {} }
            """
            let r = try render(yaml, surface)
            var lit = 0
            for y in 0..<r.pixelHeight { for x in 0..<r.pixelWidth where r.bitmap.pixel(x: x, y: y).a > 0 { lit += 1 } }
            #expect(lit == 0, "\(surface) with background \(background): \(lit) pixels drawn")
        }
    }

    static let keyline = """
    name: keyline
    surfaces:
      islandMinimal:
        view: { text: "" }
        keylineTint: "#00FF00"
    previews:
      p: { data: {} }
    """

    /// iOS draws the key line only on dark backgrounds (Apple doc keylineTint(_:)).
    @Test func keylineIsDrawnInDarkOnly() throws {
        let dark = try render(Self.keyline, .islandMinimal, scheme: .dark)
        let edge = dark.bitmap.pixel(x: dark.pixelWidth / 2, y: 0)
        let inside = dark.bitmap.pixel(x: dark.pixelWidth / 2, y: dark.pixelHeight / 2)
        #expect(edge.g > 100 && edge.r < 30, "\(edge)")
        #expect(inside.g < 30, "\(inside)")
        let light = try render(Self.keyline, .islandMinimal, scheme: .light)
        let lightEdge = light.bitmap.pixel(x: light.pixelWidth / 2, y: 0)
        #expect(!(lightEdge.g > 100 && lightEdge.r < 30 && lightEdge.b < 30), "\(lightEdge)")
    }
}
