import Foundation
import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Calls

    func call(_ c: FunctionCallExprSyntax, _ scope: Scope, expecting: UseKind) -> Value {
        let args = Self.arguments(c.arguments)
        let name = Self.calleeName(c)
        switch name {
        case "Color", "UIColor", "SwiftUI.Color": return colorCall(c, args, scope)
        case "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient":
            return gradient(name!, args, scope)
        case "Date":
            if args.isEmpty { return Value(.path("now"), type: .date) }
            if let x = args["timeIntervalSinceNow"] { return arithmetic("now", "+", value(x, scope, expecting: .number), type: .date) }
            return .unknown(Self.short(c))
        case "String", "Int", "Double", "CGFloat", "Float", "Int64", "LocalizedStringKey", "LocalizedStringResource",
             "AttributedString", "Text.init", "NSString", "Substring":
            if let l = args["localized"] { return value(l, scope, expecting: .text) }
            if let f = args["format"]?.as(StringLiteralExprSyntax.self)?.plainText, let x = args["_1"] {
                var v = value(x, scope, expecting: .number); v.filters += Self.specifierFilters(f); return v
            }
            if let x = args["_0"] ?? args["describing"] { return value(x, scope, expecting: expecting) }
            return .unknown(Self.short(c))
        case "NSLocalizedString":
            return args["_0"].map { value($0, scope, expecting: .text) } ?? .unknown("NSLocalizedString")
        case "min", "max", "abs", "round", "floor", "ceil":
            let vs = c.arguments.map { value($0.expression, scope, expecting: .number) }
            let xs = vs.compactMap(\.expression)
            guard xs.count == vs.count, !xs.isEmpty else { return .unknown(Self.short(c)) }
            return Value(.expr("\(name!)(\(xs.joined(separator: ", ")))"), type: .double)
        default: break
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let baseExpr = m.base {
            let method = m.declName.baseName.text
            if let typeName = baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text, typeName.first?.isUppercase == true,
               scope.names[typeName] == nil {
                if ["linearGradient", "radialGradient", "angularGradient"].contains(method) { return gradient(method, args, scope) }
                if typeName == "Color" || typeName == "UIColor" { return colorCall(c, args, scope) }
                if method == "init", let t = catalog.type(typeName), t.kind == .enumeration, let raw = args["rawValue"] {
                    return value(raw, scope, expecting: expecting)
                }
                if let t = catalog.type(typeName), let member = t.members[method], member.isStatic {
                    return evaluate(member, selfValue: nil, arguments: c.arguments.map { value($0.expression, scope) }, scope, expecting: expecting)
                }
                return .unknown(Self.short(c))
            }
            let base = value(baseExpr, scope, expecting: method == "opacity" ? .color : .any)
            return self.method(base, method, c, args, scope, expecting: expecting)
        }
        if let leading = c.calledExpression.as(MemberAccessExprSyntax.self), leading.base == nil {
            // `.linearGradient(colors:…)`, `.init(…)`, `.degrees(…)` where a type is implied.
            let method = leading.declName.baseName.text
            if ["linearGradient", "radialGradient", "angularGradient"].contains(method) { return gradient(method, args, scope) }
            if method == "init" || method == "sRGB" { return colorCall(c, args, scope) }
            return .unknown(Self.short(c))
        }
        if let d = c.calledExpression.as(DeclReferenceExprSyntax.self) {
            let fname = d.baseName.text
            let argValues = c.arguments.map { value($0.expression, scope) }
            let labels = c.arguments.map { $0.label?.text }
            if let owner = catalog.type(scope.selfType), let m = owner.member(fname, labels: labels), !m.returnsView {
                return evaluate(m, selfValue: scope.selfValue, arguments: argValues, scope, expecting: expecting)
            }
            if let f = catalog.functions[fname], !f.returnsView {
                return evaluate(f, selfValue: nil, arguments: argValues, scope, expecting: expecting)
            }
            if let t = catalog.type(fname), t.kind == .enumeration, let raw = args["rawValue"] { return value(raw, scope, expecting: expecting) }
            // A helper not given, called with an enum value: a table per case to fill in.
            if fname.first?.isLowercase == true, argValues.count == 1, let arg = argValues.first, let x = arg.expression,
               expecting != .any, expecting != .list {
                let cases = tables.cases(enumName: arg.type?.name, key: arg.source?.keys.last)
                if !cases.isEmpty {
                    let standIn: YAMLValue = expecting == .color ? .string("gray") : expecting == .icon ? .string("questionmark") : .string("")
                    let rows = cases.map { ($0, expecting == .text ? YAMLValue.string($0) : standIn) }
                    let table = tables.addSingle(fname, owner: nil, rows: rows)
                    usage.cases(arg.source, cases)
                    return Value(.path("\(table)[\(x)]"), type: expecting == .color ? .color : .string,
                                 notes: ["\(fname)(…) is not in the given files: the table \(table) has a stand-in per case to fill in"])
                }
            }
            return .unknown(fname + "(…)")
        }
        return .unknown(Self.short(c))
    }

    func arithmetic(_ left: String, _ op: String, _ right: Value, type: TypeName?) -> Value {
        guard let r = right.expression else { return right.isUnknown ? right : .unknown("arithmetic") }
        return Value(.expr("\(left) \(op) \(Self.operand(r))"), type: type)
    }

    func method(_ base: Value, _ method: String, _ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ scope: Scope,
                expecting: UseKind) -> Value {
        if case .unknown = base.form { return base }
        switch method {
        case "opacity":
            guard let o = args["_0"] else { return base }
            let ov = value(o, scope, expecting: .number)
            // SwiftUI clamps a colour's opacity to 0…1; the layout refuses anything outside it.
            let opacity: YAMLValue = if case .number(let n) = ov.form { .number(n.isNaN ? 1 : max(0, min(1, n))) } else { .number(1) }
            return Value(.paint(.map([("color", paintYAML(base) ?? .string("gray")), ("opacity", opacity)])),
                         type: .color, notes: base.notes + (ov.numberYAML == nil ? ["opacity \(Self.short(o)) is not a number: 1 assumed"] : []))
        case "addingTimeInterval", "advanced":
            guard let b = base.expression, let x = args["_0"] ?? args["by"] else { return .unknown(method) }
            var v = arithmetic(Expr.paren(b), "+", value(x, scope, expecting: .number), type: .date)
            v.source = base.source
            usage.use(base.source, .date, type: .date)
            return v
        case "timeIntervalSince", "distance":
            guard let b = base.expression, let x = args["_0"] ?? args["to"] else { return .unknown(method) }
            usage.use(base.source, .date, type: .date)
            let other = value(x, scope, expecting: .date)
            usage.use(other.source, .date, type: .date)
            return method == "distance" ? arithmetic(Expr.paren(other.expression ?? "now"), "-", base, type: .double)
                : arithmetic(Expr.paren(b), "-", other, type: .double)
        case "uppercased", "lowercased", "localizedUppercase", "capitalized":
            if case .text(let t) = base.form { return Value(.text(method.contains("upper") ? t.uppercased() : method == "capitalized" ? t.capitalized : t.lowercased())) }
            var v = base
            if method != "capitalized" { v.filters.append(method.contains("upper") ? "uppercase" : "lowercase") } else { v.notes.append("capitalized: shown as the data holds it") }
            return v
        case "formatted":
            var v = base
            let text = c.arguments.trimmedDescription
            if base.type?.isDate ?? false || text.contains("time") || text.contains("date") {
                v.filters.append(text.contains("relative") ? "relative" : (text.contains("time") || text.isEmpty) && !text.contains("date: .abbreviated") ? "time" : "date")
            } else if text.contains("currency") { v.filters.append("currency") }
            else if text.contains("percent") { v.filters.append("percent") }
            else { v.filters.append("number") }
            usage.use(base.source, base.type?.isDate ?? false ? .date : .number, type: base.type)
            return v
        case "rounded":
            guard let b = base.expression else { return base }
            return Value(.expr("round(\(b))"), type: .double)
        case "contains":
            guard let x = args["_0"] else { return .unknown(method) }
            let item = value(x, scope)
            guard let ix = item.expression, let list = base.expression else { return .unknown(method) }
            if case .expr(let e) = base.form, e.hasPrefix("[") { return Value(.expr("\(Expr.paren(ix)) in \(e)"), type: .bool) }
            return Value(.expr("\(Expr.paren(ix)) in \(Expr.pathOperand(list))"), type: .bool, notes: ["contains(…) is read as membership in a list"])
        case "prefix", "suffix", "sorted", "reversed", "filter", "compactMap", "shuffled":
            var v = base
            if method != "prefix" { v.notes.append(".\(method)(…) is left out: the list as the data holds it") }
            return v
        case "map", "joined", "reduce":
            return .unknown(".\(method)(…)")
        default:
            // A method of a type in the given files.
            if let t = catalog.type(base.type?.name), let m = t.member(method, labels: c.arguments.map { $0.label?.text }) {
                return evaluate(m, selfValue: base, arguments: c.arguments.map { value($0.expression, scope) }, scope, expecting: expecting)
            }
            return .unknown(".\(method)(…)")
        }
    }

    // MARK: Members and functions of the given files

    /// Translates a computed property or function: a one-expression body becomes that expression;
    /// a `switch` whose cases return literals becomes a table lookup.
    func evaluate(_ m: Member, selfValue: Value?, arguments: [Value], _ scope: Scope, expecting: UseKind, listName: String? = nil) -> Value {
        let key = "\(m.owner ?? "").\(m.name)"
        if evaluating.contains(key) || scope.depth > limits.importDepth { return .unknown(m.name) }
        evaluating.insert(key); defer { evaluating.remove(key) }
        var s = Scope(source: m.source)
        s.depth = scope.depth + 1
        s.surface = scope.surface
        s.assumptions = scope.assumptions
        s.selfValue = selfValue
        s.selfType = m.owner
        if m.owner == scope.selfType { s.names = scope.names }
        for (i, p) in m.parameters.enumerated() where i < arguments.count {
            var a = arguments[i]
            if a.type == nil { a.type = p.type }
            s.names[p.name] = a
        }
        var statements = Array(m.body)
        // `let x = …` before the result: names for the rest.
        while statements.count > 1, case .decl(let d) = statements[0].item, let v = d.as(VariableDeclSyntax.self) {
            for b in v.bindings {
                if let id = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = b.initializer?.value {
                    s.names[id] = value(initial, s)
                }
            }
            statements.removeFirst()
        }
        guard statements.count == 1 else { return .unknown(m.name + " (a body of several statements)") }
        var expr: ExprSyntax?
        switch statements[0].item {
        case .expr(let e): expr = e
        case .stmt(let st):
            if let r = st.as(ReturnStmtSyntax.self) { expr = r.expression }
            if let e = st.as(ExpressionStmtSyntax.self) { expr = e.expression }
        default: break
        }
        guard let expr else { return .unknown(m.name) }
        if let sw = Self.strip(expr).as(SwitchExprSyntax.self) {
            return switchTable(sw, m, s, expecting: expecting)
        }
        if let arr = Self.strip(expr).as(ArrayExprSyntax.self), let listName {
            let items = arr.elements.map { value($0.expression, s) }
            let literals = items.compactMap(\.literalYAML)
            guard literals.count == items.count else { return .unknown(m.name) }
            let table = tables.addList(listName, literals)
            return Value(.path(table), type: m.type ?? TypeName(name: m.owner ?? "Any", isList: true))
        }
        var v = value(expr, s, expecting: expecting)
        if v.type == nil { v.type = m.type }
        return v
    }

    /// `switch x { case .a: return "…" … default: return "…" }` → a table and a lookup.
    func switchTable(_ sw: SwitchExprSyntax, _ m: Member, _ s: Scope, expecting: UseKind) -> Value {
        let subject = value(sw.subject, s)
        var rows: [(String, YAMLValue)] = []
        var fallback: YAMLValue?
        var notes: [String] = []
        for c in sw.cases {
            guard case .switchCase(let sc) = c else { continue }
            var result: ExprSyntax?
            for item in sc.statements {
                switch item.item {
                case .expr(let e): result = e
                case .stmt(let st):
                    if let r = st.as(ReturnStmtSyntax.self) { result = r.expression }
                    if let e = st.as(ExpressionStmtSyntax.self) { result = e.expression }
                default: break
                }
            }
            guard let result else { continue }
            let v = value(result, s, expecting: expecting)
            // A literal case of a known subject: the switch is decided now.
            if case .case(let label) = sc.label, case .enumCase(let chosen) = subject.form {
                if label.caseItems.contains(where: { Self.caseName($0.pattern) == chosen }) { return v }
                continue
            }
            if case .default = sc.label, case .enumCase = subject.form { return v }
            guard var y = v.literalYAML ?? paintYAML(v).flatMap({ p -> YAMLValue? in
                if case .string(let str) = p, str.contains("{{") { return nil }
                return p
            }) else {
                notes.append("case returns \(Self.short(result)), not a literal")
                continue
            }
            if expecting == .icon, case .string(let name) = y {
                let known = IconFallback.nearest(name)
                if known != name { notes.append("SF Symbol \(name) is not in the icon set: \(known)"); y = .string(known) }
            }
            switch sc.label {
            case .case(let label):
                for item in label.caseItems {
                    if let n = Self.caseName(item.pattern) { rows.append((n, y)) } else { notes.append("case \(item.pattern.trimmedDescription) is left out") }
                }
            case .default: fallback = y
            }
        }
        guard let subjectText = subject.expression, !rows.isEmpty || fallback != nil else {
            return .unknown(m.name + " (a switch over \(Self.short(sw.subject)))")
        }
        usage.cases(subject.source, rows.map(\.0))
        usage.use(subject.source, .text)
        // Cases the switch leaves to `default` get the default value, when the cases are known.
        let all = tables.cases(enumName: subject.type?.name, key: subject.source?.keys.last ?? TableBook.lastKey(sw.subject))
        if let fallback { for c in all where !rows.contains(where: { $0.0 == c }) { rows.append((c, fallback)) } }
        if rows.isEmpty, let fallback { return Value(fallback.literalValueForm, notes: notes) }
        let name = tables.addSingle(m.name, owner: m.owner, rows: rows)
        var v = Value(.path("\(name)[\(subjectText)]"), type: m.type, notes: notes)
        if let fallback, let text = DraftWriter.flow(fallback).nonQuoted { v.filters.append("default: " + Self.filterArgument(text)) }
        return v
    }

    static func caseName(_ p: PatternSyntax) -> String? {
        if let e = p.as(ExpressionPatternSyntax.self)?.expression {
            if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.is(DeclReferenceExprSyntax.self) == true { return m.declName.baseName.text }
            if let s = e.as(StringLiteralExprSyntax.self)?.plainText { return s }
            if let i = e.as(IntegerLiteralExprSyntax.self) { return i.literal.text }
        }
        return nil
    }
}

