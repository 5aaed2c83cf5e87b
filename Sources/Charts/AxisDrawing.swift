import Foundation
import SwiftUI
package import WidgetModel

/// One value of an axis as drawn: its gridline, tick and label, where asked for.
struct AxisMark {
    struct Line { var style: AnyShapeStyle?; var stroke: StrokeStyle?; var length: Double = 0 }
    struct Label { var text: String; var font: Font?; var style: AnyShapeStyle?; var view: AnyView? = nil }
    var value: ChartDatum
    var grid: Line?
    var tick: Line?
    var label: Label?
    /// A y axis's marks on the leading side (else trailing).
    var leading = false
    /// The label centred in the interval to the next value (`AxisValueLabel(centered: true)`).
    var centered = false
    /// What happens to its label where it would overlap another.
    var collision = AxisValueLabelCollisionResolution.Kind.automatic
}

extension ChartDrawing {
    /// The marks of an axis: the team's `AxisMarks`, or the default (y: gridlines and labels on the
    /// trailing side; x: labels at the bottom); none when the axis is hidden.
    func axisMarks(_ axis: AxisConfig, scale: ChartScale, isX: Bool) -> [AxisMark] {
        if axis.visibility == .hidden { return [] }
        let specs = axis.marks ?? [AxisMarksSpec(position: .automatic, values: .automatic, content: { _ in
            isX || scale.isCategorical ? [.label(format: nil, fixed: nil, font: nil, style: nil)]
                : [.grid(style: nil, stroke: nil), .label(format: nil, fixed: nil, font: nil, style: nil)]
        })]
        var out: [AxisMark] = []
        for spec in specs {
            let (values, component) = tickValues(spec.values, scale: scale)
            let decimals = Self.fractionDigits(values)
            for (i, value) in values.enumerated() {
                var mark = AxisMark(value: value, leading: !isX && spec.position == .leading)
                for element in spec.content(AxisValue(index: i, count: values.count, datum: value)) {
                    switch element {
                    case .grid(let style, let stroke): mark.grid = AxisMark.Line(style: style, stroke: stroke)
                    case .tick(let style, let length, let stroke): mark.tick = AxisMark.Line(style: style, stroke: stroke, length: Double(length))
                    case .label(let format, let fixed, let font, let style):
                        let text = fixed ?? format?(value, environment.timeZone, environment.locale) ?? defaultLabel(value, component: component, decimals: decimals)
                        mark.label = AxisMark.Label(text: text, font: font, style: style)
                    case .labelView(let view, let font, let style):
                        // Room as for a short label: the view's own size is known only after layout.
                        mark.label = AxisMark.Label(text: "0000", font: font, style: style, view: view)
                    case .centeredLabel: mark.centered = true
                    case .collision(let resolution): mark.collision = resolution.kind
                    case .marks: break
                    }
                }
                out.append(mark)
            }
        }
        return out
    }

    /// The values an axis marks, at most `ChartLimits.axisValues`, and the calendar unit between dates.
    func tickValues(_ values: AxisMarkValues, scale: ChartScale) -> ([ChartDatum], Calendar.Component?) {
        switch (values.kind, scale.kind) {
        case (.values(let list), _):
            return (Array(list.prefix(ChartLimits.axisValues)), nil)
        case (_, .categories(let names)):
            return (names.prefix(ChartLimits.axisValues).map(ChartDatum.category), nil)
        case (.strideNumber(let step), .numeric(let lo, let hi)) where !scale.isDate:
            return (numberTicks(lo, hi, step: step), nil)
        case (.strideDate(let component, let count, let cal), .numeric(let lo, let hi)) where scale.isDate:
            return (dateTicks(lo, hi, component, count, cal ?? calendar), component)
        case (.automatic(let desired), .numeric(let lo, let hi)):
            if scale.isDate {
                let span = hi - lo, want = Double(desired ?? 4)
                let steps: [(Calendar.Component, Int, Double)] = [(.minute, 15, 900), (.hour, 1, 3600), (.hour, 3, 10800), (.hour, 6, 21600),
                                                                  (.hour, 12, 43200), (.day, 1, 86400), (.day, 2, 172_800), (.weekOfYear, 1, 604_800),
                                                                  (.month, 1, 2_629_800), (.month, 3, 7_889_400), (.year, 1, 31_557_600)]
                let (component, count, _) = steps.first { span / $0.2 <= want + 1 } ?? (.year, 1, 0)
                return (dateTicks(lo, hi, component, count, calendar), component)
            }
            let step = desired == nil ? scale.step : nil
            return (numberTicks(lo, hi, step: step ?? ChartScale.niceStep((hi - lo) / Double(desired ?? 4))), nil)
        default:
            environment.collector.warn("an axis asks for values of another kind than its data (a date stride on numbers, or the reverse): no marks drawn")
            return ([], nil)
        }
    }

