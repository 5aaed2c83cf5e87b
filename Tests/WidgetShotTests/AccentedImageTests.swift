import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// `accentedRenderingMode:` (SwiftUI's `widgetAccentedRenderingMode`) on an image in the tinted
/// Home Screen: by default it is a silhouette in the group's colour (a photo becomes a white
/// block); `fullColor` keeps its colours, `desaturated` its luminance in gray. Before, every image
/// became a silhouette.
@Suite struct AccentedImageTests {
    func render(_ mode: String?, alpha: UInt8 = 255) throws -> RGBA8 {
        let dir = NSTemporaryDirectory() + "widgetshot-accented-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A 40×40 px orange square (255, 128, 0).
        var pixels = [UInt8]()
        for _ in 0..<(40 * 40) { pixels += [255, 128, 0, alpha] }
        let png = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: 40, height: 40, pixels: pixels)))
        FileManager.default.createFile(atPath: dir + "/square.png", contents: Data(png))
        let yaml = """
        surfaces:
          systemSmall:
            margins: none
            view:
              image: square.png
              scale: 1
        \(mode.map { "      accentedRenderingMode: \($0)" } ?? "")
              frame: { maxWidth: infinity, maxHeight: infinity, alignment: topLeading }
        previews:
          p: { data: {} }
        """
        let doc = try LayoutLoader.parse(yaml, path: dir + "/accented.yaml")
        var request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 1, scheme: .dark)
        request.mode = .accented
        return try WidgetRenderer(fonts: Project.fonts).render(request).bitmap.pixel(x: 20, y: 20)
    }

    @Test func theModeSaysHowTheImageIsTinted() throws {
        #expect(try render(nil) == RGBA8(r: 255, g: 255, b: 255, a: 255), "default: a white silhouette")
        #expect(try render("accented") == RGBA8(r: 255, g: 255, b: 255, a: 255), "the accent group: white on iPhone")
        #expect(try render("fullColor") == RGBA8(r: 255, g: 128, b: 0, a: 255))
        let gray = try render("desaturated")
        #expect(gray.r == gray.g && gray.g == gray.b && gray.a == 255, "\(gray)")
        #expect(gray.r > 60 && gray.r < 230, "the orange's luminance, not white or black: \(gray)")
        // A translucent image is all gray too (a partial-strength desaturation left colour there).
        let half = try render("desaturated", alpha: 128)
        #expect(abs(Int(half.r) - Int(half.b)) <= 1 && abs(Int(half.r) - Int(half.g)) <= 1, "\(half)")
    }
}
