import Foundation
import WidgetRender
import WidgetShot
import WidgetTemplate

/// This checkout: its layouts, fonts and goldens, as the tests read them.
public enum Project {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    public static let folders = ProjectFolders(root: root)
    public static let fonts = try! FontLibrary(directory: folders.fonts)
    public static let catalog = LayoutCatalog(directory: folders.layouts)

    public static func layout(_ name: String) throws -> LayoutDocument { try catalog.load(name) }
}
