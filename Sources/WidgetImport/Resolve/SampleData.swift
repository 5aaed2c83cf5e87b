import Foundation
import SwiftSyntax

/// The `sample` preview's data: a value for every data path the draft reads, chosen by what the
/// path is used as (a date for a timer, a case name for a switch …) and its declared type.
struct SampleData {
    indirect enum Node {
        case leaf(YAMLValue)
        case object([(String, Node)])
        case list(Node)
    }

    var root: [(String, Node)] = []
    /// The enum-valued path compared most often, with its cases (one preview per case).
    var mainEnum: ([String], [String])?
    /// Every enum-valued path with its cases: a per-case preview sets each path that has the case.
    var enumPaths: [([String], [String])] = []

    static func from(_ usage: DataUsage, now: Date, catalog: Catalog) -> SampleData {
        var s = SampleData()
        var best: ([String], [String])?
        for use in usage.resolved() {
            let leaf = leafValue(use.keys, use.kind, use.type, use.cases, now: now, catalog: catalog)
            s.insert(use.keys, leaf)
            if use.cases.count > (best?.1.count ?? 1) { best = (use.keys, use.cases) }
            if use.cases.count > 1 { s.enumPaths.append((use.keys, use.cases)) }
        }
        s.mainEnum = best
        return s
    }

