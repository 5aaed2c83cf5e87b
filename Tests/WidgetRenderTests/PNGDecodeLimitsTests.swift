import Foundation
import Testing
import WidgetModel
import WidgetRender

/// verify and diff decode PNG files they did not make: a small file must not make the decoder
/// allocate gigabytes.
@Suite struct PNGDecodeLimitsTests {
    static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/png/regressions").path

    /// Found by the fuzzer: a 2×2 palette PNG whose chunk after an empty tRNS declares ~1.4 GB; libpng
    /// allocated and touched that much before finding the input truncated.
    @Test func aChunkLongerThanTheFileIsRefusedWithoutAllocatingIt() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.findings + "/chunk-length-allocates-1.4GB.png")))
        #expect(bytes.count == 74)
        let before = Self.residentBytes()
        #expect(throws: PNGError.self) { try PNGCodec.decode(bytes) }
        #expect(Self.residentBytes() - before < 100_000_000, "decoding 74 bytes grew the process by over 100 MB")
    }

    @Test func moreThanImagePixelsIsRefusedFromTheHeader() throws {
        var limits = Limits.default
        limits.imagePixels = 99
        let png = try PNGCodec.encode(Bitmap(width: 10, height: 10, stride: 40, pixels: [UInt8](repeating: 255, count: 400)))
        #expect(throws: PNGError.self) { try PNGCodec.decode(png, maxPixels: limits.imagePixels) }
        do { _ = try PNGCodec.decode(png, maxPixels: 99) } catch {
            #expect("\(error)".contains("10×10") && "\(error)".contains("Limits.imagePixels"), "\(error)")
        }
        #expect(try PNGCodec.decode(png, maxPixels: 100).width == 10)
    }

    /// VmRSS from /proc/self/status, in bytes.
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb * 1024
    }
}
