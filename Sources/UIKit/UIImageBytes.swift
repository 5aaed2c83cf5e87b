import Foundation

/// What image bytes are, read from their first bytes (no decoding): the format UIKit would read
/// them as, and the picture's size in pixels where the header says it (PNG's IHDR, JPEG's frame
/// header). SwiftUI's `Image(uiImage:)` draws PNG bytes; the other formats are a placeholder with a
/// warning naming the format.
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

    /// The size in pixels (zero when the header does not say it within the first 64 KB).
    public static func size(of data: Data) -> CGSize {
        let b = [UInt8](data.prefix(65_536))
        func be(_ at: Int, _ n: Int) -> Int { b[at..<(at + n)].reduce(0) { $0 << 8 | Int($1) } }
        switch format(of: data) {
        case .png?:
            guard b.count >= 24, b[12..<16].elementsEqual("IHDR".utf8) else { return .zero }
            return CGSize(width: be(16, 4), height: be(20, 4))
        case .jpeg?:
            // Markers after SOI: a start-of-frame (C0–CF but C4, C8, CC) holds height then width.
            var i = 2
            while i + 9 < b.count, b[i] == 0xFF {
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = be(i + 2, 2)
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return CGSize(width: be(i + 7, 2), height: be(i + 5, 2))
                }
                guard length >= 2 else { break }
                i += 2 + length
            }
            return .zero
        default:
            return .zero
        }
    }
}
