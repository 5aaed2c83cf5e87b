import Foundation
import SwiftUI
package import WidgetModel

/// A scale: data → points along one axis of the plot (0 at the plot's leading or bottom edge).
struct ChartScale {
    enum Kind { case numeric(lo: Double, hi: Double), categories([String]) }
    var kind: Kind
    var isDate = false
    var length: Double = 1
    /// The step an automatic numeric domain was rounded to: its axis marks every step, as iOS does.
    var step: Double?

    /// The position of a value (a category: its band's centre); nil for a value of the wrong kind.
    func position(_ datum: ChartDatum) -> Double? {
        switch kind {
        case .numeric(let lo, let hi):
            guard let v = datum.numeric else { return nil }
            return hi > lo ? (v - lo) / (hi - lo) * length : length / 2
        case .categories(let names):
            guard case .category(let name) = datum, let i = names.firstIndex(of: name) else { return nil }
            return (Double(i) + 0.5) * band
        }
    }

    func position(number v: Double) -> Double { position(.number(v)) ?? 0 }

    /// A category's band; zero on a quantitative scale.
    var band: Double {
        if case .categories(let names) = kind { return length / Double(max(names.count, 1)) }
        return 0
    }

    var isCategorical: Bool { if case .categories = kind { true } else { false } }

    /// The most steps an automatic numeric domain is widened to: Swift Charts' default value axis
    /// takes the smallest step of 1, 2 or 5 × 10ⁿ whose round domain has at most 4, as measured on
    /// home-assistant's iOS 26 energy charts (data −1.3…1.2 → −2…2 by 1, −6.2…1.3 → −10…5 by 5 (not
    /// −8…2 by 2), −10.5…13 → −20…20 by 10, 0…1.6 → 0…2 by 0.5; the same in a 66 and a 216 pt plot).
    static let maximumIntervals = 4

    /// The scale for `values`: an explicit domain; categories in order of appearance; else min…max
    /// of the numbers with zero included, widened to round steps (whole ones for `integral` values:
    /// an `Int` 1 alone gives 0…1 by 1, as on iOS); dates: min…max as they are.
    static func make(values: [ChartDatum], explicit: DomainSpec?, integral: Bool = false) -> ChartScale {
        var includesZero = true
        if case .automatic(let zero)? = explicit { includesZero = zero ?? true }
        if let explicit, !{ if case .automatic = explicit { true } else { false } }() {
            switch explicit {
            case .range(let a, let b):
                let isDate = if case .date = a { true } else { false }
                return ChartScale(kind: .numeric(lo: a.numeric ?? 0, hi: b.numeric ?? 1), isDate: isDate)
            case .categories(let names):
                return ChartScale(kind: .categories(Array(names.map(\.text).prefix(ChartLimits.categories))))
            case .automatic: break
            }
        }
        if values.contains(where: { if case .category = $0 { true } else { false } }) {
            var names: [String] = []
            for case .category(let name) in values where !names.contains(name) && names.count < ChartLimits.categories { names.append(name) }
            return ChartScale(kind: .categories(names))
        }
        let numbers = values.compactMap(\.numeric)
        let isDate = values.contains { if case .date = $0 { true } else { false } }
        guard var lo = numbers.min(), var hi = numbers.max() else { return ChartScale(kind: .numeric(lo: 0, hi: 1)) }
        if isDate {
            if lo == hi { lo -= 3600; hi += 3600 }
            return ChartScale(kind: .numeric(lo: lo, hi: hi), isDate: true)
        }
        if includesZero { lo = min(lo, 0); hi = max(hi, 0) }
        if lo == hi { hi = lo + 1 }
        let step = automaticStep(lo, hi, integral: integral)
        return ChartScale(kind: .numeric(lo: steps(lo, step, .down) * step, hi: steps(hi, step, .up) * step), step: step)
    }

    /// How many `step`s `value` is, rounded (a value within a billionth of a step of a whole one is it).
    static func steps(_ value: Double, _ step: Double, _ rule: FloatingPointRoundingRule) -> Double {
        let n = value / step, whole = n.rounded()
        return abs(n - whole) < 1e-9 ? whole : n.rounded(rule)
    }

