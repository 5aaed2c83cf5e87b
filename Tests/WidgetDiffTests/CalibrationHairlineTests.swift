import Testing
import WidgetDiff

/// Issue 34's measurement: a dashed or interrupted hairline is one element. iOS draws Swift Charts'
/// date gridlines dashed (measured on home-assistant's 3x energy snapshots: 0.67 pt wide dashes of
/// 5 px at 244 on 255, 7 px apart) and its value gridlines pass behind the bars; each dash and each
/// sliver between two bars was an element of its own, matched or not as its antialiasing fell.
/// Collinear hairline fragments (`hairlineWidth` across) now join one element across gaps of at
/// most `hairlineGap` where nothing is drawn, and across gaps covered by other elements. At @3x,
/// in pixels.
@Suite struct CalibrationHairlineTests {
    static let options = Calibration.Options(scale: 3)
    static let gridline: Canvas.Color = (244, 244, 244, 255)   // iOS's dashed date gridline on white

    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Calibration.Box {
        Calibration.Box(x: x / 3, y: y / 3, width: w / 3, height: h / 3)
    }

    static func off() -> Calibration.Options {
        var o = options
        o.hairlineGap = 0
        return o
    }

    /// A vertical line dashed as iOS draws it (5 px on, 7 px off, 2 px wide, faint): thirteen
    /// elements before, one now spanning the dashes.
    @Test func aDashedFaintLineIsOneElement() throws {
        var c = Canvas(width: 120, height: 240)
        for k in 0..<13 { c.fill(x: 60, y: 30 + 12 * k, width: 2, height: 5, Self.gridline) }
        #expect(try Calibration.elements(in: c.image, options: Self.off()).count == 13)
        #expect(try Calibration.elements(in: c.image, options: Self.options) == [Self.box(60, 30, 2, 12 * 12 + 5)])
    }

    /// A 1 px dashed line in ink (6 px on, 6 off): each dash is under a square point, a speck, so
    /// the line was no element at all; now it is one.
    @Test func aDashedOnePixelLineIsOneElement() throws {
        var c = Canvas(width: 120, height: 240)
        for k in 0..<10 { c.fill(x: 50, y: 30 + 12 * k, width: 1, height: 6, Canvas.ink) }
        #expect(try Calibration.elements(in: c.image, options: Self.off()).isEmpty)
        #expect(try Calibration.elements(in: c.image, options: Self.options) == [Self.box(50, 30, 1, 12 * 9 + 6)])
        // A faint 1 px dash alone (6 px) is a speck either way, and so is one on its own in ink.
        var lone = Canvas(width: 120, height: 240)
        lone.fill(x: 50, y: 30, width: 1, height: 6, Canvas.ink)
        lone.fill(x: 90, y: 30, width: 1, height: 6, Self.gridline)
        #expect(try Calibration.elements(in: lone.image, options: Self.options).isEmpty)
    }

    /// A faint gridline passing behind three bars: one line and three bars (the line's pieces
    /// between and beside the bars were four elements).
    @Test func aLineBrokenByBarsIsOneLine() throws {
        var c = Canvas(width: 300, height: 120)
        c.fill(x: 30, y: 60, width: 240, height: 1, (232, 232, 232, 255))
        for x in [60, 120, 180] { c.fill(x: x, y: 40, width: 30, height: 50, (0, 122, 255, 255)) }
        let before = try Calibration.elements(in: c.image, options: Self.off())
        #expect(before.count == 7, "\(before)")
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 4, "\(found)")
        #expect(found.contains(Self.box(30, 60, 240, 1)), "\(found)")
        for x in [60.0, 120, 180] { #expect(found.contains(Self.box(x, 40, 30, 50)), "\(found)") }
    }

