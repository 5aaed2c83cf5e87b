import SwiftSyntax

/// An expression a body returns, with the `let`s in force where it is returned.
struct Returned {
    var expr: ExprSyntax
    /// `let config = StaticConfiguration(…)` before `return config.supportedFamilies(…)`.
    var lets: [String: ExprSyntax]

    /// The let a bare name refers to (`config`), if any.
    func binding(of root: ExprSyntax) -> ExprSyntax? {
        guard let d = root.as(DeclReferenceExprSyntax.self), d.argumentNames == nil else { return nil }
        return lets[d.baseName.text]
    }
}

extension Translator {
    /// The expressions a body returns (`return` and plain expressions), reading through
    /// `if #available(…) { … } else { … }` (the first branch, the newest API; `#unavailable`'s
    /// `else`), `#if` (its first clause) and `let x = …` (kept, so a returned `x` or
    /// `x.modifier(…)` can be followed to its value).
    static func returnedExpressions(_ items: CodeBlockItemListSyntax, lets: [String: ExprSyntax] = [:], depth: Int = 0) -> [Returned] {
        var lets = lets
        var out: [Returned] = []
        for item in items {
            switch item.item {
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self) {
                    for b in v.bindings {
                        if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value { lets[name] = value }
                    }
                } else if depth < Catalog.maxConditionalDepth, let c = d.as(IfConfigDeclSyntax.self), case .statements(let inner)? = Catalog.firstClause(c) {
                    out += returnedExpressions(inner, lets: lets, depth: depth + 1)
                }
            case .expr(let e):
                out += returned(e, lets, depth)
            case .stmt(let s):
                if let e = s.as(ReturnStmtSyntax.self)?.expression ?? s.as(ExpressionStmtSyntax.self)?.expression { out += returned(e, lets, depth) }
            }
        }
        return out
    }

    private static func returned(_ e: ExprSyntax, _ lets: [String: ExprSyntax], _ depth: Int) -> [Returned] {
        if depth < Catalog.maxConditionalDepth, let i = e.as(IfExprSyntax.self), let branch = availabilityBranch(i) {
            return returnedExpressions(branch, lets: lets, depth: depth + 1)
        }
        return [Returned(expr: e, lets: lets)]
    }

    /// The branch of `if #available(…)` a current OS takes: its body (`#unavailable`: its `else`).
    /// Nil when the condition is not one availability check.
    static func availabilityBranch(_ i: IfExprSyntax) -> CodeBlockItemListSyntax? {
        guard i.conditions.count == 1, case .availability(let a)? = i.conditions.first?.condition else { return nil }
        if a.availabilityKeyword.tokenKind == .poundUnavailable {
            if case .codeBlock(let b)? = i.elseBody { return b.statements }
            return CodeBlockItemListSyntax([])
        }
        return i.body.statements
    }
}
