import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

@Suite struct DrawingTests {
    let renderer = Renderer(fonts: TestFonts.library)
    let red = RGBA(r: 1, g: 0, b: 0)
    let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

    @Test(arguments: [(338.0, 158.0, 1.0), (338, 158, 2), (338, 158, 3), (158, 158, 3)])
    func pngHasTheAskedPixelSize(width: Double, height: Double, scale: Double) throws {
        let pw = Int(width * scale), ph = Int(height * scale)
        let bitmap = renderer.draw(ReferenceWidget.tree(renderer.measurer), pixelWidth: pw, pixelHeight: ph, scale: scale)
        #expect(bitmap.width == pw && bitmap.height == ph)
        let image = try PNGCodec.decode(PNGCodec.encode(bitmap))
        #expect(image.width == pw && image.height == ph)
    }

    @Test func filledRectAtScaleTwo() {
        let root = PlacedNode(frame: Rect(x: 0, y: 0, width: 50, height: 50), children: [
            .shape(.rect, Rect(x: 10, y: 10, width: 20, height: 10), fill: red),
        ])
        let bitmap = renderer.draw(root, pixelWidth: 100, pixelHeight: 100, scale: 2)
        #expect(bitmap.pixel(x: 40, y: 30) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap.pixel(x: 20, y: 20) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap.pixel(x: 19, y: 30) == clear)
        #expect(bitmap.pixel(x: 60, y: 30) == clear)
        #expect(bitmap.pixel(x: 40, y: 40) == clear)
        #expect(bitmap.pixel(x: 90, y: 90) == clear)
    }

