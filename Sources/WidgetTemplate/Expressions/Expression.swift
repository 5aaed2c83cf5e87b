import WidgetModel

/// A `when:` condition or the value part of a `{{…}}` binding.
indirect enum Expression: Hashable, Sendable {
    case literal(DataValue)
    case path(Path)
    case list([Expression])
    case not(Expression)
    /// `a && b && c` as one node of all its terms (at least two), so a long chain is a wide node,
    /// not a tree as deep as it is long.
    case and([Expression])
    case or([Expression])
    case compare(Expression, Comparison, Expression)
    case membership(Expression, Expression, negated: Bool)
    /// `a + b`, `a * b` …; a chain of one precedence level is one node, so it is wide, not deep.
    case arithmetic(Expression, [Operation])
    /// `-x`
    case negate(Expression)
    /// `x exists`, `exists(x)`: true unless x is missing or null (0, "", false and [] exist).
    case exists(Expression)
    /// `round(x)`, `timerInterval(a, b, countsDown: false)`.
    case call(Function, [Expression], named: [String: Expression])
    /// `condition ? a : b`, as in Swift: `b` when the condition is false, missing or null.
    case conditional(Expression, Expression, Expression)

    enum ArithmeticOperator: String, Hashable, Sendable, CaseIterable { case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%" }

    /// Functions callable in an expression, with how many positional arguments and which named ones.
    enum Function: String, Hashable, Sendable, CaseIterable {
        case round, floor, ceil, abs, min, max, exists, timerInterval

        var arity: ClosedRange<Int> {
            switch self {
            case .round: 1...2
            case .floor, .ceil, .abs, .exists: 1...1
            case .min, .max: 1...16
            case .timerInterval: 1...4
            }
        }
        var namedArguments: [String] { self == .timerInterval ? ["countsDown", "showsHours"] : [] }
        var usage: String {
            switch self {
            case .round: "round(x) or round(x, decimals)"
            case .floor, .ceil, .abs, .exists: "\(rawValue)(x)"
            case .min, .max: "\(rawValue)(a, b, …)"
            case .timerInterval: "timerInterval(start, end, countsDown: true, showsHours: true) or timerInterval(range, countsDown: true, showsHours: true)"
            }
        }
    }

    struct Operation: Hashable, Sendable { var op: ArithmeticOperator; var operand: Expression; var offset: Int }

    enum Comparison: String, Hashable, Sendable, CaseIterable { case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">=" }

    /// Every path it reads, for lint.
    var paths: [Path] {
        switch self {
        case .literal: []
        case .path(let p): [p]
        case .list(let items): items.flatMap(\.paths)
        case .not(let e): e.paths
        case .and(let terms), .or(let terms): terms.flatMap(\.paths)
        case .compare(let a, _, let b), .membership(let a, let b, _): a.paths + b.paths
        case .arithmetic(let first, let rest): first.paths + rest.flatMap(\.operand.paths)
        case .negate(let e), .exists(let e): e.paths
        case .call(_, let args, let named): args.flatMap(\.paths) + named.keys.sorted().flatMap { named[$0]!.paths }
        case .conditional(let c, let a, let b): c.paths + a.paths + b.paths
        }
    }
}

/// `order.items[0].name`, `status[order.status].color`, `list.count`.
struct Path: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable { case key(String), index(Expression) }
    var root: String
    var components: [Component]
    /// As written, for messages.
    var text: String
    var description: String { text }
}

struct ExpressionSyntaxError: Error {
    var message: String
    /// Offset in Unicode scalars from the start of the expression text.
    var offset: Int
}

/// Tokens and a recursive-descent parser. Precedence: `||` < `&&` < `!` < comparison/`in`/`exists`
/// < `+ -` < `* / %` < unary `-` < primary (a value, a path, `( … )`, `[ … ]`, a call `f(…)`).
/// The text is at most `Limits.expressionLength` characters and nests (parentheses, `!`, lists,
/// `[index]`) at most `Limits.expressionDepth` levels, so neither parsing nor evaluating recurses
/// deeper than a small multiple of that; chains of `&&`/`||` are flat.
struct ExpressionParser {
    enum Token: Equatable {
        case word(String), number(Double), string(String), symbol(String), end
    }
    struct Lexeme { var token: Token; var offset: Int; var length: Int }

    private var lexemes: [Lexeme] = []
    private var position = 0
    private let scalars: [Unicode.Scalar]
    private var depth = 0
    private let maxDepth: Int

