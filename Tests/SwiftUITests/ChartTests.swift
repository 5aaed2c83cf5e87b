import Charts
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetShot
import WidgetShotSwiftUI

struct Sale: Identifiable {
    let day: String
    let amount: Double
    let kind: String
    var id: String { day + kind }
}

/// Swift Charts' common marks drawn by the engine: bars in proportion to their values, a line
/// through its points, axes drawn or hidden, categories in order of appearance, stacking and the
/// series palette. Every chart is alone on a 200 × 120 pt canvas at 1 px per point.
@Suite("Charts: marks laid out by the data's domain in the chart's own frame")
struct ChartTests {
    static func render<V: SwiftUI.View>(_ view: V, _ name: String) throws -> (RenderResult, (Int, Int) -> [UInt8]) {
        let picture = try CanvasPicture(view, width: 200, height: 120)
        // To look at: .build/test-output/charts/ in the checkout (kept, overwritten each run).
        try Data(picture.result.png).write(to: URL(fileURLWithPath: lookAtFile("charts/chart-\(name).png")))
        return (picture.result, picture.at)
    }

    static func isBlue(_ p: [UInt8]) -> Bool { p[2] > 200 && p[0] < 80 && p[1] < 160 }
    static func isGreen(_ p: [UInt8]) -> Bool { p[1] > 150 && p[0] < 120 && p[2] < 140 }
    /// Grey ink on the white background: text and gridlines (a bar's antialiased edge is bluish, not grey).
    static func isInk(_ p: [UInt8]) -> Bool {
        let (r, g, b) = (Int(p[0]), Int(p[1]), Int(p[2]))
        return abs(r - g) < 30 && abs(g - b) < 30 && r + g + b < 600
    }
    /// Green, also where a 1 pt line on a half-pixel edge is antialiased to a paler green.
    static func isGreenish(_ p: [UInt8]) -> Bool { Int(p[1]) > Int(p[0]) + 40 && Int(p[1]) > Int(p[2]) + 20 }

    /// Blue pixels up from the bottom row of column `x`, until the first that is not.
    static func barHeight(_ at: (Int, Int) -> [UInt8], x: Int, bottom: Int) -> Int {
        var y = bottom
        while y >= 0, isBlue(at(x, y)) { y -= 1 }
        return bottom - y
    }

    static let threeBars = [("A", 1.0), ("B", 2.0), ("C", 4.0)]

