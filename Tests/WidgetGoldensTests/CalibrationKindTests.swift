import Testing
import WidgetDiff
@testable import WidgetGoldens

/// Issue 37, item 5: calibrate tells an element by its content, the drawn leaf whose frame is most
/// like the element's box. A dark card holding text is one element of ink (the text joins the card);
/// it was called "text", since it covers the whole text frame as much as the whole card.
@Suite struct CalibrationKindTests {
    typealias Box = Calibration.Box
    let card = (frame: Box(x: 0, y: 0, width: 100, height: 60), kind: "shape")
    let title = (frame: Box(x: 10, y: 20, width: 50, height: 20), kind: "text")

    @Test func aDarkCardHoldingTextIsAShape() {
        #expect(CalibrationRun.kind(of: Box(x: 0, y: 0, width: 100, height: 60), among: [card, title]) == "shape")
        // Its edge a pixel short at @3x: still the card.
        #expect(CalibrationRun.kind(of: Box(x: 0.33, y: 0.33, width: 99.33, height: 59.33), among: [card, title]) == "shape")
    }

    @Test func theTextsInkOnTheCardIsText() {
        // When the text is an element of its own (a light card: only the text is ink).
        #expect(CalibrationRun.kind(of: Box(x: 11, y: 23, width: 48, height: 14), among: [card, title]) == "text")
        // gradus' ListRow label over the 390 × 44 row's background.
        let row = (frame: Box(x: 0, y: 0, width: 390, height: 44), kind: "shape")
        let label = (frame: Box(x: 32, y: 12, width: 62, height: 20), kind: "text")
        #expect(CalibrationRun.kind(of: Box(x: 33, y: 15.67, width: 61.33, height: 16), among: [row, label]) == "text")
    }

    @Test func anIconOnItsCircleIsTheSymbolWhenApart() {
        let circle = (frame: Box(x: 0, y: 0, width: 40, height: 40), kind: "shape")
        let icon = (frame: Box(x: 10, y: 10, width: 20, height: 20), kind: "symbol")
        #expect(CalibrationRun.kind(of: Box(x: 12, y: 11, width: 16, height: 18), among: [circle, icon]) == "symbol")
        #expect(CalibrationRun.kind(of: Box(x: 0, y: 0, width: 40, height: 40), among: [circle, icon]) == "shape")
        #expect(CalibrationRun.kind(of: Box(x: 200, y: 0, width: 4, height: 4), among: [circle, icon]) == nil)
    }
}
