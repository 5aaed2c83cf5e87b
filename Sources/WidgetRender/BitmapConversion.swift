extension Bitmap {
    /// Straight RGBA rows without padding, as a decoded PNG gives them, so a render can be
    /// compared with a golden without encoding it first. Cairo's ARGB32 is premultiplied and
    /// native-endian (B, G, R, A in memory on little-endian machines); the rounding matches the
    /// PNG encoder's (cpng.c) so both paths give the same bytes.
    public func straightRGBA() -> RGBAImage {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var s = y * stride
                    var d = y * width * 4
                    for _ in 0..<width {
                        let b = Int(src[s]), g = Int(src[s + 1]), r = Int(src[s + 2]), a = Int(src[s + 3])
                        if a == 255 {
                            dst[d] = UInt8(r); dst[d + 1] = UInt8(g); dst[d + 2] = UInt8(b); dst[d + 3] = 255
                        } else if a > 0 {
                            dst[d] = UInt8(min(255, (r * 255 + a / 2) / a))
                            dst[d + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                            dst[d + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                            dst[d + 3] = UInt8(a)
                        }
                        s += 4; d += 4
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}

extension Bitmap {
    /// A premultiplied ARGB32 bitmap from straight RGBA (to encode a decoded or synthesised image).
    public init(straight image: RGBAImage) {
        var out = [UInt8](repeating: 0, count: image.width * image.height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i + 3 < src.count && i + 3 < dst.count {
                    let r = Int(src[i]), g = Int(src[i + 1]), b = Int(src[i + 2]), a = Int(src[i + 3])
                    dst[i] = UInt8((b * a + 127) / 255)
                    dst[i + 1] = UInt8((g * a + 127) / 255)
                    dst[i + 2] = UInt8((r * a + 127) / 255)
                    dst[i + 3] = UInt8(a)
                    i += 4
                }
            }
        }
        self.init(width: image.width, height: image.height, stride: image.width * 4, pixels: out)
    }
}
