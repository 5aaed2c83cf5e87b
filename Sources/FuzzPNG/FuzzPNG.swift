import Foundation
import FuzzSupport
import WidgetModel
import WidgetShot

/// Bytes → the image header reader the renderer checks its limits by (ImageHeader: PNG, and JPEG
/// with its EXIF orientation), the PNG decoder verify and diff read goldens with (libpng through
/// CPNG), then the pixel hash and a comparison of the image with itself, as verify does.
@main enum FuzzPNG {
    static func main() {
        FuzzHarness.main(target: "png") { bytes in
            if let (w, h) = ImageHeader.size([UInt8](bytes)[...]) { precondition(w > 0 && h > 0, "ImageHeader gave \(w)×\(h)") }
            guard let image = try? PNGCodec.decode([UInt8](bytes)) else { return }
            let pixels = DiffImage(width: image.width, height: image.height, pixels: image.pixels)
            _ = ImageDiff.pixelHash(pixels)
            _ = ImageDiff.compare(expected: pixels, actual: pixels, options: .default)
        }
    }
}
