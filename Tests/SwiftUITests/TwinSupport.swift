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
