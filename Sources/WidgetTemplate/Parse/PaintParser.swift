import Yams
import WidgetModel

/// Color words and hex, shared by load-time checks and bind-time values.
enum ColorSyntax {
    static var names: [String] { SystemColors.names }

    /// A named or hex color, or a message saying what is wrong.
    static func parse(_ text: String) -> Result<ColorTemplate, ColorMessage> {
        let t = text.trimmingSpaces
        if t.hasPrefix("#") {
            if let c = RGBA(hexString: t) { return .success(.rgba(c)) }
            return .failure(ColorMessage(text: "bad hex color '\(t)' (expected #RGB, #RRGGBB or #RRGGBBAA)"))
        }
        if SystemColors.color(named: t, scheme: .light) != nil { return .success(.named(t)) }
        return .failure(ColorMessage(text: "unknown color '\(t)'\(Suggestion.hint(t, in: names))"))
    }

    static let unitPoints = ["topLeading", "top", "topTrailing", "leading", "center", "trailing",
                             "bottomLeading", "bottom", "bottomTrailing"]
    static func unitPoint(_ name: String) -> UnitPoint? {
        switch name {
        case "topLeading": .topLeading
        case "top": .top
        case "topTrailing": .topTrailing
        case "leading": .leading
        case "center": .center
        case "trailing": .trailing
        case "bottomLeading": .bottomLeading
        case "bottom": .bottom
        case "bottomTrailing": .bottomTrailing
        default: nil
        }
    }
}

struct ColorMessage: Error { var text: String }

extension LayoutParser {
    static let paintKeys = ["light", "dark", "color", "opacity", "linearGradient", "start", "end", "locations", "gradient"]

    /// `{gradient: COLOR}`, SwiftUI's `Color.gradient` ("a standard gradient for the color"): Apple
    /// publishes no recipe, so this is an approximation — top to bottom, from the colour mixed
    /// with 20 % white to the colour itself (the subtle lighter top such gradients show).
    static let standardGradientLightening = 0.2

    mutating func paint(_ node: Yams.Node, _ key: String) -> PaintTemplate? {
        if case .mapping = node, let g = pairs(node).first(where: { $0.key == "gradient" }) {
            for (k, kn, _) in pairs(node) where k != "gradient" {
                unknownKey(k, kn, in: "a standard gradient ({gradient: COLOR})", allowed: ["gradient"])
            }
            guard let c = color(g.value, "gradient") else { return nil }
            return .linearGradient(colors: [.lightened(c, amount: Self.standardGradientLightening), c], locations: nil,
                                   start: .top, end: .bottom)
        }
        if case .mapping = node, pairs(node).contains(where: { $0.key == "linearGradient" }) {
            return gradient(node, key)
        }
        return color(node, key).map(PaintTemplate.color)
    }

    mutating func color(_ node: Yams.Node, _ key: String) -> ColorTemplate? {
        switch node {
        case .scalar(let s):
            guard case .string(let text) = DataConverter.scalarValue(s) else {
                error("expected a color for '\(key)' (a name such as orange, \"#FF9500\" or {light:, dark:}), found \(describe(node))", node)
                return nil
            }
            guard let interpolated = interpolate(text, node) else { return nil }
            if !interpolated.isConstant { return .bound(interpolated) }
            switch ColorSyntax.parse(text) {
            case .success(let c): return c
            case .failure(let m):
                let lower = text.lowercased()
                if [".png", ".jpg", ".jpeg"].contains(where: { lower.hasSuffix($0) }) {
                    error("'\(text)' is an image, not a color; an image background is a node: \(key): { image: \(text), resizable: true }", node)
                } else {
                    error(m.text, node)
                }
                return nil
            }
        case .mapping:
            var light: ColorTemplate?, dark: ColorTemplate?, base: ColorTemplate?, opacity: Double?
            var ok = true
            for (k, kn, v) in pairs(node) {
                switch k {
                case "light": light = color(v, "light"); ok = ok && light != nil
                case "dark": dark = color(v, "dark"); ok = ok && dark != nil
                case "color": base = color(v, "color"); ok = ok && base != nil
                case "opacity": opacity = number(v, "opacity", in: 0...1); ok = ok && opacity != nil
                default:
                    unknownKey(k, kn, in: "a color", allowed: ["light", "dark", "color", "opacity"]); ok = false
                }
            }
            guard ok else { return nil }
            var result: ColorTemplate
            if let light, let dark {
                if base != nil { error("a color has either light/dark or color, not both", node); return nil }
                result = .schemed(light: light, dark: dark)
            } else if light != nil || dark != nil {
                error("a per-scheme color needs both 'light' and 'dark'", node); return nil
            } else if let base {
                result = base
            } else {
                error("expected a color for '\(key)': {light:, dark:} or {color:, opacity:}", node); return nil
            }
            if let opacity { result = .faded(result, opacity: opacity) }
            return result
        default:
            error("expected a color for '\(key)', found \(describe(node))", node)
            return nil
        }
    }

