import CRsvg
import WidgetModel

/// JPEG decoding for images (a layout's `image:`, an asset catalog's JPEG image set, a team's
/// `UIImage(data:)` of a photo). GdkPixbuf's JPEG loader does it (libjpeg-turbo; GdkPixbuf is
/// already linked, under librsvg): JPEG is not the product, and a decoder of our own would be a
/// second libjpeg. Only the JPEG loader is asked for, by name, so no other format's loader ever sees
/// the bytes; the caller has already refused the image by the size its header gives
/// (`ImageHeader.size`, `Limits.imagePixels`). The EXIF orientation is applied, as UIKit shows a
/// photo.
enum JPEGDecoder {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Straight RGBA pixels, row after row, at the image's shown size.
    static func decode(_ bytes: [UInt8]) throws(Failure) -> RGBAImage {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type("jpeg", &error) else {
            throw Failure(description: "no JPEG decoder (GdkPixbuf's jpeg loader): \(message(error))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        // Close in every case: a loader left open warns on its last unref.
        var closeError: UnsafeMutablePointer<GError>?
        guard written != 0 else {
            _ = gdk_pixbuf_loader_close(loader, nil)
            throw Failure(description: message(error))
        }
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        guard closed != 0, let stored = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw Failure(description: message(closeError))
        }
        guard let pixbuf = gdk_pixbuf_apply_embedded_orientation(stored) else { throw Failure(description: "the EXIF orientation cannot be applied") }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard width > 0, height > 0, channels == 3 || channels == 4, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              let source = gdk_pixbuf_read_pixels(pixbuf) else {
            throw Failure(description: "the decoded picture is not 8-bit RGB")
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = source + y * stride
                for x in 0..<width {
                    let o = (y * width + x) * 4, i = x * channels
                    out[o] = row[i]; out[o + 1] = row[i + 1]; out[o + 2] = row[i + 2]
                    if channels == 4 { out[o + 3] = row[i + 3] }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "the JPEG cannot be decoded" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "the JPEG cannot be decoded"
    }
}
