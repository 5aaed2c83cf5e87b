import SwiftSyntax
import WidgetModel

/// Stage 2, resolve: the translation context over the declarations (`Translator`: the enum cases
/// seen compared or switched on, collected up front; the tables, colour assets and data paths met
/// later; the coverage ledger), and what turns a Swift expression into a layout value — types and
/// data paths, enum tables, design tokens (`Expressions`, `Calls`, `Tables`), colours and fonts
/// (`Colors`, `Fonts`), sample data and previews (`SampleData`). The view and modifier stages ask
/// it for values as they go.
enum ResolveStage {
    static func run(_ declarations: Declarations, limits: Limits) -> Translator {
        Translator(catalog: declarations.catalog, limits: limits)
    }
}

extension Translator {
    /// A snippet of Swift (`Text("a").padding()`, `entry.order.status.tint`) parsed as the files are,
    /// and its first expression, in a scope where `roots` name the data's root (`entry` → `Entry`)
    /// and `typeName`'s members are in reach without `self.`: the later stages' entry points for
    /// one piece of Swift.
    func snippet(_ text: String, in typeName: String? = nil, roots: [String: String] = [:], surface: Surface? = nil) -> (ExprSyntax, Scope)? {
        let (sources, _) = SourceReader.parse([("<snippet>", text)], limits: limits)
        guard let source = sources.first, let e = Self.expressions(source.tree.statements).first else { return nil }
        var scope = Scope(source: source)
        scope.selfType = typeName
        scope.surface = surface
        for (name, type) in roots { scope.names[name] = rootValue(for: TypeName(name: type)) }
        return (e, scope)
    }

    /// Resolves one expression written as Swift text (see `snippet`): the Resolve stage's entry for
    /// one value.
    func resolve(_ expression: String, in typeName: String? = nil, roots: [String: String] = [:], expecting: UseKind = .any) -> Value {
        guard let (e, scope) = snippet(expression, in: typeName, roots: roots) else { return .unknown(expression) }
        return value(e, scope, expecting: expecting)
    }
}
