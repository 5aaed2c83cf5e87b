import SwiftSyntax
import WidgetModel

/// Stage 4, translate modifiers: a view's chain (`Text("a").font(.caption).padding()` →
/// `.font(.caption)`, `.padding()`), applied in SwiftUI's order to the nodes its root view became.
/// Each modifier is dispatched by name to its family (`Modifiers.swift`: layout, drawing, geometry,
/// colour, font, text, widget); non-visual ones are dropped and listed; what a surface takes from a
/// modifier (container background, activity tint, keyline) goes to `surfaceEffects`.
extension Translator {
    /// The root view of a modified view and its modifiers, in the order SwiftUI applies them. A
    /// call on a type (`Color.red.opacity(…)`'s `Color`) is not a modifier.
    func modifierChain(_ e: ExprSyntax, _ scope: Scope) -> (root: ExprSyntax, chain: [ModifierCall]) {
        var chain: [ModifierCall] = []
        var root = e
        while true {
            if let c = root.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
               !isTypeReference(base, scope) {
                chain.append(ModifierCall(name: m.declName.baseName.text, call: c, arguments: c.arguments,
                                          trailing: c.trailingClosure, spot: spot(m.declName, scope)))
                root = Self.strip(base)
                continue
            }
            break
        }
        chain.reverse()
        return (root, chain)
    }

    /// The stage's entry: a chain applied in order (each modifier to every node), stopping at the
    /// node limit.
    func applyModifiers(_ chain: [ModifierCall], to nodes: [DraftNode], _ scope: Scope) -> [DraftNode] {
        var nodes = nodes
        for m in chain {
            if overNodeLimit { break }
            nodes = applyModifier(m, to: nodes, scope)
        }
        return nodes
    }

    /// The modifiers of one snippet of Swift (`Text("a").padding(8)`, see `snippet`) applied to
    /// `nodes` instead of its root view.
    func applyModifiers(of text: String, to nodes: [DraftNode], roots: [String: String] = [:]) -> [DraftNode] {
        guard let (e, scope) = snippet(text, roots: roots) else { return nodes }
        return applyModifiers(modifierChain(Self.strip(e), scope).chain, to: nodes, scope)
    }
}
