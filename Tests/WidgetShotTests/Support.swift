import Foundation
import WidgetRender
import WidgetShot
import WidgetTemplate

enum Project {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let folders = ProjectFolders(root: root)
    static let fonts = try! FontLibrary(directory: folders.fonts)
    static let catalog = LayoutCatalog(directory: folders.layouts)

    static func layout(_ name: String) throws -> LayoutDocument { try catalog.load(name) }
}
