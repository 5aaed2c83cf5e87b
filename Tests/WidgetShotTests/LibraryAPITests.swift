import Foundation
import Testing
import TestSupport
import WidgetShot

/// The library example in docs/library.md, with only `import WidgetShot`: it must compile and produce a PNG.
@Suite struct LibraryAPITests {
    @Test func readmeExampleRendersAPNG() throws {
        let folders = ProjectFolders(root: Project.root)
        let layout = try LayoutCatalog(directory: folders.layouts).load("delivery")
        let renderer = WidgetRenderer(fonts: try FontLibrary(directory: folders.fonts))
        let result = try renderer.render(RenderRequest(layout: layout, surface: .systemSmall,
                                                       preview: layout.preview(named: "onTheWay")!))
        #expect(Array(result.png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(result.pixelWidth == 474 && result.pixelHeight == 474)
    }
}
