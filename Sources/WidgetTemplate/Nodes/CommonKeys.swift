import Yams
import WidgetModel

/// The keys every node takes besides its kind's own and the modifiers: a condition, a priority, the
/// foreground, the font and the text settings inherited by the texts inside (Nodes/Text.swift).
/// Read in `LayoutParser.node(kind:…)`; bound in `Binder.bind(_:_:)`, which passes them down.
enum CommonKeys {
    static let keys: [NodeKey] = [
        NodeKey("when", SchemaValue.anyOf([.text, .boolean]).described(
            "Show the node only when this is true: a path, !x, a == b, a < b, x in [a, b], x exists, &&, ||, arithmetic.")),
        NodeKey("layoutPriority", .bindable(.number)),
        NodeKey("color", .paint),
        NodeKey("foreground", .paint),
        NodeKey("font", .bindable(.words(TextStyle.allCases.map(\.rawValue)), .record(fontKeys))),
        NodeKey("unredacted", .bindable(.boolean)),
    ] + TextNode.environmentKeys

    /// `font: {style, size, weight, design}`.
    static let fontKeys: [SchemaValue.Member] = [
        .init("style", .bindable(.words(TextStyle.allCases.map(\.rawValue)))),
        .init("size", .bindable(.number)),
        .init("weight", .bindable(.words(FontWeight.allCases.map(\.rawValue)))),
        .init("design", .bindable(.words(FontDesign.allCases.map(\.rawValue)))),
    ]
}

struct FontTemplate: Hashable, Sendable {
    var style: TextStyle?
    var size: Double?
    var weight: FontWeight?
    var design: FontDesign?
}

extension LayoutParser {
    /// A `when:` condition: an expression string (optionally wrapped in {{ }}), or true/false.
    mutating func condition(_ node: Yams.Node) -> Expression? {
        guard case .scalar(let s) = node else {
            error("expected an expression for 'when', found \(describe(node))", node); return nil
        }
        switch DataConverter.scalarValue(s) {
        case .bool(let b): return .literal(.bool(b))
        case .null: error("expected an expression for 'when', found null", node); return nil
        default: break
        }
        var text = s.string
        var lead = 0
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.count >= 4 {
            lead = text.unicodeScalars.prefix { $0 == " " }.count + 2
            text = String(trimmed.dropFirst(2).dropLast(2))
        }
        do {
            return try ExpressionParser.parse(text, limits: limits)
        } catch {
            errors.append(.error("in 'when': \(error.message)", at: origin(of: node).location(at: lead + error.offset)))
            return nil
        }
    }

    mutating func fontTemplate(_ node: Yams.Node) -> FontTemplate? {
        if case .scalar = node {
            return word(node, "font", TextStyle.allCases.map(\.rawValue), TextStyle.init).map { FontTemplate(style: $0) }
        }
        guard case .mapping = node else { error("expected a text style or {style, size, weight, design} for 'font', found \(describe(node))", node); return nil }
        var f = FontTemplate()
        for (k, kn, v) in pairs(node) {
            switch k {
            case "style": f.style = word(v, "style", TextStyle.allCases.map(\.rawValue), TextStyle.init)
            case "size": f.size = number(v, "size", in: 1...1000)
            case "weight": f.weight = word(v, "weight", FontWeight.allCases.map(\.rawValue), FontWeight.init)
            case "design": f.design = word(v, "design", FontDesign.allCases.map(\.rawValue), FontDesign.init)
            default: unknownKey(k, kn, in: "font", allowed: ["style", "size", "weight", "design"])
            }
        }
        return f
    }
}
