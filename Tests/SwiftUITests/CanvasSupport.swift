import Foundation
import SwiftUI
import TestSupport
import WidgetRender
import WidgetShot
import WidgetShotSwiftUI

/// A view drawn alone on a canvas of `width` × `height` pt at 1 px per point, and its pixels.
struct CanvasPicture {
    let result: RenderResult
    let rgba: RGBAImage

    /// The straight RGBA of the pixel at (x, y).
    func at(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * rgba.width + x) * 4
        return Array(rgba.pixels[i..<i + 4])
    }

    /// Draws `view`; one renderer per render (a renderer is not thread-safe, and tests run in parallel).
    init<V: SwiftUI.View>(_ view: V, width: Double, height: Double, dark: Bool = false) throws {
        var look = Look(scale: 1)
        look.canvas = Size(width: width, height: height)
        look.scheme = dark ? .dark : .light
        result = try SwiftUIRender.render(view, surface: .systemSmall, look: look, renderer: WidgetRenderer(fonts: Project.fonts))
        rgba = result.bitmap.straightRGBA()
    }
}
