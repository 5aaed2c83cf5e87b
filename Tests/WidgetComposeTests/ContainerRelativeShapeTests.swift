import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// `containerRelative` (SwiftUI's `ContainerRelativeShape`): a rounded rectangle concentric with
/// the surface's corners, its radius the container's less the shape's inset. Before, the language
/// had no such shape (the importer wrote a 16 pt rounded rectangle).
@Suite struct ContainerRelativeShapeTests {
    func shapes(_ surfaceYAML: String, _ surface: Surface) throws -> [ShapeKind] {
        let doc = try LayoutLoader.parse("surfaces:\n\(surfaceYAML)\npreviews:\n  p: { data: {} }\n", path: "/tmp/widgetshot-tests/crs.yaml")
        let prepared = try WidgetRenderer(fonts: Project.fonts).prepare(RenderRequest(layout: doc, surface: surface, preview: doc.previews[0], scale: 1))
        var found: [ShapeKind] = []
        prepared.composed.root.forEach { n in
            if case .shape(let s) = n.content, s.fill == .color(RGBA(hex: 0xFF0000)) { found.append(s.shape) }
        }
        return found
    }

    @Test func theRadiusIsTheContainersLessTheInset() throws {
        let corner = DeviceProfile.iphone15pro.widgetCornerRadius
        // Inside the default 16 pt margins.
        #expect(try shapes("  systemSmall:\n    view:\n      containerRelative:\n      fill: \"#FF0000\"", .systemSmall)
                == [.roundedRect(radius: corner - 16, continuous: true)])
        // Without margins, inset 4 by padding: 4 pt less than the widget's corner.
        #expect(try shapes("  systemSmall:\n    margins: none\n    view:\n      containerRelative:\n      fill: \"#FF0000\"\n      padding: 4", .systemSmall)
                == [.roundedRect(radius: corner - 4, continuous: true)])
        // A surface with square corners gives a rectangle.
        #expect(try shapes("  accessoryRectangular:\n    view:\n      containerRelative:\n      fill: \"#FF0000\"", .accessoryRectangular) == [.rect])
    }
}