    /// Two dashed lines 10 pt apart stay two elements; a gap longer than `hairlineGap` where nothing
    /// is drawn splits one line in two.
    @Test func parallelDashedLinesStayApart() throws {
        var c = Canvas(width: 200, height: 300)
        for k in 0..<10 {
            c.fill(x: 60, y: 30 + 12 * k, width: 2, height: 5, Self.gridline)
            c.fill(x: 90, y: 30 + 12 * k, width: 2, height: 5, Self.gridline)
        }
        // The third line: two runs of dashes 6 pt apart.
        for k in 0..<4 { c.fill(x: 150, y: 30 + 12 * k, width: 2, height: 5, Self.gridline) }
        for k in 0..<4 { c.fill(x: 150, y: 30 + 12 * 3 + 5 + 18 + 12 * k, width: 2, height: 5, Self.gridline) }
        let found = try Calibration.elements(in: c.image, options: Self.options)
        #expect(found.count == 4, "\(found)")
        #expect(found.contains(Self.box(60, 30, 2, 113)) && found.contains(Self.box(90, 30, 2, 113)), "\(found)")
        #expect(found.contains(Self.box(150, 30, 2, 41)) && found.contains(Self.box(150, 89, 2, 41)), "\(found)")
    }

    /// A dotted underline (1 pt dots, 2 pt apart) under a label joins one element; the label's
    /// elements are what they were, and none takes the underline in. (`horizontalGap` of 1 pt, so
    /// the dots are not already joined as ink closer than the gap is.)
    @Test func aDottedUnderlineDoesNotSwallowText() throws {
        var c = Canvas(width: 300, height: 100)
        c.digits([1, 7, 4], x: 30, y: 30)
        for k in 0..<12 { c.fill(x: 30 + 9 * k, y: 60, width: 3, height: 3, Canvas.ink) }
        var options = Self.options
        options.horizontalGap = 1
        var old = options
        old.hairlineGap = 0
        let before = try Calibration.elements(in: c.image, options: old)
        let found = try Calibration.elements(in: c.image, options: options)
        let underline = Self.box(30, 60, 9 * 11 + 3, 3)
        #expect(found.contains(underline), "\(found)")
        #expect(found.filter { $0 != underline } == before.filter { $0.y < 20 }, "\(found) vs \(before)")
        #expect(before.count - found.count == 11)
    }

    /// A faint texture of single pixels 3 px apart (10,000 specks, more than
    /// `Calibration.maxHairlinePieces`) is not searched for lines: its specks stay specks, as
    /// before the rule, and the picture is cut as quickly as before.
    @Test func tooManySpecksAreNotJoined() throws {
        var c = Canvas(width: 300, height: 300)
        for y in stride(from: 0, to: 300, by: 3) { for x in stride(from: 0, to: 300, by: 3) { c[x, y] = (236, 236, 236, 255) } }
        c.digits([4, 2], x: 120, y: 120)
        var tight = Calibration.Options(scale: 1)
        tight.horizontalGap = 0; tight.verticalGap = 0
        var old = tight
        old.hairlineGap = 0
        let found = try Calibration.elements(in: c.image, options: tight)
        #expect(found == (try Calibration.elements(in: c.image, options: old)), "\(found.count)")
        #expect(found.count < 10, "\(found.count)")
    }

    /// Matching: a dashed gridline drawn by both pictures is one element each and they match, even
    /// where the render's dashes fall under the speck size (1 px to the reference's 2 px).
    @Test func dashedLinesOfDifferentWidthsMatch() throws {
        var reference = Canvas(width: 120, height: 240), ours = Canvas(width: 120, height: 240)
        for k in 0..<13 {
            reference.fill(x: 60, y: 30 + 12 * k, width: 2, height: 5, Self.gridline)
            ours.fill(x: 60, y: 30 + 12 * k, width: 1, height: 6, (240, 240, 240, 255))
        }
        reference.digits([2], x: 20, y: 20); ours.digits([2], x: 20, y: 20)
        let r = try Calibration.compare(reference: reference.image, ours: ours.image, options: Self.options)
        #expect(r.referenceElements == 2 && r.ourElements == 2 && r.matches.count == 2, "\(r.matches) \(r.unmatchedOurs)")
        let old = try Calibration.compare(reference: reference.image, ours: ours.image, options: Self.off())
        #expect(old.referenceElements == 14 && old.matches.count == 1)
    }
}