    @Test func continuousCornersLeaveTheCornerClear() {
        let node = PlacedNode.shape(.roundedRect(radius: 22, continuous: true), Rect(x: 0, y: 0, width: 100, height: 60), fill: red)
        let bitmap = renderer.draw(node, pixelWidth: 300, pixelHeight: 180, scale: 3)
        for (x, y) in [(0, 0), (299, 0), (0, 179), (299, 179), (8, 8)] { #expect(bitmap.pixel(x: x, y: y) == clear) }
        #expect(bitmap.pixel(x: 150, y: 90).a == 255)
        #expect(bitmap.pixel(x: 150, y: 0).a == 255)
        // The squircle leaves the edge later than a circular arc of the same radius.
        let circular = renderer.draw(.shape(.roundedRect(radius: 22, continuous: false), Rect(x: 0, y: 0, width: 100, height: 60), fill: red),
                                     pixelWidth: 300, pixelHeight: 180, scale: 3)
        #expect(bitmap.pixel(x: 70, y: 0).a < circular.pixel(x: 70, y: 0).a)
    }

    @Test func capsuleCircleAndEllipse() {
        let frame = Rect(x: 0, y: 0, width: 40, height: 20)
        for kind in [ShapeKind.capsule, .ellipse] {
            let b = renderer.draw(.shape(kind, frame, fill: red), pixelWidth: 40, pixelHeight: 20, scale: 1)
            #expect(b.pixel(x: 0, y: 0) == clear)
            #expect(b.pixel(x: 20, y: 10).a == 255)
        }
        let c = renderer.draw(.shape(.circle, frame, fill: red), pixelWidth: 40, pixelHeight: 20, scale: 1)
        #expect(c.pixel(x: 5, y: 10) == clear)     // inscribed in 20×20, centred
        #expect(c.pixel(x: 20, y: 10).a == 255)
    }

    @Test func opacityHalvesAlpha() {
        let node = PlacedNode.shape(.rect, Rect(x: 0, y: 0, width: 10, height: 10), fill: red, opacity: 0.5)
        let b = renderer.draw(node, pixelWidth: 10, pixelHeight: 10, scale: 1)
        #expect(abs(Int(b.pixel(x: 5, y: 5).a) - 128) <= 1)
        #expect(b.pixel(x: 5, y: 5).r == 255)
    }

    @Test func clipShapeCutsChildren() {
        let root = PlacedNode(frame: Rect(x: 0, y: 0, width: 20, height: 20),
                              children: [.shape(.rect, Rect(x: 0, y: 0, width: 20, height: 20), fill: red)], clip: .circle)
        let b = renderer.draw(root, pixelWidth: 20, pixelHeight: 20, scale: 1)
        #expect(b.pixel(x: 0, y: 0) == clear)
        #expect(b.pixel(x: 10, y: 10).a == 255)
    }

    @Test func gradientRunsBetweenItsPoints() {
        let fill = Paint.linearGradient(stops: [GradientStop(color: .black, location: 0), GradientStop(color: .white, location: 1)],
                                        start: .leading, end: .trailing)
        let node = PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: 4), content: .shape(ShapeContent(shape: .rect, fill: fill)))
        let b = renderer.draw(node, pixelWidth: 100, pixelHeight: 4, scale: 1)
        #expect(b.pixel(x: 0, y: 2).r < 10)
        #expect(b.pixel(x: 99, y: 2).r > 245)
        #expect(abs(Int(b.pixel(x: 50, y: 2).r) - 128) < 6)
    }

    @Test func largeGradientFillMatchesItsStops() {
        // Large enough for the table-driven fill (GradientFill.swift); pixman draws small ones.
        let fill = Paint.linearGradient(stops: [GradientStop(color: .black, location: 0), GradientStop(color: .white, location: 1)],
                                        start: .leading, end: .trailing)
        let shape = ShapeContent(shape: .roundedRect(radius: 20, continuous: true), fill: fill)
        let b = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 150, height: 100), content: .shape(shape)),
                              pixelWidth: 300, pixelHeight: 200, scale: 2)
        #expect(b.pixel(x: 1, y: 100).r < 3)
        #expect(b.pixel(x: 298, y: 100).r > 252)
        #expect(abs(Int(b.pixel(x: 150, y: 100).r) - 128) <= 2)
        #expect(b.pixel(x: 0, y: 0).a == 0)
        // Diagonal on a wide frame: the isoline through the centre joins the other two corners.
        let diagonal = Paint.linearGradient(stops: [GradientStop(color: .black, location: 0), GradientStop(color: .white, location: 1)],
                                            start: .topLeading, end: .bottomTrailing)
        let d = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 300, height: 100), content: .shape(ShapeContent(shape: .rect, fill: diagonal))),
                              pixelWidth: 300, pixelHeight: 100, scale: 1)
        #expect(abs(Int(d.pixel(x: 1, y: 98).r) - Int(d.pixel(x: 298, y: 1).r)) <= 3)
        #expect(abs(Int(d.pixel(x: 150, y: 50).r) - 128) <= 3)
    }

    @Test func strokeAndPath() {
        let shape = ShapeContent(shape: .path(points: [UnitPoint(x: 0, y: 0.5), UnitPoint(x: 1, y: 0.5)], closed: false, curved: false),
                                 stroke: Stroke(paint: .color(red), width: 4))
        let b = renderer.draw(PlacedNode(frame: Rect(x: 5, y: 0, width: 30, height: 20), content: .shape(shape)),
                              pixelWidth: 40, pixelHeight: 20, scale: 1)
        #expect(b.pixel(x: 20, y: 10).a == 255)
        #expect(b.pixel(x: 20, y: 2) == clear)
        let curved = ShapeContent(shape: .path(points: [.topLeading, .center, .bottomTrailing, .bottomLeading], closed: true, curved: true),
                                  fill: .color(red))
        let c = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 40, height: 40), content: .shape(curved)),
                              pixelWidth: 40, pixelHeight: 40, scale: 1)
        #expect(c.pixels.contains { $0 != 0 })
    }

    @Test func iconDrawsInsideItsFrameOnly() {
        let frame = Rect(x: 20, y: 20, width: 26, height: 26)
        let icon = IconContent(symbol: "bicycle", glyph: "\u{E52F}", size: 26, color: .color(.black))
        let b = renderer.draw(PlacedNode(frame: frame, content: .icon(icon)), pixelWidth: 66, pixelHeight: 66, scale: 1)
        var inside = 0, outside = 0
        for y in 0..<66 { for x in 0..<66 where b.pixel(x: x, y: y).a > 0 {
            if x >= 18 && x < 48 && y >= 18 && y < 48 { inside += 1 } else { outside += 1 }
        } }
        #expect(inside > 60)
        #expect(outside == 0)
    }

    @Test func textDrawsInkNearItsFrame() {
        let font = FontSpec(size: 17, weight: .semibold, lineHeight: 22)
        let content = TextContent(string: "Seoul Kitchen", font: font, color: .color(.black))
        let m = renderer.measure(content, font: font, width: nil, maxLines: 1)
        let frame = Rect(x: 10, y: 10, width: m.size.width, height: m.size.height)
        let node = PlacedNode(frame: frame, content: .text(PlacedText(content: content, font: font, wrapWidth: nil, maxLines: 1,
                                                                      lineCount: 1, truncated: false)))
        let b = renderer.draw(node, pixelWidth: 200, pixelHeight: 60, scale: 2)
        var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 0..<60 { for x in 0..<200 where b.pixel(x: x, y: y).a > 0 {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        #expect(minX >= 18 && minX <= 24)
        #expect(Double(maxX) <= (frame.maxX + 1) * 2)
        #expect(minY >= 20 && Double(maxY) <= frame.maxY * 2)
    }

    @Test func redactedTextDrawsTranslucentBars() {
        let font = FontSpec(size: 17, lineHeight: 22)
        let content = TextContent(string: "Seoul Kitchen", font: font, color: .color(.black), redacted: true)
        let m = renderer.measure(content, font: font, width: nil, maxLines: nil)
        let node = PlacedNode(frame: Rect(x: 0, y: 0, width: m.size.width, height: m.size.height),
                              content: .text(PlacedText(content: content, font: font, wrapWidth: nil, maxLines: nil, lineCount: 1, truncated: false)))
        let b = renderer.draw(node, pixelWidth: 200, pixelHeight: 30, scale: 1)
        let mid = b.pixel(x: Int(m.size.width / 2), y: 11)
        #expect(abs(Int(mid.a) - 64) <= 1)
        #expect(b.pixel(x: Int(m.size.width / 2), y: 1).a == 0)   // 60 % of the line height, centred
    }

    @Test("linear, ring and gauge progress draw the tint up to the fraction and the track after it") func progressStyles() {
        let linear = ProgressContent(fraction: 0.5, style: .linear, tint: .color(red), track: RGBA(r: 0, g: 0, b: 1))
        let b = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: 4), content: .progress(linear)),
                              pixelWidth: 100, pixelHeight: 4, scale: 1)
        #expect(b.pixel(x: 25, y: 2) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(b.pixel(x: 75, y: 2) == RGBA8(r: 0, g: 0, b: 255, a: 255))

        let ring = ProgressContent(fraction: 0.25, style: .ring, tint: .color(red), track: RGBA(r: 0, g: 0, b: 1), thickness: 6)
        let r = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 60, height: 60), content: .progress(ring)),
                              pixelWidth: 60, pixelHeight: 60, scale: 1)
        #expect(r.pixel(x: 57, y: 20).r == 255)  // first quarter, right of 12 o'clock
        #expect(r.pixel(x: 3, y: 30).b == 255)   // 9 o'clock: track
        #expect(r.pixel(x: 30, y: 30) == clear)

        let gauge = ProgressContent(fraction: 0.5, style: .gauge, tint: .color(red), track: RGBA(r: 0, g: 0, b: 1), thickness: 6)
        let g = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 60, height: 60), content: .progress(gauge)),
                              pixelWidth: 60, pixelHeight: 60, scale: 1)
        #expect(g.pixel(x: 30, y: 57) == clear)   // the gap at the bottom
        #expect(g.pixel(x: 5, y: 30).r == 255)    // left side is filled at 50 %
        #expect(g.pixel(x: 55, y: 30).b == 255)   // right side still track
    }

    /// iOS spans a gradient tint over the filled part of a linear bar, so its end colour shows at
    /// the fill's end whatever the fraction (it used to span the whole track: a half-full bar showed
    /// only its first half).
    @Test func aGradientTintSpansTheFilledPart() {
        let blue = RGBA(r: 0, g: 0, b: 1)
        let gradient = Paint.linearGradient(stops: [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 1)],
                                            start: .leading, end: .trailing)
        let linear = ProgressContent(fraction: 0.5, style: .linear, tint: gradient, track: RGBA(r: 0, g: 1, b: 0))
        let b = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 100, height: 4), content: .progress(linear)),
                              pixelWidth: 100, pixelHeight: 4, scale: 1)
        let start = b.pixel(x: 2, y: 2), end = b.pixel(x: 47, y: 2)
        #expect(start.r > 230 && start.b < 25)
        #expect(end.b > 230 && end.r < 25, "the fill's end is the gradient's last stop, got \(end)")
        #expect(b.pixel(x: 75, y: 2) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    @Test func dividerAndImage() throws {
        let divider = PlacedNode(frame: Rect(x: 0, y: 5, width: 20, height: 1), content: .divider(color: red, axis: .horizontal))
        let d = renderer.draw(divider, pixelWidth: 20, pixelHeight: 10, scale: 1)
        #expect(d.pixel(x: 10, y: 5) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(d.pixel(x: 10, y: 4) == clear)

        // A 2×1 PNG (red, blue) drawn with fill into a square: the middle shows the image.
        var source = Bitmap(width: 2, height: 1, stride: 8, pixels: [UInt8](repeating: 0, count: 8))
        var i = 0
        source.apply { c in c = i == 0 ? RGBA8(r: 255, g: 0, b: 0, a: 255) : RGBA8(r: 0, g: 0, b: 255, a: 255); i += 1 }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-\(UUID().uuidString).png").path
        try Data(PNGCodec.encode(source)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for mode in [ContentMode.fit, .fill] {
            let image = ImageContent(path: path, naturalSize: Size(width: 2, height: 1), resizable: true, contentMode: mode)
            let b = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 40, height: 40), content: .image(image)),
                                  pixelWidth: 40, pixelHeight: 40, scale: 1)
            // Smooth (GOOD) upscaling blends the two source pixels a little near their edge.
            #expect(b.pixel(x: 2, y: 20).r > 200 && b.pixel(x: 2, y: 20).b < 60)
            #expect(b.pixel(x: 37, y: 20).b > 200 && b.pixel(x: 37, y: 20).r < 60)
            #expect((b.pixel(x: 20, y: 2).a == 0) == (mode == .fit))
        }
    }
}
