import Yams
import WidgetModel

/// Every parameter accepts a binding: `countsDown: '{{t.down}}'`, `alignment: '{{x}}'`, `spacing: '{{gap}}'`,
/// `padding: '{{p}}'`, `frame: {width: '{{w}}'}` …
///
/// One mechanism for all of them, not one per parameter: a node is parsed as written; when the only errors
/// are on strings holding `{{…}}`, those strings are bindings in places that take a literal. The node is kept as
/// written (a `deferred` node) with its bindings parsed. When bound, each binding is evaluated, its value put in
/// place of the string, and the node parsed again by the same code that parses literals — so a bound value is
/// checked exactly as a written one, and a wrong one gives the same message, located at the binding.
struct DeferredNode: Hashable, @unchecked Sendable {
    struct Bound: Hashable, Sendable {
        var line: Int
        var column: Int
        var value: Interpolated
    }
    /// The node as written.
    var yaml: Yams.Node
    var depth: Int
    var bound: [Bound]
    /// YAML nodes in `yaml`: parsing it again at each bind costs about this many steps (`Limits.bindSteps`).
    var size: Int

    /// The node as written with its bound parameters at their defaults: what it holds besides them
    /// (its texts, children, conditions), for reading without data (the unused-key walk, ReferencedPaths).
    /// Parsed on demand: a deferred node inside it is deferred again, with a skeleton of its own.
    func skeleton(file: String, limits: Limits, componentNames: Set<String>, path: String? = nil) -> TemplateNode? {
        var parser = LayoutParser(file: file, limits: limits, path: path)
        parser.componentNames = componentNames
        parser.ignoredErrorMarks = Set(bound.map { SourceLocation(file: file, line: $0.line, column: $0.column) })
        return parser.parseNode(yaml, depth: depth)
    }
}

extension LayoutParser {
    /// A node, or a `deferred` node when only its bound parameters stand in the way (see `DeferredNode`).
    mutating func node(_ yaml: Yams.Node, depth: Int) -> TemplateNode? {
        let errorsBefore = errors.count
        if let n = parseNode(yaml, depth: depth) { return n }
        guard errors.count > errorsBefore, depth <= limits.nestingDepth else { return nil }
        // Strings with `{{` anywhere in the node; only those the errors point at are taken (child nodes defer on their own).
        var candidates: [Int: [Int: Yams.Node.Scalar]] = [:]
        var size = 0
        func collect(_ n: Yams.Node, level: Int) {
            size += 1
            guard level < limits.nestingDepth * 2 else { return }
            switch n {
            case .scalar(let s):
                if s.string.contains("{{"), let m = s.mark { candidates[m.line, default: [:]][m.column] = s }
            case .mapping(let m): for (_, v) in m { collect(v, level: level + 1) }
            case .sequence(let q): for v in q { collect(v, level: level + 1) }
            case .alias: break
            }
        }
        collect(yaml, level: 0)
        guard !candidates.isEmpty else { return nil }
        var bound: [DeferredNode.Bound] = []
        for e in errors[errorsBefore...] {
            guard let l = e.location, l.file == file, let s = candidates[l.line]?[l.column] else { return nil }
            if !bound.contains(where: { $0.line == l.line && $0.column == l.column }) {
                bound.append(.init(line: l.line, column: l.column, value: .constant(s.string, at: l)))
            }
        }
        errors.removeSubrange(errorsBefore...)
        for i in bound.indices {
            let s = candidates[bound[i].line]![bound[i].column]!
            guard let parsed = interpolate(s.string, .scalar(s)) else { return nil }
            bound[i].value = parsed
        }
        return TemplateNode(kind: .deferred(DeferredNode(yaml: yaml, depth: depth, bound: bound, size: size)), source: locate(yaml))
    }

    /// `yaml` with the scalars at `values`' marks replaced by those values (keeping the marks, so messages point
    /// at the binding).
    static func substitute(_ yaml: Yams.Node, _ values: [Int: [Int: DataValue]]) -> Yams.Node {
        switch yaml {
        case .scalar(let s):
            guard let m = s.mark, let v = values[m.line]?[m.column] else { return yaml }
            return node(for: v, mark: m, depth: 0)
        case .mapping(let map):
            return .mapping(.init(map.map { ($0.key, substitute($0.value, values)) }, map.tag, map.style, map.mark))
        case .sequence(let seq):
            return .sequence(.init(seq.map { substitute($0, values) }, seq.tag, seq.style, seq.mark))
        case .alias:
            return yaml
        }
    }

    /// A data value as the YAML it would have been written as: text is plain (so `'8'` reads as a number,
    /// as it would written bare), lists and mappings become sequences and mappings.
    static func node(for value: DataValue, mark: Yams.Mark, depth: Int) -> Yams.Node {
        guard depth < 16 else { return .scalar(.init("", .implicit, .plain, mark)) }
        switch value {
        case .null: return .scalar(.init("null", .implicit, .plain, mark))
        case .bool(let b): return .scalar(.init(b ? "true" : "false", .implicit, .plain, mark))
        case .number(let n): return .scalar(.init(NumberText.plain(n), .implicit, .plain, mark))
        case .string(let s): return .scalar(.init(s, .implicit, .plain, mark))
        case .array(let a): return .sequence(.init(a.prefix(64).map { node(for: $0, mark: mark, depth: depth + 1) }, .implicit, .flow, mark))
        case .object(let o):
            return .mapping(.init(o.sorted { $0.key < $1.key }.prefix(64).map {
                (Yams.Node.scalar(.init($0.key, .implicit, .plain, mark)), node(for: $0.value, mark: mark, depth: depth + 1))
            }, .implicit, .flow, mark))
        }
    }
}

extension Binder {
    /// A deferred node with its bindings evaluated in `env` and parsed as if written so; nil (with the parser's
    /// messages as errors at the binding) when a bound value does not fit its parameter.
    mutating func resolve(_ d: DeferredNode, _ env: Environment, at location: SourceLocation) -> TemplateNode? {
        var values: [Int: [Int: DataValue]] = [:]
        for b in d.bound {
            let v: DataValue = b.value.soleBinding.map { value(of: $0, env) } ?? .string(text(b.value, env))
            values[b.line, default: [:]][b.column] = v.localized(locale)
        }
        var parser = LayoutParser(file: location.file, limits: limits, path: document.path)
        parser.componentNames = Set(document.components.keys)
        let yaml = LayoutParser.substitute(d.yaml, values)
        let node = parser.parseNode(yaml, depth: d.depth)
        if !parser.errors.isEmpty, context.isPreview {
            // A preview: say so, and show it with those parameters at their defaults.
            for e in parser.errors {
                warn(e.message + " (from a binding in this preview's data: the parameter keeps its default)", at: e.location)
            }
            var lenient = LayoutParser(file: location.file, limits: limits, path: document.path)
            lenient.componentNames = parser.componentNames
            lenient.ignoredErrorMarks = Set(parser.errors.compactMap(\.location))
            return lenient.parseNode(yaml, depth: d.depth)
        }
        for e in parser.errors {
            fail(e.message + " (from a binding: the value is checked as if written there)", at: e.location)
        }
        return parser.errors.isEmpty ? node : nil
    }
}