    /// Adds a path a binding found no value for (`order.driver.name`); false when already there.
    mutating func add(path: String, now: Date) -> Bool {
        var keys: [String] = []
        for part in path.split(separator: ".") {
            // `items[0]`, `items.0`: a list's element.
            if let b = part.firstIndex(of: "[") {
                keys.append(String(part[..<b])); keys.append("[]")
            } else if Int(part) != nil { keys.append("[]") }
            else { keys.append(String(part)) }
        }
        guard !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty }), value(at: keys) == nil else { return false }
        if keys.last == "count" { keys.removeLast(); insert(keys + ["[]"], .leaf(.string("item"))); return true }
        insert(keys, Self.leafValue(keys, .any, nil, [], now: now, catalog: nil))
        return true
    }

    func value(at keys: [String]) -> YAMLValue? {
        var node: Node = .object(root)
        for k in keys {
            switch node {
            case .object(let pairs):
                guard let next = pairs.first(where: { $0.0 == k })?.1 else { return nil }
                node = next
            case .list(let element):
                guard k == "[]" else { return nil }
                node = element
            case .leaf: return nil
            }
        }
        if case .leaf(let v) = node { return v }
        return .null
    }

    mutating func insert(_ keys: [String], _ leaf: Node) {
        var node = Node.object(root)
        Self.insert(&node, keys[...], leaf)
        if case .object(let pairs) = node { root = pairs }
    }

    private static func insert(_ node: inout Node, _ keys: ArraySlice<String>, _ leaf: Node) {
        guard let k = keys.first else {
            // A path used both as a value and as a container stays a container.
            if case .leaf = node { node = leaf }
            return
        }
        if k == "[]" {
            var element: Node
            if case .list(let e) = node { element = e } else { element = .leaf(.string("item")) }
            insert(&element, keys.dropFirst(), leaf)
            node = .list(element)
            return
        }
        var pairs: [(String, Node)] = []
        if case .object(let p) = node { pairs = p }
        if let i = pairs.firstIndex(where: { $0.0 == k }) {
            insert(&pairs[i].1, keys.dropFirst(), leaf)
        } else {
            var child: Node = keys.count > 1 ? (keys.dropFirst().first == "[]" ? .list(.leaf(.string("item"))) : .object([])) : leaf
            if keys.count > 1 { insert(&child, keys.dropFirst(), leaf) }
            pairs.append((k, child))
        }
        node = .object(pairs)
    }

    var yaml: YAMLValue { Self.yaml(.object(root), depth: 0) }

    private static func yaml(_ n: Node, depth: Int) -> YAMLValue {
        switch n {
        case .leaf(let v): return v
        case .object(let pairs): return .map(pairs.map { ($0.0, yaml($0.1, depth: depth + 1)) }, flow: depth >= 1 && pairs.count <= 3 && pairs.allSatisfy { if case .leaf = $0.1 { true } else { false } })
        case .list(let element):
            // Two items, so a list shows as a list (and `count > 1` branches too).
            let one = yaml(element, depth: depth + 1)
            let two = second(one)
            return .list([one, two], flow: false)
        }
    }

    /// A second item that differs from the first where it is text.
    private static func second(_ v: YAMLValue) -> YAMLValue {
        switch v {
        case .string(let s) where !s.contains("T") || s.count < 20: return .string(s + " 2")
        case .map(let pairs, let flow): return .map(pairs.map { ($0.0, second($0.1)) }, flow: flow)
        default: return v
        }
    }

    /// `{a: {b: x}}` and `{a: {c: y}}` → `{a: {b: x, c: y}}`.
    static func merge(_ a: YAMLValue, _ b: YAMLValue) -> YAMLValue {
        guard case .map(var pa, let flow) = a, case .map(let pb, _) = b else { return b }
        for (k, v) in pb {
            if let i = pa.firstIndex(where: { $0.0 == k }) { pa[i].1 = merge(pa[i].1, v) } else { pa.append((k, v)) }
        }
        return .map(pa, flow: flow)
    }

    static func nested(_ keys: [String], _ leaf: YAMLValue) -> YAMLValue {
        var v = leaf
        for k in keys.reversed() where k != "[]" { v = .map([(k, v)], flow: false) }
        return v
    }

    static func iso(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: 0)
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return f.string(from: date) + "+00:00"
    }

    /// A stand-in for one path.
    static func leafValue(_ keys: [String], _ kind: UseKind, _ type: TypeName?, _ cases: [String], now: Date, catalog: Catalog?) -> Node {
        let key = keys.last(where: { $0 != "[]" }) ?? "value"
        let lower = key.lowercased()
        if !cases.isEmpty { return .leaf(.string(cases[0])) }
        if let t = type {
            if t.isList { return .list(.leaf(.string(humanized(key)))) }
            if let info = catalog?.type(t.name), !info.cases.isEmpty { return .leaf(.string(info.cases[0].name)) }
            if t.isDate { return .leaf(.string(date(lower, now))) }
            if t.isBool { return .leaf(.bool(true)) }
            if t.isNumber { return .leaf(.number(number(lower, integer: ["Int", "Int64", "Int32", "UInt"].contains(t.name)))) }
            if t.isText { return .leaf(.string(humanized(key))) }
        }
        switch kind {
        case .date: return .leaf(.string(date(lower, now)))
        case .number: return .leaf(.number(number(lower, integer: false)))
        case .bool: return .leaf(.bool(true))
        case .icon: return .leaf(.string("star.fill"))
        case .color: return .leaf(.string("orange"))
        case .list: return .list(.leaf(.string(humanized(key))))
        default:
            if ["date", "time", "eta", "at", "deadline", "until", "since"].contains(where: { lower.hasSuffix($0) }) { return .leaf(.string(date(lower, now))) }
            if lower.hasPrefix("is") || lower.hasPrefix("has") || lower.hasPrefix("show") { return .leaf(.bool(true)) }
            if ["count", "number", "amount", "total", "price", "quantity", "progress", "percent", "distance", "score", "rating", "level", "value"].contains(where: { lower.hasSuffix($0) }) {
                return .leaf(.number(number(lower, integer: lower.hasSuffix("count") || lower.hasSuffix("quantity"))))
            }
            return .leaf(.string(humanized(key)))
        }
    }

    static func date(_ key: String, _ now: Date) -> String {
        let past = ["start", "created", "begin", "departure", "last", "updated", "placed", "ordered", "since", "from"].contains { key.contains($0) }
        return iso(now.addingTimeInterval(past ? -600 : 900))
    }

    static func number(_ key: String, integer: Bool) -> Double {
        if key.contains("progress") || key.contains("fraction") || key.contains("ratio") { return 0.6 }
        if key.contains("percent") { return 60 }
        if key.contains("price") || key.contains("amount") || key.contains("total") || key.contains("cost") { return 12500 }
        if key.contains("distance") || key.contains("km") { return 1.2 }
        if key.contains("rating") { return 4.5 }
        if key.contains("temperature") || key.contains("temp") { return 21 }
        if integer || key.contains("count") || key.contains("quantity") || key.contains("number") { return 3 }
        return 2.5
    }

    /// `restaurantName` → `Restaurant name`.
    static func humanized(_ key: String) -> String {
        var out = ""
        for (i, c) in key.enumerated() {
            if c.isUppercase, i > 0 { out += " " + c.lowercased() } else if c == "_" { out += " " } else { out.append(i == 0 ? Character(c.uppercased()) : c) }
        }
        return out.isEmpty ? "Text" : out
    }
}

