import Foundation
import WidgetModel

/// What image bytes are, read from their first bytes (no decoding): the format UIKit would read
/// them as, and the picture's size in pixels where the header says it (PNG's IHDR, JPEG's frame
/// header and EXIF orientation). SwiftUI's `Image(uiImage:)` draws PNG and JPEG bytes; the other
/// formats are a placeholder with a warning naming the format.
public enum UIImageBytes {
    public enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG", gif = "GIF", heic = "HEIC", webp = "WebP", tiff = "TIFF", bmp = "BMP" }

    public static func format(of data: Data) -> Format? {
        let b = [UInt8](data.prefix(16))
        func starts(_ p: [UInt8]) -> Bool { b.count >= p.count && Array(b.prefix(p.count)) == p }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("BM".utf8)), b.count >= 14 { return .bmp }
        if b.count >= 12, starts(Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return .webp }
        if b.count >= 12, Array(b[4..<8]) == Array("ftyp".utf8),
           ["heic", "heix", "mif1", "msf1", "heim", "heis", "avif"].contains(String(decoding: b[8..<12], as: UTF8.self)) { return .heic }
        return nil
    }

    /// The size in pixels as shown (a JPEG's EXIF orientation applied, as `UIImage.size` gives it;
    /// zero when the header does not say it): WidgetModel's `ImageHeader`, which the renderer
    /// checks its limits by too.
    public static func size(of data: Data) -> CGSize {
        guard let (w, h) = ImageHeader.size([UInt8](data.prefix(ImageHeader.jpegScanBytes))[...]) else { return .zero }
        return CGSize(width: w, height: h)
    }
}
