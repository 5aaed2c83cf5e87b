import Foundation
import Testing
import WidgetModel
import WidgetRender

/// `SymbolFrames`' derived entries are what they say: the stand-in glyph's ink as drawn (at its
/// stand-in scale), plus SF's side bearing each side. Measured here again through Pango and Cairo,
/// so a change of the font, the scale or the table cannot drift apart unnoticed.
@Suite struct SymbolFrameTableTests {
    let renderer = Renderer(fonts: TestFonts.library)

    /// The ink's width in points of `symbol` drawn at 100 pt, 2 px per point.
    func inkWidth(_ symbol: String) throws -> Double {
        let glyph = try #require(IconCatalog.glyph(for: symbol))
        let side = 280
        let icon = IconContent(symbol: symbol, glyph: glyph, size: 100, color: .color(.black), widthRatio: 1)
        let b = renderer.draw(PlacedNode(frame: Rect(x: 20, y: 20, width: 100, height: 100), content: .icon(icon)),
                              pixelWidth: side, pixelHeight: side, scale: 2)
        var minX = side, maxX = -1
        for y in 0..<side { for x in 0..<side where b.pixel(x: x, y: y).a > 127 { minX = min(minX, x); maxX = max(maxX, x) } }
        return maxX < minX ? 0 : Double(maxX - minX + 1) / 2
    }

    @Test("every derived width is the stand-in's drawn ink plus 2 × 0.09 of the size, within 0.01")
    func derivedWidthsMatchTheDrawnInk() throws {
        var off: [String] = []
        for name in IconCatalog.names {
            let entry = SymbolFrames.width(for: name)
            guard entry.source == .inkBox else { continue }
            let expected = try inkWidth(name) / 100 + 2 * SymbolFrames.sideBearing
            if ProcessInfo.processInfo.environment["WIDGETSHOT_PRINT_SYMBOL_FRAMES"] != nil { print("FRAME \"\(name)\": \(String(format: "%.3f", expected)),") }
            if abs(expected - entry.ratio) > 0.01 { off.append("\(name): table \(entry.ratio), drawn \(expected)") }
        }
        #expect(off.isEmpty, "\(off.count) derived widths are off (regenerate the table from the font): \(off.prefix(10))")
    }
}