/// `#Preview(as: …) { Widget() } timeline: { Entry(…) }` and `contentStates: { State(…) }` with
/// literal arguments → previews (`extends: sample`, so whatever they leave out has a value).
struct PreviewReader {
    let translator: Translator
    var catalog: Catalog { translator.catalog }

    struct Found {
        var name: String
        var surfaces: [String]?
        var data: YAMLValue
        /// The `#Preview`'s own name (`#Preview("Busy day", …)`), kept as written.
        var named = false
    }

    func previews() -> [Found] {
        var out: [Found] = []
        for (index, p) in catalog.previews.enumerated() {
            let base = p.name ?? "preview\(index + 1)"
            let (trailing, additional) = closures(p.node)
            var surfaces: [String]?
            var entries: [ExprSyntax] = []
            var attributes: YAMLValue?
            if let timeline = additional["timeline"] {
                surfaces = ["home", "accessory"]
                entries = Translator.expressions(timeline.statements)
            } else if let states = additional["contentStates"] {
                surfaces = ["liveActivity", "island"]
                entries = Translator.expressions(states.statements)
                if let using = argument(p.node, "using") { attributes = literal(using, depth: 0) }
            } else {
                _ = trailing
                continue
            }
            let before = out.count
            for (i, e) in entries.enumerated() {
                guard var data = literal(e, depth: 0), case .map = data else { continue }
                if let attributes, case .map(let a, _) = attributes, case .map(let d, let f) = data { data = .map(a + d, flow: f) }
                // Named as the Swift source names its pictures: `Name`, `Name-1` for the second (docs/swift.md).
                let name = p.name.map { i == 0 ? $0 : "\($0)-\(i)" } ?? (entries.count == 1 ? base : "\(base) \(i + 1)")
                out.append(Found(name: name, surfaces: surfaces, data: data, named: p.name != nil))
            }
            if out.count == before, let name = p.name {
                // Entries the importer cannot read (`.sample`, a value built in code): the preview keeps its name, with the sample data.
                translator.ledger.todo(p.source.spot(p.node), "#Preview(\"\(name)\")", "its entries are not literal values: the preview \(name) shows the sample data; fill in its data", .partly)
                out.append(Found(name: name, surfaces: surfaces, data: .null, named: true))
            }
        }
        return out
    }

    func closures(_ node: Syntax) -> (ClosureExprSyntax?, [String: ClosureExprSyntax]) {
        var additional: [String: ClosureExprSyntax] = [:]
        if let m = node.as(MacroExpansionDeclSyntax.self) {
            for c in m.additionalTrailingClosures { additional[c.label.text] = c.closure }
            return (m.trailingClosure, additional)
        }
        if let m = node.as(MacroExpansionExprSyntax.self) {
            for c in m.additionalTrailingClosures { additional[c.label.text] = c.closure }
            return (m.trailingClosure, additional)
        }
        return (nil, additional)
    }

    func argument(_ node: Syntax, _ label: String) -> ExprSyntax? {
        let args = node.as(MacroExpansionDeclSyntax.self)?.arguments ?? node.as(MacroExpansionExprSyntax.self)?.arguments
        return args?.first { $0.label?.text == label }?.expression
    }

