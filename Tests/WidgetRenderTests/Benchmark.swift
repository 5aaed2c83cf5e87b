import Foundation
import Testing
import WidgetModel
import WidgetRender

/// Prints draw and encode timings for the reference widget at 3x (meaningful in release builds:
/// `swift test -c release --filter Benchmark`). Writes the PNG to $WIDGETSHOT_BENCH_OUT if set.
@Suite struct Benchmark {
    @Test func referenceWidgetTimings() throws {
        let c0 = DispatchTime.now().uptimeNanoseconds
        let renderer = Renderer(fonts: TestFonts.library)
        let tree = ReferenceWidget.tree(renderer.measurer)
        var bitmap = renderer.draw(tree, pixelWidth: 1014, pixelHeight: 474, scale: 3)
        let cold = Double(DispatchTime.now().uptimeNanoseconds - c0) / 1e6
        print("first renderer: init + measure + draw \(String(format: "%.1f", cold)) ms (font library already loaded)")
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
        var shapesOnly = tree
        shapesOnly.children = tree.children.filter { if case .text = $0.content { return false }; return true }
        let drawShapes = median(15) { bitmap = renderer.draw(shapesOnly, pixelWidth: 1014, pixelHeight: 474, scale: 3) }
        var empty = tree
        empty.children = []; empty.content = .none
        let drawEmpty = median(15) { bitmap = renderer.draw(empty, pixelWidth: 1014, pixelHeight: 474, scale: 3) }
        var noClip = tree
        noClip.clip = nil
        let drawNoClip = median(15) { bitmap = renderer.draw(noClip, pixelWidth: 1014, pixelHeight: 474, scale: 3) }
        var solid = noClip
        solid.content = .shape(ShapeContent(shape: .roundedRect(radius: 22, continuous: true), fill: .color(.white)))
        let drawSolid = median(15) { bitmap = renderer.draw(solid, pixelWidth: 1014, pixelHeight: 474, scale: 3) }
        print("draw without root clip \(String(format: "%.2f", drawNoClip)) ms, and solid background \(String(format: "%.2f", drawSolid)) ms")
        print("draw without text \(String(format: "%.2f", drawShapes)) ms, empty canvas \(String(format: "%.2f", drawEmpty)) ms")
        bitmap = renderer.draw(tree, pixelWidth: 1014, pixelHeight: 474, scale: 3)
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
