import Foundation
import Testing
import WidgetModel
import WidgetRender

/// Prints draw and encode timings for the reference widget at 3x (meaningful in release builds:
/// `swift test -c release --filter Benchmark`). Writes the PNG to $WIDGETSHOT_BENCH_OUT if set.
@Suite struct Benchmark {
    @Test func referenceWidgetTimings() throws {
        let renderer = Renderer(fonts: TestFonts.library)
        let tree = ReferenceWidget.tree(renderer.measurer)
        var bitmap = renderer.draw(tree, pixelWidth: 1014, pixelHeight: 474, scale: 3)
        func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<runs {
                let t0 = DispatchTime.now().uptimeNanoseconds
                try body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            return times.sorted()[runs / 2]
        }
        let draw = median(15) { bitmap = renderer.draw(tree, pixelWidth: 1014, pixelHeight: 474, scale: 3) }
        var png: [UInt8] = []
        let fast = try median(15) { png = try PNGCodec.encode(bitmap) }
        var small: [UInt8] = []
        let slow = try median(3) { small = try PNGCodec.encode(bitmap, preset: .small) }
        print("reference 1014×474: draw \(String(format: "%.2f", draw)) ms, encode fast \(String(format: "%.2f", fast)) ms \(png.count) B, small \(String(format: "%.1f", slow)) ms \(small.count) B")
        if let out = ProcessInfo.processInfo.environment["WIDGETSHOT_BENCH_OUT"] {
            try Data(png).write(to: URL(fileURLWithPath: out))
        }
        #expect(png.count > 0)
    }
}
