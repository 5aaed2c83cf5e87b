import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Fonts

    static func weight(_ e: ExprSyntax) -> (String, String?)? {
        guard let name = e.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return nil }
        switch name {
        case "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black": return (name, nil)
        default: return nil
        }
    }

    /// `.rounded`, `.monospaced`, `.serif` → the layout's design; `.default` too.
    static func design(_ e: ExprSyntax) -> String? {
        guard let name = e.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              ["default", "rounded", "monospaced", "serif"].contains(name) else { return nil }
        return name
    }

    static let textStyles: Set<String> = ["largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
                                          "footnote", "caption", "caption2"]

    struct FontSpec {
        var style: String?
        var size: Double?
        var weight: String?
        var design: String?
        var bold = false
        var monospacedDigit = false
        var notes: [String] = []
    }

    func fontSpec(_ e: ExprSyntax, _ scope: Scope) -> FontSpec? {
        var spec = FontSpec()
        var e = Self.strip(e)
        // `metrics.titleFont`: the font a design-token default writes for it.
        if let m = e.as(MemberAccessExprSyntax.self), let token = tokenField(m, scope) {
            guard var found = fontSpec(token.expression, scope) else { return nil }
            found.notes.append(token.note)
            return found
        }
        // Peel `.bold()`, `.weight(.semibold)`, `.monospacedDigit()`, `.italic()` …
        while let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
              !["system", "custom"].contains(m.declName.baseName.text) {
            switch m.declName.baseName.text {
            case "bold": spec.bold = true
            case "weight": if let w = c.arguments.first.flatMap({ Self.weight($0.expression) }) { spec.weight = w.0; if let n = w.1 { spec.notes.append(n) } }
            case "monospacedDigit": spec.monospacedDigit = true
            case "monospaced": spec.design = "monospaced"
            default: spec.notes.append(".\(m.declName.baseName.text)() on the font is left out")
            }
            e = base
        }
        if let m = e.as(MemberAccessExprSyntax.self) {
            let n = m.declName.baseName.text
            if Self.textStyles.contains(n) { spec.style = n; return spec }
            if n == "extraLargeTitle" || n == "extraLargeTitle2" { spec.style = "largeTitle"; spec.notes.append(".\(n) is drawn as largeTitle"); return spec }
            return nil
        }
        guard let c = e.as(FunctionCallExprSyntax.self) else { return nil }
        let name = c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
        let args = Self.arguments(c.arguments)
        switch name {
        case "system":
            if let s = args["size"] { spec.size = number(s, scope) }
            if let first = args["_0"]?.as(MemberAccessExprSyntax.self)?.declName.baseName.text, Self.textStyles.contains(first) { spec.style = first }
            if let w = args["weight"].flatMap(Self.weight) { spec.weight = w.0; if let n = w.1 { spec.notes.append(n) } }
            if let d = args["design"].flatMap(Self.design), d != "default" { spec.design = d }
            else if let d = args["design"] { spec.notes.append("design \(Self.short(d)) is not translated: the default design") }
        case "custom":
            spec.size = number(args["size"] ?? args["fixedSize"], scope)
            spec.notes.append("custom font \(Self.short(args["_0"] ?? e)) is drawn in the bundled font")
        default:
            return nil
        }
        if spec.size == nil && spec.style == nil { return nil }
        return spec
    }
}
