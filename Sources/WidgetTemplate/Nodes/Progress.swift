import Yams
import WidgetModel

/// `progress: 0.4`, `progress: '{{order.progress}}'` or `progress: {start, end}` (a timer): a linear
/// bar, a gauge or a ring; a linear bar may carry a `marker` node at its current fraction.
enum ProgressNode: NodeKind {
    static let names = ["progress"]
    static let styles = ["linear", "gauge", "ring"]
    /// SwiftUI's gauge and progress style names, read as the style WidgetShot draws for them.
    static let swiftUIStyles: [String: ProgressStyle] = [
        "accessoryCircular": .gauge, "accessoryCircularCapacity": .ring,
        "linearCapacity": .linear, "accessoryLinearCapacity": .linear,
    ]
    static let labelKeys = ["label", "currentValueLabel", "minimumValueLabel", "maximumValueLabel"]
    /// `progress: {start, end, countsDown}`.
    static let intervalKeys: [SchemaValue.Member] = [
        .init("start", .object([.init("type", .array([.string("string"), .string("number")]))])),
        .init("end", .object([.init("type", .array([.string("string"), .string("number")]))])),
        .init("countsDown", .bindable(.boolean)),
    ]

    static func value(of _: String) -> SchemaValue {
        .anyOf([.number, .binding, .record(intervalKeys, required: ["start", "end"])])
    }

    static func keys(of _: String) -> [NodeKey] {
        [NodeKey("style", .bindable(.words(styles + swiftUIStyles.keys.sorted()))),
         NodeKey("tint", .paint),
         NodeKey("track", .paint),
         NodeKey("thickness", .bindable(.number)),
         NodeKey("marker", SchemaValue.node.described("A node centred at the bar's current fraction (linear only).")),
         NodeKey("label", SchemaValue.node.described("What the bar or gauge measures: above a linear bar; in a gauge's bottom gap when it has no minimum or maximum label.")),
         NodeKey("currentValueLabel", SchemaValue.node.described("The current value: below a linear bar; centred in a gauge or ring.")),
         NodeKey("minimumValueLabel", SchemaValue.node.described("A gauge's minimum, at the left of its bottom gap.")),
         NodeKey("maximumValueLabel", SchemaValue.node.described("A gauge's maximum, at the right of its bottom gap."))]
    }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        parser.progressTemplate(value, p, at: yaml, depth: depth).map(TemplateKind.progress)
    }
}

struct ProgressTemplate: Hashable, Sendable {
    enum Value: Hashable, Sendable {
        case fraction(Double)
        case bound(Interpolated)
        case interval(start: Interpolated, end: Interpolated, countsDown: Bool)
    }
    var value: Value
    var style = ProgressStyle.linear
    var tint: PaintTemplate?
    var track: PaintTemplate?
    var thickness = 4.0
    /// A linear bar's marker: a node centred at the current fraction (a plane along a flight).
    var marker: TemplateNode?
    /// SwiftUI's `ProgressView`/`Gauge` labels (`labelled`).
    var label: TemplateNode?
    var currentValueLabel: TemplateNode?
    var minimumValueLabel: TemplateNode?
    var maximumValueLabel: TemplateNode?
    var hasLabels: Bool { label != nil || currentValueLabel != nil || minimumValueLabel != nil || maximumValueLabel != nil }
}

