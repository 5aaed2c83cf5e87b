/// The draft as the importer builds it: an ordered YAML value tree whose view nodes remember which
/// Swift construct they came from, so a problem the linter finds in the written text can be traced
/// back to that construct (and the node replaced by a placeholder).
indirect enum YAMLValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// Text always written in quotes (in `with:`, an unquoted value is an expression).
    case quoted(String)
    case list([YAMLValue], flow: Bool)
    case map([(String, YAMLValue)], flow: Bool)
    case node(DraftNode)

    static func map(_ pairs: [(String, YAMLValue)]) -> YAMLValue { .map(pairs, flow: true) }
    static func int(_ n: Int) -> YAMLValue { .number(Double(n)) }

    var stringValue: String? {
        switch self {
        case .string(let s), .quoted(let s): s
        default: nil
        }
    }
    var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    var pairs: [(String, YAMLValue)]? { if case .map(let p, _) = self { p } else { nil } }

    subscript(key: String) -> YAMLValue? { pairs?.first { $0.0 == key }?.1 }
}

/// Where a draft node came from: the Swift construct and its position.
struct Origin: Hashable, Sendable {
    var spot: SourceSpot
    var construct: String
}

/// One view node of the draft: its kind (`vstack`, `text` …), the kind's value, and its other keys
/// (parameters and modifiers, in the order SwiftUI applied them).
struct DraftNode {
    var kind: String
    var value: YAMLValue
    var entries: [(String, YAMLValue)] = []
    /// A condition in the layout language; nil: always shown.
    var when: String?
    var layoutPriority: Double?
    var origin: Origin?
    /// Set on every node the emitter writes, to map lint findings back (see `DraftWriter`).
    var id = 0

    init(_ kind: String, _ value: YAMLValue = .null, origin: Origin? = nil) {
        self.kind = kind; self.value = value; self.origin = origin
    }

    static func stack(_ kind: String, _ children: [DraftNode], origin: Origin?) -> DraftNode {
        DraftNode(kind, .list(children.map(YAMLValue.node), flow: false), origin: origin)
    }

    var children: [DraftNode]? {
        guard case .list(let items, _) = value, ["vstack", "hstack", "zstack", "viewThatFits"].contains(kind) else { return nil }
        return items.compactMap { if case .node(let n) = $0 { n } else { nil } }
    }