extension Value {
    /// A literal as a table value.
    var literalYAML: YAMLValue? {
        switch form {
        case .text(let t): return .string(t)
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .enumCase(let c): return .string(c)
        case .paint(let p): if case .string(let s) = p, s.contains("{{") { return nil }; return p
        default: return nil
        }
    }

    var numberYAML: YAMLValue? { if case .number(let n) = form { .number(n) } else { nil } }
}

extension YAMLValue {
    var literalValueForm: Value.Form {
        switch self {
        case .string(let s): return .text(s)
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        default: return .paint(self)
        }
    }
}

extension String {
    /// A flow scalar without its quotes, when it has none; nil for quoted or compound text.
    var nonQuoted: String? { hasPrefix("\"") || hasPrefix("{") || hasPrefix("[") ? nil : self }
}

/// SF Symbol names the icon set has: an unknown one becomes the nearest it has.
enum IconFallback {
    static func nearest(_ name: String) -> String {
        if IconCatalog.glyph(for: name) != nil { return name }
        var parts = name.split(separator: ".").map(String.init)
        while parts.count > 1 {
            parts.removeLast()
            let candidate = parts.joined(separator: ".")
            for c in [candidate, candidate + ".fill"] where IconCatalog.glyph(for: c) != nil { return c }
        }
        let first = name.split(separator: ".").first.map(String.init) ?? name
        if let n = IconCatalog.names.first(where: { $0.hasPrefix(first) }) { return n }
        return "questionmark"
    }
}
