import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// `strokeBorder:` strokes an insettable shape inside its frame, as SwiftUI's
/// `.strokeBorder(_:lineWidth:)` does (the shape inset by half the line width, a rounded
/// rectangle's radius with it), so a 1 pt border covers whole pixels instead of straddling the
/// edge. Before, only `stroke:` (centred on the edge) existed.
@Suite struct StrokeBorderTests {
    static func yaml(_ shape: String, _ paint: String) -> String {
        """
        surfaces:
          systemSmall:
            view:
              \(shape)
              \(paint)
              lineWidth: 2
              frame: { width: 20, height: 20 }
        previews:
          p: { data: {} }
        """
    }

    func render(_ yaml: String) throws -> RenderResult {
        let doc = try LayoutLoader.parse(yaml, path: "/tmp/widgetshot-tests/stroke.yaml")
        var request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 1)
        request.look.canvas = Size(width: 20, height: 20)
        return try WidgetRenderer(fonts: Project.fonts).render(request)
    }

    @Test func aBorderLiesInsideTheFrame() throws {
        let red = RGBA8(r: 255, g: 0, b: 0, a: 255), white = RGBA8(r: 255, g: 255, b: 255, a: 255)
        let inside = try render(Self.yaml("rect:", "strokeBorder: \"#FF0000\""))
        // A 2 pt border at 1x: columns 0 and 1 are wholly red, column 2 wholly the background.
        for y in [5, 10, 15] {
            #expect(inside.bitmap.pixel(x: 0, y: y) == red && inside.bitmap.pixel(x: 1, y: y) == red, "y \(y)")
            #expect(inside.bitmap.pixel(x: 2, y: y) == white && inside.bitmap.pixel(x: 18, y: y) == red, "y \(y)")
        }
        // `stroke:` stays centred on the edge: half of it is outside the frame, cut by the canvas.
        let centred = try render(Self.yaml("rect:", "stroke: \"#FF0000\""))
        #expect(centred.bitmap.pixel(x: 0, y: 10) == red && centred.bitmap.pixel(x: 1, y: 10) == white)
    }

    @Test func aRoundedBorderKeepsItsCornerInside() throws {
        let r = try render(Self.yaml("roundedRect: 6", "strokeBorder: \"#FF0000\""))
        // The corner pixel lies outside the rounded shape; the edge's middle is red on its first column.
        #expect(r.bitmap.pixel(x: 0, y: 0) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(r.bitmap.pixel(x: 0, y: 10) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        let c = try render(Self.yaml("circle:", "strokeBorder: \"#FF0000\""))
        #expect(c.bitmap.pixel(x: 0, y: 10).r == 255 && c.bitmap.pixel(x: 0, y: 10).g < 60, "\(c.bitmap.pixel(x: 0, y: 10))")
        #expect(c.bitmap.pixel(x: 10, y: 10) == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func strokeBorderIsForInsettableShapesAndExcludesStroke() throws {
        let both = Self.yaml("rect:", "stroke: blue\n      strokeBorder: red")
        #expect { try LayoutLoader.parse(both, path: "/tmp/widgetshot-tests/stroke.yaml") } throws: { error in
            "\(error)".contains("stroke.yaml:6:21") && "\(error)".contains("either 'stroke' (centred on its edge) or 'strokeBorder' (inside it)")
        }
        let path = Self.yaml("path: [[0, 0], [1, 1]]", "strokeBorder: \"#FF0000\"")
        #expect { try LayoutLoader.parse(path, path: "/tmp/widgetshot-tests/stroke.yaml") } throws: { error in
            "\(error)".contains("strokeBorder") && "\(error)".contains("path")
        }
    }
}
