import WidgetModel

/// A filter in a binding: `{{order.eta | relative}}`, `{{items | more: 2}}`.
struct FilterCall: Hashable, Sendable {
    enum Name: String, Hashable, Sendable, CaseIterable {
        case time, time24, date, weekday, relative, timer, offset, number, currency, more, count, uppercase, lowercase
        case `default`, km, round, floor, ceil, percent, minutes, plural

        /// Filters that read their value as a date (`minutes` reads a number as seconds, so it is not one).
        var readsADate: Bool { [.time, .time24, .date, .weekday, .relative, .timer, .offset].contains(self) }
    }
    enum Argument: Hashable, Sendable {
        case value(DataValue)
        case path(Path)
    }
    var name: Name
    var argument: Argument?
}

/// One `{{expression | filter: arg | filter}}`.
struct Binding: Hashable, Sendable {
    var expression: Expression
    var filters: [FilterCall]
    var location: SourceLocation
    /// The text between the braces, trimmed.
    var text: String
    var hasDefault: Bool { filters.contains { $0.name == .default } }
}

/// A string from the layout, split at its bindings at load time.
struct Interpolated: Hashable, Sendable {
    enum Segment: Hashable, Sendable { case literal(String), binding(Binding) }
    var segments: [Segment]
    var location: SourceLocation

    var isConstant: Bool { segments.allSatisfy { if case .literal = $0 { true } else { false } } }
    var constantText: String? {
        guard isConstant else { return nil }
        return segments.map { if case .literal(let s) = $0 { s } else { "" } }.joined()
    }
    /// `"{{x}}"` alone: the bound value keeps its type (a number, a {light, dark} mapping …).
    var soleBinding: Binding? {
        if segments.count == 1, case .binding(let b) = segments[0] { return b }
        return nil
    }
    static func constant(_ s: String, at location: SourceLocation) -> Interpolated {
        Interpolated(segments: [.literal(s)], location: location)
    }
}

/// Where a string's characters sit in the file: exact columns only for one-line strings without escapes.
struct StringOrigin: Sendable {
    var location: SourceLocation
    /// Columns between the node's mark and the string's first character (1 for a quote).
    var lead: Int
    var exact: Bool

    func location(at offset: Int) -> SourceLocation {
        guard exact else { return location }
        var l = location
        l.column += lead + offset
        return l
    }
}

struct InterpolationError: Error { var diagnostic: Diagnostic }

