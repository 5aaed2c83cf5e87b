import CPNG
import Foundation
import WidgetModel

public struct PNGError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// PNG bytes for a Bitmap, and RGBA pixels for PNG bytes (libpng decodes; see cpng.c).
public enum PNGCodec {
    public enum Preset: Sendable {
        /// For every render: unfiltered rows through our pixel-run deflate (pixeldeflate.c).
        case fast
        /// For committed golden files: unfiltered rows through pixeldeflate's small effort (more
        /// distances, hash chains, lazy matching). As small as libdeflate level 9 on widgets
        /// (2 % smaller over the 419 golden files, 1.2 % larger on the reference) in a ninth of
        /// the time; adaptive filters never won on a golden file, so they are no longer tried.
        case small
    }

    // Measured on the reference widget (Layouts/reference.yaml, systemMedium 1014×474 px) as this renderer draws
    // it; C harness, gcc -O2, one core, median of 11 runs, the encode includes unpremultiplying.
    // `adaptive` = libpng's per-row choice among all five filters (libdeflate rows: minimum sum of
    // absolute differences, our implementation). Takumi's own PNG of the widget is 38,221 B.
    //
    // | engine       | level | filter   | strategy   | ms     | bytes   |
    // |--------------|-------|----------|------------|--------|---------|
    // | libpng+zlib  | 1     | none     | default    | 4.6    | 69,453  |
    // | libpng+zlib  | 2     | none     | default    | 4.7    | 67,491  |
    // | libpng+zlib  | 3     | none     | default    | 4.9    | 65,307  |
    // | libpng+zlib  | 1     | none     | Z_RLE      | 20.0   | 753,245 |
    // | libpng+zlib  | 1     | sub      | default    | 5.8    | 87,999  |
    // | libpng+zlib  | 1     | sub      | Z_RLE      | 5.6    | 82,225  |
    // | libpng+zlib  | 1     | up       | default    | 6.5    | 88,365  |
    // | libpng+zlib  | 1     | up       | Z_RLE      | 6.2    | 84,387  |
    // | libpng+zlib  | 1     | paeth    | default    | 8.2    | 85,406  |
    // | libpng+zlib  | 1     | paeth    | Z_RLE      | 7.8    | 65,703  |
    // | libpng+zlib  | 1     | adaptive | default    | 15.6   | 84,246  |
    // | libpng+zlib  | 1     | adaptive | Z_FILTERED | 15.5   | 84,246  |
    // | libpng+zlib  | 1     | adaptive | Z_RLE      | 15.1   | 65,586  |
    // | libpng+zlib  | 3     | adaptive | default    | 16.0   | 79,711  |
    // | libpng+zlib  | 4     | none     | default    | 11.2   | 63,128  |
    // | libpng+zlib  | 5     | none     | default    | 11.8   | 61,258  |
    // | libpng+zlib  | 6     | none     | default    | 15.5   | 51,817  |
    // | libpng+zlib  | 6     | none     | Z_FILTERED | 15.5   | 53,025  |
    // | libpng+zlib  | 6     | adaptive | default    | 26.5   | 63,629  |
    // | libpng+zlib  | 9     | none     | default    | 36.6   | 45,076  |
    // | libpng+zlib  | 9     | adaptive | default    | 121.2  | 56,494  |
    // | libdeflate   | 1     | none     | —          | 3.3    | 66,235  |
    // | libdeflate   | 1     | sub      | —          | 7.5    | 72,124  |
    // | libdeflate   | 1     | up       | —          | 7.3    | 72,543  |
    // | libdeflate   | 1     | paeth    | —          | 10.5   | 70,064  |
    // | libdeflate   | 1     | adaptive | —          | 21.1   | 68,838  |
    // | libdeflate   | 4     | none     | —          | 6.9    | 60,889  |
    // | libdeflate   | 6     | none     | —          | 8.2    | 55,494  |
    // | libdeflate   | 9     | none     | —          | 28.1   | 45,046  |  ← small (adaptive also tried)
    // | libdeflate   | 9     | adaptive | —          | 65.8   | 59,970  |
    // | libdeflate   | 12    | none     | —          | 407.6  | 43,701  |
    // | pixeldeflate | —     | none     | —          | 1.9    | 51,339  |  (before the hash)
    // | pixeldeflate | —     | sub      | —          | 3.3    | 65,545  |
    // | pixeldeflate | —     | paeth    | —          | 6.3    | 64,176  |
    //
    // pixeldeflate with a hash of 4-byte strings (a C harness over the same pixels, medians
    // of 6 × 31 interleaved runs, one core, 2026-11-27; today's rows measured in the same run):
    //
    // | engine                    | bands | ms    | bytes  |
    // |---------------------------|-------|-------|--------|
    // | pixeldeflate (before)     | 1     | 1.36  | 51,144 |
    // | pixeldeflate (before)     | 4     | 1.31  | 50,806 |
    // | pixeldeflate fast         | 1     | 1.27  | 47,059 |
    // | pixeldeflate fast         | 4     | 1.28  | 47,122 |  ← fast (1.23 × Takumi)
    // | pixeldeflate small        | 1     | 5.1   | 45,144 |  ← small
    // | libdeflate 9 none|adaptive| 1     | 45.3  | 44,597 |  (small before)
    // | libdeflate 8 none         | 1     | 9.7   | 45,014 |
    // | libdeflate 9 none         | 1     | 13.2  | 44,597 |
    // | libdeflate 12 none        | 1     | 253   | 43,582 |
    //
    // The fast effort adds to the fixed distances (left pixel, row above shifted by up to ±3
    // pixels) the newest earlier occurrence of the same 4 bytes (a hash: repeated glyphs and edge
    // colors along a row), ties to the nearest distance (a run costs ~5 bits a token, the row
    // above ~14), Huffman blocks cut where the statistics change, and it takes hash matches only
    // when longer than ~24 bits of literals (few-color accessories). The small effort adds two
    // rows up, 256 hash-chain links and lazy matching. Over the 419 golden files: fast 8.30 →
    // 6.45 MB, small 6.26 → 6.14 MB in 5.5 s → 0.85 s.
    // Widgets are flat color, gradients and antialiased edges: unfiltered rows repeat whole runs
    // of pixels, and a diagonal gradient row repeats the row above shifted by a pixel or two.
    // Filters turn those runs into small noisy differences that compress worse and slower, and
    // a general match finder (zlib, libdeflate at low levels) spends its time hashing instead of
    // looking at the few distances that matter. pixeldeflate looks only there (left pixel, row
    // above, row above shifted by up to 4 pixels) and is the only setting within both targets
    // (≤ 2.5 ms, ≤ 57 KB = 1.5 × Takumi); on Takumi's own pixels it gives 43,075 B in 1.8 ms.

