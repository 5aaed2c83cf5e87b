import SwiftSyntax
import WidgetModel

/// What a surface takes from modifiers met anywhere in its view: the container background, the
/// Live Activity's background tint, the island's keyline.
struct SurfaceEffects {
    var background: YAMLValue?
    var keylineTint: YAMLValue?

    /// What `other` set, over what is set already.
    mutating func adopt(_ other: SurfaceEffects) {
        if let b = other.background { background = b }
        if let k = other.keylineTint { keylineTint = k }
    }

    func adopting(_ other: SurfaceEffects) -> SurfaceEffects {
        var out = self
        out.adopt(other)
        return out
    }
}

/// One modifier of a chain: `.padding(.horizontal, 8)`.
struct ModifierCall {
    var name: String
    var call: FunctionCallExprSyntax?
    var arguments: LabeledExprListSyntax
    var trailing: ClosureExprSyntax?
    var spot: SourceSpot
    var args: [String: ExprSyntax] { Translator.arguments(arguments) }
}
