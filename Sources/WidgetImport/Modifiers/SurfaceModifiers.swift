import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Surface-level

    func containerBackground(_ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        if let closure = m.trailing ?? args["content"]?.as(ClosureExprSyntax.self) {
            let nodes = views(closure.statements, scope)
            if let node = single(nodes, origin: nil) {
                // A plain colour view is a paint.
                if node.kind == "rect", node.entries.count == 1, let fill = node["fill"] { surfaceEffects.background = fill }
                else { surfaceEffects.background = .node(node) }
            }
            return (.translated, nil)
        }
        if let first = args["_0"] {
            if let ma = first.as(MemberAccessExprSyntax.self), ma.declName.baseName.text == "widget" || ma.declName.baseName.text == "for" {
                return (.translated, nil)
            }
            let text = first.trimmedDescription
            if text.hasPrefix(".fill") || text.hasPrefix("Color.clear") || text == ".clear" {
                surfaceEffects.background = text.contains("clear") ? .string("clear") : .string("systemBackground")
                return text.contains("clear") ? (.translated, nil) : (.partly, "\(text) is drawn as systemBackground")
            }
            let v = value(first, scope, expecting: .color)
            if let p = paintYAML(v) { surfaceEffects.background = p; return (v.notes.isEmpty ? .translated : .partly, v.notes.first) }
            if Self.materials.contains(first.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "") {
                surfaceEffects.background = .map([("color", .string("systemBackground")), ("opacity", .number(0.7))])
                return (.partly, "a material is drawn as a translucent background colour")
            }
            return (.placeholder, "container background \(Self.short(first)) not translated: left out")
        }
        return (.translated, nil)
    }
}