    /// From this many pixels on, the fast preset encodes the image in bands on every core
    /// (`encodeBanded`); below it the single-thread path writes the same bytes as always (widget
    /// pictures, all below it at 3x, are encoded in parallel across pictures already).
    /// Measured on crops of a real 3x filmstrip (C harness, -O2, 2 cores idle, medians of 15):
    ///
    /// | pixels            | single  | banded, 2 threads |
    /// |-------------------|---------|-------------------|
    /// | 1014×474  0.5 Mpx | 1.4 ms  | 2.1 ms            |
    /// | 1014×1000 1.0 Mpx | 2.4 ms  | 3.4 ms            |
    /// | 2000×1000 2.0 Mpx | 4.8 ms  | 4.3 ms            |
    /// | 2000×2000 4.0 Mpx | 10.3 ms | 7.3 ms            |
    /// | 4000×2000 8.0 Mpx | 18.1 ms | 10.3 ms           |
    /// | 11910×2508 30 Mpx | ~51 ms  | ~27–30 ms         |
    ///
    /// Even at 2 Mpx, a clear gain from 4 Mpx.
    public static let bandedMinimumPixels = 4_000_000

    /// Below `bandedMinimumPixels`, a picture of at least two of these in scanline bytes is
    /// encoded in bands of at least this size, the calling thread and the band pool's threads
    /// (cpng.c) working on them at once. Measured on the reference systemMedium at 3x (1.9 MB of
    /// scanlines), 2 cores, `widgetshot bench` medians: one stream 1.32 ms, 51,144 B; 2 bands of
    /// 768 KiB 0.92 ms, 51,172 B; 4 bands of 384 KiB 0.72–0.77 ms, 50,806 B (two threads share
    /// four bands more evenly than two, and each band's Huffman tables fit its own rows). The
    /// number of bands depends on the size alone, so the bytes do not depend on the machine.
    public static let widgetBandBytes = 384 * 1024