    /// A literal Swift value → data: inits of the given types become mappings; `.now` and
    /// `.now + 600` become dates relative to the preview's now.
    func literal(_ e: ExprSyntax, depth: Int) -> YAMLValue? {
        guard depth < 16 else { return nil }
        let e = Translator.strip(e)
        if let s = e.as(StringLiteralExprSyntax.self) { return s.plainText.map(YAMLValue.string) }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return Double(i.literal.text.replacingOccurrences(of: "_", with: "")).map(YAMLValue.number) }
        if let f = e.as(FloatLiteralExprSyntax.self) { return Double(f.literal.text.replacingOccurrences(of: "_", with: "")).map(YAMLValue.number) }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.text == "true") }
        if e.is(NilLiteralExprSyntax.self) { return .null }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-", case .number(let n)? = literal(p.expression, depth: depth + 1) { return .number(-n) }
        if let a = e.as(ArrayExprSyntax.self) {
            let items = a.elements.compactMap { literal($0.expression, depth: depth + 1) }
            return .list(items, flow: items.allSatisfy { if case .map = $0 { false } else { true } })
        }
        if let seconds = dateOffset(e, depth: depth) { return .string(SampleData.iso(WidgetImporter.previewNowDate.addingTimeInterval(seconds))) }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if m.base == nil { return .string(m.declName.baseName.text) }
            // `Order.sample`: a static value of the given files.
            if let type = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let t = catalog.type(type) {
                if t.cases.contains(where: { $0.name == m.declName.baseName.text }) { return .string(m.declName.baseName.text) }
                if let member = t.members[m.declName.baseName.text], member.isStatic, let body = Translator.expressions(member.body).first {
                    return literal(body, depth: depth + 1)
                }
            }
            return nil
        }
        if let c = e.as(FunctionCallExprSyntax.self) {
            let name = Translator.calleeName(c) ?? ""
            if catalog.type(name) != nil || name.hasSuffix("ContentState") || c.calledExpression.trimmedDescription == ".init" || name.first?.isUppercase == true {
                var pairs: [(String, YAMLValue)] = []
                for a in c.arguments {
                    guard let label = a.label?.text else { continue }
                    // The entry's date is the timeline's: the preview's now.
                    if label == "date", catalog.type(name)?.isEntry ?? name.hasSuffix("Entry") { continue }
                    if let v = literal(a.expression, depth: depth + 1), case .null = v {} else if let v = literal(a.expression, depth: depth + 1) {
                        pairs.append((label, v))
                    }
                }
                return pairs.isEmpty && !c.arguments.isEmpty ? nil : .map(pairs, flow: false)
            }
        }
        return nil
    }

    /// Seconds from the preview's now: `.now`, `Date()`, `Date().addingTimeInterval(600)`,
    /// `.now + 600`, `Date(timeIntervalSinceNow: 600)`, `Date.now.addingTimeInterval(60 * 10)`.
    func dateOffset(_ e: ExprSyntax, depth: Int) -> Double? {
        let e = Translator.strip(e)
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "now", m.base == nil || m.base?.trimmedDescription == "Date" { return 0 }
        if let c = e.as(FunctionCallExprSyntax.self) {
            if Translator.calleeName(c) == "Date" {
                if c.arguments.isEmpty { return 0 }
                if let x = c.arguments.first(where: { $0.label?.text == "timeIntervalSinceNow" })?.expression { return number(x) }
            }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "addingTimeInterval", let base = m.base,
               let b = dateOffset(base, depth: depth + 1), let x = c.arguments.first.flatMap({ number($0.expression) }) {
                return b + x
            }
        }
        if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "+" || op == "-",
           let b = dateOffset(i.leftOperand, depth: depth + 1), let x = number(i.rightOperand) {
            return op == "+" ? b + x : b - x
        }
        return nil
    }

    func number(_ e: ExprSyntax) -> Double? {
        let e = Translator.strip(e)
        if let i = e.as(IntegerLiteralExprSyntax.self) { return Double(i.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let f = e.as(FloatLiteralExprSyntax.self) { return Double(f.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
           let a = number(i.leftOperand), let b = number(i.rightOperand) {
            switch op {
            case "*": return a * b
            case "+": return a + b
            case "-": return a - b
            case "/": return b == 0 ? nil : a / b
            default: return nil
            }
        }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-", let n = number(p.expression) { return -n }
        return nil
    }
}
