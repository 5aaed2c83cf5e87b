@testable import Charts
import Foundation
import SwiftUI
import Testing
import WidgetModel

/// Swift Charts' automatic value axis and its date strides, as measured on home-assistant's iOS 26
/// energy snapshots (docs/fidelity.md): the smallest step of 1, 2 or 5 × 10ⁿ whose round domain
/// has at most 4 steps (whole steps for `Int` values), labels with the fraction digits of the finest
/// value (zero as 0), and a stride of days counted from the domain's first day.
@Suite("Charts: the automatic value axis and day strides, measured on iOS")
struct ChartValueAxisTests {
    static func domain(_ values: [Double], integral: Bool = false) -> (lo: Double, hi: Double, step: Double?) {
        let scale = ChartScale.make(values: values.map(ChartDatum.number), explicit: nil, integral: integral)
        guard case .numeric(let lo, let hi) = scale.kind else { return (0, 0, nil) }
        return (lo, hi, scale.step)
    }

    @Test("data → domain by step, as iOS drew them: −1.3…1.2 → −2…2 by 1, −6.2…1.3 → −10…5 by 5, −10.5…13 → −20…20 by 10, 0…1.6 → 0…2 by 0.5")
    func steps() {
        #expect(Self.domain([-1.3, 1.2]) == (-2, 2, 1))
        #expect(Self.domain([-6.2, 1.3]) == (-10, 5, 5)) // −8…2 by 2 would be 5 steps
        #expect(Self.domain([-10.5, 13]) == (-20, 20, 10))
        #expect(Self.domain([0, 1.6]) == (0, 2, 0.5))
        // An Int 1 alone (home-assistant's invisible bar of an empty chart): 0…1 by 1, not by 0.5.
        #expect(Self.domain([1], integral: true) == (0, 1, 1))
        #expect(Self.domain([1]) == (0, 1, 0.5)) // a Double 1: by 0.5 (0.2 would be 5 steps)
        // Spans with no step of their own size: a finite domain all the same, never NaN.
        for values in [[1e-320, 2e-320], [-1e308, 1e308]] {
            let d = Self.domain(values, integral: false)
            #expect(d.lo.isFinite && d.hi.isFinite && d.lo <= d.hi && (d.step ?? 0) > 0, "\(values): \(d)")
        }
    }

    @Test("labels carry the finest value's fraction digits, zero as 0")
    func labels() {
        let values = [0, 0.5, 1, 1.5, 2].map(ChartDatum.number)
        let digits = ChartDrawing.fractionDigits(values)
        let drawing = ChartDrawing(marks: [], config: ChartConfig(), size: Size(width: 100, height: 100), environment: EnvironmentValues())
        #expect(digits == 1)
        #expect(values.map { drawing.defaultLabel($0, component: nil, decimals: digits) } == ["0", "0.5", "1.0", "1.5", "2.0"])
        #expect(ChartDrawing.fractionDigits([-10, 0, 10].map(ChartDatum.number)) == 0)
    }

    @Test("a stride of 7 days starts on the domain's first day; 6 hours on midnight's multiples")
    func dayStride() {
        var environment = EnvironmentValues()
        environment.timeZone = TimeZone(identifier: "UTC")!
        let drawing = ChartDrawing(marks: [], config: ChartConfig(), size: Size(width: 100, height: 100), environment: environment)
        let start = Date(timeIntervalSince1970: 1_699_920_000) // 2023-11-14 00:00 UTC, a Tuesday
        let days = drawing.dateTicks(start.timeIntervalSince1970, start.timeIntervalSince1970 + 30 * 86_400, .day, 7, drawing.calendar)
        let dayNumbers = days.compactMap { if case .date(let d) = $0 { drawing.calendar.component(.day, from: d) } else { nil } }
        #expect(dayNumbers == [14, 21, 28, 5, 12], "\(dayNumbers)")
        let hours = drawing.dateTicks(start.timeIntervalSince1970 + 3600, start.timeIntervalSince1970 + 86_400, .hour, 6, drawing.calendar)
        let hourNumbers = hours.compactMap { if case .date(let d) = $0 { drawing.calendar.component(.hour, from: d) } else { nil } }
        #expect(hourNumbers == [6, 12, 18, 0], "\(hourNumbers)")
    }
}