    static func parse(_ text: String, limits: Limits = .default) throws(ExpressionSyntaxError) -> Expression {
        let length = text.unicodeScalars.count
        if length > limits.expressionLength {
            throw ExpressionSyntaxError(message: "expression is \(length) characters, more than the limit of \(limits.expressionLength) (Limits.expressionLength)",
                                        offset: 0)
        }
        var parser = try ExpressionParser(text, maxDepth: limits.expressionDepth)
        let e = try parser.parseConditional()
        guard case .end = parser.current.token else {
            throw ExpressionSyntaxError(message: "unexpected \(parser.describe(parser.current)) in expression '\(text)'",
                                        offset: parser.current.offset)
        }
        return e
    }

    private init(_ text: String, maxDepth: Int) throws(ExpressionSyntaxError) {
        self.maxDepth = maxDepth
        scalars = Array(text.unicodeScalars)
        lexemes = try Self.lex(scalars)
    }

    static func isWordStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || (c.isASCII ? c.properties.isAlphabetic : (c.properties.isAlphabetic || c.properties.isEmojiPresentation))
    }
    static func isWordPart(_ c: Unicode.Scalar) -> Bool {
        isWordStart(c) || (c.isASCII && c.properties.numericType != nil) || c == "-" || c.properties.numericType != nil
    }

    private static func lex(_ s: [Unicode.Scalar]) throws(ExpressionSyntaxError) -> [Lexeme] {
        var out: [Lexeme] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            let start = i
            if c == "'" || c == "\"" {
                var value = ""
                i += 1
                var closed = false
                while i < s.count {
                    if s[i] == c { closed = true; i += 1; break }
                    if s[i] == "\\", i + 1 < s.count { value.unicodeScalars.append(s[i + 1]); i += 2; continue }
                    value.unicodeScalars.append(s[i]); i += 1
                }
                guard closed else { throw ExpressionSyntaxError(message: "unterminated quoted string", offset: start) }
                out.append(Lexeme(token: .string(value), offset: start, length: i - start))
                continue
            }
            let isDigit = c.isASCII && c.properties.numericType != nil
            // `-2` is a negative number only where a value starts (`a -2` is a subtraction).
            let afterValue: Bool = {
                switch out.last?.token {
                case .word?, .number?, .string?, .symbol(")")?, .symbol("]")?: return true
                default: return false
                }
            }()
            if isDigit || (c == "-" && !afterValue && i + 1 < s.count && s[i + 1].isASCII && s[i + 1].properties.numericType != nil) {
                var text = String(c)
                i += 1
                while i < s.count, (s[i].isASCII && s[i].properties.numericType != nil) || s[i] == "." {
                    // `a[0].name`: a dot followed by a letter ends the number.
                    if s[i] == ".", i + 1 < s.count, !(s[i + 1].isASCII && s[i + 1].properties.numericType != nil) { break }
                    text.unicodeScalars.append(s[i]); i += 1
                }
                if i < s.count, isWordStart(s[i]) {
                    // `2nd`, `3x`: a bare word that starts with digits.
                    while i < s.count, isWordPart(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
                    out.append(Lexeme(token: .word(text), offset: start, length: i - start))
                    continue
                }
                guard let n = Double(text) else {
                    throw ExpressionSyntaxError(message: "malformed number '\(text)'", offset: start)
                }
                guard n.isFinite else {
                    throw ExpressionSyntaxError(message: "number '\(CharacterText.shortened(text))' is beyond the range of a double (\(CheckedNumber.doubleRangeText))", offset: start)
                }
                out.append(Lexeme(token: .number(n), offset: start, length: i - start))
                continue
            }
            if isWordStart(c) {
                var text = ""
                // A `-` inside a word (`on-time`) continues it only when a letter follows: `n-1` is a subtraction.
                while i < s.count, isWordPart(s[i]),
                      s[i] != "-" || (i + 1 < s.count && isWordStart(s[i + 1])) {
                    text.unicodeScalars.append(s[i]); i += 1
                }
                out.append(Lexeme(token: .word(text), offset: start, length: i - start))
                continue
            }
            let two = i + 1 < s.count ? String(c) + String(s[i + 1]) : ""
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
                out.append(Lexeme(token: .symbol(two), offset: start, length: 2)); i += 2; continue
            }
            if "[]().,<>!+-*/%:?".unicodeScalars.contains(c) {
                out.append(Lexeme(token: .symbol(String(c)), offset: start, length: 1)); i += 1; continue
            }
            if c == "=" {
                throw ExpressionSyntaxError(message: "'=' is not an operator (expected '==')", offset: start)
            }
            if c == "&" || c == "|" {
                throw ExpressionSyntaxError(message: "'\(c)' is not an operator (expected '\(c)\(c)')", offset: start)
            }
            throw ExpressionSyntaxError(message: "unexpected \(CharacterText.describe(c, article: false)) in expression", offset: start)
        }
        out.append(Lexeme(token: .end, offset: s.count, length: 0))
        return out
    }

    private var current: Lexeme { lexemes[position] }
    private mutating func advance() { if position < lexemes.count - 1 { position += 1 } }
    private func isSymbol(_ s: String) -> Bool { current.token == .symbol(s) }
    private func isWord(_ s: String) -> Bool { current.token == .word(s) }

    private func describe(_ l: Lexeme) -> String {
        switch l.token {
        case .end: "end of expression"
        case .word(let w): "'\(w)'"
        case .number: "number '\(String(String.UnicodeScalarView(scalars[l.offset..<l.offset + l.length])))'"
        case .string(let s): "string '\(s)'"
        case .symbol(let s): "'\(s)'"
        }
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(ExpressionSyntaxError) {
        guard isSymbol(symbol) else {
            throw ExpressionSyntaxError(message: "expected \(what), found \(describe(current))", offset: current.offset)
        }
        advance()
    }

    private mutating func enter() throws(ExpressionSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw ExpressionSyntaxError(message: "expression nested deeper than \(maxDepth) levels (Limits.expressionDepth)", offset: current.offset)
        }
    }

    /// `condition ? a : b`, binding loosest, right to left: `a ? b : c ? d : e` is `a ? b : (c ? d : e)`.
    mutating func parseConditional() throws(ExpressionSyntaxError) -> Expression {
        let condition = try parseOr()
        guard isSymbol("?") else { return condition }
        // Only a conditional costs a level of nesting: parentheses cost theirs in parseOr.
        try enter(); defer { depth -= 1 }
        advance()
        let whenTrue = try parseConditional()
        try expect(":", "':' and the value for when the condition is false (condition ? a : b)")
        let whenFalse = try parseConditional()
        return .conditional(condition, whenTrue, whenFalse)
    }

    mutating func parseOr() throws(ExpressionSyntaxError) -> Expression {
        try enter(); defer { depth -= 1 }
        var terms = [try parseAnd()]
        while isSymbol("||") { advance(); terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    mutating func parseAnd() throws(ExpressionSyntaxError) -> Expression {
        var terms = [try parseNot()]
        while isSymbol("&&") { advance(); terms.append(try parseNot()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    mutating func parseNot() throws(ExpressionSyntaxError) -> Expression {
        if isSymbol("!") {
            try enter(); defer { depth -= 1 }
            advance()
            return .not(try parseNot())
        }
        return try parseComparison()
    }

    mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
        let lhs = try parseAdditive(bareWordIsString: false)
        if isWord("exists") {
            advance()
            return .exists(lhs)
        }
        if case .symbol(let s) = current.token, let op = Expression.Comparison(rawValue: s) {
            advance()
            return .compare(lhs, op, try parseAdditive(bareWordIsString: true))
        }
        if isWord("in") {
            advance()
            return .membership(lhs, try parsePrimary(bareWordIsString: true), negated: false)
        }
        if isWord("not") {
            let save = position
            advance()
            if isWord("in") {
                advance()
                return .membership(lhs, try parsePrimary(bareWordIsString: true), negated: true)
            }
            position = save
        }
        return lhs
    }

    private var arithmeticSymbol: Expression.ArithmeticOperator? {
        if case .symbol(let s) = current.token { return Expression.ArithmeticOperator(rawValue: s) }
        return nil
    }

    /// `a + b - c`: one flat node per chain.
    mutating func parseAdditive(bareWordIsString: Bool) throws(ExpressionSyntaxError) -> Expression {
        let first = try parseMultiplicative(bareWordIsString: bareWordIsString)
        var rest: [Expression.Operation] = []
        while let op = arithmeticSymbol, op == .add || op == .subtract {
            let at = current.offset
            advance()
            rest.append(.init(op: op, operand: try parseMultiplicative(bareWordIsString: false), offset: at))
        }
        return rest.isEmpty ? first : .arithmetic(first, rest)
    }

    /// `a * b / c % d`
    mutating func parseMultiplicative(bareWordIsString: Bool) throws(ExpressionSyntaxError) -> Expression {
        let first = try parseUnary(bareWordIsString: bareWordIsString)
        var rest: [Expression.Operation] = []
        while let op = arithmeticSymbol, op == .multiply || op == .divide || op == .remainder {
            let at = current.offset
            advance()
            rest.append(.init(op: op, operand: try parseUnary(bareWordIsString: false), offset: at))
        }
        return rest.isEmpty ? first : .arithmetic(first, rest)
    }

    /// `-x`
    mutating func parseUnary(bareWordIsString: Bool) throws(ExpressionSyntaxError) -> Expression {
        if isSymbol("-") {
            try enter(); defer { depth -= 1 }
            advance()
            return .negate(try parseUnary(bareWordIsString: false))
        }
        return try parsePrimary(bareWordIsString: bareWordIsString)
    }

    /// `round(x)`, `timerInterval(a, b, countsDown: false)`; the name is read, `(` is current.
    mutating func parseCall(_ function: Expression.Function, at start: Int) throws(ExpressionSyntaxError) -> Expression {
        try enter(); defer { depth -= 1 }
        advance()
        var args: [Expression] = []
        var named: [String: Expression] = [:]
        if !isSymbol(")") {
            while true {
                if case .word(let w) = current.token, position + 1 < lexemes.count, lexemes[position + 1].token == .symbol(":") {
                    guard function.namedArguments.contains(w) else {
                        let known = function.namedArguments
                        throw ExpressionSyntaxError(message: "\(function.rawValue) has no argument '\(w)'" +
                            (known.isEmpty ? "" : " (expected \(known.joined(separator: " or ")))") + "; use \(function.usage)", offset: current.offset)
                    }
                    advance(); advance()
                    named[w] = try parseConditional()
                } else {
                    guard named.isEmpty else {
                        throw ExpressionSyntaxError(message: "positional argument after a named one in \(function.rawValue)(…); use \(function.usage)", offset: current.offset)
                    }
                    args.append(try parseConditional())
                }
                if isSymbol(",") { advance(); continue }
                break
            }
        }
        try expect(")", "',' or ')' after the arguments of \(function.rawValue)")
        guard function.arity.contains(args.count + named.count) || (function.arity.contains(args.count) && !named.isEmpty) else {
            throw ExpressionSyntaxError(message: "\(function.rawValue) takes \(function.arity.lowerBound == function.arity.upperBound ? "\(function.arity.lowerBound)" : "\(function.arity.lowerBound)…\(function.arity.upperBound)") argument(s), found \(args.count + named.count); use \(function.usage)", offset: start)
        }
        if function == .exists { return .exists(args[0]) }
        return .call(function, args, named: named)
    }

    /// Bare words right of a comparison and in lists are strings: `status == onTheWay`, `in [a, b]`
    /// (not `now`, nor a word that goes on with `.`, `[`, `(` or an arithmetic operator).
    mutating func parsePrimary(bareWordIsString: Bool) throws(ExpressionSyntaxError) -> Expression {
        let lexeme = current
        switch lexeme.token {
        case .number(let n):
            advance(); return .literal(.number(n))
        case .string(let s):
            advance(); return .literal(.string(s))
        case .symbol("("):
            advance()
            let e = try parseConditional()
            try expect(")", "')'")
            return e
        case .symbol("["):
            try enter(); defer { depth -= 1 }
            advance()
            var items: [Expression] = []
            if !isSymbol("]") {
                while true {
                    items.append(try parsePrimary(bareWordIsString: true))
                    if isSymbol(",") { advance(); continue }
                    break
                }
            }
            try expect("]", "',' or ']' in list")
            return .list(items)
        case .word(let w):
            switch w {
            case "true": advance(); return .literal(.bool(true))
            case "false": advance(); return .literal(.bool(false))
            case "null", "nil": advance(); return .literal(.null)
            default: break
            }
            advance()
            if isSymbol("(") {
                guard let function = Expression.Function(rawValue: w) else {
                    throw ExpressionSyntaxError(message: "unknown function '\(w)'\(Suggestion.hint(w, in: Expression.Function.allCases.map(\.rawValue))) (expected one of \(Expression.Function.allCases.map(\.rawValue).joined(separator: ", ")))", offset: lexeme.offset)
                }
                return try parseCall(function, at: lexeme.offset)
            }
            let continues = isSymbol(".") || isSymbol("[") || arithmeticSymbol != nil || w == "now"
            if bareWordIsString && !continues { return .literal(.string(w)) }
            return .path(try parsePathRest(root: w, start: lexeme.offset))
        default:
            throw ExpressionSyntaxError(message: "expected a value, found \(describe(lexeme))", offset: lexeme.offset)
        }
    }

    private mutating func parsePathRest(root: String, start: Int) throws(ExpressionSyntaxError) -> Path {
        var components: [Path.Component] = []
        while true {
            if isSymbol(".") {
                advance()
                switch current.token {
                case .word(let w): components.append(.key(w)); advance()
                case .number(let n) where n >= 0 && n.rounded() == n:
                    components.append(.index(.literal(.number(n)))); advance()
                default:
                    throw ExpressionSyntaxError(message: "expected a key after '.', found \(describe(current))", offset: current.offset)
                }
            } else if isSymbol("[") {
                try enter(); defer { depth -= 1 }
                advance()
                let inner = try parseConditional()
                try expect("]", "']'")
                components.append(.index(inner))
            } else {
                break
            }
        }
        let end = lexemes[max(0, position - 1)]
        let text = String(String.UnicodeScalarView(scalars[start..<(end.offset + end.length)]))
        return Path(root: root, components: components, text: text)
    }
}
