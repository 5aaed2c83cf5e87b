import Yams
import WidgetModel

/// Reads one node: finds its kind, hands the kind's own keys to it (Nodes/), then reads the keys every
/// node takes (Nodes/CommonKeys.swift, Nodes/Modifiers.swift) in the order written.
extension LayoutParser {
    mutating func parseNode(_ yaml: Yams.Node, depth: Int) -> TemplateNode? {
        if depth > limits.nestingDepth {
            error(SourceCheck.tooDeepMessage(limits), yaml)
            return nil
        }
        if case .scalar(let s) = yaml, Self.bareKinds.contains(s.string) {
            return node(kind: s.string, value: nil, params: [:], order: [], at: yaml, depth: depth)
        }
        guard case .mapping = yaml else {
            error("expected a node (a mapping with one of \(Self.kinds.joined(separator: ", "))), found \(describe(yaml))", yaml)
            return nil
        }
        let entries = pairs(yaml)
        let kindEntries = entries.filter { Self.kinds.contains($0.key) }
        if kindEntries.count > 1 {
            error("two node kinds in one node: '\(kindEntries[0].key)' and '\(kindEntries[1].key)' (a node has exactly one kind; put them in a stack)", kindEntries[1].keyNode)
            return nil
        }
        guard let kindEntry = kindEntries.first else {
            let known = Set(Self.commonKeys + Self.modifierKeys + Self.kinds.flatMap(Self.parameters))
            if let stray = entries.first(where: { !known.contains($0.key) }) {
                let hint = Suggestion.nearest(stray.key, in: Self.kinds).map { "did you mean \($0)? " } ?? ""
                error("unknown node kind '\(stray.key)' (\(hint)expected one of \(Self.kinds.joined(separator: ", ")))", stray.keyNode)
            } else {
                error("missing node kind (expected one of \(Self.kinds.joined(separator: ", ")))", yaml)
            }
            return nil
        }
        let allowed = Self.parameters(of: kindEntry.key) + Self.commonKeys + Self.modifierKeys
        var params: [String: Yams.Node] = [:]
        var order: [(String, Yams.Node)] = []
        var ok = true
        for e in entries where e.key != kindEntry.key {
            if !allowed.contains(e.key) {
                let hint = Suggestion.nearest(e.key, in: allowed).map { " (did you mean \($0)?)" } ?? ""
                error("unknown key '\(e.key)' for \(kindEntry.key)\(hint) (expected one of \(allowed.joined(separator: ", ")))", e.keyNode)
                ok = false
                continue
            }
            params[e.key] = e.value
            order.append((e.key, e.value))
        }
        let result = node(kind: kindEntry.key, value: kindEntry.value, params: params, order: order, at: yaml, depth: depth)
        return ok ? result : nil
    }

    private mutating func node(kind: String, value: Yams.Node?, params: [String: Yams.Node], order: [(String, Yams.Node)],
                               at yaml: Yams.Node, depth: Int) -> TemplateNode? {
        let errorCount = errors.count
        guard let nodeKind = NodeKinds.byName[kind],
              let templateKind = nodeKind.parse(kind, value, params, yaml, depth, &self) else { return nil }
        var n = TemplateNode(kind: templateKind, source: locate(yaml))
        for (key, v) in order {
            switch key {
            case "when": n.when = condition(v)
            case "layoutPriority": n.layoutPriority = number(v, key, in: -1000...1000) ?? 0
            case "color", "foreground":
                if params["color"] != nil, params["foreground"] != nil, key == "foreground" {
                    error("'color' and 'foreground' mean the same; give one", v)
                }
                n.foreground = paint(v, key)
            case "font": n.font = fontTemplate(v)
            case "unredacted": n.unredacted = bool(v, key) ?? false
            case "lineLimit", "minimumScaleFactor", "multilineAlignment", "monospacedDigit", "truncationMode":
                // A text reads its own (TextTemplate); other nodes pass them on to the texts inside.
                if case .text(let tt) = templateKind {
                    n.textEnvironment.set(key, from: tt)
                } else {
                    textEnvironment(&n.textEnvironment, key, v)
                }
            case "anchor":
                if params["rotation"] == nil, params["scaleEffect"] == nil, params["scale"] == nil || kind == "image" {
                    error("'anchor' without 'rotation' or 'scale'", v)
                }
            case "scale" where kind == "image":
                break // the image's asset scale (ImageTemplate)
            case "backgroundAlignment", "overlayAlignment":
                let owner = key == "backgroundAlignment" ? "background" : "overlay"
                if params[owner] == nil { error("'\(key)' without '\(owner)'", v) }
                _ = alignment(v, key)
            default:
                if let m = modifier(key, v, params: params, depth: depth) { n.modifiers.append(m) }
            }
        }
        return errors.count == errorCount ? n : nil
    }