    /// The smallest step of 1, 2 or 5 × 10ⁿ (at least 1 for `integral` values) that covers lo…hi
    /// in at most `maximumIntervals` round steps.
    static func automaticStep(_ lo: Double, _ hi: Double, integral: Bool) -> Double {
        guard hi > lo, (hi - lo).isFinite else { return 1 }
        var magnitude = pow(10, log10((hi - lo) / Double(maximumIntervals)).rounded(.down) - 1)
        for _ in 0..<4 {
            for factor in [1.0, 2, 5] {
                let step = factor * magnitude
                if integral && step < 1 || !step.isNormal { continue }
                if steps(hi, step, .up) - steps(lo, step, .down) <= Double(maximumIntervals) { return step }
            }
            magnitude *= 10
        }
        return magnitude.isNormal ? magnitude : 1 // a span too small or too large for steps of its own
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let f = raw / magnitude
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * magnitude
    }
}

/// The marks, axes and labels of one chart, made for its size.
struct ChartDrawing {
    let marks: [MarkRecord]
    let config: ChartConfig
    let size: Size
    let environment: EnvironmentValues

    /// The room between an axis's labels and the plot (or, for an x label after its date, its
    /// gridline), both axes: measured on iOS 26 snapshots of a chart with 9 pt labels (home-assistant's
    /// energy widget): the x labels' line starts 4.4 pt under the plot, the y labels' and the date
    /// labels' first glyph 4.8 pt after the plot's edge or the gridline.
    static let labelSpacing = 4.5
    /// A dashed gridline along a date x axis when the team gives no stroke (iOS 26: 2 pt dashes, 2 pt gaps).
    static let dateGridDash: [CGFloat] = [2, 2]
    /// How much of its calendar unit a bar of `x: .value(…, unit:)` takes when its width is automatic:
    /// 0.70 of an hour and of a day, measured on iOS 26 snapshots (home-assistant's energy chart).
    static let unitBarRatio = 0.7

    /// A label's point size and line height, by its font (caption 2 when none is given), and an
    /// estimate of its width: text is measured only after layout, the plot's room is decided before.
    struct LabelMetrics {
        var size: Double
        var lineHeight: Double
        /// The room a label takes, in ems a character: what the y axis leaves iOS 26's plot (home-
        /// assistant's energy chart, 9 pt labels: "0" 9.8 pt with the 4.5 pt spacing, "-2" 15.2,
        /// "-10" 19.2, "-20" 20.2, "2.0" 18.2): 0.567 em a digit, 0.444 a "1", 0.593 a minus,
        /// 0.36 a point or comma, 0.6 anything else, and 0.25 pt after the last.
        func width(_ text: String) -> Double {
            text.reduce(0.25) { sum, c in
                let em = switch c {
                case "1": 0.444
                case "0"..."9": 0.567
                case "-", "\u{2212}": 0.593
                case ".", ",": 0.36
                default: 0.6
                }
                return sum + em * size
            }
        }
    }