    func has(_ key: String) -> Bool { entries.contains { $0.0 == key } }
    subscript(key: String) -> YAMLValue? {
        get { entries.first { $0.0 == key }?.1 }
        set {
            if let i = entries.firstIndex(where: { $0.0 == key }) {
                if let newValue { entries[i].1 = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// Keys whose order matters (SwiftUI modifiers wrap the view before them). Environment keys
    /// (`color`, `font`, text settings) and a kind's parameters do not.
    static let orderedModifiers: Set<String> = ["padding", "frame", "background", "overlay", "opacity", "cornerRadius",
                                                 "clip", "fixedSize", "offset", "rotation", "scale", "scaleEffect",
                                                 "widgetAccentable"]

    /// Adds a modifier after everything already applied; a second modifier of a kind already
    /// present wraps the node first (a one-child `zstack` is the same size as its child), as
    /// SwiftUI wraps a view once per modifier.
    mutating func applyModifier(_ key: String, _ value: YAMLValue, extra: [(String, YAMLValue)] = []) {
        // Paddings one after the other add up (`.padding(.horizontal, 8).padding(.vertical, 4)`).
        if key == "padding", extra.isEmpty, let last = entries.last(where: { Self.orderedModifiers.contains($0.0) }), last.0 == "padding",
           let merged = Self.addPadding(last.1, value) {
            self["padding"] = merged
            return
        }
        let keys = [key] + extra.map(\.0)
        if keys.contains(where: has) || (key == "rotation" || key == "scale" || key == "scaleEffect") && has("anchor") {
            wrap()
        }
        entries.append((key, value))
        entries += extra
    }

    static func edges(_ v: YAMLValue) -> [String: Double]? {
        switch v {
        case .bool(true): return ["top": 16, "leading": 16, "bottom": 16, "trailing": 16]
        case .number(let n): return ["top": n, "leading": n, "bottom": n, "trailing": n]
        case .map(let pairs, _):
            var out: [String: Double] = [:]
            for (k, x) in pairs {
                guard let n = x.numberValue else { return nil }
                switch k {
                case "horizontal": out["leading", default: 0] += n; out["trailing", default: 0] += n
                case "vertical": out["top", default: 0] += n; out["bottom", default: 0] += n
                default: out[k, default: 0] += n
                }
            }
            return out
        default: return nil
        }
    }

    static func addPadding(_ a: YAMLValue, _ b: YAMLValue) -> YAMLValue? {
        guard let x = edges(a), let y = edges(b) else { return nil }
        var sum: [String: Double] = [:]
        for k in ["top", "leading", "bottom", "trailing"] { sum[k] = (x[k] ?? 0) + (y[k] ?? 0) }
        let values = Set(sum.values)
        if values.count == 1 { return .number(values.first!) }
        var pairs: [(String, YAMLValue)] = []
        if sum["leading"] == sum["trailing"], sum["top"] == sum["bottom"] {
            if sum["leading"]! != 0 { pairs.append(("horizontal", .number(sum["leading"]!))) }
            if sum["top"]! != 0 { pairs.append(("vertical", .number(sum["top"]!))) }
        } else {
            for k in ["top", "leading", "bottom", "trailing"] where sum[k]! != 0 { pairs.append((k, .number(sum[k]!))) }
        }
        return .map(pairs, flow: true)
    }

    /// Puts this node inside a one-child zstack; `when` and `layoutPriority` move to the wrapper
    /// (they are about the node's place in its parent).
    mutating func wrap() {
        var inner = self
        inner.when = nil
        inner.layoutPriority = nil
        var outer = DraftNode.stack("zstack", [inner], origin: origin)
        outer.when = when
        outer.layoutPriority = layoutPriority
        self = outer
    }

    /// Adds a condition (and-ed with one already there).
    mutating func addCondition(_ condition: String) {
        addConditions([condition])
    }

    /// All terms joined at once: joining one at a time would rescan the growing condition per term.
    mutating func addConditions(_ terms: [String]) {
        guard !terms.isEmpty else { return }
        self.when = Expr.and((when.map { [$0] } ?? []) + terms)
    }

    /// Every node in this subtree (itself first), with a visitor that may change them.
    mutating func forEachNode(_ body: (inout DraftNode) -> Void) {
        body(&self)
        value = value.mapNodes { $0.forEachNode(body) }
        entries = entries.map { ($0.0, $0.1.mapNodes { $0.forEachNode(body) }) }
    }

    func count() -> Int {
        var n = 1
        value.visitNodes { n += $0.count() }
        for (_, v) in entries { v.visitNodes { n += $0.count() } }
        return n
    }

    var yaml: YAMLValue {
        var pairs: [(String, YAMLValue)] = [(kind, value)]
        pairs += entries
        if let layoutPriority { pairs.append(("layoutPriority", .number(layoutPriority))) }
        if let when { pairs.append(("when", .string(when))) }
        return .map(pairs, flow: false)
    }
}

extension YAMLValue {
    func mapNodes(_ body: (inout DraftNode) -> Void) -> YAMLValue {
        switch self {
        case .node(var n): body(&n); return .node(n)
        case .list(let items, let flow): return .list(items.map { $0.mapNodes(body) }, flow: flow)
        case .map(let pairs, let flow): return .map(pairs.map { ($0.0, $0.1.mapNodes(body)) }, flow: flow)
        default: return self
        }
    }

    func visitNodes(_ body: (DraftNode) -> Void) {
        switch self {
        case .node(let n): body(n)
        case .list(let items, _): items.forEach { $0.visitNodes(body) }
        case .map(let pairs, _): pairs.forEach { $0.1.visitNodes(body) }
        default: break
        }
    }
}