extension LayoutParser {
    mutating func progressTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int) -> ProgressTemplate? {
        guard let value else { return nil }
        let v: ProgressTemplate.Value
        switch value {
        case .scalar(let s):
            switch DataConverter.scalarValue(s) {
            case .number:
                guard let f = number(value, "progress", in: 0...1) else { return nil }
                v = .fraction(f)
            case .string(let text):
                guard let i = interpolate(text, value) else { return nil }
                guard !i.isConstant else {
                    error("expected a fraction 0…1, a binding or {start, end} for 'progress', found \(describe(value))", value)
                    return nil
                }
                v = .bound(i)
            default:
                error("expected a fraction 0…1, a binding or {start, end} for 'progress', found \(describe(value))", value)
                return nil
            }
        case .mapping:
            var start: Interpolated?, end: Interpolated?, countsDown = false
            for (k, kn, item) in pairs(value) {
                switch k {
                case "start": start = dateTemplate(item, k)
                case "end": end = dateTemplate(item, k)
                case "countsDown": countsDown = bool(item, k) ?? false
                default: unknownKey(k, kn, in: "progress", allowed: ProgressNode.intervalKeys.map(\.key))
                }
            }
            guard let start, let end else {
                error("a timer progress needs 'start' and 'end'", value)
                return nil
            }
            v = .interval(start: start, end: end, countsDown: countsDown)
        default:
            error("expected a fraction 0…1, a binding or {start, end} for 'progress', found \(describe(value))", value)
            return nil
        }
        var t = ProgressTemplate(value: v)
        if let s = p["style"], let style = word(s, "style", ProgressNode.styles + ProgressNode.swiftUIStyles.keys.sorted(),
                                                { ProgressStyle(rawValue: $0) ?? ProgressNode.swiftUIStyles[$0] }) { t.style = style }
        if let s = p["tint"] { t.tint = paint(s, "tint") }
        if let s = p["track"] { t.track = paint(s, "track") }
        if let s = p["thickness"], let n = number(s, "thickness", in: 0...1000) { t.thickness = n }
        if let m = p["marker"] {
            if t.style != .linear { error("'marker' is for a linear progress bar", m) }
            t.marker = node(m, depth: depth + 1)
        }
        // Which labels each style shows (Apple's GaugeStyle documentation): a linear bar its label
        // and current value; the open gauge all four; the closed ring its current value only.
        let shown: [ProgressStyle: [String]] = [.linear: ["label", "currentValueLabel"], .gauge: ProgressNode.labelKeys,
                                                .ring: ["currentValueLabel"]]
        for key in ProgressNode.labelKeys {
            guard let m = p[key] else { continue }
            guard shown[t.style, default: []].contains(key) else {
                error("a \(t.style.rawValue) progress shows no '\(key)' (it shows \(shown[t.style, default: []].joined(separator: ", ")))", m)
                continue
            }
            let n = node(m, depth: depth + 1)
            switch key {
            case "label": t.label = n
            case "currentValueLabel": t.currentValueLabel = n
            case "minimumValueLabel": t.minimumValueLabel = n
            default: t.maximumValueLabel = n
            }
        }
        return t
    }

    /// A date written in place (checked now) or bound (checked when bound).
    private mutating func dateTemplate(_ node: Yams.Node, _ key: String) -> Interpolated? {
        guard case .scalar(let s) = node else { error("expected a date for '\(key)', found \(describe(node))", node); return nil }
        guard let i = interpolate(s.string, node) else { return nil }
        if let c = i.constantText, ISODate.parse(c) == nil, ScalarSyntax.number(c) == nil {
            let why = ISODate.problem(c).map { " (\($0))" } ?? ""
            error("expected an ISO 8601 date such as 2026-11-22T12:45:00+09:00 for '\(key)', found \(describe(node))\(why)", node)
            return nil
        }
        return i
    }
}

extension Binder {
    mutating func bindProgress(_ p: ProgressTemplate, _ env: Environment) -> ViewKind? {
        let tint = p.tint.flatMap { paint($0, env) } ?? env.foreground ?? label("blue")
        // iOS's linear bar sits on the system fill whatever its tint; a ring or gauge on its tint, faded.
        let track = p.track.flatMap { paint($0, env) }?.solidColor
            ?? (p.style == .linear ? label("systemFill").solidColor : tint.solidColor.multipliedAlpha(0.2))
        return .progress(ProgressContent(fraction: fraction(p.value, env), style: p.style, tint: tint, track: track,
                                         thickness: p.thickness))
    }

