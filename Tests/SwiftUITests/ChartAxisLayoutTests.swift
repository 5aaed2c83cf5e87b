import Charts
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetShot
import WidgetShotSwiftUI

/// Swift Charts' default plot layout around its axes, as measured on iOS 26 snapshots of
/// home-assistant's energy chart (docs/fidelity.md, "home-assistant compiled from its Swift"): the
/// plot starts at the chart's top (the top y label reaches above it), the x labels' line and the
/// widest y label take their room at their own font's size plus 4.5 pt, a date axis's gridlines
/// are dashed 2/2 pt, a date label sits 4.5 pt after its gridline and is left out where it would
/// pass the plot's trailing edge, a bar of a calendar unit takes 0.7 of it, and an automatic value
/// axis is rounded to about 3 steps of 1, 2, 2.5 or 5. One chart, 300 × 120 pt at 1 px per point.
@Suite("Charts: the plot's place beside its axes, measured on iOS")
struct ChartAxisLayoutTests {
    static let midnight = Date(timeIntervalSince1970: 1_699_920_000) // 2023-11-14 00:00 UTC

    /// Two hourly bars (3:00, 1.2; 15:00, −1.3) in pure blue, black gridlines and 9 pt black labels.
    static func picture() throws -> (RenderResult, (Int, Int) -> [UInt8]) {
        let bars: [(Int, Double)] = [(3, 1.2), (15, -1.3)]
        let chart = Chart {
            ForEach(bars, id: \.0) { bar in
                BarMark(x: .value("Time", midnight.addingTimeInterval(Double(bar.0) * 3600), unit: .hour),
                        y: .value("kWh", bar.1))
                    .foregroundStyle(Color(red: 0, green: 0, blue: 1))
            }
        }
        .chartXScale(domain: midnight...midnight.addingTimeInterval(86_400))
        .chartXAxis {
            AxisMarks(values: .stride(by: .hour, count: 6)) { _ in
                AxisGridLine().foregroundStyle(.black)
                AxisValueLabel(format: .dateTime.hour(.twoDigits(amPM: .omitted))).font(.system(size: 9)).foregroundStyle(.black)
            }
        }
        .chartYAxis {
            AxisMarks(position: .trailing) { _ in
                AxisGridLine().foregroundStyle(.black)
                AxisValueLabel().font(.system(size: 9)).foregroundStyle(.black)
            }
        }
        // 6 pt above the chart: room for the top y label, which reaches above the plot.
        let picture = try CanvasPicture(chart.padding(.top, 6), width: 300, height: 126)
        try Data(picture.result.png).write(to: URL(fileURLWithPath: lookAtFile("charts/chart-axis-layout.png")))
        return (picture.result, picture.at)
    }

    static func isInk(_ p: [UInt8]) -> Bool { Int(p[0]) + Int(p[1]) + Int(p[2]) < 600 && p[2] < 250 }
    /// How much of a pixel the pure-blue bar covers (white background: red falls from 255 to 0).
    /// How much of a pixel the pure-blue bar covers (on the canvas's grey `background`, whose red falls to 0).
    static func blueCoverage(_ p: [UInt8], background: UInt8) -> Double {
        p[2] > 200 && p[1] < 250 ? Double(Int(background) - Int(p[0])) / Double(background) : 0
    }

    // The numbers: 9 pt labels, a line of 9 × 1.193 = 10.74 pt; the chart 120 pt tall from y 6, its
    // plot 120 − (10.74 + 4.5) = 104.76 pt tall from the chart's top (y 6 … 110.76); "-2" estimated (0.593 + 0.567) × 9 + 0.25 = 10.7 pt wide, the plot
    // 300 − (10.7 + 4.5) = 284.8 pt wide; an hour 11.87 pt; data −1.3…1.2 → −2…2 by 1, 26.19 pt a step.

    @Test("the plot spans the chart's top to its x labels' line, the value axis −2…2 by 1")
    func plotFrame() throws {
        let (result, at) = try Self.picture()
        let gridRows = (0..<126).filter { Self.isInk(at(150, $0)) }
        // Five horizontal gridlines (2, 1, 0, −1, −2), the first on the chart's top row (y 6).
        var lines: [Int] = []
        for y in gridRows where lines.last.map({ y > $0 + 1 }) ?? true { lines.append(y) }
        // (A 0.5 pt line at y 6.0 inks rows 5 and 6.)
        #expect(lines.count == 5 && (5...6).contains(lines[0]) && Array(lines.dropFirst()) == [32, 58, 84, 110], "\(gridRows)")
        // The 1.2 bar reaches y 6 + (2 − 1.2) / 4 × 104.76 = 26.95.
        let background = at(150, 40)[0]
        let top = (0..<120).first { Self.blueCoverage(at(41, $0), background: background) > 0.5 }
        #expect(top == 27, "\(String(describing: top))")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("a date axis's gridlines are dashed 2 pt on, 2 pt off; an hour's bar is 0.7 of it")
    func dashesAndBarWidth() throws {
        let (_, at) = try Self.picture()
        // 06:00 at 284.7 / 4 = 71.2: dashes from the plot's top (y 6) on rows 6–7, 10–11 …, gaps on
        // 8–9, 12–13 … (away from the horizontal gridlines at 32 and 58).
        let on = [38, 39, 42, 43, 46, 47, 50, 51], off = [40, 41, 44, 45, 48, 49, 52, 53]
        #expect(on.allSatisfy { Self.isInk(at(71, $0)) }, "\(on.map { at(71, $0) })")
        #expect(off.allSatisfy { !Self.isInk(at(71, $0)) }, "\(off.map { at(71, $0) })")
        // The 3:00 bar: 0.7 × 11.86 = 8.30 pt wide (0.8 would be 9.49), centred at 41.5.
        let background = at(150, 40)[0]
        let width = (25..<60).reduce(0.0) { $0 + Self.blueCoverage(at($1, 40), background: background) }
        #expect(abs(width - 8.30) < 0.3, "\(width)")
    }

    @Test("date labels start 4.5 pt after their gridline, 4.5 pt under the plot; the domain's last midnight has none")
    func dateLabels() throws {
        let (_, at) = try Self.picture()
        func ink(_ xs: Range<Int>, _ ys: Range<Int>) -> Int { xs.reduce(0) { n, x in n + ys.filter { Self.isInk(at(x, $0)) }.count } }
        // "06" after the gridline at 71.2: its box from 75.7, nothing between; its line from 115.3.
        #expect(ink(72..<75, 112..<126) == 0 && ink(75..<90, 112..<126) > 10, "\(ink(72..<75, 112..<126)) \(ink(75..<90, 112..<126))")
        #expect(ink(75..<90, 111..<115) == 0, "\(ink(75..<90, 111..<115))")
        // 24:00 sits on the plot's trailing edge (284.7): iOS draws its gridline, not its label
        // (under the "-2" y label, which ends near y 114).
        #expect(ink(286..<300, 118..<126) == 0, "\(ink(286..<300, 118..<126))")
        #expect(ink(284..<286, 36..<56) > 0)
    }
}
