import Foundation
import Testing
import WidgetModel
import WidgetRender

/// Drawing effects in pixels: a rotated rectangle's corners where trigonometry puts them, a
/// template image's pixels in the tint with their own alpha.
@Suite struct EffectsDrawingTests {
    let renderer = Renderer(fonts: TestFonts.library)
    let red = RGBA(r: 1, g: 0, b: 0)

    /// A 60×20 bar at (20, 40) in a 100×100 canvas, turned 90° about its center (50, 50):
    /// it covers x 40…60, y 20…80 instead.
    @Test func rotatedRectangleCoversWhereTrigonometrySays() {
        let frame = Rect(x: 20, y: 40, width: 60, height: 20)
        var bar = PlacedNode.shape(.rect, frame, fill: red)
        bar.transform = .rotation(degrees: 90, about: Point(x: 50, y: 50))
        let root = PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: 100), children: [bar])
        let b = renderer.draw(root, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(b.pixel(x: 50, y: 22).a == 255)   // inside the turned bar, outside the original
        #expect(b.pixel(x: 50, y: 78).a == 255)
        #expect(b.pixel(x: 41, y: 50).a == 255)
        #expect(b.pixel(x: 25, y: 50).a == 0)     // inside the original, outside the turned bar
        #expect(b.pixel(x: 75, y: 50).a == 0)
        #expect(b.pixel(x: 38, y: 50).a == 0)
    }

    /// 30° about the center of a 40×40 square at (30, 30): its corner (30, 30) lands at
    /// (50 + (-20cos30 + 20sin30), 50 + (-20sin30 - 20cos30)) = (42.68, 22.68).
    @Test func rotatedCornerLandsOnItsTrigonometricPlace() {
        var square = PlacedNode.shape(.rect, Rect(x: 30, y: 30, width: 40, height: 40), fill: red)
        square.transform = .rotation(degrees: 30, about: Point(x: 50, y: 50))
        let b = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: 100), children: [square]),
                              pixelWidth: 100, pixelHeight: 100, scale: 1)
        let r = 30.0 * .pi / 180
        let cx = 50 - 20 * cos(r) + 20 * sin(r), cy = 50 - 20 * sin(r) - 20 * cos(r)
        // Just inside the corner (towards the center) is red, just outside is clear.
        let inX = Int((cx + (50 - cx) * 0.1).rounded(.down)), inY = Int((cy + (50 - cy) * 0.1).rounded(.down))
        #expect(b.pixel(x: inX, y: inY).a > 200)
        #expect(b.pixel(x: Int(cx) , y: Int(cy) - 3).a == 0)
        // The unrotated corner region is now clear.
        #expect(b.pixel(x: 31, y: 31).a == 0)
    }

    @Test func scaledToNothingDrawsNothing() {
        var square = PlacedNode.shape(.rect, Rect(x: 0, y: 0, width: 10, height: 10), fill: red)
        square.transform = .scale(x: 0, y: 1, about: Point(x: 5, y: 5))
        let b = renderer.draw(square, pixelWidth: 10, pixelHeight: 10, scale: 1)
        #expect((0..<10).allSatisfy { b.pixel(x: $0, y: 5).a == 0 })
    }

    /// A 4×4 PNG: opaque blue on the left half, half-transparent green on the right; drawn as a
    /// template in orange, every pixel is orange with the source pixel's alpha.
    @Test func templateImageTakesTheTintAndKeepsAlpha() throws {
        var pixels: [UInt8] = []
        for _ in 0..<4 { pixels += [0, 0, 255, 255, 0, 0, 255, 255, 0, 255, 0, 128, 0, 255, 0, 128] }
        let png = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: 4, height: 4, pixels: pixels)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-template-\(UUID().uuidString).png").path
        try Data(png).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let orange = RGBA(hex: 0xFF9500)
        func draw(_ tint: Paint?) -> Bitmap {
            let image = ImageContent(path: path, naturalSize: Size(width: 4, height: 4), resizable: true, tint: tint)
            return renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 40, height: 40), content: .image(image)),
                                 pixelWidth: 40, pixelHeight: 40, scale: 1)
        }
        let tinted = draw(.color(orange))
        let left = tinted.pixel(x: 5, y: 20), right = tinted.pixel(x: 35, y: 20)
        #expect(left == RGBA8(r: 255, g: 149, b: 0, a: 255))
        #expect(right.a >= 126 && right.a <= 130)
        // Premultiplied 255·128/255 ≈ 128 red, read back unpremultiplied as ≈255.
        #expect(right.r >= 250 && right.g >= 145 && right.g <= 153 && right.b <= 2)
        let original = draw(nil)
        #expect(original.pixel(x: 5, y: 20) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    }
}
