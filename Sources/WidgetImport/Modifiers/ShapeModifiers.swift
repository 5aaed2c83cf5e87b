import SwiftSyntax
import WidgetModel

extension Translator {
    func shapeFromExpression(_ e: ExprSyntax, _ scope: Scope) -> DraftNode? {
        let e = Self.strip(e)
        if let c = e.as(FunctionCallExprSyntax.self), let name = Self.calleeName(c) {
            let args = Self.arguments(c.arguments)
            switch name {
            case "Circle": return DraftNode("circle")
            case "Capsule": return DraftNode("capsule")
            case "Ellipse": return DraftNode("ellipse")
            case "Rectangle": return DraftNode("rect")
            case "RoundedRectangle": return DraftNode("roundedRect", .number(number(args["cornerRadius"], scope) ?? 8))
            case "ContainerRelativeShape": return DraftNode("roundedRect", .number(16))
            default: break
            }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil {
                switch m.declName.baseName.text {
                case "rect": return args["cornerRadius"].map { DraftNode("roundedRect", .number(number($0, scope) ?? 8)) } ?? DraftNode("rect")
                case "capsule": return DraftNode("capsule")
                default: break
                }
            }
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            switch m.declName.baseName.text {
            case "circle": return DraftNode("circle")
            case "capsule": return DraftNode("capsule")
            case "rect", "rectangle": return DraftNode("rect")
            case "ellipse": return DraftNode("ellipse")
            case "containerRelative": return DraftNode("roundedRect", .number(16))
            default: break
            }
        }
        return nil
    }

    /// A clip value and, when it is only near, why.
    func clipShape(_ e: ExprSyntax, _ scope: Scope) -> (YAMLValue, String?)? {
        guard let s = shapeFromExpression(e, scope) else { return nil }
        switch s.kind {
        case "circle": return (.string("circle"), nil)
        case "capsule": return (.string("capsule"), nil)
        case "rect": return (.string("rect"), nil)
        case "ellipse": return (.string("circle"), "an ellipse clip is drawn as a circle")
        case "roundedRect":
            let note = Self.strip(e).trimmedDescription.contains("ContainerRelative") || Self.strip(e).trimmedDescription.contains("containerRelative")
                ? "ContainerRelativeShape is not in the layout language yet: radius 16" : nil
            return (.map([("roundedRect", s.value)]), note)
        default: return nil
        }
    }

    func angle(_ e: ExprSyntax, _ scope: Scope) -> Double? {
        let e = Self.strip(e)
        if let c = e.as(FunctionCallExprSyntax.self) {
            let name = c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? Self.calleeName(c) ?? ""
            let args = Self.arguments(c.arguments)
            if name == "degrees" { return number(args["_0"], scope) }
            if name == "radians" { return number(args["_0"], scope).map { $0 * 180 / .pi } }
            if name == "Angle" { return number(args["degrees"], scope) ?? number(args["radians"], scope).map { $0 * 180 / .pi } }
        }
        return nil
    }

    func shapeStyle(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        let shapes: Set<String> = ["circle", "rect", "capsule", "roundedRect", "ellipse", "path", "containerRelative"]
        let isRing = n["$trimRing"] != nil
        guard shapes.contains(n.kind) || isRing else { return (.placeholder, ".\(m.name) on a view that is not a shape: left out") }
        var notes: [String] = []
        var paint: YAMLValue?
        if let c = args["_0"], !(m.name != "fill" && c.as(MemberAccessExprSyntax.self)?.declName.baseName.text == nil && number(c, scope) != nil) {
            let v = value(c, scope, expecting: .color)
            paint = paintYAML(v)
            notes += v.notes
            if paint == nil { notes.append("colour \(v.unknownWhat ?? Self.short(c)) is not translated") }
        }
        if m.name == "fill" {
            if isRing { if let paint { n["tint"] = paint }; return (.partly, "fill on a ring") }
            n["fill"] = paint ?? .string("gray")
            return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        var width = number(args["lineWidth"], scope)
        var dash: [Double]?
        if let style = args["style"]?.as(FunctionCallExprSyntax.self) {
            let sa = Self.arguments(style.arguments)
            width = number(sa["lineWidth"], scope) ?? width
            if let d = sa["dash"]?.as(ArrayExprSyntax.self) { dash = d.elements.compactMap { number($0.expression, scope) } }
            if sa["lineCap"] != nil, !isRing { notes.append("line caps are drawn butt") }
        }
        if isRing {
            if let paint { n["tint"] = paint }
            if let width { n["thickness"] = .number(width) }
            return (.partly, "a trimmed circle is drawn as a ring progress")
        }
        // strokeBorder keeps its stroke inside the edge; a path cannot be inset, so it is centred there.
        let inside = m.name == "strokeBorder" && n.kind != "path"
        n[inside ? "strokeBorder" : "stroke"] = paint ?? n["color"] ?? .string("label")
        if let width { n["lineWidth"] = .number(width) }
        if let dash, !dash.isEmpty { n["dash"] = .list(dash.map(YAMLValue.number), flow: true) }
        if m.name == "strokeBorder", !inside { notes.append("strokeBorder on a path is drawn centred on the edge") }
        return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
