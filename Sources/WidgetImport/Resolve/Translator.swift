import SwiftSyntax
import WidgetModel

/// What names mean while a piece of Swift is translated.
struct Scope {
    var names: [String: Value] = [:]
    /// Views bound by `let x = SomeView()` inside a body, translated where they are used.
    var viewLocals: [String: ExprSyntax] = [:]
    /// `self`: an enum case or a struct's value, when translating its members.
    var selfValue: Value?
    /// The type whose members are in scope without `self.`.
    var selfType: String?
    /// The surface (widget family) being translated: `switch family` picks its case.
    var surface: Surface?
    /// Conditions fixed while translating one branch of a ternary (Swift text → value).
    var assumptions: [String: Bool] = [:]
    var depth = 0
    var source: SwiftSource
}

/// Turns SwiftUI syntax into draft nodes, and remembers everything the layout needs besides them:
/// tables, components, colour assets, the data paths read, the coverage ledger.
final class Translator {
    let catalog: Catalog
    let limits: Limits
    var ledger = CoverageLedger()
    var tables: TableBook
    var usage = DataUsage()
    var components: [String: DraftNode] = [:]
    var componentOrder: [String] = []
    /// Components being translated (a helper view that uses itself is a placeholder there).
    var componentsInProgress: Set<String> = []
    var colorAssets: [String] = []
    var nodeCount = 0
    var overNodeLimit = false
    /// Lists of literals turned into tables (`ForEach(0..<5)`): table name → items.
    var listTables: [String: YAMLValue] = [:]
    var placeholderUsed = false
    /// Views of the catalog turned into components (by type name).
    var viewComponents: [String: String] = [:]
    /// Ternaries met while translating one view whose conditions are not fixed yet: the view is
    /// translated again once per branch.
    var pendingTernaries: [TernaryExprSyntax] = []
    /// Members being evaluated (a computed property that reads itself stays untranslated).
    var evaluating: Set<String> = []
    var forEachCounter = 0
    /// What the surface being translated takes from modifiers (container background …).
    var surfaceEffects = SurfaceEffects()
    /// What each view struct's component gave its surface (a container background), for every
    /// surface that uses it, not only the first.
    var componentEffects: [String: SurfaceEffects] = [:]
    /// Enum table name → the enum (or the evidence key) its rows come from.
    var enumTableSources: [String: (enumName: String, evidenceKey: String?)] = [:]

    init(catalog: Catalog, limits: Limits) {
        self.catalog = catalog
        self.limits = limits
        self.tables = TableBook(catalog: catalog)
        self.tables.collectEvidence(catalog)
    }

    // MARK: Recording

    func recordNode(_ spot: SourceSpot, _ construct: String, _ outcome: Outcome, _ why: String? = nil) {
        ledger.record(.node, at: spot, outcome)
        if let why, outcome != .translated { ledger.todo(spot, construct, why, outcome) }
    }

    func recordModifier(_ spot: SourceSpot, _ name: String, _ outcome: Outcome, _ why: String? = nil) {
        ledger.record(.modifier, at: spot, outcome)
        if let why, outcome != .translated { ledger.todo(spot, "." + name, why, outcome) }
    }

    /// A node the draft gets: counted against `Limits.importNodes`.
    func counted(_ n: DraftNode) -> DraftNode {
        nodeCount += 1
        if nodeCount > limits.importNodes { overNodeLimit = true }
        return n
    }

    // MARK: Helpers

    func spot(_ node: some SyntaxProtocol, _ scope: Scope) -> SourceSpot {
        scope.source.spot(ofPosition: node.positionAfterSkippingLeadingTrivia)
    }

    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let d = call.calledExpression.as(DeclReferenceExprSyntax.self) { return d.baseName.text }
        if let m = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if m.declName.baseName.text == "init", let base = m.base { return base.trimmedDescription }
            if let base = m.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase == true {
                return base.baseName.text + "." + m.declName.baseName.text
            }
        }
        if let s = call.calledExpression.as(GenericSpecializationExprSyntax.self) { return s.expression.trimmedDescription }
        return nil
    }

    /// Labelled arguments as a lookup (first of each label; unlabelled ones under "_0", "_1" …).
    static func arguments(_ list: LabeledExprListSyntax) -> [String: ExprSyntax] {
        var out: [String: ExprSyntax] = [:]
        var i = 0
        for a in list {
            if let l = a.label?.text {
                if out[l] == nil { out[l] = a.expression }
            } else {
                out["_\(i)"] = a.expression; i += 1
            }
        }
        return out
    }

    /// The closure given as `label` (or the trailing closure for nil / the first label).
    static func closure(_ call: FunctionCallExprSyntax, _ label: String?) -> ClosureExprSyntax? {
        if let label {
            if let c = call.additionalTrailingClosures.first(where: { $0.label.text == label })?.closure { return c }
            if let c = call.arguments.first(where: { $0.label?.text == label })?.expression.as(ClosureExprSyntax.self) { return c }
            return nil
        }
        return call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    static func closureParameters(_ c: ClosureExprSyntax) -> [String] {
        guard let clause = c.signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let list): return list.map { $0.name.text }
        case .parameterClause(let p): return p.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
    }

    static func strip(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        while true {
            if let t = e.as(TryExprSyntax.self) { e = t.expression; continue }
            if let a = e.as(AwaitExprSyntax.self) { e = a.expression; continue }
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, t.elements.first!.label == nil { e = t.elements.first!.expression; continue }
            return e
        }
    }
}
