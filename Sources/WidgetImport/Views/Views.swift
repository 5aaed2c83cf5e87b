import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Builder bodies

    func views(_ items: CodeBlockItemListSyntax, _ scope: Scope) -> [DraftNode] {
        var scope = scope
        var out: [DraftNode] = []
        for item in items {
            if overNodeLimit { break }
            switch item.item {
            case .expr(let e): out += view(e, scope)
            case .stmt(let s):
                if let e = s.as(ExpressionStmtSyntax.self)?.expression { out += view(e, scope) }
                else if let r = s.as(ReturnStmtSyntax.self), let e = r.expression { out += view(e, scope) }
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self) { bindLocals(v, &scope) }
                // `#if os(iOS) … #endif` in a view builder: its first clause, as for declarations (Catalog).
                if let c = d.as(IfConfigDeclSyntax.self), scope.depth < limits.importDepth,
                   case .statements(let inner)? = Catalog.firstClause(c) {
                    var deeper = scope
                    deeper.depth += 1
                    out += views(inner, deeper)
                }
            }
        }
        return out
    }

    /// `let x = …` in a body: a view (translated where it is used) or a value.
    func bindLocals(_ v: VariableDeclSyntax, _ scope: inout Scope) {
        for b in v.bindings {
            guard let id = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = b.initializer?.value else { continue }
            if looksLikeView(initial, scope) {
                scope.viewLocals[id] = initial
            } else {
                var value = value(initial, scope)
                if value.type == nil { value.type = TypeName(b.typeAnnotation?.type) }
                scope.names[id] = value
            }
        }
    }

    func looksLikeView(_ e: ExprSyntax, _ scope: Scope) -> Bool {
        var e = Self.strip(e)
        while let c = e.as(FunctionCallExprSyntax.self) {
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base, !(base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase ?? false) {
                e = base; continue
            }
            guard let name = Self.calleeName(c) else { return false }
            return Self.viewNames.contains(name) || catalog.type(name)?.isView == true
        }
        return false
    }

    static let viewNames: Set<String> = ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Group", "Text", "Image", "Label",
                                         "Spacer", "Divider", "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse",
                                         "ContainerRelativeShape", "ProgressView", "Gauge", "ForEach", "Button", "Link", "Toggle",
                                         "ViewThatFits", "GeometryReader", "AnyView", "EmptyView", "AsyncImage", "ScrollView",
                                         "UnevenRoundedRectangle", "TimelineView", "Grid", "GridRow", "Canvas", "Map"]

    /// One view expression → zero or more draft nodes (an `if` gives one per branch; a `Group` its children).
    func view(_ expr: ExprSyntax, _ scope: Scope) -> [DraftNode] {
        let e = Self.strip(expr)
        if overNodeLimit { return [] }
        if scope.depth > limits.importDepth {
            return [placeholder(Self.short(e), at: spot(e, scope), why: "nested deeper than \(limits.importDepth) views and expressions (Limits.importDepth)", scope: scope)]
        }
        var inner = scope
        inner.depth += 1
        if let i = e.as(IfExprSyntax.self) { return conditional(i, inner, negations: []) }
        if let s = e.as(SwitchExprSyntax.self) { return switchViews(s, inner) }
        if let t = e.as(TernaryExprSyntax.self) { return ternaryViews(t, inner) }
        if let i = e.as(InfixOperatorExprSyntax.self), i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            return [concatenatedText(i, inner)]
        }

        let before = pendingTernaries.count
        var nodes = modifiedView(e, inner)
        // A ternary in this view's own arguments or modifiers: one copy of the view per branch.
        if pendingTernaries.count > before {
            let t = pendingTernaries[before]
            pendingTernaries.removeSubrange(before...)
            let c = value(t.condition, inner, expecting: .bool)
            if let condition = c.condition, inner.assumptions.count < 3 {
                var yes = inner; yes.assumptions[t.condition.trimmedDescription] = true
                var no = inner; no.assumptions[t.condition.trimmedDescription] = false
                let first = view(e, yes).map { var n = $0; n.addCondition(condition); return n }
                let second = view(e, no).map { var n = $0; n.addCondition(Expr.not(condition)); return n }
                nodes = first + second
                recordNode(spot(e, scope), Self.short(t), .partly, "a conditional value (cond ? a : b): the layout language has none yet, so the view is repeated once per branch with when:")
            } else {
                recordNode(spot(e, scope), Self.short(t), .partly, "condition \(Self.short(t.condition)) is not translated: the first branch is shown")
            }
        }
        return nodes
    }

    /// A view with its modifier chain: `Text("a").font(.caption).padding()`.
    func modifiedView(_ e: ExprSyntax, _ scope: Scope) -> [DraftNode] {
        let (root, chain) = modifierChain(e, scope)
        let nodes = rootView(root, chain, scope)
        return applyModifiers(chain, to: nodes, scope)
    }

    func isTypeReference(_ e: ExprSyntax, _ scope: Scope) -> Bool {
        guard let d = e.as(DeclReferenceExprSyntax.self) else { return false }
        let n = d.baseName.text
        return n.first?.isUppercase == true && scope.names[n] == nil && scope.viewLocals[n] == nil
    }

    // MARK: Conditions

    /// `if a { A } else if b { B } else { C }` → A when a, B when !a && b, C when !a && !b.
    func conditional(_ i: IfExprSyntax, _ scope: Scope, negations: [String]) -> [DraftNode] {
        if negations.count >= limits.importBranches {
            return [placeholder("else " + Self.short(i), at: spot(i, scope),
                                why: "an if/else chain of more than \(limits.importBranches) branches (Limits.importBranches): the rest of the chain", scope: scope)]
        }
        var inner = scope
        var terms: [String] = []
        var decided: Bool? = true
        for element in i.conditions {
            switch element.condition {
            case .expression(let e):
                let v = value(e, inner, expecting: .bool)
                if case .bool(let b) = v.form { if !b { decided = false }; continue }
                if case .unknown(let what) = v.form {
                    ledger.todo(spot(e, scope), "if " + Self.short(e), "condition \(what) is not translated: its views are always shown", .partly)
                    continue
                }
                if let c = v.condition { terms.append(c); decided = decided == false ? false : nil }
            case .optionalBinding(let b):
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let source: ExprSyntax = b.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                let v = value(source, inner)
                inner.names[name] = v
                if let x = v.expression {
                    terms.append("exists(\(x))"); decided = decided == false ? false : nil
                    usage.use(v.source, .any, type: v.type)
                } else if case .unknown(let what) = v.form {
                    ledger.todo(spot(b, scope), "if let " + name, "\(what) is not translated: its views are always shown", .partly)
                }
            case .availability:
                continue
            case .matchingPattern(let p):
                let subject = value(p.initializer.value, inner)
                if let c = Self.caseName(p.pattern) ?? (p.pattern.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text),
                   let x = subject.expression {
                    terms.append("\(Expr.paren(x)) == \(Expr.isBareWord(c) ? c : Expr.quote(c))"); decided = decided == false ? false : nil
                }
            }
        }
        let condition = terms.isEmpty ? nil : Expr.and(terms)
        var out: [DraftNode] = []
        if decided != false {
            let all = negations + (condition.map { [$0] } ?? [])
            out += views(i.body.statements, inner).map { n in
                var n = n
                n.addConditions(all)
                return n
            }
        }
        if decided == true && condition == nil { return out }  // the else branch never runs
        let notThis = condition.map { negations + [Expr.not($0)] } ?? negations
        switch i.elseBody {
        case .ifExpr(let next)?: out += conditional(next, scope, negations: notThis)
        case .codeBlock(let block)?:
            out += views(block.statements, scope).map { n in
                var n = n
                n.addConditions(notThis)
                return n
            }
        case nil: break
        }
        return out
    }

    func switchViews(_ s: SwitchExprSyntax, _ scope: Scope) -> [DraftNode] {
        let subject = value(s.subject, scope)
        // The widget family: decided by the surface being translated.
        if case .family = subject.form {
            let name = scope.surface?.rawValue
            var fallback: CodeBlockItemListSyntax?
            for c in s.cases {
                guard case .switchCase(let sc) = c else { continue }
                switch sc.label {
                case .case(let label):
                    if label.caseItems.contains(where: { Self.caseName($0.pattern) == name }) { return views(sc.statements, scope) }
                case .default: fallback = sc.statements
                }
            }
            return fallback.map { views($0, scope) } ?? []
        }
        guard let x = subject.expression else {
            ledger.todo(spot(s.subject, scope), "switch " + Self.short(s.subject), "\(subject.unknownWhat ?? "the value") is not translated: only the first case is shown", .partly)
            for c in s.cases { if case .switchCase(let sc) = c { return views(sc.statements, scope) } }
            return []
        }
        var seen: [String] = []
        var out: [DraftNode] = []
        for c in s.cases {
            guard case .switchCase(let sc) = c else { continue }
            var condition: String?
            switch sc.label {
            case .case(let label):
                var names: [String] = []
                var nilCase = false
                for item in label.caseItems {
                    if let n = Self.caseName(item.pattern) { names.append(n) }
                    else if item.pattern.trimmedDescription == "nil" || item.pattern.trimmedDescription == ".none" { nilCase = true }
                    else if let call = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                            let m = call.calledExpression.as(MemberAccessExprSyntax.self) {
                        names.append(m.declName.baseName.text)
                    } else if let v = item.pattern.as(ValueBindingPatternSyntax.self),
                              let call = v.pattern.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                              let m = call.calledExpression.as(MemberAccessExprSyntax.self) {
                        names.append(m.declName.baseName.text)
                    }
                }
                if case .enumCase(let chosen) = subject.form {
                    if names.contains(chosen) { return views(sc.statements, scope) }
                    continue
                }
                usage.cases(subject.source, names)
                seen += names
                var terms: [String] = []
                if names.count == 1 { terms.append("\(Expr.paren(x)) == \(Self.caseOperand(names[0]))") }
                if names.count > 1 { terms.append("\(Expr.paren(x)) in [\(names.map(Self.caseOperand).joined(separator: ", "))]") }
                if nilCase { terms.append("!exists(\(x))") }
                condition = terms.isEmpty ? "false" : Expr.or(terms)
            case .default:
                if case .enumCase = subject.form { return views(sc.statements, scope) }
                condition = seen.isEmpty ? nil : (seen.count == 1 ? "\(Expr.paren(x)) != \(Self.caseOperand(seen[0]))"
                                                  : "\(Expr.paren(x)) not in [\(seen.map(Self.caseOperand).joined(separator: ", "))]")
            }
            usage.use(subject.source, .text, type: subject.type)
            out += views(sc.statements, scope).map { n in
                var n = n
                if let condition { n.addCondition(condition) }
                return n
            }
        }
        return out
    }

    static func caseOperand(_ c: String) -> String { Expr.isBareWord(c) ? c : Expr.quote(c) }

    func ternaryViews(_ t: TernaryExprSyntax, _ scope: Scope) -> [DraftNode] {
        if let fixed = scope.assumptions[t.condition.trimmedDescription] { return view(fixed ? t.thenExpression : t.elseExpression, scope) }
        let c = value(t.condition, scope, expecting: .bool)
        if case .bool(let b) = c.form { return view(b ? t.thenExpression : t.elseExpression, scope) }
        guard let condition = c.condition else {
            ledger.todo(spot(t, scope), Self.short(t), "condition \(Self.short(t.condition)) is not translated: the first view is shown", .partly)
            return view(t.thenExpression, scope)
        }
        return view(t.thenExpression, scope).map { var n = $0; n.addCondition(condition); return n }
            + view(t.elseExpression, scope).map { var n = $0; n.addCondition(Expr.not(condition)); return n }
    }

    /// Nodes where one is needed (a surface, a background, a component): several become a vstack,
    /// as SwiftUI lays out a view list there.
    func single(_ nodes: [DraftNode], origin: Origin?) -> DraftNode? {
        if nodes.count == 1 { return nodes[0] }
        if nodes.isEmpty { return nil }
        var v = DraftNode.stack("vstack", nodes, origin: origin)
        v.entries.append(("spacing", .number(8)))
        return counted(v)
    }
}