    @Test("three bars: heights in proportion to the values, from zero, in equal bands")
    func barHeights() throws {
        let chart = Chart {
            ForEach(Self.threeBars, id: \.0) { item in
                BarMark(x: .value("Name", item.0), y: .value("Value", item.1))
            }
        }
        .chartXAxis(.hidden).chartYAxis(.hidden)
        let (result, at) = try Self.render(chart, "bars")
        // Domain 0…4 (zero included, rounded to steps of 1) over 120 px: 30, 60, 120 px.
        let heights = [33, 100, 166].map { Self.barHeight(at, x: $0, bottom: 119) }
        #expect(abs(heights[0] - 30) <= 1 && abs(heights[1] - 60) <= 1 && abs(heights[2] - 120) <= 1, "\(heights)")
        // Bands of 66.7 px, bars 0.6 of a band (40 px) centred: a gap between the bands.
        #expect(!Self.isBlue(at(5, 118)) && !Self.isBlue(at(66, 118)) && Self.isBlue(at(20, 118)) && Self.isBlue(at(46, 118)))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("a line passes through its points; a numeric domain set by chartYScale")
    func linePasses() throws {
        let points: [(Double, Double)] = [(0, 0), (5, 10), (10, 0)]
        let chart = Chart {
            ForEach(points, id: \.0) { p in
                LineMark(x: .value("x", p.0), y: .value("y", p.1))
            }
        }
        .chartYScale(domain: 0...20)
        .chartXAxis(.hidden).chartYAxis(.hidden)
        let (_, at) = try Self.render(chart, "line")
        // x 0…10 over 200 px, y 0…20 over 120 px: (5, 10) is at (100, 60).
        for (x, y) in [(100, 60), (50, 90), (150, 90), (20, 108)] {
            #expect(Self.isBlue(at(x, y)), "(\(x), \(y)): \(at(x, y))")
        }
        for (x, y) in [(100, 100), (100, 30), (50, 60)] {
            #expect(!Self.isBlue(at(x, y)), "(\(x), \(y)): \(at(x, y))")
        }
    }

    @Test("a smooth line (catmullRom) bends through the same points")
    func smoothLine() throws {
        let points: [(Double, Double)] = [(0, 0), (5, 10), (10, 0)]
        let chart = Chart {
            ForEach(points, id: \.0) { p in
                LineMark(x: .value("x", p.0), y: .value("y", p.1)).interpolationMethod(.catmullRom)
            }
        }
        .chartYScale(domain: 0...20).chartXAxis(.hidden).chartYAxis(.hidden)
        let (_, at) = try Self.render(chart, "smooth")
        #expect(Self.isBlue(at(100, 60)), "\(at(100, 60))")
        // Above the straight line half way up: a curve, not a polyline.
        #expect(!Self.isBlue(at(50, 90)), "\(at(50, 90))")
    }

    @Test("default axes: y labels on the trailing side, x labels at the bottom; hidden: none, and the plot takes it all")
    func axesDrawnOrHidden() throws {
        func chart() -> some View {
            Chart {
                ForEach(Self.threeBars, id: \.0) { item in
                    BarMark(x: .value("Name", item.0), y: .value("Value", item.1))
                }
            }
        }
        let (_, shown) = try Self.render(chart(), "axes-default")
        let (_, hidden) = try Self.render(chart().chartXAxis(.hidden).chartYAxis(.hidden), "axes-hidden")
        func ink(_ at: (Int, Int) -> [UInt8], xs: Range<Int>, ys: Range<Int>) -> Int {
            xs.reduce(0) { sum, x in sum + ys.filter { Self.isInk(at(x, $0)) }.count }
        }
        // The trailing labels (0 … 4) right of the plot, the category names under it.
        let trailing = ink(shown, xs: 190..<200, ys: 0..<105), bottom = ink(shown, xs: 0..<190, ys: 107..<120)
        #expect(trailing > 20 && bottom > 20, "trailing \(trailing), bottom \(bottom)")
        #expect(ink(hidden, xs: 190..<200, ys: 0..<105) == 0 && ink(hidden, xs: 0..<190, ys: 107..<120) == 0)
        // With axes the tallest bar stops above the labels; without, it reaches the bottom row.
        #expect(!Self.isBlue(shown(160, 118)) && Self.isBlue(hidden(160, 118)))
        // Plot 102.4 pt high from the chart's top (120 less a caption 2 label line, 13.1 pt, and 4.5 pt
        // above it; the top label reaches above the chart, as on iOS): the bar of 4 fills it.
        #expect(abs(Self.barHeight(shown, x: 150, bottom: 101) - 102) <= 1, "\(Self.barHeight(shown, x: 150, bottom: 101))")
    }

    @Test("categorical x: bands in order of appearance, bars of one category stacked, series in the palette's colours")
    func categoriesStackedAndColoured() throws {
        let sales = [Sale(day: "Mon", amount: 2, kind: "a"), Sale(day: "Tue", amount: 1, kind: "a"),
                     Sale(day: "Tue", amount: 1, kind: "b"), Sale(day: "Wed", amount: 3, kind: "a")]
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Day", sale.day), y: .value("Sales", sale.amount))
                .foregroundStyle(by: .value("Kind", sale.kind))
        }
        .chartLegend(.hidden).chartXAxis(.hidden).chartYAxis(.hidden)
        let (result, at) = try Self.render(chart, "categories")
        // Domain 0…3 over 120 px: 40 px a unit. Mon (first band) 80 px; Tue 40 blue then 40 green; Wed 120.
        #expect(abs(Self.barHeight(at, x: 33, bottom: 119) - 80) <= 1)
        #expect(abs(Self.barHeight(at, x: 100, bottom: 119) - 40) <= 1)
        #expect(Self.isGreen(at(100, 60)) && Self.isGreen(at(100, 42)) && !Self.isGreen(at(100, 36)), "\(at(100, 60))")
        #expect(abs(Self.barHeight(at, x: 166, bottom: 119) - 120) <= 1)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("a rule at a value, an area down to zero, a point: each where its values put it")
    func ruleAreaPoint() throws {
        let chart = Chart {
            AreaMark(x: .value("x", 0), y: .value("y", 2))
            AreaMark(x: .value("x", 10), y: .value("y", 2))
            RuleMark(y: .value("limit", 3)).foregroundStyle(Color.green)
            PointMark(x: .value("x", 5), y: .value("y", 4)).foregroundStyle(Color.green)
        }
        .chartYScale(domain: 0...4).chartXAxis(.hidden).chartYAxis(.hidden)
        let (_, at) = try Self.render(chart, "rule-area-point")
        // The area fills 0…2 (y 60…120), the rule is at 3 (y 30), the point at (100, 0).
        #expect(Self.isBlue(at(10, 100)) && Self.isBlue(at(190, 62)) && !Self.isBlue(at(100, 50)))
        #expect(Self.isGreenish(at(40, 30)) && !Self.isGreenish(at(40, 40)) && !Self.isGreenish(at(40, 25)), "\(at(40, 30))")
        #expect(Self.isGreen(at(100, 1)) && !Self.isGreen(at(110, 1)))
    }

    @Test("a mark outside a Chart is a placeholder and a warning, never dropped silently")
    func markOutsideChart() throws {
        let (result, _) = try Self.render(VStack { BarMark(x: .value("x", 1), y: .value("y", 2)) }, "outside")
        #expect(result.warnings.contains { $0.message.contains("BarMark outside a Chart") }, "\(result.warnings)")
    }
    @Test("dates: hourly bars on a time scale fill their hour, a 6-hour stride of gridlines and formatted labels, a style scale")
    func hourlyBars() throws {
        let midnight = Date(timeIntervalSince1970: 1_699_920_000) // 2023-11-14 00:00 UTC
        let chart = Chart {
            ForEach(0..<24, id: \.self) { h in
                BarMark(x: .value("Time", midnight.addingTimeInterval(Double(h) * 3600), unit: .hour),
                        yStart: .value("kWh", 0), yEnd: .value("kWh", h == 12 ? 4.0 : 2.0))
                    .foregroundStyle(by: .value("Flow", "grid"))
            }
        }
        .chartForegroundStyleScale(["grid": Color.green])
        .chartLegend(.hidden)
        .chartXScale(domain: midnight...midnight.addingTimeInterval(86_400))
        .chartYAxis(.hidden)
        .chartXAxis {
            AxisMarks(values: .stride(by: .hour, count: 6)) { _ in
                AxisGridLine()
                AxisValueLabel(format: .dateTime.hour(.twoDigits(amPM: .omitted)))
            }
        }
        let (result, at) = try Self.render(chart, "hourly")
        func greenHeight(_ x: Int) -> Int {
            var y = 101
            while y >= 0, Self.isGreen(at(x, y)) { y -= 1 }
            return 101 - y
        }
        // 24 h over 200 pt: 8.3 pt an hour, a bar 0.7 of it. Plot 102.4 pt high (a caption 2 label
        // line and 4.5 pt under it), domain 0…4: 2 kWh is 51 pt, 4 kWh (12:00) 102 pt.
        #expect(abs(greenHeight(4) - 51) <= 1 && abs(greenHeight(104) - 102) <= 1 && abs(greenHeight(196) - 51) <= 1,
                "\(greenHeight(4)) \(greenHeight(104)) \(greenHeight(196))")
        #expect(!Self.isGreen(at(4, 40)) && !Self.isGreen(at(112, 40)))
        // Labels 00, 06, 12, 18 under the plot, leading-aligned at their gridline.
        func ink(_ xs: Range<Int>) -> Int { xs.reduce(0) { n, x in n + (106..<120).filter { Self.isInk(at(x, $0)) }.count } }
        #expect(ink(51..<64) > 10 && ink(101..<114) > 10 && ink(151..<164) > 10, "\(ink(51..<64)) \(ink(101..<114))")
        #expect(ink(70..<98) == 0)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("annotations and a legend not hidden are warned about, at the team's line for an annotation")
    func warned() throws {
        let chart = Chart {
            BarMark(x: .value("x", "a"), y: .value("y", 1))
                .foregroundStyle(by: .value("k", "one"))
                .annotation { Text("1") }
        }
        let (result, _) = try Self.render(chart, "warned")
        #expect(result.warnings.contains { $0.message.contains("annotation") && $0.description.contains("ChartTests.swift") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.message.contains("legend is not drawn") }, "\(result.warnings)")
    }
    @Test("default axes on dates and numbers: labels drawn whole, no warning; a line with symbols")
    func defaultAxesOnDates() throws {
        let start = Date(timeIntervalSince1970: 1_699_920_000) // 2023-11-14 00:00 UTC
        let chart = Chart {
            ForEach(0..<7, id: \.self) { d in
                LineMark(x: .value("Day", start.addingTimeInterval(Double(d) * 86_400)), y: .value("Steps", Double(d * d) * 250))
                    .symbol(.circle)
            }
            RuleMark(y: .value("Goal", 5000)).lineStyle(StrokeStyle(lineWidth: 1, dash: [4, 2]))
        }
        // 8 pt above it: the top value label, centred on the plot's top edge, reaches above the chart;
        // 4 pt after it: the room is SF's width of "10000", the stand-in font's digits are a little wider.
        let (result, at) = try Self.render(chart.padding(.top, 8).padding(.trailing, 4), "default-dates")
        func ink(_ xs: Range<Int>, _ ys: Range<Int>) -> Int { xs.reduce(0) { n, x in n + ys.filter { Self.isInk(at(x, $0)) }.count } }
        // Day labels under the plot, value labels (0 … 10000) on the trailing side.
        #expect(ink(0..<170, 106..<120) > 20 && ink(170..<200, 0..<100) > 20, "\(ink(0..<170, 106..<120)) \(ink(170..<200, 0..<100))")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }
    @Test("chartYScale(domain: .automatic(includesZero: false)) starts at the data; an AxisValueLabel made of a view is drawn")
    func automaticDomainAndLabelView() throws {
        let chart = Chart {
            LineMark(x: .value("x", 0), y: .value("y", 60))
            LineMark(x: .value("x", 10), y: .value("y", 80))
        }
        .chartYScale(domain: .automatic(includesZero: false))
        .chartXAxis(.hidden)
        .chartYAxis {
            AxisMarks { value in
                AxisValueLabel { Text("\(value.as(Int.self) ?? 0)°") }
            }
        }
        let (result, at) = try Self.render(chart.padding(.top, 8), "no-zero")
        // Domain 60…80 over the plot (8…113.4 pt: from the chart's top, 8 pt down, to half a label
        // line above its bottom for the lowest label): at x 84 of a plot 169 pt wide (31 pt for the
        // labels) the line is at 69.9, y 61.2. With zero in the domain it would be near y 20.
        #expect(Self.isBlue(at(84, 61)) && !Self.isBlue(at(84, 20)), "\(at(84, 61)) \(at(84, 20))")
        let ink = (172..<200).reduce(0) { n, x in n + (0..<120).filter { Self.isInk(at(x, $0)) }.count }
        #expect(ink > 30, "\(ink)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }
    @Test("a string y with a number x: horizontal bars, the first category at the top")
    func horizontalBars() throws {
        let chart = Chart {
            BarMark(x: .value("Amount", 1), y: .value("Category", "food"))
            BarMark(x: .value("Amount", 2), y: .value("Category", "rent"))
        }
        .chartXAxis(.hidden).chartYAxis(.hidden)
        let (_, at) = try Self.render(chart, "horizontal")
        func blueWidth(_ y: Int) -> Int { (0..<200).filter { Self.isBlue(at($0, y)) }.count }
        // Domain 0…2 over 200 pt; two bands of 60 pt, bars 36 pt thick: food (1) 100 pt at the top, rent (2) 200 pt below.
        #expect(abs(blueWidth(30) - 100) <= 1 && abs(blueWidth(90) - 200) <= 1, "\(blueWidth(30)) \(blueWidth(90))")
        #expect(blueWidth(5) == 0 && blueWidth(55) == 0)
    }
}
