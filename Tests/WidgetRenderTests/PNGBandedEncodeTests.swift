import Foundation
import Testing
import WidgetModel
import WidgetRender

/// The fast encode of large images in bands on several threads (cpng.c `cpng_encode_argb32_bands`):
/// same pixels as the single-thread encode, a valid zlib stream in valid chunks, bytes that depend
/// on the band count and never on the threads, and small images' bytes unchanged.
@Suite struct PNGBandedEncodeTests {
    typealias Content = PNGEncoderContentTests

    /// The chunks of a PNG: type and data; each chunk's CRC-32 checked.
    static func chunks(_ png: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        func be32(_ at: Int) -> UInt32 { png[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var result: [(String, ArraySlice<UInt8>)] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(be32(at))
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in png[(at + 4)..<(at + 8 + length)] { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            #expect(crc ^ 0xFFFF_FFFF == be32(at + 8 + length), "CRC of chunk at \(at)")
            result.append((String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self), png[(at + 8)..<(at + 8 + length)]))
            at += 12 + length
        }
        #expect(at == png.count)
        return result
    }

    /// Checks `png` against `bitmap`: same size and pixels after decoding, and the zlib trailer is
    /// the Adler-32 of the unfiltered scanlines (filter byte 0 + the decoded RGBA row each).
    static func expectSamePixels(_ png: [UInt8], _ bitmap: Bitmap, _ label: String) throws {
        let image = try PNGCodec.decode(png)
        #expect(image.width == bitmap.width && image.height == bitmap.height, "\(label)")
        var mismatches = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where image.pixel(x: x, y: y) != bitmap.pixel(x: x, y: y) { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(label)")
        var a: UInt32 = 1, b: UInt32 = 0
        let rowBytes = image.width * 4
        for y in 0..<image.height {
            b = (b + a) % 65521   // the filter byte (0) of the row
            for byte in image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)] {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
        }
        let idat = chunks(png).filter { $0.type == "IDAT" }.flatMap { Array($0.data) }
        #expect(idat.count > 6 && idat[0] == 0x78 && idat[1] == 0x01, "\(label): zlib header")
        let trailer = idat.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(trailer == b << 16 | a, "\(label): Adler-32")
    }

    // Wide (rows over deflate's 32 KiB window) and tall images of every content kind.
    @Test(arguments: [(0, 9000, 7), (1, 12000, 9), (2, 300, 301), (3, 1014, 120), (2, 8200, 6), (3, 64, 1000)])
    func bandedDecodesToTheSamePixels(kind: Int, width: Int, height: Int) throws {
        let bitmap = Content.bitmap(kind: kind, width: width, height: height, seed: UInt64(kind * 7 + height))
        for bands in [1, 2, 3, 7, height, height + 5] {
            for threads in [1, 2, 3] {
                let png = try PNGCodec.encodeBanded(bitmap, bands: bands, threads: threads)
                try Self.expectSamePixels(png, bitmap, "kind \(kind) \(width)×\(height) bands \(bands) threads \(threads)")
            }
        }
    }

    @Test func oneIDATPerBandThenTheAdler() throws {
        let bitmap = Content.bitmap(kind: 3, width: 200, height: 50, seed: 3)
        for bands in [1, 4, 50, 80] {
            let types = Self.chunks(try PNGCodec.encodeBanded(bitmap, bands: bands)).map(\.type)
            #expect(types == ["IHDR"] + Array(repeating: "IDAT", count: min(bands, 50) + 1) + ["IEND"])
        }
    }

    @Test func bytesDependOnTheBandsNotTheThreads() throws {
        let bitmap = Content.bitmap(kind: 2, width: 700, height: 90, seed: 9)
        let one = try PNGCodec.encodeBanded(bitmap, bands: 6, threads: 1)
        for threads in [0, 2, 4, 16] { #expect(try PNGCodec.encodeBanded(bitmap, bands: 6, threads: threads) == one) }
        #expect(try PNGCodec.encodeBanded(bitmap, bands: 5, threads: 2) != one)
    }

    /// The automatic bands (about 2 MiB of rows each) and the fast preset above the threshold.
    @Test func largeImagesTakeTheBandedPath() throws {
        let width = 2000, height = PNGCodec.bandedMinimumPixels / 2000 + 1
        let bitmap = Content.bitmap(kind: 3, width: width, height: height, seed: 12)
        let fast = try PNGCodec.encode(bitmap, preset: .fast)
        #expect(fast == (try PNGCodec.encodeBanded(bitmap)))
        #expect(Self.chunks(fast).filter { $0.type == "IDAT" }.count > 2)
        try Self.expectSamePixels(fast, bitmap, "fast \(width)×\(height)")
    }

    /// Widget-sized pictures (two or more `widgetBandBytes` of scanlines) are banded too, by their
    /// size alone: the same bytes on one thread as on the pool, the same pixels as the input, and
    /// many encodes at once through the one pool each get their own picture's bytes.
    @Test func widgetSizedPicturesAreBandedBySizeAlone() async throws {
        #expect(PNGCodec.fastBands(width: 1014, height: 474) == 4)
        #expect(PNGCodec.fastBands(width: 507, height: 507) == 2)
        #expect(PNGCodec.fastBands(width: 300, height: 300) == 1)
        #expect(PNGCodec.fastBands(width: 2000, height: 2000) == 0)
        let bitmaps = (0..<4).map { Content.bitmap(kind: $0, width: 1014, height: 474, seed: UInt64(40 + $0)) }
        var expected: [[UInt8]] = []
        for (k, bitmap) in bitmaps.enumerated() {
            let fast = try PNGCodec.encode(bitmap, preset: .fast)
            #expect(fast == (try PNGCodec.encodeBanded(bitmap, bands: 4, threads: 1)), "kind \(k)")
            #expect(Self.chunks(fast).filter { $0.type == "IDAT" }.count == 5, "kind \(k): 4 bands and the Adler-32")
            try Self.expectSamePixels(fast, bitmap, "widget kind \(k)")
            expected.append(fast)
        }
        let results = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for round in 0..<24 {
                group.addTask { (round % 4, try PNGCodec.encode(bitmaps[round % 4], preset: .fast)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 24)
        for (k, png) in results { #expect(png == expected[k], "kind \(k) encoded concurrently") }
    }

    /// Below the widget bands the fast preset writes exactly the bytes of the single-thread
    /// encoder (FNV-1a of the bytes, recorded from it when pixeldeflate got its hash; before:
    /// 2021, 27002, 5389, 15123 B).
    @Test(arguments: [
        (0, 37, 23, 2114, 0xBB7F_B0D6_3691_C037 as UInt64), (0, 300, 40, 29013, 0xFD04_FD52_6002_2724),
        (3, 9000, 6, 5732, 0x66E8_C14B_AB2D_4EE6), (1, 12000, 5, 2976, 0x01AA_7DD1_6E4A_AD29),
    ])
    func smallImagesKeepTheirBytes(kind: Int, width: Int, height: Int, count: Int, fnv: UInt64) throws {
        let bitmap = Content.bitmap(kind: kind, width: width, height: height, seed: UInt64(kind * 1000 + width))
        let png = try PNGCodec.encode(bitmap, preset: .fast)
        var hash: UInt64 = 1_469_598_103_934_665_603
        for byte in png { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        #expect(Self.chunks(png).filter { $0.type == "IDAT" }.count == 1)
        #expect(png.count == count && hash == fnv, "\(png.count) B, FNV \(String(hash, radix: 16))")
    }
}
