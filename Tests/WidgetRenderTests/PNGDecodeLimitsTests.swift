import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender

/// verify and diff decode PNG files they did not make: a small file must not make the decoder
/// allocate gigabytes.
@Suite struct PNGDecodeLimitsTests {
    static let findings = Project.root + "/Fuzz/png/regressions"

    /// Found by the fuzzer: a 2×2 palette PNG whose chunk after an empty tRNS declares ~1.4 GB; libpng
    /// allocated and touched that much before finding the input truncated.
    @Test(arguments: ["chunk-length-allocates-1.4GB.png", "chunk-length-allocates-1.7GB.png"])
    func aChunkLongerThanTheFileIsRefusedWithoutAllocatingIt(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.findings + "/" + name)))
        #expect(bytes.count < 4096)
        // The peak, not the current size: glibc gives a freed 1.4 GB buffer back at once.
        let before = Self.peakResidentBytes()
        #expect(throws: PNGError.self) { try PNGCodec.decode(bytes) }
        #expect(Self.peakResidentBytes() - before < 500_000_000, "decoding \(bytes.count) bytes raised the peak RSS by over 500 MB")
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

    /// VmHWM (the peak resident size) from /proc/self/status, in bytes.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb * 1024
    }
}
