import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → the PNG decoder verify and diff read goldens with (libpng through CPNG), then the
/// pixel hash and a comparison of the image with itself, as verify does.
@main enum FuzzPNG {
    static func main() {
        FuzzHarness.main(target: "png") { bytes in
            guard let image = try? PNGCodec.decode([UInt8](bytes)) else { return }
            let pixels = DiffImage(width: image.width, height: image.height, pixels: image.pixels)
            _ = ImageDiff.pixelHash(pixels)
            _ = ImageDiff.compare(expected: pixels, actual: pixels, options: .default)
        }
    }
}
