/// Writes a YAMLValue as block-style YAML, the way the hand-written layouts look: nodes in block
/// style, small parameter mappings (`frame`, `padding`, paints) in flow style, strings quoted only
/// when YAML would read them as something else. The same value always gives the same bytes.
struct DraftWriter {
    private(set) var lines: [String] = []
    /// Node id → first and last line (1-based) of its text.
    private(set) var nodeLines: [Int: ClosedRange<Int>] = [:]
    /// Dotted key path of each mapping entry outside view nodes (`surfaces.lockScreen.background`)
    /// → its lines, so a finding in a value that is not a node can be traced to its entry.
    private(set) var entryLines: [String: ClosedRange<Int>] = [:]
    private var path: [String] = []
    private var inNode = 0
    private var nextID = 1

    /// Writes `root` (a mapping) and returns it with every node numbered.
    mutating func write(_ root: YAMLValue, header: [String] = []) -> YAMLValue {
        lines = header.map { $0.isEmpty ? "#" : "# " + $0 }
        let numbered = number(root)
        if case .map(let pairs, _) = numbered {
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0, case .map = v { lines.append("") }
                writeEntry(k, v, indent: 0)
            }
        }
        return numbered
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    private mutating func number(_ v: YAMLValue) -> YAMLValue {
        switch v {
        case .node(var n):
            n.id = nextID; nextID += 1
            n.value = number(n.value)
            n.entries = n.entries.map { ($0.0, number($0.1)) }
            return .node(n)
        case .list(let items, let flow): return .list(items.map { number($0) }, flow: flow)
        case .map(let pairs, let flow): return .map(pairs.map { ($0.0, number($0.1)) }, flow: flow)
        default: return v
        }
    }

    private mutating func writeEntry(_ key: String, _ value: YAMLValue, indent: Int) {
        let start = lines.count
        path.append(key)
        defer {
            if inNode == 0, lines.count > start { entryLines[path.joined(separator: ".")] = (start + 1)...lines.count }
            path.removeLast()
        }
        let pad = String(repeating: " ", count: indent)
        let k = Self.key(key)
        switch value {
        case .node(let n):
            lines.append(pad + k + ":")
            writeNode(n, indent: indent + 2, firstPrefix: nil)
        case .map(let pairs, let flow) where !flow && !pairs.isEmpty:
            lines.append(pad + k + ":")
            for (k2, v2) in pairs { writeEntry(k2, v2, indent: indent + 2) }
        case .list(let items, let flow) where !flow && !items.isEmpty && !items.allSatisfy(Self.isScalar):
            lines.append(pad + k + ":")
            for item in items { writeItem(item, indent: indent + 2) }
        case .null:
            lines.append(pad + k + ":")
        default:
            lines.append(pad + k + ": " + Self.flow(value))
        }
    }

    private mutating func writeItem(_ item: YAMLValue, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        switch item {
        case .node(let n):
            writeNode(n, indent: indent + 2, firstPrefix: pad + "- ")
        case .map(let pairs, let flow) where !flow && !pairs.isEmpty:
            let start = lines.count
            for (k, v) in pairs { writeEntry(k, v, indent: indent + 2) }
            lines[start] = pad + "- " + lines[start].dropFirst(indent + 2)
        default:
            lines.append(pad + "- " + Self.flow(item))
        }
    }

    /// A node's mapping at `indent`; with `firstPrefix` its first line starts with that ("- ").
    private mutating func writeNode(_ n: DraftNode, indent: Int, firstPrefix: String?) {
        let start = lines.count
        guard case .map(let pairs, _) = n.yaml else { return }
        inNode += 1
        for (k, v) in pairs { writeEntry(k, v, indent: indent) }
        inNode -= 1
        if let firstPrefix, start < lines.count {
            lines[start] = firstPrefix + lines[start].dropFirst(indent)
        }
        nodeLines[n.id] = (start + 1)...max(start + 1, lines.count)
    }

    private static func isScalar(_ v: YAMLValue) -> Bool {
        switch v {
        case .list(let items, _): return items.allSatisfy(isScalar)
        case .map, .node: return false
        default: return true
        }
    }

    private static func isFlowable(_ v: YAMLValue) -> Bool {
        switch v {
        case .node: return false
        case .list(let items, _): return items.allSatisfy(isFlowable) && items.count <= 12
        case .map(let pairs, _): return pairs.allSatisfy { isFlowable($0.1) }
        default: return true
        }
    }

    /// A value on one line.
    static func flow(_ v: YAMLValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return number(n)
        case .string(let s): return scalar(s)
        case .quoted(let s): return quoted(s)
        case .list(let items, _): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .map(let pairs, _):
            if pairs.isEmpty { return "{}" }
            return "{ " + pairs.map { key($0.0) + ": " + flow($0.1) }.joined(separator: ", ") + " }"
        case .node(let n): return flow(n.yaml)
        }
    }

    static func number(_ n: Double) -> String {
        if n.isInfinite { return n > 0 ? "infinity" : "-infinity" }
        if n.isNaN { return "0" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func key(_ k: String) -> String { isPlain(k) ? k : quoted(k) }

    static func scalar(_ s: String) -> String { isPlain(s) ? s : quoted(s) }

    /// Words YAML readers take for booleans, null or numbers.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "nil",
                                                "~", "infinity", "-infinity", ".inf", "-.inf", ".nan"]

    /// Safe unquoted: starts with a letter, holds letters, digits, spaces inside, `.`, `_`, `-`.
    static func isPlain(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        guard first.properties.isAlphabetic, last != " " else { return false }
        if reserved.contains(s.lowercased()) { return false }
        var previous: Unicode.Scalar = " "
        for c in s.unicodeScalars {
            let ok = c.properties.isAlphabetic || (c.isASCII && c.properties.numericType != nil)
                || c == "." || c == "_" || c == "-" || (c == " " && previous != " ")
            if !ok { return false }
            previous = c
        }
        return true
    }

    /// A YAML double-quoted scalar. Not JSONEncoder's string: YAML folds NEL (U+0085), LS and PS
    /// as line breaks and drops a BOM inside a scalar, which JSON writes raw; they are escaped here.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 || c.value == 0x7F || (0x80...0x9F).contains(c.value) || c.value == 0xFEFF
                    || (0x2028...0x2029).contains(c.value) {
                    out += "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16).uppercased()
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}
