import Foundation
import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Colours and gradients

    /// `.red`, `.primary`, `.accentColor` … as a paint.
    func colorMember(_ name: String) -> Value? {
        if name == "accentColor" || name == "accent" {
            return Value(.paint(.string("blue")), type: .color, notes: ["the app's accent colour: blue assumed"])
        }
        if let n = ColorSyntaxBridge.named(name) { return Value(.paint(.string(n)), type: .color) }
        return nil
    }

    func colorCall(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ scope: Scope) -> Value {
        if let first = args["_0"] {
            if let s = first.as(StringLiteralExprSyntax.self), let asset = s.plainText {
                // An asset-catalog colour: a row of `colors:` to fill.
                return assetColor(asset, note: "Color(\"\(asset)\") is an asset-catalog colour")
            }
            let inner = value(first, scope, expecting: .color)
            if case .paint = inner.form { return inner }
            if case .enumCase(let n) = inner.form, let p = colorMember(n) { return p }
            if let m = first.as(MemberAccessExprSyntax.self), let p = colorMember(m.declName.baseName.text) { return p }
        }
        if let u = args["uiColor"] ?? args["nsColor"] ?? args["cgColor"] {
            if let m = u.as(MemberAccessExprSyntax.self), let p = colorMember(m.declName.baseName.text) { return p }
        }
        if let hex = args["hex"] {
            if let s = hex.as(StringLiteralExprSyntax.self)?.plainText, let h = Self.hex(s) { return Value(.paint(.string(h)), type: .color) }
            if let i = hex.as(IntegerLiteralExprSyntax.self), let n = Int(i.literal.text.replacingOccurrences(of: "0x", with: ""), radix: 16) {
                return Value(.paint(.string(String(format: "#%06X", n & 0xFFFFFF))), type: .color)
            }
        }
        func number(_ key: String) -> Double? {
            guard let e = args[key] else { return nil }
            if case .number(let n) = value(e, scope, expecting: .number).form { return n }
            return nil
        }
        var rgb: (Double, Double, Double)?
        if let r = number("red"), let g = number("green"), let b = number("blue") { rgb = (r, g, b) }
        if let w = number("white") { rgb = (w, w, w) }
        if let h = number("hue"), let s = number("saturation"), let b = number("brightness") { rgb = Self.hsb(h, s, b) }
        if let (r, g, b) = rgb {
            func byte(_ x: Double) -> Int { Int((max(0, min(1, x > 1 ? x / 255 : x)) * 255).rounded()) }
            var hex = String(format: "#%02X%02X%02X", byte(r), byte(g), byte(b))
            if let o = number("opacity") ?? number("alpha"), o < 1 { hex += String(format: "%02X", byte(o)) }
            return Value(.paint(.string(hex)), type: .color)
        }
        return .unknown(Self.short(c))
    }

    static func assetKey(_ name: String) -> String {
        let cleaned = name.unicodeScalars.map { $0.properties.isAlphabetic || ($0.isASCII && $0.properties.numericType != nil) ? String($0) : "_" }.joined()
        return cleaned.first?.isLetter == true ? cleaned : "c_" + cleaned
    }

    static func hex(_ s: String) -> String? {
        var t = s.hasPrefix("#") ? String(s.dropFirst()) : s
        if t.hasPrefix("0x") { t = String(t.dropFirst(2)) }
        guard [3, 6, 8].contains(t.count), t.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + t.uppercased()
    }

    static func hsb(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let h = h.isNaN ? 0 : max(0, min(1, h))  // SwiftUI's hue is 0…1; outside it, `Int(h * 6)` could trap
        let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    func gradient(_ kind: String, _ args: [String: ExprSyntax], _ scope: Scope) -> Value {
        var colors: [YAMLValue] = []
        var locations: [YAMLValue] = []
        var notes: [String] = []
        var colorList = args["colors"]
        var stopList = args["stops"]
        if let g = args["gradient"]?.as(FunctionCallExprSyntax.self) {
            let ga = Self.arguments(g.arguments)
            colorList = ga["colors"]; stopList = ga["stops"]
        }
        if let list = colorList?.as(ArrayExprSyntax.self) {
            for e in list.elements {
                let v = value(e.expression, scope, expecting: .color)
                if let p = paintYAML(v) { colors.append(p) } else { notes.append("gradient colour \(Self.short(e.expression)) is not translated: gray"); colors.append(.string("gray")) }
            }
        } else if let list = stopList?.as(ArrayExprSyntax.self) {
            for e in list.elements {
                guard let call = e.expression.as(FunctionCallExprSyntax.self) else { continue }
                let sa = Self.arguments(call.arguments)
                let v = sa["color"].map { value($0, scope, expecting: .color) } ?? .unknown("stop")
                colors.append(paintYAML(v) ?? .string("gray"))
                if let l = sa["location"], case .number(let n) = value(l, scope).form { locations.append(.number(n)) }
            }
        }
        guard !colors.isEmpty else { return .unknown(kind + "(…)") }
        // Paints inside a gradient are colours: a gradient of gradients is not a thing.
        colors = colors.map { if case .map(let p, _) = $0, p.contains(where: { $0.0 == "linearGradient" }) { .string("gray") } else { $0 } }
        var pairs: [(String, YAMLValue)] = [("linearGradient", .list(colors, flow: true))]
        if locations.count == colors.count { pairs.append(("locations", .list(locations, flow: true))) }
        let start = args["startPoint"].flatMap { Self.unitPoint($0) } ?? "top"
        let end = args["endPoint"].flatMap { Self.unitPoint($0) } ?? "bottom"
        pairs.append(("start", .string(start)))
        pairs.append(("end", .string(end)))
        if !kind.lowercased().contains("linear") { notes.append("\(kind) is drawn as a linear gradient (the language has only linear ones)") }
        return Value(.paint(.map(pairs)), type: .color, notes: notes)
    }

    static let unitPoints = ["topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading", "bottom", "bottomTrailing"]

    static func unitPoint(_ e: ExprSyntax) -> String? {
        guard let m = e.as(MemberAccessExprSyntax.self) else { return nil }
        let n = m.declName.baseName.text
        return unitPoints.contains(n) ? n : nil
    }

    /// A value as a paint in the layout (`orange`, `{color: …, opacity: …}`, a gradient, or a binding).
    func paintYAML(_ v: Value) -> YAMLValue? {
        switch v.form {
        case .paint(let p): return p
        case .enumCase(let n): return colorMember(n).flatMap { if case .paint(let p) = $0.form { p } else { nil } }
        case .text(let t) where ColorSyntaxBridge.named(t) != nil || Self.hex(t) != nil: return .string(ColorSyntaxBridge.named(t) ?? Self.hex(t)!)
        case .path, .expr:
            guard let b = v.binding else { return nil }
            usage.use(v.source, .color, type: v.type)
            return .string("{{\(b)}}")
        default: return nil
        }
    }
}