enum InterpolationParser {
    static func parse(_ text: String, origin: StringOrigin, limits: Limits = .default) throws(InterpolationError) -> Interpolated {
        let s = Array(text.unicodeScalars)
        guard text.contains("{{") else { return .constant(text, at: origin.location) }
        var segments: [Interpolated.Segment] = []
        var literal = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "{", i + 1 < s.count, s[i + 1] == "{" {
                // Find the closing braces outside quotes.
                var j = i + 2
                var quote: Unicode.Scalar? = nil
                var close: Int? = nil
                while j < s.count {
                    let c = s[j]
                    if let q = quote { if c == q { quote = nil } } else if c == "'" || c == "\"" { quote = c } else if c == "}", j + 1 < s.count, s[j + 1] == "}" {
                        close = j; break
                    }
                    j += 1
                }
                guard let close else {
                    throw InterpolationError(diagnostic: .error("unclosed binding '{{' (expected '}}')", at: origin.location(at: i)))
                }
                if !literal.isEmpty { segments.append(.literal(String(literal))); literal = String.UnicodeScalarView() }
                let inner = Array(s[(i + 2)..<close])
                segments.append(.binding(try parseBinding(inner, offset: i + 2, origin: origin, limits: limits)))
                i = close + 2
                continue
            }
            literal.append(s[i])
            i += 1
        }
        if !literal.isEmpty { segments.append(.literal(String(literal))) }
        return Interpolated(segments: segments, location: origin.location)
    }

    /// `expression | name: arg | name`
    static func parseBinding(_ s: [Unicode.Scalar], offset: Int, origin: StringOrigin, limits: Limits = .default) throws(InterpolationError) -> Binding {
        // Split on single `|` outside quotes (`||` is the or-operator).
        var parts: [(text: [Unicode.Scalar], offset: Int)] = []
        var start = 0
        var quote: Unicode.Scalar? = nil
        var k = 0
        while k < s.count {
            let c = s[k]
            if let q = quote { if c == q { quote = nil } } else if c == "'" || c == "\"" { quote = c } else if c == "|" {
                if k + 1 < s.count, s[k + 1] == "|" { k += 2; continue }
                parts.append((Array(s[start..<k]), start)); start = k + 1
            }
            k += 1
        }
        parts.append((Array(s[start..<s.count]), start))

        let head = parts[0]
        let headText = String(String.UnicodeScalarView(head.text))
        let leading = head.text.prefix { $0 == " " }.count
        guard !headText.trimmingSpaces.isEmpty else {
            throw InterpolationError(diagnostic: .error("empty binding (expected a path such as {{order.name}})",
                                                        at: origin.location(at: offset - 2)))
        }
        let expression: Expression
        do {
            expression = try ExpressionParser.parse(headText, limits: limits)
        } catch {
            throw InterpolationError(diagnostic: .error(error.message, at: origin.location(at: offset + error.offset)))
        }
        var filters: [FilterCall] = []
        for part in parts.dropFirst() {
            let at = offset + part.offset
            let raw = String(String.UnicodeScalarView(part.text))
            let trimmed = raw.trimmingSpaces
            let nameAt = origin.location(at: at + part.text.prefix { $0 == " " }.count)
            guard !trimmed.isEmpty else {
                throw InterpolationError(diagnostic: .error(
                    "missing filter name after '|' (expected one of \(FilterCall.Name.allCases.map(\.rawValue).joined(separator: ", ")))",
                    at: origin.location(at: at - 1)))
            }
            let nameText: String, argText: String?
            if let colon = trimmed.firstIndex(of: ":") {
                nameText = String(trimmed[..<colon]).trimmingSpaces
                argText = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
            } else {
                nameText = trimmed; argText = nil
            }
            guard let name = FilterCall.Name(rawValue: nameText) else {
                throw InterpolationError(diagnostic: .error(
                    "unknown filter '\(nameText)'\(Suggestion.hint(nameText, in: FilterCall.Name.allCases.map(\.rawValue))) (expected one of \(FilterCall.Name.allCases.map(\.rawValue).joined(separator: ", ")))",
                    at: nameAt))
            }
            let argument = argText.map { parseArgument($0, limits: limits) }
            switch name {
            case .more:
                guard case .value(.number(let n))? = argument, n >= 0, n <= 1_000_000, n.rounded() == n else {
                    throw InterpolationError(diagnostic: .error("filter 'more' needs a whole number: more: 2", at: nameAt))
                }
            case .number:
                if let argument {
                    guard case .value(.number(let n)) = argument, n >= 0, n <= 10, n.rounded() == n else {
                        throw InterpolationError(diagnostic: .error("filter 'number' takes a count of decimals 0…10: number: 1", at: nameAt))
                    }
                }
            case .round, .percent:
                if let argument {
                    guard case .value(.number(let n)) = argument, n >= 0, n <= 10, n.rounded() == n else {
                        throw InterpolationError(diagnostic: .error("filter '\(name.rawValue)' takes a count of decimals 0…10: \(name.rawValue): 1", at: nameAt))
                    }
                }
            case .plural:
                guard let argument, argText?.isEmpty == false else {
                    throw InterpolationError(diagnostic: .error("filter 'plural' needs its forms: plural: day, days (en one/other; ko one form: plural: '#일'), or a path to them in strings:", at: nameAt))
                }
                // Literal forms are checked now; forms from `strings:` when bound.
                if case .value(.string(let text)) = argument, case .failure(let e) = PluralRules.forms(text, locale: "en") {
                    throw InterpolationError(diagnostic: .error("filter 'plural': \(e.message)", at: nameAt))
                }
            case .time, .time24, .date, .weekday:
                // `time: Asia/Seoul`, `weekday: long`, `weekday: 'short UTC'`: checked now when written, when bound if a path.
                if let argument {
                    guard argText?.isEmpty == false else {
                        throw InterpolationError(diagnostic: .error(DateFilterArgument.usage(name.rawValue), at: nameAt))
                    }
                    if case .value(let v) = argument, case .failure(let e) = DateFilterArgument.read(v, filter: name.rawValue) {
                        throw InterpolationError(diagnostic: .error(e.message, at: nameAt))
                    }
                }
            case .currency:
                // `currency: USD`: an ISO 4217 code (three letters), or a path to one in the data.
                if let argument {
                    if case .value(let v) = argument {
                        guard case .string(let code) = v, CurrencyCode.isValid(code) else {
                            throw InterpolationError(diagnostic: .error("filter 'currency' takes a currency code of three letters: currency: USD (no argument: KRW, ₩)", at: nameAt))
                        }
                    }
                }
            case .default:
                guard argument != nil, argText?.isEmpty == false else {
                    throw InterpolationError(diagnostic: .error("filter 'default' needs a text: default: –", at: nameAt))
                }
            default:
                if argText != nil {
                    throw InterpolationError(diagnostic: .error("filter '\(name.rawValue)' takes no argument", at: nameAt))
                }
            }
            filters.append(FilterCall(name: name, argument: argument))
        }
        return Binding(expression: expression, filters: filters,
                       location: origin.location(at: offset + leading), text: headText.trimmingSpaces)
    }

    /// A number, a quoted string, true/false/null, a dotted path (`strings.none`), or else the words as written.
    static func parseArgument(_ text: String, limits: Limits = .default) -> FilterCall.Argument {
        if let n = ScalarSyntax.number(text) { return .value(.number(n)) }
        if let b = ScalarSyntax.bool(text) { return .value(.bool(b)) }
        if text.count >= 2, let f = text.first, f == "'" || f == "\"", text.last == f {
            return .value(.string(String(text.dropFirst().dropLast())))
        }
        // A path has no space but in a quoted key: strings['%lld steps'] (a catalog key).
        if text.contains(".") || text.contains("["), !text.contains(" ") || text.contains("['") || text.contains("[\""),
           case .path(let p)? = try? ExpressionParser.parse(text, limits: limits) {
            return .path(p)
        }
        return .value(.string(text))
    }
}
