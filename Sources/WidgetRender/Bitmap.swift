/// A straight (not premultiplied) 8-bit color.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}

/// Pixels as Cairo draws them: ARGB32, premultiplied, native-endian 32-bit words, rows `stride` bytes apart.
public struct Bitmap: Sendable {
    public var width: Int, height: Int, stride: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.stride = stride; self.pixels = pixels
    }

    public func pixel(x: Int, y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return pixels.withUnsafeBytes { raw in
            Self.straight(raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self))
        }
    }

    /// Runs `f` on every pixel's straight color and stores the result premultiplied again.
    public mutating func apply(_ f: (inout RGBA8) -> Void) {
        let (w, h, s) = (width, height, stride)
        pixels.withUnsafeMutableBytes { raw in
            for y in 0..<h {
                for x in 0..<w {
                    let offset = y * s + x * 4
                    var c = Self.straight(raw.load(fromByteOffset: offset, as: UInt32.self))
                    f(&c)
                    raw.storeBytes(of: Self.premultiplied(c), toByteOffset: offset, as: UInt32.self)
                }
            }
        }
    }

    static func straight(_ word: UInt32) -> RGBA8 {
        let a = word >> 24
        var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
        if a == 0 {
            r = 0; g = 0; b = 0
        } else if a != 255 {
            // Same rounding as the PNG encoder (cpng.c), so pixel() agrees with decoded PNGs.
            r = min(255, (r * 255 + a / 2) / a)
            g = min(255, (g * 255 + a / 2) / a)
            b = min(255, (b * 255 + a / 2) / a)
        }
        return RGBA8(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(a))
    }

    static func premultiplied(_ c: RGBA8) -> UInt32 {
        let a = UInt32(c.a)
        func p(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
        return a << 24 | p(c.r) << 16 | p(c.g) << 8 | p(c.b)
    }
}

/// Straight RGBA, row-major, no padding (what PNG decoding gives).
public struct RGBAImage: Sendable {
    public var width: Int, height: Int
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

    public func pixel(x: Int, y: Int) -> RGBA8 {
        let i = (y * width + x) * 4
        return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
}
