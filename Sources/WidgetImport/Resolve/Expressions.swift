import SwiftSyntax
import WidgetModel

/// Swift expressions → values in the layout language.
extension Translator {
    func value(_ expr: ExprSyntax, _ scope: Scope, expecting: UseKind = .any) -> Value {
        let e = Self.strip(expr)
        if scope.depth > limits.importDepth { return .unknown("nested deeper than \(limits.importDepth) (Limits.importDepth)") }
        var inner = scope
        inner.depth += 1

        if let literal = literalValue(e, inner) { return literal }
        if let o = e.as(OptionalChainingExprSyntax.self) { return value(o.expression, inner, expecting: expecting) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return value(f.expression, inner, expecting: expecting) }
        if let a = e.as(AsExprSyntax.self) { return value(a.expression, inner, expecting: expecting) }
        if let d = e.as(DeclReferenceExprSyntax.self) { return reference(d.baseName.text, inner, expecting: expecting) }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if let token = tokenField(m, scope) {
                var v = value(token.expression, inner, expecting: expecting)
                if !v.isUnknown { v.notes.append(token.note) }
                return v
            }
            return memberAccess(m, inner, expecting: expecting)
        }
        if let i = e.as(InfixOperatorExprSyntax.self) { return infix(i, inner, expecting: expecting) }
        if let p = e.as(PrefixOperatorExprSyntax.self) { return prefixValue(p, inner, expecting: expecting) }
        if let t = e.as(TernaryExprSyntax.self) { return ternaryValue(t, scope, inner, expecting: expecting) }
        if let c = e.as(FunctionCallExprSyntax.self) { return call(c, inner, expecting: expecting) }
        if let s = e.as(SubscriptCallExprSyntax.self) { return subscriptValue(s, inner) }
        if let a = e.as(ArrayExprSyntax.self) {
            let items = a.elements.map { value($0.expression, inner, expecting: expecting) }
            let texts = items.compactMap(\.operand)
            guard texts.count == items.count else { return .unknown(e.trimmedDescription) }
            return Value(.expr("[" + texts.joined(separator: ", ") + "]"), type: TypeName(name: items.first?.type?.name ?? "Any", isList: true))
        }
        if let m = e.as(MacroExpansionExprSyntax.self) { return .unknown("#" + m.macroName.text) }
        return .unknown(Self.short(e))
    }

    /// String, number and boolean literals and `nil`; nil for anything else.
    func literalValue(_ e: ExprSyntax, _ inner: Scope) -> Value? {
        if let s = e.as(StringLiteralExprSyntax.self) { return string(s, inner) }
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            return Value(.number(Double(i.literal.text.replacingOccurrences(of: "_", with: "")) ?? 0), type: .int)
        }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            return Value(.number(Double(f.literal.text.replacingOccurrences(of: "_", with: "")) ?? 0), type: .double)
        }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return Value(.bool(b.literal.text == "true"), type: .bool) }
        if e.is(NilLiteralExprSyntax.self) { return Value(.null) }
        return nil
    }

    /// `!x` and `-x`.
    func prefixValue(_ p: PrefixOperatorExprSyntax, _ inner: Scope, expecting: UseKind) -> Value {
        let e = ExprSyntax(p)
        let v = value(p.expression, inner, expecting: expecting)
        switch p.operator.text {
        case "!":
            if case .bool(let b) = v.form { return Value(.bool(!b), type: .bool) }
            guard let c = v.condition else { return v.isUnknown ? v : .unknown(e.trimmedDescription) }
            return Value(.expr(Expr.not(c)), type: .bool, notes: v.notes)
        case "-":
            if case .number(let n) = v.form { return Value(.number(-n), type: v.type) }
            guard let x = v.expression else { return v }
            return Value(.expr("-" + Expr.paren(x)), type: v.type, notes: v.notes)
        default: return .unknown(e.trimmedDescription)
        }
    }

    /// `cond ? a : b`: one branch when the condition is fixed or known now; a conditional
    /// expression where the layout binds text, icon names and colours; else the first branch, with
    /// the ternary left pending so the view is translated once per branch.
    func ternaryValue(_ t: TernaryExprSyntax, _ scope: Scope, _ inner: Scope, expecting: UseKind) -> Value {
        let key = t.condition.trimmedDescription
        if let fixed = scope.assumptions[key] {
            return value(fixed ? t.thenExpression : t.elseExpression, inner, expecting: expecting)
        }
        // Folded when the condition is known now (a family check, a literal).
        let c = value(t.condition, inner, expecting: .bool)
        if case .bool(let b) = c.form { return value(b ? t.thenExpression : t.elseExpression, inner, expecting: expecting) }
        // Text, icon names and colours take a conditional expression (`cond ? a : b`) where
        // the layout binds them; numbers and other uses still split the view per branch (their
        // modifiers need a number to write).
        if [.text, .icon, .color].contains(expecting), let condition = c.condition {
            let a = value(t.thenExpression, inner, expecting: expecting)
            let b = value(t.elseExpression, inner, expecting: expecting)
            if let x = a.expression, let y = b.expression, a.filters.isEmpty, b.filters.isEmpty {
                usage.use(c.source, .bool, type: c.type)
                usage.use(a.source, expecting, type: a.type)
                usage.use(b.source, expecting, type: b.type)
                return Value(.expr("\(Expr.paren(condition)) ? \(Expr.paren(x)) : \(Expr.paren(y))"), type: a.type ?? b.type,
                             notes: a.notes + b.notes)
            }
        }
        pendingTernaries.append(t)
        var v = value(t.thenExpression, inner, expecting: expecting)
        v.notes.append("a conditional value (cond ? a : b) is split into one view per branch")
        return v
    }

    /// `list[0]`, `list[i]`: an item of a list path.
    func subscriptValue(_ s: SubscriptCallExprSyntax, _ inner: Scope) -> Value {
        let e = ExprSyntax(s)
        let base = value(s.calledExpression, inner)
        guard let b = base.expression, case .path = base.form, let first = s.arguments.first else { return .unknown(e.trimmedDescription) }
        let index = value(first.expression, inner, expecting: .number)
        if case .number(let n) = index.form {
            // A literal index that is not a whole number in Int32 range is no item of any list the data can hold.
            guard let i = Int32(exactly: n), i >= 0 else { return .unknown(e.trimmedDescription) }
            return Value(.path("\(b).\(i)"), type: base.type?.element, source: base.source?.appending("[]"))
        }
        guard let i = index.expression else { return .unknown(e.trimmedDescription) }
        return Value(.path("\(b)[\(i)]"), type: base.type?.element, source: base.source?.appending("[]"))
    }

    static func short(_ e: some SyntaxProtocol) -> String {
        let t = e.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return t.count > 48 ? String(t.prefix(47)) + "…" : t
    }

    // MARK: Design tokens

    /// `metrics.gap` where the view's `metrics` defaults to a design-token instance: a stored
    /// property (`var metrics: Metrics = .compact`) or an initializer's parameter
    /// (`init(…, metrics: Metrics = .compact)`) whose default is a struct built with labelled
    /// arguments (`static let compact = Metrics(pad: 12, gap: 6)`, or `Metrics(…)` itself). The
    /// field is the expression written for it; the note says the default was taken, since a
    /// caller may pass another instance the import cannot know (gradus' `DensityMetrics`).
    func tokenField(_ m: MemberAccessExprSyntax, _ scope: Scope) -> (expression: ExprSyntax, note: String)? {
        guard let base = m.base else { return nil }
        let name: String
        if let d = base.as(DeclReferenceExprSyntax.self) {
            name = d.baseName.text
        } else if let inner = base.as(MemberAccessExprSyntax.self), inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            name = inner.declName.baseName.text
        } else { return nil }
        guard let owner = catalog.type(scope.selfType) else { return nil }
        // The view's own property, not a parameter or a local of the same name that shadows it.
        if let bound = scope.names[name], bound.source?.root != "param:\(owner.name).\(name)" { return nil }
        let property = owner.property(name)
        guard let written = property?.defaultValue ?? owner.initDefaults[name]?.value else { return nil }
        let typeName = property?.type?.name ?? owner.initDefaults[name]?.type?.name
        guard let call = tokenInstance(written, typeName: typeName, depth: 0) else { return nil }
        let field = m.declName.baseName.text
        guard let argument = call.arguments.first(where: { $0.label?.text == field }) else { return nil }
        return (argument.expression, "\(name).\(field) is the default \(name) (\(Self.short(written))): a caller passing another is not followed")
    }

    /// A labelled initializer call `T(a: …)` of a struct the given files declare, written directly
    /// or through static members (`.compact`, `T.compact`, a static that names another).
    func tokenInstance(_ e: ExprSyntax, typeName: String?, depth: Int) -> FunctionCallExprSyntax? {
        guard depth < 4 else { return nil }
        let e = Self.strip(e)
        if let c = e.as(FunctionCallExprSyntax.self) {
            if let d = c.calledExpression.as(DeclReferenceExprSyntax.self), catalog.type(d.baseName.text)?.kind == .structure { return c }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init",
               let t = m.base.flatMap({ Self.typePath($0) }) ?? typeName, catalog.type(t)?.kind == .structure { return c }
            return nil
        }
        // `.compact`, `Metrics.compact`, or inside the type a bare `compact`.
        let staticName: String, t: String?
        if let m = e.as(MemberAccessExprSyntax.self) {
            staticName = m.declName.baseName.text
            t = m.base.flatMap { Self.typePath($0) } ?? typeName
        } else if let d = e.as(DeclReferenceExprSyntax.self) {
            staticName = d.baseName.text
            t = typeName
        } else { return nil }
        guard let t, let info = catalog.type(t), info.kind == .structure,
              let member = info.members[staticName], member.isStatic, member.body.count == 1,
              let item = member.body.first?.item.as(ExprSyntax.self) else { return nil }
        return tokenInstance(item, typeName: t, depth: depth + 1)
    }

    // MARK: Names

    func reference(_ name: String, _ scope: Scope, expecting: UseKind) -> Value {
        if let v = scope.names[name] { return v }
        if name == "self", let s = scope.selfValue { return s }
        if let owner = catalog.type(scope.selfType) {
            if let m = owner.members[name], m.parameters.isEmpty, !m.returnsView {
                return evaluate(m, selfValue: scope.selfValue, arguments: [], scope, expecting: expecting)
            }
        }
        if let f = catalog.functions[name], f.parameters.isEmpty, !f.returnsView {
            return evaluate(f, selfValue: nil, arguments: [], scope, expecting: expecting)
        }
        if expecting == .color, let c = ColorSyntaxBridge.named(name) { return Value(.paint(.string(c)), type: .color) }
        return .unknown(name)
    }

    func memberAccess(_ m: MemberAccessExprSyntax, _ scope: Scope, expecting: UseKind) -> Value {
        let name = m.declName.baseName.text
        guard let baseExpr = m.base else {
            // `.red`, `.onTheWay`, `.now`, `.infinity`
            if name == "now" { return Value(.path("now"), type: .date) }
            if name == "infinity" { return Value(.number(.infinity), type: .double) }
            // `.zero` where a number is expected (`spacing: .zero`, CGFloat.zero).
            if name == "zero", expecting == .number { return Value(.number(0), type: .double) }
            if expecting == .color, let paint = colorMember(name) { return paint }
            if expecting == .color, name.first?.isLowercase == true { return assetColor(name) }
            return Value(.enumCase(name))
        }
        if var typeName = baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text, typeName.first?.isUppercase == true,
           scope.names[typeName] == nil {
            if typeName == "Self", let own = scope.selfType { typeName = own }
            return staticMember(typeName, name, scope, expecting: expecting, at: m)
        }
        // `DesignSystem.Spaces.one`: a static member of a nested type the given files define.
        if let qualified = Self.typePath(baseExpr), scope.names[String(qualified.prefix { $0 != "." })] == nil,
           catalog.type(qualified) != nil {
            return staticMember(qualified, name, scope, expecting: expecting, at: m)
        }
        let base = value(baseExpr, scope, expecting: name == "gradient" ? .color : .any)
        return member(base, name, scope, expecting: expecting)
    }

    /// `.haPrimary` / `Color.brand`, a colour no given file defines: the symbol Xcode generates
    /// for an asset-catalog colour (Xcode 15+), as `Color("haPrimary")` is: a row of `colors:` to fill.
    func assetColor(_ name: String, note: String? = nil) -> Value {
        if !colorAssets.contains(name) { colorAssets.append(name) }
        let key = Self.assetKey(name)
        let why = note ?? "\(name) is not a system colour, so it is taken for an asset-catalog colour (Xcode's generated symbol)"
        return Value(.paint(.string("{{colors.\(key)}}")), type: .color, notes: ["\(why): fill in colors.\(key) in tables"])
    }

    /// `A.B.C` when every part is a capitalised name (a nested type's path), else nil.
    static func typePath(_ e: ExprSyntax) -> String? {
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let n = d.baseName.text
            return n.first?.isUppercase == true ? n : nil
        }
        guard let m = e.as(MemberAccessExprSyntax.self), let base = m.base, let head = typePath(base) else { return nil }
        let n = m.declName.baseName.text
        return n.first?.isUppercase == true ? head + "." + n : nil
    }

    /// `Color.red`, `Date.now`, `OrderStatus.trackingSteps`, `CGFloat.infinity`.
    func staticMember(_ typeName: String, _ name: String, _ scope: Scope, expecting: UseKind, at node: some SyntaxProtocol) -> Value {
        switch typeName {
        case "Color", "UIColor", "ShapeStyle", "HierarchicalShapeStyle":
            if let p = colorMember(name) { return p }
            if let t = catalog.type(typeName), let member = t.members[name], member.isStatic {
                return evaluate(member, selfValue: nil, arguments: [], scope, expecting: expecting, listName: name)
            }
            if name.first?.isLowercase == true { return assetColor(name) }
            return .unknown("\(typeName).\(name)")
        case "Date": if name == "now" { return Value(.path("now"), type: .date) }
        case "CGFloat", "Double", "Float":
            if name == "infinity" { return Value(.number(.infinity), type: .double) }
            if name == "zero" { return Value(.number(0), type: .double) }
        default: break
        }
        if let t = catalog.type(typeName) {
            if t.cases.contains(where: { $0.name == name }) { return Value(.enumCase(name), type: TypeName(name: t.name)) }
            if let member = t.members[name], member.isStatic {
                return evaluate(member, selfValue: nil, arguments: [], scope, expecting: expecting, listName: name)
            }
        }
        // An enum's static list that is not given: every case seen, to fill in.
        let cases = tables.cases(enumName: typeName, key: nil)
        if !cases.isEmpty, expecting == .list || name.hasSuffix("s") || name.lowercased().contains("all") {
            let table = tables.addList(name, cases.map { .string($0) })
            var v = Value(.path(table), type: TypeName(name: typeName, isList: true))
            v.notes.append("\(typeName).\(name) is not in the given files: the list holds every case seen; fill in the table \(table)")
            return v
        }
        if expecting == .color, let p = colorMember(name) { return p }
        return .unknown("\(typeName).\(name)")
    }

    func member(_ base: Value, _ name: String, _ scope: Scope, expecting: UseKind) -> Value {
        if let v = memberOfForm(base, name, scope, expecting: expecting) { return v }
        guard let b = base.expression else { return .unknown(name) }
        let isPath: Bool = { if case .path = base.form { return true } else { return false } }()
        let t = base.type
        if let v = builtinMember(base, b, name, isPath: isPath) { return v }
        if let tn = t, !tn.isList, let info = catalog.type(tn.name),
           let v = declaredMember(base, b, name, of: tn, info, isPath: isPath, scope, expecting: expecting) {
            return v
        }
        // No declared type: an enum that has the member in an extension, else one seen compared.
        if t == nil || catalog.type(t?.name) == nil, let v = undeclaredMember(base, b, name, expecting: expecting) { return v }
        guard isPath else { return .unknown("\(b).\(name)") }
        var v = Value(.path(b + "." + name), type: nil, source: base.source?.appending(name))
        if t != nil && catalog.type(t?.name) != nil { v.notes.append("\(t!.name) has no member \(name) in the given files") }
        return v
    }

    /// A member of the data's root, an activity's context, a paint or an enum case; nil when the
    /// base is a path or an expression (the caller goes on).
    func memberOfForm(_ base: Value, _ name: String, _ scope: Scope, expecting: UseKind) -> Value? {
        switch base.form {
        case .unknown: return base
        case .root:
            let rootType = catalog.type(base.type?.name)
            if name == "date", rootType?.isEntry ?? true, rootType?.property("date")?.type?.isDate ?? true {
                return Value(.path("now"), type: .date)
            }
            var type = rootType?.property(name)?.type
            if type == nil, let attrs = rootType, attrs.isActivityAttributes {
                type = catalog.type(attrs.name + ".ContentState")?.property(name)?.type
            }
            if let m = rootType?.members[name], m.parameters.isEmpty, rootType?.property(name) == nil {
                return evaluate(m, selfValue: base, arguments: [], scope, expecting: expecting)
            }
            return Value(.path(name), type: type, source: AbstractPath(root: "", keys: [name]))
        case .activityContext:
            switch name {
            case "state":
                let t = base.type.map { TypeName(name: $0.name + ".ContentState") }
                return Value(.root, type: t)
            case "attributes": return Value(.root, type: base.type)
            case "isStale": return Value(.path("context.isStale"), type: .bool)
            default: return .unknown("context.\(name)")
            }
        case .paint(let p):
            if name == "gradient" { return Value(.paint(.map([("gradient", p)])), type: .color) }
            return .unknown(name)
        case .enumCase(let c):
            if name == "rawValue" { return Value(.text(c)) }
            if name == "gradient", let m = colorMember(c), case .paint(let p) = m.form {
                return Value(.paint(.map([("gradient", p)])), type: .color, notes: m.notes)
            }
            if let t = catalog.type(base.type?.name), let m = t.members[name], m.parameters.isEmpty {
                return evaluate(m, selfValue: base, arguments: [], scope, expecting: expecting)
            }
            return .unknown(".\(c).\(name)")
        case .family, .null, .number, .bool: return .unknown(name)
        default: return nil
        }
    }

    /// Members every value of a kind has: `.count`, `.isEmpty`, `.first`, `.timeIntervalSinceNow`,
    /// `.gradient` …; nil for others.
    func builtinMember(_ base: Value, _ b: String, _ name: String, isPath: Bool) -> Value? {
        let t = base.type
        switch name {
        case "count" where isPath: return Value(.path(b + ".count"), type: .int, source: base.source)
        case "isEmpty" where isPath: return Value(.expr(b + ".count == 0"), type: .bool)
        case "first" where isPath: return Value(.path(b + ".0"), type: t?.element, source: base.source?.appending("[]"))
        case "last" where isPath: return Value(.path("\(b)[\(b).count - 1]"), type: t?.element, source: base.source?.appending("[]"))
        case "timeIntervalSinceNow": return Value(.expr("\(Expr.paren(b)) - now"), type: .double, source: base.source)
        case "description", "localizedDescription", "uuidString", "wrappedValue", "self": return base
        case "gradient":
            usage.use(base.source, .color, type: base.type)
            return Value(.paint(.map([("gradient", .string("{{\(b)}}"))])), type: .color, notes: base.notes)
        case "capitalized", "localizedCapitalized":
            var v = base; v.notes.append(".\(name): shown as the data holds it"); return v
        default: return nil
        }
    }

    /// A member of a type the given files declare: a stored property (a deeper path), a computed
    /// one (an enum's table column, else evaluated), an enum's `rawValue`; nil when it has none.
    func declaredMember(_ base: Value, _ b: String, _ name: String, of tn: TypeName, _ info: TypeInfo, isPath: Bool, _ scope: Scope,
                        expecting: UseKind) -> Value? {
        if let p = info.property(name) {
            guard isPath else { return .unknown(name) }
            return Value(.path(b + "." + name), type: p.type, source: base.source?.appending(name))
        }
        if let m = info.members[name], m.parameters.isEmpty, !m.isStatic {
            if info.kind == .enumeration || !info.cases.isEmpty || catalog.type(tn.name)?.kind == .unknown && isEnumLike(tn.name) {
                return enumColumn(base, enumName: info.name, member: name, expecting: expecting, declared: true)
            }
            return evaluate(m, selfValue: base, arguments: [], scope, expecting: expecting)
        }
        if name == "rawValue", info.kind == .enumeration {
            return enumColumn(base, enumName: info.name, member: "rawValue", expecting: .any, declared: true)
        }
        return nil
    }

    /// A member of a value whose type the given files do not declare: a column of an enum that
    /// declares the member in an extension, or of one seen compared (its cases as evidence).
    func undeclaredMember(_ base: Value, _ b: String, _ name: String, expecting: UseKind) -> Value? {
        let t = base.type
        if let e = enumDeclaring(name) {
            return enumColumn(base, enumName: e, member: name, expecting: expecting, declared: true)
        }
        let key = base.source?.keys.last ?? String(b.split(separator: ".").last ?? "")
        // A property of the same name declared elsewhere with a type names the enum.
        let declared = catalog.typeOrder.lazy.compactMap { self.catalog.types[$0]?.property(key)?.type?.name }.first
        let enumName = t?.name ?? declared ?? (key.prefix(1).uppercased() + key.dropFirst())
        if name == "rawValue" || !tables.cases(enumName: t?.name, key: key).isEmpty && !(t?.isText ?? false) && expecting != .list {
            if !tables.cases(enumName: t?.name, key: key).isEmpty {
                return enumColumn(base, enumName: enumName, member: name, expecting: expecting, declared: false, evidenceKey: key)
            }
            if name == "rawValue" { return base }
        }
        return nil
    }

    func isEnumLike(_ name: String) -> Bool { !tables.cases(enumName: name, key: nil).isEmpty }

    /// An enum in the given files whose extension computes `member`.
    func enumDeclaring(_ member: String) -> String? {
        let found = catalog.typeOrder.filter { n in
            guard let t = catalog.types[n], let m = t.members[member], m.parameters.isEmpty, !m.isStatic else { return false }
            return t.kind == .enumeration || (t.kind == .unknown && isEnumLike(n))
        }
        return found.count == 1 ? found[0] : nil
    }

    /// `OrderStatus[order.status].color`: a column of the enum's table.
    func enumColumn(_ base: Value, enumName: String, member: String, expecting: UseKind, declared: Bool, evidenceKey: String? = nil) -> Value {
        let table = Self.tableName(enumName)
        tables.requestEnumColumn(table, member, expecting)
        enumTableSources[table] = (enumName, evidenceKey)
        let key: String
        switch base.form {
        case .enumCase(let c): key = "." + c
        default:
            guard let b = base.expression else { return .unknown(member) }
            key = "[\(b)]"
        }
        usage.cases(base.source, tables.cases(enumName: enumName, key: evidenceKey ?? base.source?.keys.last))
        usage.use(base.source, .text)
        var v = Value(.path("\(table)\(key).\(member)"))
        let m = catalog.type(enumName)?.members[member]
        v.type = m?.type ?? (member == "rawValue" ? .int : nil)
        if m == nil, member != "rawValue" || catalog.type(enumName)?.cases.isEmpty ?? true {
            v.notes.append("\(enumName).\(member) is not in the given files: the table \(table) has a stand-in per case to fill in")
        }
        return v
    }

    static func tableName(_ enumName: String) -> String {
        enumName.replacingOccurrences(of: ".", with: "_")
    }

    // MARK: Operators

    func infix(_ i: InfixOperatorExprSyntax, _ scope: Scope, expecting: UseKind) -> Value {
        guard let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            if i.operator.is(AssignmentExprSyntax.self) { return .unknown("assignment") }
            return .unknown(Self.short(i))
        }
        switch op {
        case "??":
            var l = value(i.leftOperand, scope, expecting: expecting)
            let r = value(i.rightOperand, scope, expecting: expecting)
            if l.isUnknown { return r.isUnknown ? l : r }
            if let lit = r.literalText ?? (r.form.numberText) {
                l.filters.append("default: " + Self.filterArgument(lit))
            } else if l.filters.isEmpty, r.filters.isEmpty, let lx = l.expression, let rx = r.expression, !(r.form.isNull) {
                // A fallback that is itself a value: the conditional expression says the same.
                return Value(.expr("exists(\(lx)) ? \(Expr.paren(lx)) : \(Expr.paren(rx))"), type: l.type ?? r.type,
                             notes: l.notes + r.notes, source: l.source)
            } else if case .paint = r.form {
                l.notes.append("the fallback colour after ?? is left out")
            } else if !(r.form.isNull) {
                l.notes.append("the fallback after ?? (\(Self.short(i.rightOperand))) is left out")
            }
            return l
        case "&&", "||":
            let l = value(i.leftOperand, scope, expecting: .bool), r = value(i.rightOperand, scope, expecting: .bool)
            if case .bool(let a) = l.form, case .bool(let b) = r.form { return Value(.bool(op == "&&" ? a && b : a || b), type: .bool) }
            if case .bool(let a) = l.form { return op == "&&" ? (a ? r : Value(.bool(false))) : (a ? Value(.bool(true)) : r) }
            if case .bool(let b) = r.form { return op == "&&" ? (b ? l : Value(.bool(false))) : (b ? Value(.bool(true)) : l) }
            guard let lc = l.condition, let rc = r.condition else { return .unknown(l.unknownWhat ?? r.unknownWhat ?? Self.short(i)) }
            return Value(.expr(op == "&&" ? Expr.and([lc, rc]) : Expr.or([lc, rc])), type: .bool, notes: l.notes + r.notes)
        case "==", "!=", "<", "<=", ">", ">=", "===", "!==":
            var l = value(i.leftOperand, scope), r = value(i.rightOperand, scope)
            if case .enumCase(let c) = r.form, l.type == nil, let e = enumTypeOf(l) { r.type = TypeName(name: e); _ = c }
            if case .enumCase = l.form { swap(&l, &r) }
            let o = op == "===" ? "==" : op == "!==" ? "!=" : op
            if let folded = fold(l, o, r) { return Value(.bool(folded), type: .bool) }
            if case .enumCase(let c) = r.form { usage.cases(l.source, [c]); usage.use(l.source, .text) }
            if case .null = r.form {
                guard let x = l.expression else { return .unknown(l.unknownWhat ?? Self.short(i)) }
                return Value(.expr(o == "==" ? "!exists(\(x))" : "exists(\(x))"), type: .bool, notes: l.notes)
            }
            if case .null = l.form, let x = r.expression {
                return Value(.expr(o == "==" ? "!exists(\(x))" : "exists(\(x))"), type: .bool, notes: r.notes)
            }
            guard let lx = l.expression, let rx = r.operand else { return .unknown(l.unknownWhat ?? r.unknownWhat ?? Self.short(i)) }
            usage.use(l.source, r.type?.isNumber == true || r.form.numberText != nil ? .number : (r.type?.isDate == true ? .date : .any), type: r.type)
            usage.use(r.source, l.type?.isNumber == true ? .number : (l.type?.isDate == true ? .date : .any), type: l.type)
            return Value(.expr("\(Expr.paren(lx)) \(o) \(rx)"), type: .bool, notes: l.notes + r.notes)
        case "+", "-", "*", "/", "%":
            let l = value(i.leftOperand, scope, expecting: expecting), r = value(i.rightOperand, scope, expecting: expecting)
            if op == "+", l.isTextual || r.isTextual, let lp = l.textPieces, let rp = r.textPieces {
                return Value(.interpolated(lp + rp), type: .string, notes: l.notes + r.notes)
            }
            if case .number(let a) = l.form, case .number(let b) = r.form {
                switch op {
                case "+": return Value(.number(a + b), type: l.type)
                case "-": return Value(.number(a - b), type: l.type)
                case "*": return Value(.number(a * b), type: l.type)
                case "/" where b != 0: return Value(.number(a / b), type: .double)
                default: break
                }
            }
            guard let lx = l.expression, let rx = r.expression else { return .unknown(l.unknownWhat ?? r.unknownWhat ?? Self.short(i)) }
            usage.use(l.source, (l.type?.isDate ?? false) ? .date : .number, type: l.type)
            usage.use(r.source, (r.type?.isDate ?? false) ? .date : .number, type: r.type)
            if op == "/", Self.isIntegerDivision(l, r) {
                // Swift's `Int / Int` drops the remainder; the layout's `/` does not, its `%` keeps the dividend's sign.
                let a = Self.operand(lx), b = Self.operand(rx, right: true, op: op)
                return Value(.expr("(\(a) - \(a) % \(b)) / \(b)"), type: l.type, notes: l.notes + r.notes)
            }
            let type: TypeName? = (l.type?.isDate ?? false) && (r.type?.isDate ?? false) ? .double : (l.type ?? r.type)
            return Value(.expr("\(Self.operand(lx)) \(op) \(Self.operand(rx, right: true, op: op))"), type: type, notes: l.notes + r.notes)
        case "...", "..<":
            return .unknown("a range")
        default:
            return .unknown("operator \(op)")
        }
    }

    /// Both sides of a `/` are Swift integers (a stored `Int`, an integer literal).
    static func isIntegerDivision(_ l: Value, _ r: Value) -> Bool {
        l.type?.isInteger == true && r.type?.isInteger == true
    }

    static func operand(_ x: String, right: Bool = false, op: String = "+") -> String {
        if Expr.isAtom(x) { return x }
        // `a - (b + c)` needs its parentheses; `a + b * c` does not, but they never hurt.
        return "(\(x))"
    }

    static func filterArgument(_ s: String) -> String {
        if s.isEmpty || s.contains("|") || s.contains("'") || s.hasPrefix(" ") || s.hasSuffix(" ") || s.contains("}") { return Expr.quote(s) }
        return s
    }

    func enumTypeOf(_ v: Value) -> String? {
        guard let t = v.type, catalog.type(t.name)?.kind == .enumeration else { return nil }
        return t.name
    }

    /// Comparisons of two literals (an enum case against `self` while a table is built).
    func fold(_ l: Value, _ op: String, _ r: Value) -> Bool? {
        switch (l.form, r.form) {
        case (.enumCase(let a), .enumCase(let b)), (.text(let a), .text(let b)), (.text(let a), .enumCase(let b)):
            return op == "==" ? a == b : op == "!=" ? a != b : nil
        case (.number(let a), .number(let b)):
            switch op {
            case "==": return a == b
            case "!=": return a != b
            case "<": return a < b
            case "<=": return a <= b
            case ">": return a > b
            case ">=": return a >= b
            default: return nil
            }
        case (.bool(let a), .bool(let b)): return op == "==" ? a == b : op == "!=" ? a != b : nil
        default: return nil
        }
    }

    // MARK: Strings

    func string(_ s: StringLiteralExprSyntax, _ scope: Scope) -> Value {
        var pieces: [Value.Piece] = []
        var notes: [String] = []
        for seg in s.segments {
            if let t = seg.as(StringSegmentSyntax.self) {
                pieces.append(.literal(t.content.text.unescapedSwift))
            } else if let x = seg.as(ExpressionSegmentSyntax.self) {
                let args = Self.arguments(x.expressions)
                guard let first = args["_0"] else { continue }
                var v = value(first, scope, expecting: .text)
                if let style = args["style"] { v = dateStyle(v, style) }
                if let spec = args["specifier"]?.as(StringLiteralExprSyntax.self)?.plainText { v.filters += Self.specifierFilters(spec) }
                if let format = args["format"] { v = formatted(v, format) }
                if v.isUnknown {
                    notes.append("\(Self.short(first)) is not translated: the text shows ‹…› there")
                    pieces.append(.literal("‹\(Self.short(first))›"))
                    continue
                }
                notes += v.notes
                usage.use(v.source, v.type?.isDate == true ? .date : .text, type: v.type)
                if let p = v.textPieces { pieces += p }
            }
        }
        let merged = pieces.reduce(into: [Value.Piece]()) { acc, p in
            if case .literal(let b) = p, case .literal(let a)? = acc.last { acc[acc.count - 1] = .literal(a + b) } else { acc.append(p) }
        }
        if merged.count == 1, case .literal(let t) = merged[0] { return Value(.text(t), type: .string, notes: notes) }
        if merged.isEmpty { return Value(.text(""), type: .string) }
        return Value(.interpolated(merged), type: .string, notes: notes)
    }

    /// `%.1f` → `number: 1`; `%d` → `number: 0`.
    static func specifierFilters(_ spec: String) -> [String] {
        if let dot = spec.firstIndex(of: "."), let digits = Int(spec[spec.index(after: dot)...].prefix { $0.isNumber }) {
            return ["number: \(digits)"]
        }
        if spec.contains("d") || spec.contains("i") { return ["number: 0"] }
        return []
    }

    /// `Text(date, style: .time)` and `\(date, style: .relative)`.
    func dateStyle(_ v: Value, _ style: ExprSyntax) -> Value {
        var v = v
        let name = style.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
        let filter = ["time": "time", "date": "date", "relative": "relative", "offset": "offset", "timer": "timer"][name]
        if let filter { v.filters.append(filter) } else { v.notes.append("date style .\(name) is shown as a time") ; v.filters.append("time") }
        v.type = .date
        return v
    }

    /// `format: .number`, `.currency(code:)`, `.percent`, `Date.FormatStyle`.
    func formatted(_ v: Value, _ format: ExprSyntax) -> Value {
        var v = v
        let text = format.trimmedDescription
        if text.contains("currency") { v.filters.append("currency") }
        else if text.contains("percent") { v.filters.append("percent") }
        else if text.contains("number") || text.contains("precision") {
            if let r = text.range(of: "fractionLength("), let n = Int(text[r.upperBound...].prefix { $0.isNumber }) { v.filters.append("number: \(n)") } else { v.filters.append("number") }
        } else if text.contains("relative") { v.filters.append("relative") }
        else if text.contains("timer") { v.filters.append("timer") }
        else if text.contains("hour") || text.contains("time") || text.contains("dateTime") {
            v.filters.append(text.contains("day") || text.contains("month") ? "date" : "time")
            if text.contains("dateTime.") { v.notes.append("format \(Self.short(format)) is shown with the nearest filter") }
        } else {
            v.notes.append("format \(Self.short(format)) is not in the layout language: shown as the value")
        }
        return v
    }
}

extension Value {
    var isTextual: Bool {
        switch form {
        case .text, .interpolated: return true
        default: return type?.isText ?? false
        }
    }
}

extension Value.Form {
    var numberText: String? { if case .number(let n) = self { DraftWriter.number(n) } else { nil } }
    var isNull: Bool { if case .null = self { true } else { false } }
}
