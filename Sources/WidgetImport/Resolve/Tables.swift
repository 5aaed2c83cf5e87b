import SwiftSyntax

/// What a value is used as, so a table column or sample datum to fill gets a fitting stand-in.
enum UseKind: String {
    case text, icon, color, number, bool, date, list, any
}

/// The layout's `tables:` as the import builds them.
///
/// - an enum whose extension computes properties with `switch self` → one table named after the
///   enum, a row per case and a column per property (`OrderStatus[order.status].iconName`);
/// - a view's computed property or a function that switches on a value and returns literals →
///   a one-column table named after it (`statusColor[order.status]`);
/// - a literal list a `ForEach` walks (`0..<5`, `[.a, .b]`) → a list table;
/// - asset-catalog colours (`Color("Brand")`) → `colors`, with stand-ins to fill.
struct TableBook {
    /// Enum cases seen compared or switched on, keyed by the compared path's last key
    /// (`order.status == .onTheWay` → status: onTheWay), for enums whose declaration is not given.
    var evidence: [String: [String]] = [:]
    /// Enum table name → requested columns in order, with what each is used as.
    var enumColumns: [String: [(member: String, kind: UseKind)]] = [:]
    var enumOrder: [String] = []
    /// One-column tables in creation order.
    var singles: [(name: String, rows: [(String, YAMLValue)])] = []
    var lists: [(name: String, items: [YAMLValue])] = []
    let catalog: Catalog

    init(catalog: Catalog) { self.catalog = catalog }

    /// Finds `x == .case`, `x != .case` and `switch x { case .a: … }` everywhere.
    mutating func collectEvidence(_ catalog: Catalog) {
        var found: [String: [String]] = [:]
        var sources: [SwiftSource] = []
        for name in catalog.typeOrder { if let s = catalog.types[name]?.source, !sources.contains(where: { $0.path == s.path }) { sources.append(s) } }
        for f in catalog.functions.values.sorted(by: { $0.name < $1.name }) where !sources.contains(where: { $0.path == f.source.path }) { sources.append(f.source) }
        for p in catalog.fragments where !sources.contains(where: { $0.path == p.source.path }) { sources.append(p.source) }
        for source in sources {
            let v = EvidenceVisitor(viewMode: .sourceAccurate)
            v.walk(source.tree)
            for (k, cases) in v.found { for c in cases where !(found[k] ?? []).contains(c) { found[k, default: []].append(c) } }
        }
        evidence = found
    }

    static func lastKey(_ e: ExprSyntax) -> String? {
        var e = e
        while true {
            if let o = e.as(OptionalChainingExprSyntax.self) { e = o.expression; continue }
            if let f = e.as(ForceUnwrapExprSyntax.self) { e = f.expression; continue }
            break
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.base != nil { return m.declName.baseName.text }
        if let d = e.as(DeclReferenceExprSyntax.self) { return d.baseName.text }
        return nil
    }

    /// Cases of an enum: declared ones, else the ones seen compared for `key`.
    func cases(enumName: String?, key: String?) -> [String] {
        if let t = catalog.type(enumName), !t.cases.isEmpty { return t.cases.map(\.name) }
        if let t = catalog.type(enumName) {
            // An extension's `switch self` names the cases even when the enum is not given.
            var seen: [String] = []
            for name in t.memberOrder {
                guard let m = t.members[name] else { continue }
                let v = SwitchCaseVisitor(viewMode: .sourceAccurate)
                v.walk(m.body)
                for c in v.cases where !seen.contains(c) { seen.append(c) }
            }
            if !seen.isEmpty { return seen }
        }
        if let key, let e = evidence[key] { return e }
        if let enumName, let e = evidence[String(enumName.split(separator: ".").last ?? "")] { return e }
        // An enum that is not given: the cases seen on properties declared with its type.
        if let enumName {
            for name in catalog.typeOrder {
                for p in catalog.types[name]?.stored ?? [] where p.type?.name == enumName || p.type?.shortName == enumName {
                    if let e = evidence[p.name] { return e }
                }
            }
        }
        return []
    }

    mutating func requestEnumColumn(_ table: String, _ member: String, _ kind: UseKind) {
        if enumColumns[table] == nil { enumOrder.append(table); enumColumns[table] = [] }
        if !enumColumns[table]!.contains(where: { $0.member == member }) { enumColumns[table]!.append((member, kind)) }
    }

    /// Adds a one-column table; the same rows under the same name share it, different rows get a
    /// longer name (`Owner_name`).
    mutating func addSingle(_ name: String, owner: String?, rows: [(String, YAMLValue)]) -> String {
        func same(_ a: [(String, YAMLValue)], _ b: [(String, YAMLValue)]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && DraftWriter.flow($0.1) == DraftWriter.flow($1.1) }
        }
        var candidates = [name]
        if let owner { candidates.append("\(owner.replacingOccurrences(of: ".", with: "_"))_\(name)") }
        for c in candidates {
            if let existing = singles.first(where: { $0.name == c }) {
                if same(existing.rows, rows) { return c }
                continue
            }
            if enumColumns[c] != nil || lists.contains(where: { $0.name == c }) || catalog.types[c] != nil { continue }
            singles.append((c, rows))
            return c
        }
        var i = 2
        while singles.contains(where: { $0.name == "\(name)\(i)" }) { i += 1 }
        singles.append(("\(name)\(i)", rows))
        return "\(name)\(i)"
    }

    mutating func addList(_ name: String, _ items: [YAMLValue]) -> String {
        if let existing = lists.first(where: { $0.name == name }) {
            if existing.items.map(DraftWriter.flow) == items.map(DraftWriter.flow) { return name }
            var i = 2
            while lists.contains(where: { $0.name == "\(name)\(i)" }) { i += 1 }
            lists.append(("\(name)\(i)", items))
            return "\(name)\(i)"
        }
        lists.append((name, items))
        return name
    }
}

