import Testing
import WidgetDiff

/// Issue 37, item 5: a whole-point shift that lines some elements up by moving others off trades
/// errors; calibrate then reports every element where it is, with its own offset.
@Suite struct CalibrationShiftTradeTests {
    /// Three 3 × 3 pt marks at @2x, 20 pt apart: the reference's at x 10, 30, 50; ours at `xs`.
    static func marks(_ xs: [Int]) -> Canvas {
        var c = Canvas(width: 160, height: 60)
        for x in xs { c.fill(x: x * 2, y: 20, width: 6, height: 6, Canvas.ink) }
        return c
    }

    @Test func aShiftThatTradesErrorsIsNotTaken() throws {
        // Ours at 11, 31, 48: unshifted 1, 1, 2 pt off. The most ink overlaps 1 pt to the left,
        // which would say 0, 0, 3: a smaller median, a worse worst. Kept unshifted.
        let r = try Calibration.compare(reference: Self.marks([10, 30, 50]).image, ours: Self.marks([11, 31, 48]).image,
                                        options: Calibration.Options(scale: 2))
        #expect(r.shiftX == 0 && r.shiftY == 0, "shifted (\(r.shiftX), \(r.shiftY))")
        #expect(r.matches.map(\.dx) == [1, 1, -2])
    }

    @Test func aShiftThatHelpsEveryElementIsTaken() throws {
        // Ours at 12, 32, 52 (the picture cropped 2 pt off): the shift is the alignment.
        let r = try Calibration.compare(reference: Self.marks([10, 30, 50]).image, ours: Self.marks([12, 32, 52]).image,
                                        options: Calibration.Options(scale: 2))
        #expect(r.shiftX == -2 && r.shiftY == 0)
        #expect(r.matches.map(\.dx) == [0, 0, 0])
    }
}
