import Foundation
import Testing
import TestSupport
import WidgetRender

/// `widgetshot render --png small`: the same pixels as the default in fewer bytes (a PNG stored or
/// sent by the byte), and a clear error for a preset that does not exist.
@Suite struct RenderPNGPresetCLITests {
    func render(_ extra: [String]) async throws -> (status: Int32, bytes: [UInt8], stderr: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("preset-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try await CLIProcess.run(["render", "reference", "--surface", "systemMedium", "--project", Project.root, "-o", out] + extra)
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: out))).map { [UInt8]($0) } ?? []
        return (r.status, bytes, r.stderr)
    }

    @Test(.childProcess) func smallIsTheSamePixelsInFewerBytes() async throws {
        let fast = try await render([])
        let small = try await render(["--png", "small"])
        #expect(fast.status == 0 && small.status == 0, "\(fast.stderr) \(small.stderr)")
        #expect(small.bytes.count < fast.bytes.count, "small \(small.bytes.count) B, fast \(fast.bytes.count) B")
        let a = try PNGCodec.decode(fast.bytes), b = try PNGCodec.decode(small.bytes)
        #expect(a.width == b.width && a.height == b.height && a.pixels == b.pixels)
        // The default is the fast preset, written out or not.
        #expect(try await render(["--png", "fast"]).bytes == fast.bytes)
    }

    @Test(.childProcess) func anUnknownPresetNamesTheOption() async throws {
        let r = try await render(["--png", "tiny"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--png") && r.stderr.contains("fast") && r.stderr.contains("small"), "\(r.stderr)")
        #expect(r.bytes.isEmpty)
    }
}