    mutating func gradient(_ node: Yams.Node, _ key: String) -> PaintTemplate? {
        var colors: [ColorTemplate] = [], locations: [Double]?
        var start = UnitPoint.top, end = UnitPoint.bottom
        var ok = true
        for (k, kn, v) in pairs(node) {
            switch k {
            case "linearGradient":
                guard case .sequence(let seq) = v, seq.count >= 1 else {
                    error("expected a list of colors for 'linearGradient', found \(describe(v))", v); ok = false; continue
                }
                for item in seq { if let c = color(item, "linearGradient") { colors.append(c) } else { ok = false } }
            case "locations":
                guard case .sequence(let seq) = v else { error("expected a list of numbers 0…1 for 'locations', found \(describe(v))", v); ok = false; continue }
                var values: [Double] = []
                for item in seq { if let n = number(item, "locations", in: 0...1) { values.append(n) } else { ok = false } }
                locations = values
            case "start", "end":
                if let p = word(v, k, ColorSyntax.unitPoints, ColorSyntax.unitPoint) { if k == "start" { start = p } else { end = p } } else { ok = false }
            default:
                unknownKey(k, kn, in: "a gradient", allowed: ["linearGradient", "locations", "start", "end"]); ok = false
            }
        }
        if let locations, locations.count != colors.count, ok {
            error("a gradient has \(colors.count) colors but \(locations.count) locations", node); return nil
        }
        return ok ? .linearGradient(colors: colors, locations: locations, start: start, end: end) : nil
    }
}

/// Bind-time paint resolution.
struct PaintResolver {
    var scheme: ColorScheme
    var generation: ColorGeneration
    /// Evaluates a binding to a value (the binder supplies scope and diagnostics).
    var evaluate: (Binding) -> DataValue
    var text: (Interpolated) -> String
    var warn: (String, SourceLocation) -> Void

    func paint(_ template: PaintTemplate) -> Paint? {
        switch template {
        case .color(let c):
            // A lone binding may produce a whole paint: {light:, dark:} or a gradient from a table.
            if case .bound(let i) = c, let b = i.soleBinding {
                return paint(value: evaluate(b), at: b.location)
            }
            return color(c).map(Paint.color)
        case .linearGradient(let colors, let locations, let start, let end):
            let resolved = colors.compactMap(color)
            guard resolved.count == colors.count, !resolved.isEmpty else { return nil }
            return .linearGradient(stops: stops(resolved, locations), start: start, end: end)
        }
    }

    func stops(_ colors: [RGBA], _ locations: [Double]?) -> [GradientStop] {
        colors.enumerated().map { i, c in
            GradientStop(color: c, location: locations?[i] ?? (colors.count == 1 ? 0 : Double(i) / Double(colors.count - 1)))
        }
    }

    func color(_ template: ColorTemplate) -> RGBA? {
        switch template {
        case .named(let n): return SystemColors.color(named: n, scheme: scheme, generation: generation)
        case .rgba(let c): return c
        case .schemed(let light, let dark): return color(scheme == .light ? light : dark)
        case .faded(let c, let opacity): return color(c)?.multipliedAlpha(opacity)
        case .lightened(let c, let amount):
            guard let base = color(c) else { return nil }
            func mix(_ v: Double) -> Double { v + (1 - v) * amount }
            return RGBA(r: mix(base.r), g: mix(base.g), b: mix(base.b), a: base.a)
        case .bound(let i):
            if let b = i.soleBinding { return paint(value: evaluate(b), at: b.location)?.solidColor }
            let s = text(i)
            return colorFromString(s, at: i.location)
        }
    }

    func colorFromString(_ s: String, at location: SourceLocation) -> RGBA? {
        if s.isEmpty { return nil }   // a missing value, already reported
        switch ColorSyntax.parse(s) {
        case .success(let c): return color(c)
        case .failure(let m):
            warn("bound value: \(m.text)", location)
            return nil
        }
    }

    /// A data value as a paint: a color string, {light, dark}, {color, opacity}, {linearGradient: […]}.
    func paint(value: DataValue, at location: SourceLocation) -> Paint? {
        switch value {
        case .null: return nil
        case .string(let s): return colorFromString(s, at: location).map(Paint.color)
        case .object(let o):
            if case .array(let items)? = o["linearGradient"] {
                let colors = items.compactMap { paint(value: $0, at: location)?.solidColor }
                guard colors.count == items.count, !colors.isEmpty else { return nil }
                let start = o["start"].flatMap { if case .string(let s) = $0 { ColorSyntax.unitPoint(s) } else { nil } } ?? .top
                let end = o["end"].flatMap { if case .string(let s) = $0 { ColorSyntax.unitPoint(s) } else { nil } } ?? .bottom
                return .linearGradient(stops: stops(colors, nil), start: start, end: end)
            }
            if let l = o["light"], let d = o["dark"] {
                var c = paint(value: scheme == .light ? l : d, at: location)?.solidColor
                if let op = o["opacity"]?.numberValue { c = c?.multipliedAlpha(op) }
                return c.map(Paint.color)
            }
            if let base = o["color"] {
                var c = paint(value: base, at: location)?.solidColor
                if let op = o["opacity"]?.numberValue { c = c?.multipliedAlpha(max(0, min(1, op))) }
                return c.map(Paint.color)
            }
            warn("bound value is a mapping, not a color (expected a color name, hex or {light:, dark:})", location)
            return nil
        default:
            warn("bound value \(value.text(locale: "en")) is not a color (expected a name such as orange or \"#FF9500\")", location)
            return nil
        }
    }
}
