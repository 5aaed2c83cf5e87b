import Testing
import WidgetDiff

/// Issue 37, item 5: an icon drawn on its circle (or a knob on a track, a label on a dark card) is
/// an element of its own, told from the shape by colour. It was one element with the shape, so an
/// icon 20 % too small went unseen.
@Suite struct CalibrationColourSplitTests {
    static let green: Canvas.Color = (52, 199, 89, 255)

    /// At @2x: a 20 × 20 pt green tile at (10, 10) holding an icon `iconSide` pt wide, in white (a
    /// hole in the tile's ink) or in a darker tint.
    static func tile(iconSide: Int, icon: Canvas.Color = Canvas.white) -> Canvas {
        var c = Canvas(width: 100, height: 80)
        c.fill(x: 20, y: 20, width: 40, height: 40, green)
        let inset = (20 - iconSide)  // in pixels, each side: the icon centred
        c.fill(x: 20 + inset, y: 20 + 10, width: iconSide * 2, height: 20, icon)
        return c
    }

    @Test func theIconOnItsTileIsAnElement() throws {
        let found = try Calibration.elements(in: Self.tile(iconSide: 10).image, options: Calibration.Options(scale: 2))
        #expect(found == [Calibration.Box(x: 10, y: 10, width: 20, height: 20), Calibration.Box(x: 15, y: 15, width: 10, height: 10)])
        // A tinted icon (ink on ink) too.
        let tinted = try Calibration.elements(in: Self.tile(iconSide: 10, icon: (0, 80, 30, 255)).image,
                                              options: Calibration.Options(scale: 2))
        #expect(tinted.count == 2)
        var off = Calibration.Options(scale: 2)
        off.splitByColour = false
        #expect(try Calibration.elements(in: Self.tile(iconSide: 10).image, options: off).count == 1)
    }

    @Test func anIconTwentyPercentSmallerShows() throws {
        let r = try Calibration.compare(reference: Self.tile(iconSide: 10).image, ours: Self.tile(iconSide: 8).image,
                                        options: Calibration.Options(scale: 2))
        #expect(r.matches.count == 2)
        let icon = try #require(r.matches.first { $0.reference.width == 10 })
        #expect(abs(icon.widthError + 0.2) < 1e-9)
        #expect(r.p90WidthError == 0.2)
    }

    @Test func lettersAndOutlinesAreNotSplit() throws {
        // A word of solid letters 1 pt apart: the gaps reach the word's edges, nothing inside.
        var word = Canvas(width: 100, height: 40)
        for i in 0..<3 { word.fill(x: 20 + i * 10, y: 20, width: 8, height: 12, Canvas.ink) }
        #expect(try Calibration.elements(in: word.image, options: Calibration.Options(scale: 2)).count == 1)
        // A ring (an outline symbol): its dominant colour fills too little of its box to be a tile.
        var ring = Canvas(width: 100, height: 80)
        ring.fill(x: 20, y: 20, width: 40, height: 4, Canvas.ink); ring.fill(x: 20, y: 56, width: 40, height: 4, Canvas.ink)
        ring.fill(x: 20, y: 20, width: 4, height: 40, Canvas.ink); ring.fill(x: 56, y: 20, width: 4, height: 40, Canvas.ink)
        #expect(try Calibration.elements(in: ring.image, options: Calibration.Options(scale: 2)).count == 1)
    }
}