/// Colour names the layout language knows, reached from SwiftUI's.
enum ColorSyntaxBridge {
    static let swiftUI: [String: String] = [
        "primary": "label", "secondary": "secondaryLabel", "tertiary": "tertiaryLabel", "quaternary": "quaternaryLabel",
        "label": "label", "secondaryLabel": "secondaryLabel", "tertiaryLabel": "tertiaryLabel", "quaternaryLabel": "quaternaryLabel",
        "systemBackground": "systemBackground", "secondarySystemBackground": "secondarySystemBackground",
        "tertiarySystemBackground": "tertiarySystemBackground", "systemGroupedBackground": "secondarySystemBackground",
        "secondarySystemGroupedBackground": "systemBackground", "separator": "separator", "opaqueSeparator": "opaqueSeparator",
        "systemFill": "systemFill", "secondarySystemFill": "secondarySystemFill", "tertiarySystemFill": "tertiarySystemFill",
        "quaternarySystemFill": "quaternarySystemFill",
        "systemRed": "red", "systemOrange": "orange", "systemYellow": "yellow", "systemGreen": "green", "systemMint": "mint",
        "systemTeal": "teal", "systemCyan": "cyan", "systemBlue": "blue", "systemIndigo": "indigo", "systemPurple": "purple",
        "systemPink": "pink", "systemBrown": "brown", "systemGray": "gray", "darkGray": "gray", "lightGray": "systemGray4",
    ]

    static func named(_ name: String) -> String? {
        if let n = swiftUI[name] { return n }
        if SystemColors.names.contains(name) { return name }
        return nil
    }
}
