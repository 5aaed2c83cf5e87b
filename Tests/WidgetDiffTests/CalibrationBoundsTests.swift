import Foundation
import Testing
import WidgetDiff

/// Calibration on pictures made to hurt it: a blank reference is no pass, and stripes that make
/// millions of runs of ink cost a bounded, linear amount of work.
@Suite struct CalibrationBoundsTests {
    @Test("a blank reference is a failure, not 0 of 0 matched = 100 %")
    func aBlankReferenceFails() throws {
        let blank = Canvas(width: 100, height: 60).image
        var ours = Canvas(width: 100, height: 60)
        ours.fill(x: 10, y: 10, width: 20, height: 10, Canvas.ink)
        #expect { try Calibration.compare(reference: blank, ours: ours.image, options: Calibration.Options(scale: 2)) } throws: {
            "\($0)".contains("the reference has no elements")
        }
    }

    @Test("vertical stripes at --gap 0 are grouped in one linear sweep (one element per stripe)")
    func stripesAreLinear() throws {
        // 1,000 one-pixel stripes 2 px apart over 400 rows: 400,000 runs, each overlapping the one
        // above. Testing every pair of runs of two rows was 10⁶ tests a row.
        var c = Canvas(width: 2000, height: 400)
        for x in stride(from: 0, to: 2000, by: 2) { c.fill(x: x, y: 0, width: 1, height: 400, Canvas.ink) }
        var options = Calibration.Options(scale: 1)
        options.horizontalGap = 0
        options.verticalGap = 0
        options.minimumArea = 0
        let found = try Calibration.elements(in: c.image, options: options)
        #expect(found.count == 1000)
        #expect(found.allSatisfy { $0.width == 1 && $0.height == 400 })
    }

    @Test("a picture with more runs of ink than Calibration.maxRuns is refused by name")
    func tooManyRunsAreRefused() throws {
        // A checkerboard: one run per pixel pair, more than a million of them.
        var c = Canvas(width: 2048, height: 1100)
        for y in 0..<1100 { for x in stride(from: y % 2, to: 2048, by: 2) { c.fill(x: x, y: y, width: 1, height: 1, Canvas.ink) } }
        var options = Calibration.Options(scale: 1)
        options.horizontalGap = 0
        options.verticalGap = 0
        #expect { try Calibration.elements(in: c.image, options: options) } throws: { "\($0)".contains("Calibration.maxRuns") }
    }
}
