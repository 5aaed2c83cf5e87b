import Testing
import WidgetDiff

/// Issue 37, item 5: calibrate finds low-contrast strokes and card edges. A pixel is faint ink when it
/// differs from its region's background (the picture's, or the solid shape it lies in) by more than
/// `faintThreshold`; the global ink threshold (48) missed gradus' card borders (220 on 255), its
/// tracks (233 on 255, 217 on a 237 card) and a dark card on black (18 on 0). At @3x, in pixels.
@Suite struct CalibrationFaintInkTests {
    static let grey: Canvas.Color = (229, 229, 234, 255)   // #E5E5EA, systemGray5
    static let border: Canvas.Color = (220, 220, 221, 255)  // gradus' card border on white
    static let options = Calibration.Options(scale: 3)

    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Calibration.Box {
        Calibration.Box(x: x / 3, y: y / 3, width: w / 3, height: h / 3)
    }

    /// A 1 px light grey card border around a black label: the border is an element (the card's
    /// outline), the label another. Before, only the label.
    @Test func aLightCardBorderIsAnElement() throws {
        var c = Canvas(width: 300, height: 150)
        c.fill(x: 30, y: 30, width: 240, height: 1, Self.border); c.fill(x: 30, y: 119, width: 240, height: 1, Self.border)
        c.fill(x: 30, y: 30, width: 1, height: 90, Self.border); c.fill(x: 269, y: 30, width: 1, height: 90, Self.border)
        c.digits([1, 2, 3], x: 60, y: 60)
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains(Self.box(30, 30, 240, 90)))
        var off = Self.options
        off.faintThreshold = 0
        #expect(try Calibration.elements(in: c.image, options: off).count == 1)
    }

    /// A #E5E5EA track on white, with and without its tinted fill: the element is the whole track
    /// (the faint part takes in the fill that runs along it), and the fill is one of its own.
    @Test func aLightTrackIsAnElementWithItsFill() throws {
        var c = Canvas(width: 300, height: 60)
        c.fill(x: 30, y: 24, width: 240, height: 12, Self.grey)
        #expect(try Calibration.elements(in: c.image, options: Self.options) == [Self.box(30, 24, 240, 12)])
        c.fill(x: 30, y: 24, width: 90, height: 12, (52, 199, 89, 255))
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.sorted { $0.width > $1.width } == [Self.box(30, 24, 240, 12), Self.box(30, 24, 90, 12)], "\(found)")
        // A pace marker across the unfilled part (gradus' UsageBar) cuts the faint track in two:
        // still one track, and the marker an element of its own.
        c.fill(x: 180, y: 24, width: 9, height: 12, (0, 95, 215, 255))
        let marked = try Calibration.elements(in: c.image, options: Self.options)
        #expect(marked.sorted { $0.width > $1.width } == [Self.box(30, 24, 240, 12), Self.box(30, 24, 90, 12), Self.box(180, 24, 9, 12)],
                "\(marked)")
    }

    /// A hairline separator (1 px) between two labels: three elements; the separator does not take
    /// the labels in (they do not run along it).
    @Test func aSeparatorBetweenLabels() throws {
        var c = Canvas(width: 300, height: 120)
        c.digits([4, 5], x: 30, y: 20)
        c.fill(x: 30, y: 60, width: 240, height: 1, (230, 230, 230, 255))
        c.digits([7], x: 30, y: 75)
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains(Self.box(30, 60, 240, 1)))
    }

    /// The antialiased rim of text fades through every faint value: it is the text's edge, never an
    /// element of its own. A light grey label (#8A8A8E) with a wide soft rim stays one element.
    @Test func antialiasingIsNotFaintInk() throws {
        var c = Canvas(width: 300, height: 100)
        c.digits([1, 2, 3, 0], x: 30, y: 30)
        // A second, softer rim round the blocky digits: 25 % and 10 % coverage rings.
        var soft = Canvas(width: 300, height: 100)
        soft.digits([8, 8], x: 30, y: 30, cell: 4)
        for y in 1..<99 {
            for x in 1..<299 where soft[x, y].r == 255 {
                let near = [soft[x - 1, y], soft[x + 1, y], soft[x, y - 1], soft[x, y + 1]].contains { $0.r < 200 }
                if near { soft.blend(x, y, Canvas.ink, coverage: 0.08) }
            }
        }
        #expect(try Calibration.elements(in: c.image, options: Self.options).count == 1)
        #expect(try Calibration.elements(in: soft.image, options: Self.options).count == 1)
    }

    /// A light track inside a light grey card (gradus' dashboard: 217 on 237 on white) is faint
    /// against the card, its region's background: the card is an element, the track another, the
    /// label on the card a third, and nothing is found twice.
    @Test func aTrackOnALightCardIsFoundAgainstTheCard() throws {
        var c = Canvas(width: 360, height: 180)
        c.fill(x: 30, y: 30, width: 300, height: 120, (237, 237, 238, 255))
        c.fill(x: 60, y: 110, width: 240, height: 12, (217, 217, 219, 255))
        c.digits([5, 5], x: 60, y: 50)
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains(Self.box(30, 30, 300, 120)))
        #expect(found.contains(Self.box(60, 110, 240, 12)))
    }

    /// A grouped list (home-assistant's settings, iOS 26): a white card on systemGroupedBackground
    /// (#F2F2F7, 13 from white) holding two rows and a 1 pt separator (232 on white) inset from
    /// both ends. The separator is found against the card, its region's background.
    @Test func aSeparatorOnAWhiteCardOnAGroupedBackground() throws {
        var c = Canvas(width: 360, height: 180, background: (242, 242, 247, 255))
        c.fill(x: 30, y: 30, width: 300, height: 120, Canvas.white)
        c.digits([1, 2], x: 60, y: 45)
        c.fill(x: 60, y: 89, width: 255, height: 3, (232, 232, 232, 255))
        c.digits([3, 4], x: 60, y: 105)
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 4, "\(found)")
        #expect(found.contains(Self.box(30, 30, 300, 120)) && found.contains(Self.box(60, 89, 255, 3)), "\(found)")
    }

    /// Letters on a light card enclose the card's colour (the counter of an "O", of a "0"): that is
    /// the letter's, never an element. gradus' dashboard card titles gave 3 × 4 pt "elements" so.
    @Test func countersOnALightCardAreNotElements() throws {
        var c = Canvas(width: 360, height: 180)
        c.fill(x: 30, y: 30, width: 300, height: 120, (237, 237, 238, 255))
        c.digits([0, 8, 0], x: 60, y: 50, cell: 5)
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 2, "\(found)")
    }

    /// A dark card (#121213) on black, as gradus' dark dashboard draws it, holding a white label:
    /// the card is an element (it differs by 18), the label another.
    @Test func aDarkCardOnBlack() throws {
        var c = Canvas(width: 360, height: 180, background: Canvas.black)
        c.fill(x: 30, y: 30, width: 300, height: 120, (18, 18, 19, 255))
        c.digit(5, x: 60, y: 50, Canvas.white); c.digit(5, x: 80, y: 50, Canvas.white)
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains(Self.box(30, 30, 300, 120)))
    }

    /// The same faint elements in both pictures match; a track 6 pt shorter in the render shows.
    @Test func aShorterTrackShows() throws {
        func bar(_ length: Int) -> Canvas {
            var c = Canvas(width: 300, height: 60)
            c.fill(x: 30, y: 24, width: length, height: 12, Self.grey)
            return c
        }
        let r = try Calibration.compare(reference: bar(240).image, ours: bar(222).image, options: Self.options)
        #expect(r.matches.count == 1 && r.referenceElements == 1)
        #expect(abs(r.matches[0].dWidth + 6) < 1e-9)
    }
}
