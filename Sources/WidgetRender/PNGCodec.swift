import CPNG
import Foundation

public struct PNGError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// PNG bytes for a Bitmap, and RGBA pixels for PNG bytes (libpng decodes; see cpng.c).
public enum PNGCodec {
    public enum Preset: Sendable {
        /// For every render: libdeflate level 1, no row filter.
        case fast
        /// For committed golden files: libdeflate level 9; no filter and adaptive filters are
        /// both tried and the smaller kept (the best filter depends on the content).
        case small
    }

    // Measured on the reference widget (systemMedium 1014×474 px, Takumi's reference PNG turned
    // into premultiplied ARGB32; gcc -O2, one core, median of 15–21 runs; the encode includes
    // unpremultiplying). zlib through libpng vs libdeflate on the whole filtered image:
    //
    // | engine     | level | filter   | strategy    | ms     | bytes   |
    // |------------|-------|----------|-------------|--------|---------|
    // | libpng     | 1     | none     | default     | 4.5    | 58,177  |
    // | libpng     | 2     | none     | default     | 4.8    | 55,297  |
    // | libpng     | 3     | none     | default     | 5.0    | 52,822  |
    // | libpng     | 1     | none     | Z_RLE       | 18.3   | 745,986 |
    // | libpng     | 1     | sub      | default     | 6.0    | 72,740  |
    // | libpng     | 1     | sub      | Z_RLE       | 5.8    | 73,511  |
    // | libpng     | 1     | up       | default     | 6.4    | 73,418  |
    // | libpng     | 1     | paeth    | Z_RLE       | 7.9    | 58,463  |
    // | libpng     | 1     | adaptive | default     | 15.4   | 71,553  |
    // | libpng     | 1     | adaptive | Z_RLE       | 15.3   | 58,661  |
    // | libpng     | 4     | none     | default     | 11.1   | 51,821  |
    // | libpng     | 6     | none     | default     | 14.3   | 40,113  |
    // | libpng     | 6     | none     | Z_FILTERED  | 14.4   | 41,939  |
    // | libpng     | 6     | adaptive | default     | 24.8   | 51,644  |
    // | libpng     | 9     | none     | default     | 32.2   | 33,874  |
    // | libpng     | 9     | adaptive | default     | 109.5  | 45,227  |
    // | libdeflate | 1     | none     | —           | 3.4    | 54,526  |  ← fast
    // | libdeflate | 1     | sub      | —           | 7.5    | 57,742  |
    // | libdeflate | 1     | up       | —           | 7.2    | 58,708  |
    // | libdeflate | 1     | paeth    | —           | 10.5   | 57,618  |
    // | libdeflate | 1     | adaptive | —           | 20.7   | 56,934  |
    // | libdeflate | 2     | none     | —           | 6.6    | 52,886  |
    // | libdeflate | 4     | none     | —           | 6.9    | 48,219  |
    // | libdeflate | 6     | none     | —           | 8.4    | 44,800  |
    // | libdeflate | 9     | none     | —           | 24.9   | 34,117  |  ← small (with adaptive tried too)
    // | libdeflate | 9     | adaptive | —           | 61.8   | 48,568  |
    // | libdeflate | 12    | none     | —           | 401.9  | 32,206  |
    //
    // Widgets are flat color, gradients and antialiased edges: unfiltered rows repeat whole runs
    // of pixels, which deflate finds; SUB/UP turn them into small noisy differences that compress
    // worse and slower. Deflate is the whole cost (libdeflate L1 alone: 2.8 ms on these rows).
    static let fastLevel: Int32 = 1
    static let smallLevel: Int32 = 9

    public static func encode(_ bitmap: Bitmap, preset: Preset = .fast) throws -> [UInt8] {
        switch preset {
        case .fast:
            return try encode(bitmap, level: fastLevel, filter: Int32(CPNG_FILTER_NONE))
        case .small:
            let none = try encode(bitmap, level: smallLevel, filter: Int32(CPNG_FILTER_NONE))
            let adaptive = try encode(bitmap, level: smallLevel, filter: Int32(CPNG_FILTER_ALL))
            return adaptive.count < none.count ? adaptive : none
        }
    }

    static func encode(_ bitmap: Bitmap, level: Int32, filter: Int32) throws -> [UInt8] {
        precondition(bitmap.pixels.count >= bitmap.stride * bitmap.height, "bitmap pixel buffer too small")
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = bitmap.pixels.withUnsafeBufferPointer { px in
            cpng_encode_argb32_ex(px.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.stride),
                                  Int32(CPNG_ENGINE_LIBDEFLATE), level, filter, -1, &out, &length)
        }
        guard rc == 0, let out else {
            throw PNGError(description: "PNG encode failed (\(rc)): \(String(cString: cpng_last_error()))")
        }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    public static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        var rgba: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { b in
            message.withUnsafeMutableBufferPointer { m in
                cpng_decode_rgba(b.baseAddress, b.count, &rgba, &w, &h, m.baseAddress, m.count)
            }
        }
        guard rc == 0, let rgba else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw PNGError(description: "invalid PNG (\(bytes.count) bytes): \(text.isEmpty ? "error \(rc)" : text)")
        }
        defer { cpng_free(rgba) }
        let count = Int(w) * Int(h) * 4
        return RGBAImage(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: rgba, count: count)))
    }

    public static func decode(file path: String) throws -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PNGError(description: "cannot read PNG file \(path)")
        }
        do {
            return try decode([UInt8](data))
        } catch let error as PNGError {
            throw PNGError(description: "\(path): \(error.description)")
        }
    }
}
