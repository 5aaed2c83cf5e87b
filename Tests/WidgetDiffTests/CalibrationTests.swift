import Foundation
import Testing
import WidgetDiff

/// `Calibration`: elements are connected ink, lined up by the best whole-point shift and matched by
/// centre and size; each match reports its offset and size difference in points.
@Suite struct CalibrationTests {
    /// At 2x: a "word" of three 4×6 pt letters 1 pt apart, a second word 12 pt to its right, a
    /// 20×10 pt block below, and an "i" (a dot 1 pt above its stem).
    static func picture(shiftX: Int = 0, shiftY: Int = 0, moveBlockX: Int = 0, widenWord: Int = 0) -> Canvas {
        var c = Canvas(width: 200, height: 100)
        func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            c.fill(x: (x + shiftX) * 2, y: (y + shiftY) * 2, width: w * 2, height: h * 2, Canvas.ink)
        }
        for i in 0..<3 { box(10 + i * 5, 10, 4 + (i == 2 ? widenWord : 0), 6) }
        for i in 0..<2 { box(37 + i * 5, 10, 4, 6) }
        box(10 + moveBlockX, 30, 20, 10)
        box(60, 30, 1, 1)
        box(60, 32, 1, 5)
        return c
    }

    @Test func elementsAreWordsBlocksAndLettersWithTheirDots() throws {
        let found = try Calibration.elements(in: Self.picture().image, options: Calibration.Options(scale: 2))
        #expect(found == [
            Calibration.Box(x: 10, y: 10, width: 14, height: 6),
            Calibration.Box(x: 37, y: 10, width: 9, height: 6),
            Calibration.Box(x: 10, y: 30, width: 20, height: 10),
            Calibration.Box(x: 60, y: 30, width: 1, height: 7),
        ])
        // A smaller gap splits the word into its letters.
        var tight = Calibration.Options(scale: 2)
        tight.horizontalGap = 0.5
        #expect(try Calibration.elements(in: Self.picture().image, options: tight).count == 7)
    }

    @Test func theSamePictureMatchesEverythingExactly() throws {
        let r = try Calibration.compare(reference: Self.picture().image, ours: Self.picture().image, options: Calibration.Options(scale: 2))
        #expect(r.matches.count == 4 && r.matchedRatio == 1)
        #expect(r.p90CentreError == 0 && r.p90WidthError == 0 && r.shiftX == 0 && r.shiftY == 0)
    }

    /// A whole-picture shift is the alignment, not an error of every element.
    @Test func aShiftedPictureIsLinedUpFirst() throws {
        let r = try Calibration.compare(reference: Self.picture().image, ours: Self.picture(shiftX: 3, shiftY: 2).image,
                                        options: Calibration.Options(scale: 2))
        #expect(r.shiftX == -3 && r.shiftY == -2)
        #expect(r.matches.count == 4 && r.p90CentreError == 0)
        var inPlace = Calibration.Options(scale: 2)
        inPlace.align = false
        let raw = try Calibration.compare(reference: Self.picture().image, ours: Self.picture(shiftX: 3, shiftY: 2).image, options: inPlace)
        #expect(abs(raw.medianCentreError - (13.0).squareRoot()) < 1e-9)
    }

    /// One element off by 2 pt and one word 1 pt wider: only those show, in points.
    /// A large block moved by 3 pt draws the most ink's best shift to it; every other element
    /// sits where it was. Unshifted explains more of the picture, so it is kept (with the block
    /// off by 3 pt). Before, the whole render was shifted by the block's 3 pt and the words, the
    /// "i" and its dot all came out 3 pt off (gradus' empty state, whose symbol WidgetShot has no
    /// artwork for, gave a 2 pt shift this way).
    @Test func aBigElementOffDoesNotShiftTheRest() throws {
        var ours = Canvas(width: 400, height: 200)
        var reference = Canvas(width: 400, height: 200)
        for (c, blockX) in [(0, 0), (1, 3)] {
            func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
                if c == 0 { reference.fill(x: x * 2, y: y * 2, width: w * 2, height: h * 2, Canvas.ink) }
                else { ours.fill(x: x * 2, y: y * 2, width: w * 2, height: h * 2, Canvas.ink) }
            }
            box(10, 10, 3, 3); box(20, 10, 3, 3); box(30, 10, 3, 3)
            box(100 + blockX, 20, 60, 60)
        }
        let r = try Calibration.compare(reference: reference.image, ours: ours.image, options: Calibration.Options(scale: 2))
        #expect(r.shiftX == 0 && r.shiftY == 0, "shifted (\(r.shiftX), \(r.shiftY))")
        #expect(r.matches.count == 4)
        #expect(r.medianCentreError == 0, "\(r.matches)")
        #expect(r.matches.contains { abs($0.dx - 3) < 1e-9 && $0.reference.width == 60 })
    }

    @Test func anElementOffShowsItsOffsetAndSize() throws {
        let r = try Calibration.compare(reference: Self.picture().image, ours: Self.picture(moveBlockX: 2, widenWord: 1).image,
                                        options: Calibration.Options(scale: 2))
        #expect(r.shiftX == 0 && r.shiftY == 0)
        let block = try #require(r.matches.first { $0.reference.y == 30 && $0.reference.width == 20 })
        #expect(block.dx == 2 && block.dy == 0 && block.dWidth == 0)
        let word = try #require(r.matches.first { $0.reference.x == 10 && $0.reference.y == 10 })
        #expect(word.dWidth == 1 && word.dx == 0.5 && abs(word.widthError - 1.0 / 14) < 1e-9)
        #expect(r.medianCentreError == 0 || r.medianCentreError == 0.5)
        #expect(r.p90CentreError == 2)
    }

    /// Transparent pixels are never ink, and translucent ones are seen over an opaque background (a
    /// widget's masked corners are not elements).
    @Test func transparencyIsNotInk() throws {
        var c = Self.picture()
        for y in 0..<6 { for x in 0..<6 { c[x, y] = (0, 0, 0, 0) } }
        c[6, 0] = (255, 255, 255, 128)
        #expect(try Calibration.elements(in: c.image, options: Calibration.Options(scale: 2)).count == 4)
        var clear = Canvas(width: 40, height: 40, background: (0, 0, 0, 0))
        clear.fill(x: 10, y: 10, width: 8, height: 8, (255, 255, 255, 255))
        #expect(try Calibration.elements(in: clear.image, options: Calibration.Options(scale: 2)) == [Calibration.Box(x: 5, y: 5, width: 4, height: 4)])
    }

    @Test func badInputIsAnErrorThatSaysWhy() throws {
        #expect { try Calibration.compare(reference: Self.picture().image, ours: Canvas(width: 100, height: 100).image,
                                          options: Calibration.Options(scale: 2)) } throws: {
            "\($0)".contains("200×100 px") && "\($0)".contains("100×100 px")
        }
        // Noise: every other pixel inked is thousands of elements, refused.
        var noise = Canvas(width: 200, height: 200)
        for y in stride(from: 0, to: 200, by: 3) { for x in stride(from: 0, to: 200, by: 3) { noise[x, y] = Canvas.ink } }
        var tight = Calibration.Options(scale: 1)
        tight.horizontalGap = 0; tight.verticalGap = 0; tight.minimumArea = 0
        // Dots 2 px apart in rows are dotted hairlines (`hairlineGap`, one element a row): off here.
        tight.hairlineGap = 0
        #expect { try Calibration.elements(in: noise.image, options: tight) } throws: { "\($0)".contains("more than \(Calibration.maxElements)") }
    }

    @Test func thePageEscapesItsTitleAndShowsTheSummary() throws {
        let r = try Calibration.compare(reference: Self.picture().image, ours: Self.picture(moveBlockX: 2).image,
                                        options: Calibration.Options(scale: 2))
        let page = Calibration.page(r, reference: "reference.png", ours: "render.png", title: "a <script>x</script>",
                                    pointWidth: 100, pointHeight: 50)
        #expect(page.contains("a &lt;script&gt;x&lt;/script&gt;") && !page.contains("<script>x"))
        #expect(page.contains("<b>4</b> of 4 reference elements matched"))
        #expect(page.contains("viewBox=\"0 0 100.00 50.00\""))
    }

    /// Pictures smaller than the largest shift are compared without a trap (an empty overlap is a
    /// score of 0), and a large one in coarser cells, quickly.
    @Test func tinyAndLargePicturesAreAligned() throws {
        var tiny = Canvas(width: 8, height: 6)
        tiny.fill(x: 2, y: 2, width: 3, height: 2, Canvas.ink)
        let r = try Calibration.compare(reference: tiny.image, ours: tiny.image, options: Calibration.Options(scale: 1))
        #expect(r.matches.count == 1 && r.shiftX == 0 && r.shiftY == 0)
        var large = Canvas(width: 1200, height: 600)
        large.fill(x: 100, y: 100, width: 300, height: 80, Canvas.ink)
        large.fill(x: 700, y: 300, width: 200, height: 200, Canvas.ink)
        var moved = Canvas(width: 1200, height: 600)
        moved.fill(x: 110, y: 100, width: 300, height: 80, Canvas.ink)
        moved.fill(x: 710, y: 300, width: 200, height: 200, Canvas.ink)
        let l = try Calibration.compare(reference: large.image, ours: moved.image, options: Calibration.Options(scale: 1))
        // 1200 pt wide: 5 pt cells; the 10 pt shift is found and the elements line up.
        #expect(l.shiftX == -10 && l.shiftY == 0 && l.p90CentreError == 0, "\(l.shiftX) \(l.shiftY) \(l.p90CentreError)")
    }
}