    /// The number of bands the fast preset cuts a picture of this size into (1: not banded).
    public static func fastBands(width: Int, height: Int) -> Int {
        if width * height >= bandedMinimumPixels { return 0 }
        return max(1, (width * 4 + 1) * height / widgetBandBytes)
    }

    public static func encode(_ bitmap: Bitmap, preset: Preset = .fast) throws -> [UInt8] {
        switch preset {
        case .fast:
            let bands = fastBands(width: bitmap.width, height: bitmap.height)
            if bands != 1 { return try encodeBanded(bitmap, bands: bands) }
            return try encode(bitmap, engine: Int32(CPNG_ENGINE_PIXEL), level: 1, filter: Int32(CPNG_FILTER_NONE))
        case .small:
            return try encode(bitmap, engine: Int32(CPNG_ENGINE_PIXEL_SMALL), level: 1, filter: Int32(CPNG_FILTER_NONE))
        }
    }

    /// A bitmap's sizes as libpng's `Int32`s; a bitmap too large for them is an error, not a trap.
    static func int32Sizes(_ bitmap: Bitmap) throws -> (Int32, Int32, Int32) {
        guard let w = CheckedNumber.int32(bitmap.width), let h = CheckedNumber.int32(bitmap.height),
              let s = CheckedNumber.int32(bitmap.stride) else {
            throw PNGError(description: "PNG encode failed: \(bitmap.width)×\(bitmap.height) pixels is too large for a PNG")
        }
        return (w, h, s)
    }

    static func encode(_ bitmap: Bitmap, engine: Int32, level: Int32, filter: Int32) throws -> [UInt8] {
        precondition(bitmap.pixels.count >= bitmap.stride * bitmap.height, "bitmap pixel buffer too small")
        let (width, height, stride) = try int32Sizes(bitmap)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = bitmap.pixels.withUnsafeBufferPointer { px in
            cpng_encode_argb32_ex(px.baseAddress, width, height, stride, engine, level, filter, -1, &out, &length)
        }
        guard rc == 0, let out else {
            throw PNGError(description: "PNG encode failed (\(rc)): \(String(cString: cpng_last_error()))")
        }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// The fast preset's PNG of a large image, compressed in bands on several threads (cpng.c
    /// `cpng_encode_argb32_bands`): one zlib stream, one IDAT per band. `bands` 0 = bands of
    /// about 2 MiB of rows; `threads` 0 = one per core. The bytes depend on the size and `bands`
    /// only; they decode to the same pixels as the single-thread fast encode.
    public static func encodeBanded(_ bitmap: Bitmap, bands: Int = 0, threads: Int = 0) throws -> [UInt8] {
        precondition(bitmap.pixels.count >= bitmap.stride * bitmap.height, "bitmap pixel buffer too small")
        let (width, height, stride) = try int32Sizes(bitmap)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = bitmap.pixels.withUnsafeBufferPointer { px in
            cpng_encode_argb32_bands(px.baseAddress, width, height, stride,
                                     CheckedNumber.int32(clamping: bands), CheckedNumber.int32(clamping: threads), &out, &length)
        }
        guard rc == 0, let out else {
            throw PNGError(description: "PNG encode failed (\(rc)): \(String(cString: cpng_last_error()))")
        }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Decodes a PNG into straight RGBA. An image of more than `maxPixels` pixels is refused from
    /// its header, before anything that size is allocated.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = Limits.default.imagePixels) throws -> RGBAImage {
        var rgba: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { b in
            message.withUnsafeMutableBufferPointer { m in
                cpng_decode_rgba(b.baseAddress, b.count, &rgba, &w, &h, m.baseAddress, m.count, max(0, maxPixels))
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

    /// A PNG file read under `Limits.pngFileBytes` (checked before it is read).
    public static func decode(file path: String, limits: Limits = .default) throws -> RGBAImage {
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: limits.pngFileBytes) } catch {
            throw PNGError(description: "PNG file \(path): \(error)\(error.isTooLarge ? " (Limits.pngFileBytes)" : "")")
        }
        do {
            return try decode(data)
        } catch let error as PNGError {
            throw PNGError(description: "\(path): \(error.description)")
        }
    }
}