    mutating func children(_ value: Yams.Node?, _ kind: String, depth: Int) -> [TemplateNode] {
        guard let value else { return [] }
        if scalarValue(value) == .null { return [] }
        guard case .sequence(let seq) = value else {
            error("expected a list of nodes for '\(kind)', found \(describe(value))", value)
            return []
        }
        let stackKeys = Set(Self.parameters(of: kind) + Self.commonKeys + Self.modifierKeys)
        return seq.compactMap { item in
            if let stray = strayParameter(item, of: kind, keys: stackKeys, items: seq) {
                error(stray.message, stray.at)
                return nil
            }
            return node(item, depth: depth + 1)
        }
    }

    /// An item of a stack's list that holds no kind, only keys the stack itself takes (`- spacing: 4`):
    /// the stack's parameter written one line too far in. Found here, where the stack is known, so the
    /// message shows the right shape with the stack's own name and first item.
    func strayParameter(_ item: Yams.Node, of kind: String, keys stackKeys: Set<String>,
                        items: Yams.Node.Sequence) -> (message: String, at: Yams.Node)? {
        /// Scalar keys only: anything else is left to the node parser's own message.
        func entries(_ node: Yams.Node) -> [(key: String, keyNode: Yams.Node, value: Yams.Node)]? {
            guard case .mapping(let m) = node else { return nil }
            var out: [(key: String, keyNode: Yams.Node, value: Yams.Node)] = []
            for (k, v) in m {
                guard case .scalar(let s) = k else { return nil }
                out.append((s.string, k, v))
            }
            return out
        }
        guard let stray = entries(item), let first = stray.first,
              stray.allSatisfy({ stackKeys.contains($0.key) && !Self.kinds.contains($0.key) }) else { return nil }
        func shown(_ key: String, _ value: Yams.Node) -> String {
            if case .scalar(let s) = value, !s.string.isEmpty, s.string.count <= 30, !s.string.contains("\n") { return "\(key): \(s.string)" }
            return "\(key): …"
        }
        let firstItem = items.lazy.compactMap { i -> String? in
            guard let entry = entries(i)?.first(where: { Self.kinds.contains($0.key) }) else { return nil }
            return "- " + shown(entry.key, entry.value)
        }.first ?? "- text: …"
        let names = stray.map { "'\($0.key)'" }.joined(separator: ", ")
        let one = stray.count == 1
        let message = "\(names) \(one ? "is a parameter" : "are parameters") of \(kind), written as one of its items "
            + "(an item is a node, with a kind such as text or hstack). Write \(one ? "it" : "them") beside '\(kind):', "
            + "at its indentation, without '-':\n    \(kind):\n      \(firstItem)\n    "
            + stray.map { shown($0.key, $0.value) }.joined(separator: "\n    ")
        return (message, first.keyNode)
    }

    /// Whether a kind's own key was left empty (`spacer:`) or out (`- spacer`).
    func isNull(_ value: Yams.Node?) -> Bool {
        value.map { scalarValue($0) == .null } ?? true
    }

    mutating func alignment(_ node: Yams.Node, _ key: String) -> Alignment? {
        word(node, key, Alignment.names, Alignment.init(name:))
    }
}
