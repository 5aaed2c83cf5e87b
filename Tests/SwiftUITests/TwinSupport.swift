import Foundation
import TestSupport
import WidgetShot

/// Whether a compiled view and its layout twin are the same pixels; when not, both pictures are
/// kept in `.build/test-output/FOLDER/` to look at.
func samePixels(_ swift: RenderResult, _ layout: RenderResult, keepIn folder: String, as name: String) -> Bool {
    let same = swift.bitmap.straightRGBA().pixels == layout.bitmap.straightRGBA().pixels
    if !same {
        let out = Project.output(folder)
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try? Data(swift.png).write(to: URL(fileURLWithPath: out + "/\(name)-swift.png"))
        try? Data(layout.png).write(to: URL(fileURLWithPath: out + "/\(name)-layout.png"))
    }
    return same
}

/// The twin written in the layout language (`yaml`, a layout named `name` with a preview `one`),
/// rendered as the goldens render a cell: the golden device at 2x.
func layoutTwin(_ yaml: String, name: String, surface: Surface, scheme: WidgetModel.ColorScheme = .light,
                renderer: WidgetRenderer) throws -> RenderResult {
    let folder = scratchDirectory("swiftui-twin")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(yaml.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).yaml"))
    let document = try LayoutCatalog(directory: folder).load(name)
    let cell = MatrixCell(layout: name, surface: surface, preview: "one", scheme: scheme)
    return try renderer.render(try cell.request(for: document, look: LookSpec(scale: 2)))
}
