import Foundation
import Yams
import WidgetModel

/// `use: badge` with `with: {name: expression}`: a component from the layout's `components:`, its
/// arguments in scope as names.
enum UseNode: NodeKind {
    static let names = ["use"]
    static func value(of _: String) -> SchemaValue { .text }
    static func keys(of _: String) -> [NodeKey] { [NodeKey("with", .type("object"))] }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        parser.useTemplate(value, p, at: yaml).map(TemplateKind.use)
    }
}

struct UseTemplate: Hashable, Sendable {
    enum Argument: Hashable, Sendable {
        case constant(DataValue)
        case expression(Expression)
        case interpolated(Interpolated)
    }
    struct Pair: Hashable, Sendable {
        var name: String
        var value: Argument
        /// Where the value is written (for an expression: a bare word that finds nothing is named there).
        var location: SourceLocation? = nil
    }
    var component: String
    var arguments: [Pair]
}

extension LayoutParser {
    mutating func useTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node) -> UseTemplate? {
        guard let value, let name = string(value, "use") else { return nil }
        guard componentNames.contains(name) else {
            let list = sortedComponentNames
            error("unknown component '\(name)'\(Suggestion.hint(name, in: list))" + (list.isEmpty ? " (the layout has no components:)" : " (expected one of \(Suggestion.list(list)))"), value)
            return nil
        }
        var t = UseTemplate(component: name, arguments: [])
        if let w = p["with"] {
            guard case .mapping = w else { error("expected a mapping {name: expression} for 'with', found \(describe(w))", w); return nil }
            for (k, _, v) in pairs(w) {
                switch v {
                case .scalar(let s):
                    switch DataConverter.scalarValue(s) {
                    case .string(let text) where s.style == .plain || s.style == .any:
                        if text.contains("{{") {
                            if let i = interpolate(text, v) {
                                t.arguments.append(.init(name: k, value: .interpolated(i)))
                            }
                        } else {
                            do {
                                t.arguments.append(.init(name: k, value: .expression(try ExpressionParser.parse(text, limits: limits)),
                                                         location: locate(v)))
                            } catch {
                                errors.append(.error("in 'with': \(error.message)", at: origin(of: v).location(at: error.offset)))
                            }
                        }
                    case .string(let text):
                        if Self.looksLikeExpression(text, limits: limits) {
                            warnings.append(.warning("'with: \(k)' is quoted, so it passes the text '\(text)', not the value of \(text): in 'with:' a quoted string is literal text and an unquoted one an expression; write it unquoted to bind it", at: locate(v)))
                        }
                        if let i = interpolate(text, v) { t.arguments.append(.init(name: k, value: .interpolated(i))) }
                    case let other:
                        t.arguments.append(.init(name: k, value: .constant(other)))
                    }
                default:
                    var converter = DataConverter(locate: locate, limits: limits)
                    t.arguments.append(.init(name: k, value: .constant(converter.convert(v, depth: 0))))
                    errors += converter.errors
                }
            }
        }
        return t
    }
}

extension LayoutParser {
    /// A quoted `with:` value that reads as an expression (`'order.status'`, `'count > 2'`,
    /// `'eta - now'`): it parses, and holds a path step or an operator, not just a word or number.
    static func looksLikeExpression(_ text: String, limits: Limits) -> Bool {
        guard !text.contains("{{"), let first = text.unicodeScalars.first,
              CharacterSet.letters.contains(first) || first == "(" || first == "!" else { return false }
        let marks: Set<Character> = [".", "=", "<", ">", "+", "-", "*", "/", "?", "(", "[", "!", "&", "|"]
        guard text.contains(where: marks.contains), !text.hasSuffix(".") else { return false }
        // A path step has no space around its dot ("Mr. Kim" is text).
        let chars = Array(text)
        for (i, c) in chars.enumerated() where c == "." && (i + 1 < chars.count && chars[i + 1].isWhitespace) { return false }
        return (try? ExpressionParser.parse(text, limits: limits)) != nil
    }
}

extension Binder {
    /// The component's body with the arguments in scope; nil (the node shows nothing) for an unknown
    /// component or, with an error, past `Limits.componentDepth`.
    mutating func bindUse(_ u: UseTemplate, _ env: Environment, at source: SourceLocation) -> [ViewNode]? {
        guard let component = document.components[u.component] else { return nil }
        guard useDepth < limits.componentDepth else {
            fail("component '\(u.component)' nested more than \(limits.componentDepth) components deep (Limits.componentDepth)", at: source)
            stopped = true
            return nil
        }
        var inner = env
        for pair in u.arguments {
            switch pair.value {
            case .constant(let v): inner.locals[pair.name] = v
            case .expression(let e):
                let value = evaluate(e, env)
                inner.locals[pair.name] = value
                report(at: source)
                // `with: {name: Cursor}` reads Cursor as a name of the data, not as text: when a bare
                // word finds nothing, say so where it is written, with the quoting that passes text.
                if value == .null, case .path(let path) = e, path.components.isEmpty, let at = pair.location {
                    warn("missing value '\(path.text)' for 'with: \(pair.name)': an unquoted word in 'with:' is a name in the data; to pass the text, quote it: \(pair.name): \"\(path.text)\"", at: at)
                }
            case .interpolated(let i):
                if let b = i.soleBinding { inner.locals[pair.name] = value(of: b, env) } else {
                    inner.locals[pair.name] = .string(text(i, env))
                }
            }
        }
        useDepth += 1
        let nodes = bind(component, inner)
        useDepth -= 1
        return nodes
    }
}
