import SwiftSyntax
import WidgetModel

extension Translator {
    /// A view modifier of the given files: a function in an extension of `View`
    /// (`func widgetBackground(_ color: Color) -> some View`).
    func viewExtension(_ name: String) -> Member? {
        guard let f = catalog.type("View")?.members[name] ?? catalog.type("some View")?.members[name], !f.isStatic else { return nil }
        return f
    }

    /// A team's own modifier, followed: the modifiers its body applies to `self` (`containerBackground
    /// (for: .widget) { color }` under `if #available`, the newest branch) applied to `nodes`, its
    /// parameters bound to the call's arguments. Nil when the given files do not define it; a body
    /// that wraps `self` in another view is left out with a TODO at the call.
    func followCustomModifier(_ m: ModifierCall, to nodes: [DraftNode], _ scope: Scope) -> [DraftNode]? {
        guard let f = viewExtension(m.name) else { return nil }
        var inner = Scope(source: f.source)
        inner.surface = scope.surface
        inner.depth = scope.depth + 1
        guard inner.depth <= 8, let r = Self.returnedExpressions(f.body).first else {
            recordModifier(m.spot, m.name, .placeholder, "the custom modifier .\(m.name) is not translated (nested too deep or returns nothing): left out")
            return nodes
        }
        bindParameters(f, m, scope, into: &inner)
        var (root, chain) = modifierChain(Self.strip(r.expr), inner)
        if let bound = r.binding(of: root) {
            let (boundRoot, boundChain) = modifierChain(Self.strip(bound), inner)
            (root, chain) = (boundRoot, boundChain + chain)
        }
        // `containerBackground(for: .widget) { … }` without `self.`: a modifier on self.
        if let c = root.as(FunctionCallExprSyntax.self), let d = c.calledExpression.as(DeclReferenceExprSyntax.self),
           d.baseName.text.first?.isLowercase == true {
            chain.insert(ModifierCall(name: d.baseName.text, call: c, arguments: c.arguments, trailing: c.trailingClosure,
                                      spot: spot(d, inner)), at: 0)
        } else if root.as(DeclReferenceExprSyntax.self)?.baseName.text != "self" {
            recordModifier(m.spot, m.name, .placeholder,
                           "the custom modifier .\(m.name) builds another view around its content (\(Self.short(root))): left out")
            return nodes
        }
        recordModifier(m.spot, m.name, .translated)
        return applyModifiers(chain, to: nodes, inner)
    }

    /// A custom modifier's parameters as names in its body: each bound to the call's argument,
    /// read in the caller's scope.
    private func bindParameters(_ f: Member, _ m: ModifierCall, _ scope: Scope, into inner: inout Scope) {
        let args = m.args
        var positional = 0
        for p in f.parameters {
            let arg: ExprSyntax?
            if let label = p.label { arg = args[label] } else { arg = args["_\(positional)"]; positional += 1 }
            guard let arg else { continue }
            let kind: UseKind = p.type?.name == "Color" ? .color : (p.type?.isNumber == true ? .number : .any)
            inner.names[p.name] = value(arg, scope, expecting: kind)
        }
    }
}
