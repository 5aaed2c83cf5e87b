/// What an image file's first bytes say, without decoding it: PNG or JPEG (the formats the renderer
/// decodes), and the picture's size in pixels as it is shown — for a JPEG after its EXIF
/// orientation, as UIKit's `UIImage.size` and Finder give it (a photo taken upright on an iPhone
/// is stored on its side with orientation 6). The renderer refuses an image by this size before it
/// decodes it (`Limits.imagePixels`); asset catalogs size their image sets by it.
public enum ImageHeader {
    public enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG" }

    /// How far into a JPEG its frame header is looked for (EXIF thumbnails come before it).
    public static let jpegScanBytes = 256 * 1024

    public static func format(_ bytes: ArraySlice<UInt8>) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The size in pixels as shown, or nil when the header does not say it.
    public static func size(_ bytes: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        switch format(bytes) {
        case .png?:
            let b = Array(bytes.prefix(24))
            guard b.count >= 24, b[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            let w = be(b, 16, 4), h = be(b, 20, 4)
            return w > 0 && h > 0 ? (w, h) : nil
        case .jpeg?:
            guard let (w, h, orientation) = jpegFrame(Array(bytes.prefix(jpegScanBytes))), w > 0, h > 0 else { return nil }
            return (5...8).contains(orientation) ? (h, w) : (w, h)
        case nil:
            return nil
        }
    }

    /// A JPEG's stored width and height (its start-of-frame) and EXIF orientation (1 when none).
    static func jpegFrame(_ b: [UInt8]) -> (Int, Int, Int)? {
        var orientation = 1
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }                       // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // markers without a length
            let length = be(b, i + 2, 2)
            guard length >= 2 else { return nil }
            let body = i + 4, end = min(i + 2 + length, b.count)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard body + 5 <= b.count else { return nil }
                return (be(b, body + 3, 2), be(b, body + 1, 2), orientation)
            }
            if marker == 0xE1, end - body >= 14, b[body..<(body + 6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                orientation = exifOrientation(Array(b[(body + 6)..<end])) ?? orientation
            }
            if marker == 0xDA { return nil }                              // image data before any frame header
            i += 2 + length
        }
        return nil
    }

    /// Tag 0x0112 of a TIFF header's first directory (EXIF's APP1 after "Exif\0\0").
    static func exifOrientation(_ t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little = t[0] == 0x49 && t[1] == 0x49
        guard little || (t[0] == 0x4D && t[1] == 0x4D) else { return nil }
        func read(_ at: Int, _ n: Int) -> Int? {
            guard at >= 0, at + n <= t.count else { return nil }
            let bytes = t[at..<(at + n)]
            return (little ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<min(count, 256) {
            let at = ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112, let value = read(at + 8, 2), (1...8).contains(value) { return value }
        }
        return nil
    }

    static func be(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { b[at..<(at + n)].reduce(0) { $0 << 8 | Int($1) } }
}