    func labelMetrics(_ font: Font?) -> LabelMetrics {
        let nodes = ViewResolver.nodes(Text(verbatim: "0").font(font ?? .caption2), in: environment)
        guard case .text(let content)? = nodes.first?.kind else { return LabelMetrics(size: 11, lineHeight: SystemFontMetrics.lineHeight(size: 11)) }
        let size = content.font.size
        return LabelMetrics(size: size, lineHeight: content.font.lineHeight ?? SystemFontMetrics.lineHeight(size: size))
    }
    var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = environment.timeZone
        return c
    }

    /// A bar's extent along its value axis, and whether it lies along x (horizontal).
    struct BarSpan { var horizontal: Bool; var lo: Double?; var hi: Double? }

    func barSpans() -> [Int: BarSpan] {
        var spans: [Int: BarSpan] = [:]
        var positive: [ChartDatum: Double] = [:], negative: [ChartDatum: Double] = [:]
        for (i, m) in marks.enumerated() where m.kind == .bar {
            let yIsCategory = if case .category = m.y { true } else { false }
            let horizontal = m.x2 != nil || m.y2 == nil && m.y != nil && yIsCategory && m.x?.numeric != nil && m.xUnit == nil || m.y != nil && m.x == nil
            let (band, value, value2) = horizontal ? (m.y, m.x, m.x2) : (m.x, m.y, m.y2)
            if let value2 { spans[i] = BarSpan(horizontal: horizontal, lo: value?.numeric, hi: value2.numeric); continue }
            guard let v = value?.numeric else { spans[i] = BarSpan(horizontal: horizontal, lo: nil, hi: nil); continue }
            if m.stacked, let band {
                if v >= 0 { let base = positive[band, default: 0]; positive[band] = base + v; spans[i] = BarSpan(horizontal: horizontal, lo: base, hi: base + v) }
                else { let base = negative[band, default: 0]; negative[band] = base + v; spans[i] = BarSpan(horizontal: horizontal, lo: base, hi: base + v) }
            } else {
                spans[i] = BarSpan(horizontal: horizontal, lo: 0, hi: v)
            }
        }
        return spans
    }

    func unitEnd(_ datum: ChartDatum?, _ unit: (Calendar.Component, Calendar)?) -> ChartDatum? {
        guard case .date(let d) = datum, let (component, cal) = unit, let end = cal.date(byAdding: component, value: 1, to: d) else { return nil }
        return .date(end)
    }

    func nodes() -> [ViewNode] {
        let spans = barSpans()
        var xs: [ChartDatum] = [], ys: [ChartDatum] = []
        for (i, m) in marks.enumerated() {
            if let s = spans[i] {
                let numbers = [s.lo, s.hi].compactMap { $0 }.map(ChartDatum.number)
                if s.horizontal { xs += numbers; ys += [m.y].compactMap { $0 } + [unitEnd(m.y, m.yUnit)].compactMap { $0 } }
                else { ys += numbers; xs += [m.x].compactMap { $0 } + [unitEnd(m.x, m.xUnit)].compactMap { $0 } }
            } else {
                xs += [m.x, m.x2].compactMap { $0 }
                ys += [m.y, m.y2].compactMap { $0 }
            }
        }
        var sx = ChartScale.make(values: xs, explicit: config.xDomain, integral: marks.contains { $0.x != nil } && marks.allSatisfy { $0.x == nil || $0.xIntegral })
        var sy = ChartScale.make(values: ys, explicit: config.yDomain, integral: marks.contains { $0.y != nil } && marks.allSatisfy { $0.y == nil || $0.yIntegral })

        // The axes: their values and labels decide how much room the plot leaves them.
        let xAxis = axisMarks(config.x, scale: sx, isX: true)
        let yAxis = axisMarks(config.y, scale: sy, isX: false)
        // Each axis's labels in their own font: the x labels' line and the widest y label take
        // their room from the plot, plus `labelSpacing`. The top y label, centred on the plot's top
        // edge, reaches above the chart as on iOS (the plot starts at the chart's top).
        let spacing = Self.labelSpacing
        let xMetrics = labelMetrics(xAxis.lazy.compactMap(\.label).first?.font)
        let yMetrics = labelMetrics(yAxis.lazy.compactMap(\.label).first?.font)
        let lineHeight = xMetrics.lineHeight
        let yLabelWidth = yAxis.compactMap { $0.label.map { yMetrics.width($0.text) } }.max()
        let yLeading = yAxis.contains { $0.leading }
        var plot = Rect(x: 0, y: 0, width: size.width, height: size.height)
        if let w = yLabelWidth {
            let room = w + spacing
            plot.size.width -= room
            if yLeading { plot.origin.x = room }
        }
        if xAxis.contains(where: { $0.label != nil }) { plot.size.height -= lineHeight + spacing }
        else if yLabelWidth != nil { plot.size.height -= yMetrics.lineHeight / 2 } // the lowest y label, centred on the bottom edge
        plot.size.width = max(plot.size.width, 1); plot.size.height = max(plot.size.height, 1)
        sx.length = plot.size.width; sy.length = plot.size.height

        func px(_ d: ChartDatum?) -> Double? { d.flatMap { sx.position($0) }.map { plot.minX + $0 } }
        // Categories on y run down from the top in order of appearance, as Swift Charts lists them.
        func py(_ d: ChartDatum?) -> Double? { d.flatMap { sy.position($0) }.map { sy.isCategorical ? plot.minY + $0 : plot.maxY - $0 } }

        var out: [ViewNode] = []
        // Gridlines under the marks.
        for mark in xAxis {
            guard let grid = mark.grid, let x = px(mark.value) else { continue }
            let dashed = sx.isDate && grid.stroke == nil ? StrokeStyle(lineWidth: 0.5, dash: Self.dateGridDash) : grid.stroke
            out.append(stroke([.move(Point(x: x, y: plot.minY)), .line(Point(x: x, y: plot.maxY))], grid.style, dashed))
        }
        for mark in yAxis { if let grid = mark.grid, let y = py(mark.value) { out.append(stroke([.move(Point(x: plot.minX, y: y)), .line(Point(x: plot.maxX, y: y))], grid.style, grid.stroke)) } }

        // Marks, in the order written; a line or area series where its first mark is.
        let categories = seriesCategories()
        var drawnSeries: Set<String> = []
        for (i, m) in marks.enumerated() {
            let paint = paint(for: m.attributes, categories: categories)
            switch m.kind {
            case .bar:
                guard let span = spans[i] else { continue }
                if let rect = barRect(m, span, sx: sx, sy: sy, plot: plot, px: px, py: py), rect.width > 0, rect.height > 0 {
                    out.append(fill(roundedRect(rect, radius: m.attributes.cornerRadius ?? 0), paint))
                }
            case .point:
                guard let x = px(m.x), let y = py(m.y) else { continue }
                let d = m.attributes.symbolSize.map { sqrt(Double($0) * 4 / .pi) } ?? 8
                out.append(fill(circle(Point(x: x, y: y), d / 2), paint))
            case .rule:
                let x0 = px(m.x) ?? plot.minX, x1 = px(m.x2) ?? (m.x == nil || m.y != nil && m.x2 == nil && m.x == nil ? plot.maxX : x0)
                let y0 = py(m.y) ?? plot.maxY, y1 = py(m.y2) ?? (m.y == nil ? plot.minY : y0)
                let (a, b) = m.x != nil && m.x2 == nil && m.y == nil ? (Point(x: x0, y: plot.maxY), Point(x: x0, y: plot.minY))
                    : m.y != nil && m.y2 == nil && m.x == nil ? (Point(x: plot.minX, y: y0), Point(x: plot.maxX, y: y0))
                    : (Point(x: x0, y: y0), Point(x: x1, y: y1))
                out.append(stroke([.move(a), .line(b)], nil, m.attributes.lineStyle ?? StrokeStyle(lineWidth: 1), paint: paint))
            case .line, .area:
                let key = "\(m.kind.rawValue)|\(seriesKey(m))"
                guard !drawnSeries.contains(key) else { continue }
                drawnSeries.insert(key)
                let members = marks.filter { $0.kind == m.kind && seriesKey($0) == seriesKey(m) }
                out += series(members, kind: m.kind, paint: paint, plot: plot, sy: sy, px: px, py: py)
            }
        }

        // Ticks and labels over the marks; the labels once their collisions are resolved.
        let tickXs = xAxis.compactMap { px($0.value) }.sorted()
        var xLabels: [PlacedLabel] = []
        for mark in xAxis {
            guard var x = px(mark.value) else { continue }
            if mark.centered, sx.isDate, let i = tickXs.firstIndex(of: x) {
                // Centred in the interval to the next value (the last: as wide as the one before).
                let gap = i + 1 < tickXs.count ? tickXs[i + 1] - x : i > 0 ? x - tickXs[i - 1] : 0
                x += gap / 2
                if let label = mark.label {
                    let estimate = xMetrics.width(label.text) + 2
                    let width = max(gap, estimate)
                    if x + width / 2 <= size.width + 0.5 {
                        xLabels.append(PlacedLabel(label: label, x: x - width / 2, y: plot.maxY + spacing, width: width, height: lineHeight,
                                                   alignment: .center, extent: (x - estimate / 2, x + estimate / 2), room: gap,
                                                   collision: mark.collision, index: xLabels.count))
                    }
                }
                continue
            }
            if let tick = mark.tick { out.append(stroke([.move(Point(x: x, y: plot.maxY)), .line(Point(x: x, y: plot.maxY + tick.length))], tick.style, tick.stroke)) }
            if let label = mark.label {
                // Dates: leading-aligned `labelSpacing` after their gridline, left out where they would
                // pass the plot's trailing edge (iOS leaves out the label of a domain's last midnight or
                // day); others centred, kept inside the chart.
                let estimate = xMetrics.width(label.text) + 2
                let i = tickXs.firstIndex(of: x)
                let gap = i.map { $0 + 1 < tickXs.count ? tickXs[$0 + 1] - x : $0 > 0 ? x - tickXs[$0 - 1] : size.width } ?? size.width
                if sx.isDate {
                    guard x + spacing + estimate <= plot.maxX + 0.5 else { continue }
                    xLabels.append(PlacedLabel(label: label, x: x + spacing, y: plot.maxY + spacing, width: estimate + 8, height: lineHeight,
                                               alignment: .leading, extent: (x + spacing, x + spacing + estimate), room: gap - spacing,
                                               collision: mark.collision, index: xLabels.count))
                } else {
                    let width = sx.isCategorical ? max(sx.band, estimate) : estimate
                    let left = min(max(x - width / 2, 0), max(size.width - width, 0))
                    let centre = left + width / 2
                    xLabels.append(PlacedLabel(label: label, x: left, y: plot.maxY + spacing, width: width, height: lineHeight,
                                               alignment: .center, extent: (centre - estimate / 2, centre + estimate / 2),
                                               room: sx.isCategorical ? sx.band : gap, collision: mark.collision, index: xLabels.count))
                }
            }
        }
        for placed in resolveCollisions(xLabels, metrics: xMetrics) {
            out += text(placed.label, x: placed.x, y: placed.y, width: placed.width, height: placed.height, alignment: placed.alignment)
        }
        var yLabels: [PlacedLabel] = []
        for mark in yAxis {
            guard let y = py(mark.value) else { continue }
            let edge = mark.leading ? plot.minX : plot.maxX
            if let tick = mark.tick { out.append(stroke([.move(Point(x: edge, y: y)), .line(Point(x: edge + (mark.leading ? -tick.length : tick.length), y: y))], tick.style, tick.stroke)) }
            if let label = mark.label {
                let width = (yLabelWidth ?? 20) + 2
                // Along the y axis a label takes its line's height.
                yLabels.append(PlacedLabel(label: label, x: mark.leading ? 0 : plot.maxX + spacing, y: y - yMetrics.lineHeight / 2, width: width,
                                           height: yMetrics.lineHeight, alignment: mark.leading ? .trailing : .leading,
                                           extent: (y - yMetrics.lineHeight / 2, y + yMetrics.lineHeight / 2), room: nil,
                                           collision: mark.collision, index: yLabels.count))
            }
        }
        for placed in resolveCollisions(yLabels, metrics: nil) {
            out += text(placed.label, x: placed.x, y: placed.y, width: placed.width, height: placed.height, alignment: placed.alignment)
        }
        if config.legend != .hidden, marks.contains(where: { $0.attributes.styleBy != nil }) {
            environment.collector.warn("a chart's legend is not drawn yet (docs/swift.md, Charts): .chartLegend(.hidden) says so")
        }
        return out
    }

    // MARK: Marks

    func barRect(_ m: MarkRecord, _ span: BarSpan, sx: ChartScale, sy: ChartScale, plot: Rect,
                 px: (ChartDatum?) -> Double?, py: (ChartDatum?) -> Double?) -> Rect? {
        let bandScale = span.horizontal ? sy : sx
        let band = span.horizontal ? m.y : m.x, unit = span.horizontal ? m.yUnit : m.xUnit
        let dimension = span.horizontal ? m.height : m.width
        func along(_ d: ChartDatum?) -> Double? { span.horizontal ? py(d) : px(d) }
        // The bar's place across its band.
        var start: Double, end: Double
        if band == nil {
            (start, end) = span.horizontal ? (plot.minY, plot.maxY) : (plot.minX, plot.maxX)
        } else if let end0 = unitEnd(band, unit), let a = along(band), let b = along(end0) {
            (start, end) = (min(a, b), max(a, b))
            (start, end) = sized(start, end, dimension, automatic: Self.unitBarRatio)
        } else if let c = along(band) {
            let room = bandScale.isCategorical ? bandScale.band : bandScale.length / Double(max(distinctBands(span.horizontal), 1))
            (start, end) = sized(c - room / 2, c + room / 2, dimension, automatic: 0.6)
        } else { return nil }
        // Its extent along the value axis.
        let valueScale = span.horizontal ? sx : sy
        guard let lo = span.lo, let hi = span.hi else {
            return span.horizontal ? Rect(x: plot.minX, y: start, width: plot.width, height: end - start)
                : Rect(x: start, y: plot.minY, width: end - start, height: plot.height)
        }
        if span.horizontal {
            let a = plot.minX + valueScale.position(number: lo), b = plot.minX + valueScale.position(number: hi)
            return Rect(x: min(a, b), y: start, width: abs(b - a), height: end - start)
        }
        let a = plot.maxY - valueScale.position(number: lo), b = plot.maxY - valueScale.position(number: hi)
        return Rect(x: start, y: min(a, b), width: end - start, height: abs(b - a))
    }

    func sized(_ start: Double, _ end: Double, _ dimension: MarkDimension, automatic: Double) -> (Double, Double) {
        let room = end - start, mid = (start + end) / 2
        let width: Double = switch dimension.kind {
        case .automatic: room * automatic
        case .fixed(let w): Double(w)
        case .ratio(let r): room * Double(r)
        case .inset(let i): max(room - 2 * Double(i), 0)
        }
        return (mid - width / 2, mid + width / 2)
    }

    func distinctBands(_ horizontal: Bool) -> Int {
        Set(marks.filter { $0.kind == .bar }.compactMap { horizontal ? $0.y : $0.x }).count
    }

    func seriesKey(_ m: MarkRecord) -> String { m.series ?? m.attributes.styleBy?.text ?? "" }

    func series(_ members: [MarkRecord], kind: MarkRecord.Kind, paint: Paint, plot: Rect, sy: ChartScale,
                px: (ChartDatum?) -> Double?, py: (ChartDatum?) -> Double?) -> [ViewNode] {
        let points = members.compactMap { m -> Point? in px(m.x).flatMap { x in py(m.y).map { Point(x: x, y: $0) } } }
        guard !points.isEmpty else { return [] }
        let method = members[0].attributes.interpolation.kind
        if kind == .line {
            let style = members[0].attributes.lineStyle ?? StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)
            var out = points.count > 1 ? [stroke(curve(points, method), nil, style, paint: paint)] : []
            if members[0].attributes.hasSymbol || points.count == 1 {
                let d = members[0].attributes.symbolSize.map { sqrt(Double($0) * 4 / .pi) } ?? 7
                out += points.map { fill(circle($0, d / 2), paint) }
            }
            return out
        }
        // An area: the line, then back along zero (or yStart…yEnd: the second edge).
        let zero = plot.maxY - sy.position(number: 0)
        let lower: [Point] = members.allSatisfy({ $0.y2 != nil })
            ? members.compactMap { m in px(m.x).flatMap { x in py(m.y).map { Point(x: x, y: $0) } } }
            : points.map { Point(x: $0.x, y: min(max(zero, plot.minY), plot.maxY)) }
        let upper: [Point] = members.allSatisfy({ $0.y2 != nil })
            ? members.compactMap { m in px(m.x).flatMap { x in py(m.y2).map { Point(x: x, y: $0) } } } : points
        guard upper.count > 1, lower.count == upper.count else { return [] }
        var elements = curve(upper, method)
        let back = curve(lower.reversed(), method)
        elements.append(.line(lower.last!))
        elements += back.dropFirst()
        elements.append(.close)
        return [fill(elements, paint)]
    }

    /// The path through `p` by the interpolation method.
    func curve(_ p: [Point], _ method: InterpolationMethod.Kind) -> [VectorPath.Element] {
        var out: [VectorPath.Element] = [.move(p[0])]
        guard p.count > 1 else { return out }
        switch method {
        case .linear:
            out += p.dropFirst().map { .line($0) }
        case .stepStart, .stepEnd, .stepCenter:
            for i in 1..<p.count {
                let a = p[i - 1], b = p[i]
                switch method {
                case .stepStart: out += [.line(Point(x: a.x, y: b.y)), .line(b)]
                case .stepEnd: out += [.line(Point(x: b.x, y: a.y)), .line(b)]
                default: let m = (a.x + b.x) / 2; out += [.line(Point(x: m, y: a.y)), .line(Point(x: m, y: b.y)), .line(b)]
                }
            }
        case .monotone:
            // Fritsch–Carlson tangents: no overshoot between points.
            let n = p.count
            var slopes = (0..<(n - 1)).map { i in p[i + 1].x != p[i].x ? (p[i + 1].y - p[i].y) / (p[i + 1].x - p[i].x) : 0 }
            var tangents = [Double](repeating: 0, count: n)
            tangents[0] = slopes[0]; tangents[n - 1] = slopes[n - 2]
            for i in 1..<(n - 1) { tangents[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2 }
            for i in 0..<(n - 1) where slopes[i] == 0 { tangents[i] = 0; tangents[i + 1] = 0; slopes[i] = 0 }
            for i in 1..<n {
                let a = p[i - 1], b = p[i], dx = (b.x - a.x) / 3
                out.append(.curve(to: b, control1: Point(x: a.x + dx, y: a.y + tangents[i - 1] * dx),
                                  control2: Point(x: b.x - dx, y: b.y - tangents[i] * dx)))
            }
        case .catmullRom, .cardinal:
            for i in 1..<p.count {
                let p0 = p[max(i - 2, 0)], p1 = p[i - 1], p2 = p[i], p3 = p[min(i + 1, p.count - 1)]
                out.append(.curve(to: p2, control1: Point(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                                  control2: Point(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6)))
            }
        }
        return out
    }

    // MARK: Colours

    /// The series of `foregroundStyle(by:)`, in order of appearance.
    func seriesCategories() -> [ChartDatum] {
        var seen: [ChartDatum] = []
        for m in marks { if let c = m.attributes.styleBy, !seen.contains(c) { seen.append(c) } }
        return seen
    }

    /// Swift Charts' palette for series without a `chartForegroundStyleScale`.
    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo]

    func paint(for attributes: MarkAttributes, categories: [ChartDatum]) -> Paint {
        var style = attributes.style ?? AnyShapeStyle(Color.blue)
        if attributes.style == nil, let by = attributes.styleBy {
            if let scale = config.styleScale {
                if let match = scale.first(where: { $0.0 == by }) { style = match.1 }
                else { environment.collector.warn("chartForegroundStyleScale has no style for \(by.text): drawn in the palette's colour") }
            }
            if config.styleScale?.first(where: { $0.0 == by }) == nil {
                let index = categories.firstIndex(of: by) ?? 0
                if let range = config.styleRange, !range.isEmpty { style = range[index % range.count] }
                else { style = AnyShapeStyle(Self.palette[index % Self.palette.count]) }
            }
        }
        if attributes.opacity < 1 { style = faded(style, attributes.opacity) }
        return style.resolvePaint(in: environment)
    }

    // MARK: Nodes

    var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    func fill(_ elements: [VectorPath.Element], _ paint: Paint) -> ViewNode {
        ViewNode(.shape(ShapeContent(shape: .vector(VectorPath(elements: elements, bounds: bounds)), fill: paint)))
    }

    func stroke(_ elements: [VectorPath.Element], _ style: AnyShapeStyle?, _ strokeStyle: StrokeStyle?, paint: Paint? = nil) -> ViewNode {
        let s = strokeStyle ?? StrokeStyle(lineWidth: 0.5)
        let resolved = paint ?? (style ?? AnyShapeStyle(HierarchicalShapeStyle.secondary.opacity(0.4))).resolvePaint(in: environment)
        let cap: LineCap = s.lineCap == .round ? .round : s.lineCap == .square ? .square : .butt
        let join: LineJoin = s.lineJoin == .round ? .round : s.lineJoin == .bevel ? .bevel : .miter
        return ViewNode(.shape(ShapeContent(shape: .vector(VectorPath(elements: elements, bounds: bounds)),
                                            stroke: Stroke(paint: resolved, width: Double(s.lineWidth), dash: s.dash.map(Double.init),
                                                           cap: cap, join: join, miterLimit: Double(s.miterLimit), dashPhase: Double(s.dashPhase)))))
    }

    /// An axis label where it will be drawn: its box, the extent of its text along the axis, and
    /// the room it has between its neighbours (`truncate`; nil along the y axis).
    struct PlacedLabel {
        var label: AxisMark.Label
        var x: Double, y: Double, width: Double, height: Double
        var alignment: SwiftUI.Alignment
        var extent: (lo: Double, hi: Double)
        var room: Double?
        var collision: AxisValueLabelCollisionResolution.Kind
        var index: Int
    }

    /// The spacing `automatic` keeps between two labels, and `greedy` when it is not given: a chosen
    /// value (no iOS picture here shows colliding labels to measure it on).
    static let labelCollisionSpacing = 2.0

    /// The labels an axis draws once their collisions are resolved (AxisValueLabelCollisionResolution):
    /// `disabled` ones placed first and always kept, then `automatic`/`greedy` ones by priority (then
    /// in order), each kept only where it does not come within its spacing of one already kept;
    /// `truncate` ones are kept and cut to their room (`metrics` measures the cut text; x axis only).
    func resolveCollisions(_ labels: [PlacedLabel], metrics: LabelMetrics?) -> [PlacedLabel] {
        func priority(_ l: PlacedLabel) -> (Int, Double) {
            switch l.collision {
            case .disabled: (0, 0)
            case .greedy(let p, _): (1, -p)
            case .automatic: (1, 0)
            case .truncate: (2, 0)
            }
        }
        var kept: [PlacedLabel] = []
        for label in labels.sorted(by: { (priority($0).0, priority($0).1, $0.index) < (priority($1).0, priority($1).1, $1.index) }) {
            switch label.collision {
            case .disabled:
                kept.append(label)
            case .truncate:
                var cut = label
                if let metrics, let room = label.room, label.label.view == nil, room > 0, metrics.width(label.label.text) + 2 > room {
                    cut.label.text = Self.truncated(label.label.text, to: room - 2, metrics: metrics)
                    let width = metrics.width(cut.label.text) + 2, centre = (label.extent.lo + label.extent.hi) / 2
                    cut.extent = label.alignment == .leading ? (label.extent.lo, label.extent.lo + width) : (centre - width / 2, centre + width / 2)
                }
                kept.append(cut)
            case .automatic, .greedy:
                var space = Self.labelCollisionSpacing
                if case .greedy(_, let given?) = label.collision { space = Double(given) }
                let clear = kept.allSatisfy { other in
                    label.extent.hi + space <= other.extent.lo || other.extent.hi + space <= label.extent.lo
                }
                if clear { kept.append(label) }
            }
        }
        return kept.sorted { $0.index < $1.index }
    }

    /// `text` cut at its end with "…" to at most `width` points (at least its first character).
    static func truncated(_ text: String, to width: Double, metrics: LabelMetrics) -> String {
        var characters = Array(text)
        while characters.count > 1, metrics.width(String(characters) + "…") > width { characters.removeLast() }
        return String(characters) + "…"
    }

    func text(_ label: AxisMark.Label, x: Double, y: Double, width: Double, height: Double, alignment: SwiftUI.Alignment) -> [ViewNode] {
        let content = label.view ?? AnyView(Text(verbatim: label.text))
        // Whole, at its own width: the room is an estimate of SF's widths, and the stand-in font's
        // may be a little wider; a label is never cut to fit it.
        let view = content.font(label.font ?? .caption2)
            .foregroundStyle(label.style ?? AnyShapeStyle(HierarchicalShapeStyle.secondary)).lineLimit(1).fixedSize()
            .frame(width: CGFloat(width), height: CGFloat(height), alignment: alignment).offset(x: CGFloat(x), y: CGFloat(y))
        return ViewResolver.nodes(view, in: environment)
    }

    func roundedRect(_ r: Rect, radius: CGFloat) -> [VectorPath.Element] {
        let rr = min(Double(radius), r.width / 2, r.height / 2)
        guard rr > 0 else {
            return [.move(Point(x: r.minX, y: r.minY)), .line(Point(x: r.maxX, y: r.minY)), .line(Point(x: r.maxX, y: r.maxY)),
                    .line(Point(x: r.minX, y: r.maxY)), .close]
        }
        let k = rr * 0.5523
        return [.move(Point(x: r.minX + rr, y: r.minY)), .line(Point(x: r.maxX - rr, y: r.minY)),
                .curve(to: Point(x: r.maxX, y: r.minY + rr), control1: Point(x: r.maxX - rr + k, y: r.minY), control2: Point(x: r.maxX, y: r.minY + rr - k)),
                .line(Point(x: r.maxX, y: r.maxY - rr)),
                .curve(to: Point(x: r.maxX - rr, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - rr + k), control2: Point(x: r.maxX - rr + k, y: r.maxY)),
                .line(Point(x: r.minX + rr, y: r.maxY)),
                .curve(to: Point(x: r.minX, y: r.maxY - rr), control1: Point(x: r.minX + rr - k, y: r.maxY), control2: Point(x: r.minX, y: r.maxY - rr + k)),
                .line(Point(x: r.minX, y: r.minY + rr)),
                .curve(to: Point(x: r.minX + rr, y: r.minY), control1: Point(x: r.minX, y: r.minY + rr - k), control2: Point(x: r.minX + rr - k, y: r.minY)),
                .close]
    }

    func circle(_ c: Point, _ radius: Double) -> [VectorPath.Element] {
        let k = radius * 0.5523
        return [.move(Point(x: c.x + radius, y: c.y)),
                .curve(to: Point(x: c.x, y: c.y + radius), control1: Point(x: c.x + radius, y: c.y + k), control2: Point(x: c.x + k, y: c.y + radius)),
                .curve(to: Point(x: c.x - radius, y: c.y), control1: Point(x: c.x - k, y: c.y + radius), control2: Point(x: c.x - radius, y: c.y + k)),
                .curve(to: Point(x: c.x, y: c.y - radius), control1: Point(x: c.x - radius, y: c.y - k), control2: Point(x: c.x - k, y: c.y - radius)),
                .curve(to: Point(x: c.x + radius, y: c.y), control1: Point(x: c.x + k, y: c.y - radius), control2: Point(x: c.x + radius, y: c.y - k)),
                .close]
    }
}