    func numberTicks(_ lo: Double, _ hi: Double, step: Double) -> [ChartDatum] {
        guard step > 0, hi >= lo else { return [] }
        var out: [ChartDatum] = []
        var v = (lo / step).rounded(.up) * step
        while v <= hi + step * 1e-9, out.count < ChartLimits.axisValues {
            out.append(.number(abs(v) < step * 1e-9 ? 0 : v)); v += step
        }
        return out
    }

    func dateTicks(_ lo: Double, _ hi: Double, _ component: Calendar.Component, _ count: Int, _ cal: Calendar) -> [ChartDatum] {
        let start = Date(timeIntervalSince1970: lo)
        guard var d = cal.dateInterval(of: component, for: start)?.start else { return [] }
        // A stride of several units starts on a multiple of them (every 6 hours: 0, 6, 12, 18 h), as Swift Charts' does;
        // days from the domain's first (iOS 26: every 7 days over 14 Nov … 13 Dec marks 14, 21, 28, 5, not 15, 22, 29).
        if count > 1, ![.day, .weekOfYear, .year].contains(component) {
            let value = cal.component(component, from: d) - ([.day, .month].contains(component) ? 1 : 0)
            if let aligned = cal.date(byAdding: component, value: -(value % count), to: d) { d = aligned }
        }
        var out: [ChartDatum] = []
        while d.timeIntervalSince1970 <= hi, out.count < ChartLimits.axisValues {
            if d.timeIntervalSince1970 >= lo { out.append(.date(d)) }
            guard let next = cal.date(byAdding: component, value: count, to: d), next > d else { break }
            d = next
        }
        return out
    }

    /// The fraction digits an axis's numbers are written with: as many as its finest value needs
    /// (at most 4), every label alike but zero, as iOS writes 0, 0.5, 1.0, 1.5, 2.0.
    static func fractionDigits(_ values: [ChartDatum]) -> Int {
        let numbers = values.compactMap { if case .number(let v) = $0 { v } else { nil } }
        return (0...4).first { digits in
            let scale = pow(10, Double(digits))
            return numbers.allSatisfy { abs($0 * scale - ($0 * scale).rounded()) < 1e-6 * max(1, abs($0 * scale)) }
        } ?? 4
    }

    /// A number with the axis's fraction digits (zero as 0); a date by its unit, in the
    /// render's locale and time zone; a category as it is.
    func defaultLabel(_ value: ChartDatum, component: Calendar.Component?, decimals: Int) -> String {
        switch value {
        case .category(let s): return s
        case .number(let v): return abs(v) < 1e-12 ? "0" : String(format: "%.\(decimals)f", v)
        case .date(let d):
            let style = Date.FormatStyle(locale: environment.locale, calendar: calendar, timeZone: environment.timeZone)
            switch component {
            case .minute?, .hour?: return d.formatted(style.hour())
            case .month?: return d.formatted(style.month(.abbreviated))
            case .year?: return d.formatted(style.year())
            default: return d.formatted(style.day())
            }
        }
    }
}