/// Collects enum cases compared with paths.
private final class EvidenceVisitor: SyntaxVisitor {
    var found: [String: [String]] = [:]

    func add(_ key: String?, _ c: String) {
        guard let key else { return }
        if !(found[key] ?? []).contains(c) { found[key, default: []].append(c) }
    }

    static func implicitCase(_ e: ExprSyntax) -> String? {
        guard let m = e.as(MemberAccessExprSyntax.self), m.base == nil else { return nil }
        return m.declName.baseName.text
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" {
            if let c = Self.implicitCase(node.rightOperand) { add(TableBook.lastKey(node.leftOperand), c) }
            if let c = Self.implicitCase(node.leftOperand) { add(TableBook.lastKey(node.rightOperand), c) }
        }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        let key = TableBook.lastKey(node.subject)
        for c in node.cases {
            guard case .switchCase(let sc) = c, case .case(let label) = sc.label else { continue }
            for item in label.caseItems {
                if let e = item.pattern.as(ExpressionPatternSyntax.self)?.expression, let c = Self.implicitCase(e) { add(key, c) }
            }
        }
        return .visitChildren
    }
}

/// The `.case` names of every `switch` inside a body.
final class SwitchCaseVisitor: SyntaxVisitor {
    var cases: [String] = []
    override func visit(_ node: SwitchCaseLabelSyntax) -> SyntaxVisitorContinueKind {
        for item in node.caseItems {
            if let e = item.pattern.as(ExpressionPatternSyntax.self)?.expression, let m = e.as(MemberAccessExprSyntax.self),
               m.base == nil, !cases.contains(m.declName.baseName.text) {
                cases.append(m.declName.baseName.text)
            }
        }
        return .visitChildren
    }
}

/// Every data path the draft reads, with what it is used as, so the generated preview has a value
/// for each (and the draft lints without "missing value" warnings).
struct DataUsage {
    var uses: [AbstractPath: UseKind] = [:]
    var order: [AbstractPath] = []
    /// A local's root (`param:C.x`, `item:3`) → the paths it stands for.
    var aliases: [String: [AbstractPath]] = [:]
    /// Types known for data paths, for better stand-ins (`Date` → a date).
    var types: [AbstractPath: TypeName] = [:]
    /// Enum cases seen for a path (its sample value is the first).
    var enumCases: [AbstractPath: [String]] = [:]

    mutating func use(_ p: AbstractPath?, _ kind: UseKind, type: TypeName? = nil) {
        guard let p else { return }
        if let old = uses[p] {
            if old == .any || (old == .text && kind != .any) { uses[p] = kind }
        } else {
            uses[p] = kind; order.append(p)
        }
        if let type, types[p] == nil { types[p] = type }
    }

    mutating func alias(_ root: String, to p: AbstractPath?) {
        guard let p else { return }
        if !(aliases[root] ?? []).contains(p) { aliases[root, default: []].append(p) }
    }

    mutating func cases(_ p: AbstractPath?, _ cases: [String]) {
        guard let p, !cases.isEmpty else { return }
        for c in cases where !(enumCases[p] ?? []).contains(c) { enumCases[p, default: []].append(c) }
    }

    /// Every use resolved to data paths (aliases followed, at most 8 levels).
    func resolved() -> [(keys: [String], kind: UseKind, type: TypeName?, cases: [String])] {
        var out: [(keys: [String], kind: UseKind, type: TypeName?, cases: [String])] = []
        var seen = Set<[String]>()
        func expand(_ p: AbstractPath, depth: Int) -> [[String]] {
            if p.root.isEmpty { return [p.keys] }
            guard depth < 8, let targets = aliases[p.root] else { return [] }
            return targets.flatMap { expand(AbstractPath(root: $0.root, keys: $0.keys + p.keys), depth: depth + 1) }
        }
        for p in order {
            for keys in expand(p, depth: 0) where !keys.isEmpty && seen.insert(keys).inserted {
                out.append((keys, uses[p] ?? .any, types[p], enumCases[p] ?? []))
            }
        }
        return out
    }
}

extension Translator {
    /// One cell of an enum's table: the member's value for one case, or a stand-in to fill in.
    func tabulate(_ enumName: String, _ member: String, _ c: String, index: Int, kind: UseKind) -> YAMLValue {
        let info = catalog.type(enumName)
        if member == "rawValue" {
            if let raw = info?.cases.first(where: { $0.name == c })?.raw { return Double(raw).map(YAMLValue.number) ?? .string(raw) }
            if info?.conformances.contains("String") == true { return .string(c) }
            return .number(Double(index))
        }
        if let m = info?.members[member], let source = m.source as SwiftSource? {
            let before = pendingTernaries.count
            let v = evaluate(m, selfValue: Value(.enumCase(c), type: TypeName(name: enumName)), arguments: [], Scope(source: source), expecting: kind)
            pendingTernaries.removeSubrange(before...)
            if var y = v.literalYAML ?? (paintYAML(v).flatMap { p -> YAMLValue? in if case .string(let s) = p, s.contains("{{") { return nil }; return p }) {
                if kind == .icon, case .string(let s) = y { y = .string(IconFallback.nearest(s)) }
                return y
            }
            ledger.todo(info?.spot ?? SourceSpot(file: "", line: 1, column: 1), "\(enumName).\(member)", "its value for .\(c) is not a literal: a stand-in in the table \(Self.tableName(enumName)) to fill in", .partly)
        }
        switch kind {
        case .icon: return .string("questionmark")
        case .color: return .string("gray")
        case .number: return .number(Double(index))
        case .bool: return .bool(false)
        default: return .string(c)
        }
    }
}
