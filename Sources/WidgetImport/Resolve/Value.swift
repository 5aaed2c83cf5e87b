/// A Swift expression translated into the layout language, with what is known of its type.
struct Value {
    enum Form {
        /// A path: data (`order.status`), a local (`item.name`), a table lookup (`OrderStatus[order.status].color`).
        case path(String)
        /// A compound expression in the language (`order.items.count - 2`, `eta - now`).
        case expr(String)
        case text(String)
        case number(Double)
        case bool(Bool)
        /// `.onTheWay`: an enum case, which data holds as its name.
        case enumCase(String)
        case null
        /// Text with bindings, from string interpolation: `"{{order.number}}번"`.
        case interpolated([Piece])
        /// A colour or gradient, as the layout writes paints.
        case paint(YAMLValue)
        /// The data root (`entry`, `context.state`): its members are top-level data keys.
        case root
        /// `context` of a Live Activity view: `.state` and `.attributes` are the data root.
        case activityContext
        /// `@Environment(\.widgetFamily)`: decided per surface.
        case family
        /// Not translatable; the text names what.
        case unknown(String)
    }

    enum Piece: Equatable {
        case literal(String)
        /// An expression with its filters, without braces.
        case binding(String)
    }

    var form: Form
    var type: TypeName?
    /// Filters a `{{ }}` binding of it adds: `time`, `default: x`.
    var filters: [String] = []
    /// Why this is only partly what the Swift says.
    var notes: [String] = []
    /// The abstract path it reads (for sample data), when it is one.
    var source: AbstractPath?

    init(_ form: Form, type: TypeName? = nil, notes: [String] = [], source: AbstractPath? = nil) {
        self.form = form; self.type = type; self.notes = notes; self.source = source
    }

    static func unknown(_ what: String) -> Value { Value(.unknown(what)) }

    var isUnknown: Bool { if case .unknown = form { true } else { false } }
    var unknownWhat: String? { if case .unknown(let w) = form { w } else { nil } }

    /// The language expression (for `when:`, arithmetic, `with:`), without filters.
    var expression: String? {
        switch form {
        case .path(let p): return p
        case .expr(let e): return e
        case .text(let s): return Expr.quote(s)
        case .number(let n): return DraftWriter.number(n)
        case .bool(let b): return b ? "true" : "false"
        case .enumCase(let c): return Expr.quote(c)
        case .null: return "null"
        case .interpolated(let pieces):
            if pieces.count == 1, case .binding(let b) = pieces[0], !b.contains("|") { return b }
            return nil
        case .paint(let p): return p.stringValue.map(Expr.quote)
        case .root, .activityContext, .family, .unknown: return nil
        }
    }

    /// As the right side of `==` or an item of `in [ … ]`, where bare words are text.
    var operand: String? {
        switch form {
        case .enumCase(let c) where Expr.isBareWord(c): return c
        case .path(let p): return Expr.pathOperand(p)
        case .text(let s) where Expr.isBareWord(s) && !["true", "false", "null"].contains(s): return s
        default: return expression.map(Expr.paren)
        }
    }

    /// The `{{ … }}` body: the expression with its filters.
    var binding: String? {
        guard let e = expression else { return nil }
        return ([e] + filters).joined(separator: " | ")
    }

    /// As text content: literal text or text with `{{ }}` bindings.
    var textPieces: [Piece]? {
        switch form {
        case .text(let s): return [.literal(s)]
        case .interpolated(let p): return p
        case .number(let n): return [.literal(DraftWriter.number(n))]
        case .enumCase(let c): return [.literal(c)]
        default: return binding.map { [.binding($0)] }
        }
    }

    var literalText: String? {
        switch form {
        case .text(let s): return s
        case .interpolated(let p):
            var out = ""
            for piece in p { guard case .literal(let s) = piece else { return nil }; out += s }
            return out
        default: return nil
        }
    }

    /// Swift text shown as it is written: `{{` in it would open a binding in the layout language,
    /// so it is written as a binding that yields the two braces.
    static func escapeBindings(_ text: String) -> String {
        text.replacingOccurrences(of: "{{", with: "{{ '{{' }}")
    }

    static func render(_ pieces: [Piece]) -> String {
        pieces.map { p in
            switch p {
            case .literal(let s): escapeBindings(s)
            case .binding(let b): "{{\(b)}}"
            }
        }.joined()
    }

    /// A condition for `when:`: true for a present, non-false value.
    var condition: String? {
        switch form {
        case .bool(let b): return b ? "true" : "false"
        case .path(let p):
            if let t = type, !t.isBool, !t.isNumber, !t.isList, !t.isText { return "exists(\(p))" }
            return p
        default: return expression
        }
    }
}

/// A path whose root may be the data or a local (a component's parameter, a `forEach` item),
/// kept so sample data can be built for every data path the draft reads.
struct AbstractPath: Hashable {
    /// "" for the data root; `param:Component.name`, `item:N` for locals.
    var root: String
    var keys: [String]

    func appending(_ key: String) -> AbstractPath { AbstractPath(root: root, keys: keys + [key]) }
}
