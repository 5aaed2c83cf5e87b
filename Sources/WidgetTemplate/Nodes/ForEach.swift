import Yams
import WidgetModel

/// `forEach: order.items` with `content:`: the content once per item of a list, the item named `as`
/// (default `item`) and its position `index`, at most `limit` items.
enum ForEachNode: NodeKind {
    static let names = ["forEach"]
    static func value(of _: String) -> SchemaValue { .text }
    static func keys(of _: String) -> [NodeKey] {
        [NodeKey("as", .text), NodeKey("limit", .bindable(.integer)), NodeKey("content", .node)]
    }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        parser.forEachTemplate(value, p, at: yaml, depth: depth).map(TemplateKind.forEach)
    }
}

struct ForEachTemplate: Hashable, Sendable {
    var list: Expression
    var listText: String
    var itemName = "item"
    var limit: Int?
    var content: TemplateNode
}

extension LayoutParser {
    mutating func forEachTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int) -> ForEachTemplate? {
        guard let value, case .scalar(let s) = value, case .string(var text) = DataConverter.scalarValue(s) else {
            error("expected a path to a list for 'forEach', found \(value.map(describe) ?? "nothing")", value ?? yaml)
            return nil
        }
        var lead = 0
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}") {
            lead = text.unicodeScalars.prefix { $0 == " " }.count + 2
            text = String(trimmed.dropFirst(2).dropLast(2))
        }
        let list: Expression
        do { list = try ExpressionParser.parse(text, limits: limits) } catch {
            errors.append(.error("in 'forEach': \(error.message)", at: origin(of: value).location(at: lead + error.offset)))
            return nil
        }
        guard let contentNode = p["content"] else {
            error("forEach needs 'content': the node repeated for each item", yaml)
            return nil
        }
        guard let content = node(contentNode, depth: depth + 1) else { return nil }
        var t = ForEachTemplate(list: list, listText: text.trimmingSpaces, content: content)
        if let a = p["as"], let name = string(a, "as") {
            if name.isEmpty || !name.unicodeScalars.allSatisfy(ExpressionParser.isWordPart) || !ExpressionParser.isWordStart(name.unicodeScalars.first!) {
                error("expected a name for 'as', found '\(name)'", a)
            } else {
                t.itemName = name
            }
        }
        if let l = p["limit"], let n = integer(l, "limit", in: 0...Int(Int32.max)) {
            if n > limits.forEachItems {
                error("forEach 'limit' is \(n), more than the limit of \(limits.forEachItems) items (Limits.forEachItems)", l)
            } else {
                t.limit = n
            }
        }
        return t
    }
}

extension Binder {
    /// The content once per item, each with the item and its index in scope.
    mutating func bindForEach(_ f: ForEachTemplate, _ env: Environment, at source: SourceLocation) -> [ViewNode] {
        var nodes: [ViewNode] = []
        let list = evaluate(f.list, env)
        report(at: source)
        let items: [DataValue]
        switch list {
        case .array(let a): items = a
        case .null:
            warn("missing value '\(f.listText)'", at: source); items = []
        default:
            warn("forEach expected a list at '\(f.listText)', found \(list.typeName)", at: source); items = []
        }
        let cap = min(f.limit ?? Int.max, limits.forEachItems)
        if items.count > cap, f.limit.map({ $0 > limits.forEachItems }) ?? true {
            warn("forEach over '\(f.listText)' has \(items.count) items; only the first \(limits.forEachItems) are shown (Limits.forEachItems)", at: source)
        }
        for (index, item) in items.prefix(cap).enumerated() {
            if stopped { break }
            var inner = env
            inner.locals[f.itemName] = item
            inner.locals["index"] = .number(Double(index))
            nodes += bind(f.content, inner)
        }
        return nodes
    }
}
