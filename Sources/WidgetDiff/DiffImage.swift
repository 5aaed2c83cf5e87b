/// A decoded image as the diff engine sees it: straight (not premultiplied) RGBA, 8 bits per
/// channel, rows top to bottom with no padding between them.
public struct DiffImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

extension DiffImage {
    /// The number of bytes `width × height` RGBA8 pixels take, or nil when the size is
    /// negative or too large to address.
    var expectedByteCount: Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        return areaOverflow || bytesOverflow ? nil : bytes
    }

    var hasConsistentBuffer: Bool { expectedByteCount == pixels.count }

    /// Why the buffer cannot be read as `width × height` RGBA8, or nil when it can.
    func bufferProblem(named name: String) -> String? {
        guard let needed = expectedByteCount else {
            return "The \(name) image has an impossible size \(width)×\(height)."
        }
        guard needed == pixels.count else {
            return "The \(name) image buffer holds \(pixels.count) bytes, but \(width)×\(height) RGBA8 needs \(needed)."
        }
        return nil
    }
}

/// A read-only view of an image's pixels as RGBA words, red in the low byte.
struct PixelGrid {
    let bytes: UnsafeRawBufferPointer
    let width: Int
    let height: Int

    @inline(__always)
    subscript(x: Int, y: Int) -> UInt32 {
        self[index: y &* width &+ x]
    }

    @inline(__always)
    subscript(index index: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }
}