    /// The bar or gauge with its labels, as SwiftUI's styles place them: a linear bar under its
    /// label and over its current value, leading-aligned, 4 pt apart; a gauge or ring with the
    /// current value centred inside, and (gauge) the minimum and maximum, or else the label, in the
    /// gap at the bottom. Apple publishes where labels go, not their fonts: inside a gauge the
    /// current value defaults to 20 pt medium and the gap labels to caption2, each on one line and
    /// shrinking to half to fit, unless the label sets its own.
    mutating func labelled(_ p: ProgressTemplate, bar: ViewNode, _ env: Environment) -> ViewNode {
        guard p.hasLabels, case .progress(let content) = bar.kind else { return bar }
        func boundLabel(_ t: TemplateNode?, _ env: Environment) -> ViewNode? {
            guard let t else { return nil }
            let n = single(t, env)
            if case .empty = n.kind { return nil }
            return n
        }
        switch content.style {
        case .linear:
            var valueEnv = env
            if valueEnv.foreground == nil { valueEnv.foreground = label("secondaryLabel") }
            let children = [boundLabel(p.label, env), bar, boundLabel(p.currentValueLabel, valueEnv)].compactMap { $0 }
            return ViewNode(.vstack(spacing: 4, alignment: .leading, children: children), source: bar.source)
        case .gauge, .ring:
            var inside = env
            inside.fontSize = 20; inside.fontWeight = .medium
            inside.text.lineLimit = inside.text.lineLimit ?? 1
            inside.text.minimumScaleFactor = inside.text.minimumScaleFactor ?? 0.5
            var gap = env
            gap.fontStyle = .caption2; gap.fontSize = nil
            gap.text.lineLimit = gap.text.lineLimit ?? 1
            gap.text.minimumScaleFactor = gap.text.minimumScaleFactor ?? 0.5
            var layers = [bar]
            if let v = boundLabel(p.currentValueLabel, inside) { layers.append(v) }
            var node = ViewNode(.zstack(alignment: .center, children: layers), source: bar.source)
            let low = boundLabel(p.minimumValueLabel, gap), high = boundLabel(p.maximumValueLabel, gap)
            var bottom: ViewNode?
            let t = content.thickness
            if low != nil || high != nil {
                // Under the two ends of the arc, inside the round face (a circular accessory is
                // masked to a circle): in from the sides by 3.5 ring thicknesses, up by two.
                let row = [low, ViewNode(.spacer(minLength: 0)), high].compactMap { $0 }
                bottom = ViewNode(.hstack(spacing: 0, alignment: .center, children: row),
                                  modifiers: [.padding(EdgeInsets(top: 0, leading: t * 3.5, bottom: t * 2, trailing: t * 3.5))],
                                  source: bar.source)
            } else if let l = boundLabel(p.label, gap) {
                // The label alone: centred in the opening.
                bottom = ViewNode(.hstack(spacing: 0, alignment: .center, children: [l]),
                                  modifiers: [.padding(EdgeInsets(top: 0, leading: t * 3, bottom: 0, trailing: t * 3))],
                                  source: bar.source)
            }
            if let bottom {
                node.modifiers.append(Modifier.overlay(bottom, alignment: Alignment(horizontal: .center, vertical: .bottom)))
            }
            return node
        }
    }

    /// A linear bar's marker, bound and placed at the bar's fraction.
    mutating func addMarker(_ p: ProgressTemplate, to node: inout ViewNode, _ env: Environment) {
        if let marker = p.marker, case .progress(let content) = node.kind {
            node.modifiers.append(.marker(single(marker, env), fraction: content.fraction))
        }
    }

    mutating func fraction(_ v: ProgressTemplate.Value, _ env: Environment) -> Double {
        func clamp(_ x: Double) -> Double { x.isNaN ? 0 : max(0, min(1, x)) }
        func interval(_ start: DataValue, _ end: DataValue, _ countsDown: Bool, at location: SourceLocation) -> Double {
            guard let s = dates.parseDate(start), let e = dates.parseDate(end) else {
                if start != .null && end != .null {
                    warn("progress expected dates for start and end (\(dates.expectedDate) each), found '\(start.excerpt(locale: locale))' and '\(end.excerpt(locale: locale))'", at: location)
                }
                return 0
            }
            let duration = e.timeIntervalSince(s)
            let elapsed = duration > 0 ? clamp(context.look.now.timeIntervalSince(s) / duration) : 1
            return countsDown ? 1 - elapsed : elapsed
        }
        switch v {
        case .fraction(let f): return clamp(f)
        case .bound(let i):
            let value: DataValue = i.soleBinding.map { self.value(of: $0, env) } ?? .string(text(i, env))
            if case .object(let o) = value, let s = o["start"], let e = o["end"] {
                return interval(s, e, o["countsDown"]?.isTruthy ?? false, at: i.location)
            }
            // A `ClosedRange<Date>` as Swift encodes it, as `ProgressView(timerInterval:)` takes one.
            if case .array(let bounds) = value, bounds.count == 2 {
                return interval(bounds[0], bounds[1], false, at: i.location)
            }
            if value == .null || value == .string("") { return 0 }
            guard let n = value.numberValue else {
                warn("progress expected a fraction 0…1, found '\(value.excerpt(locale: locale))'", at: i.location)
                return 0
            }
            return clamp(n)
        case .interval(let start, let end, let countsDown):
            func date(_ i: Interpolated) -> DataValue {
                if let b = i.soleBinding { return value(of: b, env) }
                return .string(text(i, env))
            }
            return interval(date(start), date(end), countsDown, at: start.location)
        }
    }
}
