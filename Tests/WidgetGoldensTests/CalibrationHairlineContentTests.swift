import Foundation
import Testing
import TestSupport
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
@testable import WidgetGoldens

/// Issue 34's measurement on a picture WidgetShot draws (at @3x): a dashed 0.5 pt gridline (as
/// Swift Charts draws a date axis's, 2 on 2 off) is one element, and a light gridline passing
/// behind three bars is one line and three bars, as a designer counts them.
@Suite struct CalibrationHairlineContentTests {
    static let chart = """
              hstack:
                - { path: [[0.5, 0], [0.5, 1]], stroke: "#DDDDDD", lineWidth: 0.5, dash: [2, 2], frame: { width: 10, height: 120 } }
                - zstack:
                    - { rect: null, fill: "#E5E5EA", frame: { width: 200, height: 0.5 } }
                    - hstack:
                        - { rect: null, fill: "#007AFF", frame: { width: 20, height: 60 } }
                        - { rect: null, fill: "#007AFF", frame: { width: 20, height: 60 } }
                        - { rect: null, fill: "#007AFF", frame: { width: 20, height: 60 } }
                      spacing: 40
              spacing: 30
        """

    @Test func aDashedGridlineAndALineBehindBarsAreOneElementEach() throws {
        let support = CalibrationContentTests()
        let p = try support.picture(Self.chart)
        let image = DiffImage(p.image)
        var old = Calibration.Options(scale: 3)
        old.hairlineGap = 0
        let before = try Calibration.elements(in: image, options: old)
        let found = try Calibration.elements(in: image, options: Calibration.Options(scale: 3))
        #expect(found.count == 5, "\(found)")
        // Before: the line behind the bars was four pieces. (Our 2-on-2 dashes at 0.5 pt antialias
        // into one another within `verticalGap`, so the dashed line was one element already here;
        // iOS's lie 7 px apart at 3x, thirteen elements: CalibrationHairlineTests.)
        #expect(before.count == 8, "\(before)")
        #expect(before.filter { $0.height <= 1 && $0.width < 40 }.count == 4, "\(before)")
        // The dashed line: one element from its first dash to its last, 120 pt long, under 1 pt wide.
        let dashed = found.filter { $0.height > 100 && $0.width <= 1 }
        #expect(dashed.count == 1 && abs((dashed.first?.height ?? 0) - 120) <= 2.5, "\(found)")
        // The gridline: one element 200 pt long, the bars 20 x 60 each.
        #expect(found.filter { abs($0.width - 200) <= 0.67 && $0.height <= 1 }.count == 1, "\(found)")
        #expect(found.filter { abs($0.width - 20) <= 0.34 && abs($0.height - 60) <= 0.34 }.count == 3, "\(found)")
        // Measured against itself: all five matched in place.
        var options = Calibration.Options(scale: 3)
        options.align = false
        let r = try CalibrationRun.run(reference: p.image, request: p.request, scaleGiven: true, renderer: support.renderer, options: options).report
        #expect(r.referenceElements == 5 && r.matches.count == 5 && r.p90CentreError == 0, "\(r.referenceElements) \(r.ourElements) \(r.matches) \(r.unmatchedReference)")
    }
}
