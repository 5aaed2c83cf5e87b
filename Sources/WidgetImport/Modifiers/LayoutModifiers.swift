import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Layout modifiers

    static let edgeNames: [String: [String]] = ["top": ["top"], "bottom": ["bottom"], "leading": ["leading"], "trailing": ["trailing"],
                                                "horizontal": ["horizontal"], "vertical": ["vertical"],
                                                "all": ["top", "leading", "bottom", "trailing"]]

    func padding(_ n: inout DraftNode, _ args: [String: ExprSyntax], _ scope: Scope) -> (Outcome, String?) {
        // .padding(), .padding(8), .padding(.horizontal), .padding(.horizontal, 8), .padding([.top, .leading], 4), .padding(EdgeInsets(…))
        var edges: [String]?
        var amount: Double?
        var amountGiven = false
        if let first = args["_0"] {
            if let m = first.as(MemberAccessExprSyntax.self), m.base == nil, let e = Self.edgeNames[m.declName.baseName.text] { edges = e }
            else if let arr = first.as(ArrayExprSyntax.self) {
                edges = arr.elements.flatMap { Self.edgeNames[$0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""] ?? [] }
            } else if let c = first.as(FunctionCallExprSyntax.self), Self.calleeName(c) == "EdgeInsets" || c.calledExpression.trimmedDescription == ".init" {
                let ea = Self.arguments(c.arguments)
                var pairs: [(String, YAMLValue)] = []
                var negative: [String] = []
                for k in ["top", "leading", "bottom", "trailing"] {
                    if let x = number(ea[k], scope), x != 0 { if x < 0 { negative.append(k) } else { pairs.append((k, .number(x))) } }
                }
                n.applyModifier("padding", pairs.isEmpty ? .number(0) : .map(pairs))
                if !negative.isEmpty { return (.partly, "negative padding (\(negative.joined(separator: ", "))) is not in the layout language (padding is 0 or more): left out") }
                return (.translated, nil)
            } else if let x = number(first, scope) { amount = x; amountGiven = true }
            else { return (.placeholder, "padding \(Self.short(first)) is not a number: left out") }
        }
        if let second = args["_1"] {
            guard let x = number(second, scope) else { return (.placeholder, "padding \(Self.short(second)) is not a number: left out") }
            amount = x; amountGiven = true
        }
        let value = amount ?? 16
        if value < 0 {
            // SwiftUI lets the view spill out by that much; the layout's padding is 0 or more.
            return (.partly, "negative padding \(Self.short(args["_1"] ?? args["_0"]!)) is not in the layout language (padding is 0 or more): left out, so the view takes its own size")
        }
        guard let edges, Set(edges) != ["top", "leading", "bottom", "trailing"] else {
            n.applyModifier("padding", amountGiven ? .number(value) : .bool(true))
            return (.translated, nil)
        }
        n.applyModifier("padding", .map(edges.map { ($0, YAMLValue.number(value)) }))
        return (.translated, nil)
    }

    func frame(_ n: inout DraftNode, _ args: [String: ExprSyntax], _ scope: Scope) -> (Outcome, String?) {
        var pairs: [(String, YAMLValue)] = []
        var notes: [String] = []
        for k in ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"] {
            guard let e = args[k] else { continue }
            if e.is(NilLiteralExprSyntax.self) { continue }
            if let x = number(e, scope) {
                if x.isInfinite && !k.hasPrefix("max") { notes.append("\(k): infinity is only for max"); continue }
                if x < 0 { notes.append("\(k) is negative: left out"); continue }
                pairs.append((k, .number(x)))
            } else { notes.append("\(k) \(Self.short(e)) is not a number: left out") }
        }
        // SwiftUI allows min > max only with a warning; the language does not.
        func value(_ k: String) -> Double? { pairs.first { $0.0 == k }?.1.numberValue }
        for (lo, hi) in [("minWidth", "maxWidth"), ("minHeight", "maxHeight")] {
            if let a = value(lo), let b = value(hi), a > b { pairs.removeAll { $0.0 == lo }; notes.append("\(lo) above \(hi): left out") }
        }
        if let a = args["alignment"] {
            if let p = Self.unitPoint(a) { pairs.append(("alignment", .string(p))) } else { notes.append("alignment \(Self.short(a)) not translated") }
        }
        guard !pairs.isEmpty else { return notes.isEmpty ? (.translated, nil) : (.placeholder, notes.joined(separator: "; ")) }
        n.applyModifier("frame", .map(pairs))
        return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    static let materials: Set<String> = ["ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial", "bar"]

    /// `.background(paint)`, `.background(View)`, `.background { View }`, `.background(.material)`,
    /// `.background(Color.x, in: Shape)`; the same for `.overlay`.
    func layer(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        var value: YAMLValue?
        var notes: [String] = []
        var alignment = args["alignment"].flatMap(Self.unitPoint)
        if let closure = m.trailing ?? args["content"]?.as(ClosureExprSyntax.self) {
            let nodes = views(closure.statements, scope)
            if let node = single(nodes, origin: n.origin) { value = .node(node) }
        } else if let first = args["_0"] {
            if let ma = first.as(MemberAccessExprSyntax.self), Self.materials.contains(ma.declName.baseName.text) {
                value = .map([("color", .string("systemBackground")), ("opacity", .number(0.7))])
                notes.append("material .\(ma.declName.baseName.text) is drawn as a translucent background colour")
            } else if let shape = args["in"] {
                let v = self.value(first, scope, expecting: .color)
                if var s = shapeFromExpression(shape, scope) {
                    s.entries.append(("fill", paintYAML(v) ?? .string("secondarySystemBackground")))
                    value = .node(s)
                }
                notes += v.notes
            } else {
                let v = self.value(first, scope, expecting: .color)
                if let p = paintYAML(v), v.type?.name == "Color" || { if case .paint = v.form { return true } else { return false } }() {
                    value = p
                    notes += v.notes
                } else if looksLikeView(first, scope) || first.is(DeclReferenceExprSyntax.self) || first.is(FunctionCallExprSyntax.self) {
                    let nodes = view(first, scope)
                    if let node = single(nodes, origin: n.origin) { value = .node(node) }
                } else if let p = paintYAML(v) {
                    value = p; notes += v.notes
                }
            }
        } else if let shape = args["in"], var s = shapeFromExpression(shape, scope) {
            s.entries.append(("fill", .string("secondarySystemBackground")))
            value = .node(s)
            notes.append("the default background style is drawn as secondarySystemBackground")
        }
        if alignment == nil, let a = args["_1"].flatMap(Self.unitPoint) { alignment = a }
        guard let value else { return (.placeholder, "the \(m.name) is not translated: left out") }
        var extra: [(String, YAMLValue)] = []
        if let alignment, alignment != "center" { extra.append((m.name + "Alignment", .string(alignment))) }
        n.applyModifier(m.name, value, extra: extra)
        return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
