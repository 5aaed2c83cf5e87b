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
    /// Every layout in Layouts/ (throws if one fails to load).
    public static func documents() throws -> [LayoutDocument] { try catalog.loadAll() }

    /// A folder under .build/test-output/ for files a test writes for a person to look at
    /// (screenshots, pages).
    public static func output(_ name: String) -> String { root + "/.build/test-output/" + name }
}
