import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// A sheet drawn in bands on every core (fill and tiles per band, overlay on the calling thread)
/// has the same bytes as the sheet drawn in one piece.
@Suite struct SheetBandTests {
    let renderer = Renderer(fonts: TestFonts.library)

    func sheet(background: RGBA?, exactTiles: Bool, oddScale: Bool, banded: Bool) -> Bitmap {
        let widget = renderer.draw(ReferenceWidget.tree(renderer.measurer), pixelWidth: 1014, pixelHeight: 474, scale: 3)
        // Tiles at rows that are not band boundaries, one across the sheet's bottom edge, scaled ones.
        let tiles = [
            SheetTile(bitmap: widget, x: 30, y: 37),
            SheetTile(bitmap: widget, x: 1100, y: 50, scale: 0.5),
            SheetTile(bitmap: widget, x: 1100, y: 333, scale: oddScale ? 0.73 : 0.25),
            SheetTile(bitmap: widget, x: 5, y: 540),
            SheetTile(bitmap: widget, x: 1300, y: 800),
        ]
        let overlay: [PlacedNode] = [
            PlacedNode(frame: Rect(x: 10, y: 3, width: 338, height: 158), children: [ReferenceWidget.tree(renderer.measurer)]),
            .shape(.roundedRect(radius: 10, continuous: true), Rect(x: 2, y: 150, width: 300, height: 90), fill: RGBA(r: 0.2, g: 0.6, b: 1, a: 0.6)),
        ]
        return renderer.drawSheet(pixelWidth: 2200, pixelHeight: 1150, scale: 3, background: background,
                                  overlay: overlay, tiles: tiles, exactTiles: exactTiles, banded: banded)
    }

    /// Tiles at scales 1, 0.5 and 0.25 are drawn band by band; a tile at 0.73 sends all tiles
    /// through one piece (fixed-point sampling depends on the band offset there).
    @Test(arguments: [(RGBA(hex: 0x2C2C2E) as RGBA?, false, false), (RGBA(hex: 0x2C2C2E), true, false),
                      (RGBA(r: 1, g: 1, b: 1, a: 0.5), false, false), (nil, true, false),
                      (RGBA(hex: 0x2C2C2E), false, true), (nil, true, true)])
    func bandedSheetHasTheSameBytes(background: RGBA?, exactTiles: Bool, oddScale: Bool) {
        let whole = sheet(background: background, exactTiles: exactTiles, oddScale: oddScale, banded: false)
        let banded = sheet(background: background, exactTiles: exactTiles, oddScale: oddScale, banded: true)
        #expect(whole.width == banded.width && whole.height == banded.height && whole.stride == banded.stride)
        var differing = 0
        for i in 0..<min(whole.pixels.count, banded.pixels.count) where whole.pixels[i] != banded.pixels[i] { differing += 1 }
        var rows = Set<Int>(), cols = Set<Int>()
        for i in 0..<min(whole.pixels.count, banded.pixels.count) where whole.pixels[i] != banded.pixels[i] { rows.insert(i / whole.stride); cols.insert((i % whole.stride) / 4) }
        #expect(differing == 0, "rows \(rows.sorted().prefix(40)) cols \(cols.min() ?? -1)...\(cols.max() ?? -1)")
        // Not a blank sheet: the tile's pixels are there.
        #expect(banded.pixel(x: 30 + 500, y: 37 + 200) != banded.pixel(x: 2199, y: 10))
    }
}
