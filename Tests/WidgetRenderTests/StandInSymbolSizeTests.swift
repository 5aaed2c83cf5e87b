import Foundation
import Testing
import WidgetModel
import WidgetRender

/// The bundled stand-in is drawn as large as an SF Symbol of the same point size: a circle symbol's
/// ink is its point size (iOS 26: `info.circle` at 17 pt is 17.0 pt of ink), where Material's glyph
/// at that size fills only its 20/24 live area. A glyph that would leave its frame stays inside it.
@Suite struct StandInSymbolSizeTests {
    let renderer = Renderer(fonts: TestFonts.library)

    /// The ink's width and height in pixels of `symbol` drawn at `size` pt, 1 px per point.
    func ink(_ symbol: String, size: Double, family: String = IconCatalog.family) throws -> (width: Int, height: Int) {
        let glyph = try #require(IconCatalog.glyph(for: symbol))
        let side = Int(size) + 40
        let icon = IconContent(symbol: symbol, glyph: glyph, family: family, size: size, color: .color(.black))
        let b = renderer.draw(PlacedNode(frame: Rect(x: 20, y: 20, width: size, height: size), content: .icon(icon)),
                              pixelWidth: side, pixelHeight: side, scale: 1)
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<side { for x in 0..<side where b.pixel(x: x, y: y).a > 127 { xs.append(x); ys.append(y) } }
        return ((xs.max() ?? 0) - (xs.min() ?? 0) + 1, (ys.max() ?? 0) - (ys.min() ?? 0) + 1)
    }

    @Test func aCircleSymbolsInkIsItsPointSize() throws {
        // Material's circle is 20 of 24 units: 83 px at 100 pt unscaled, 100 px at 24/20.
        let circle = try ink("info.circle", size: 100)
        #expect(abs(circle.width - 100) <= 2 && abs(circle.height - 100) <= 2, "\(circle)")
        let gear = try ink("gearshape", size: 100)
        #expect(gear.width > 90 && gear.width <= 102, "\(gear)")
    }

    @Test func aWideGlyphIsDrawnOnlyAsLargeAsItsFrame() throws {
        let bike = try ink("bicycle", size: 100)
        #expect(bike.width <= 101 && bike.width >= 95, "\(bike)")
    }
}
