import WidgetModel

/// How deep square brackets nest in Swift text, read before swift-syntax parses it.
///
/// Why this exists: swift-syntax (603) decides whether a `[` starts an array literal or an array
/// type (`[Int]`, `[3 of Int]`) by looking ahead, and at each nested `[` it tries both readings, so
/// the time doubles per level whether or not the brackets close: measured in a debug build,
/// `let x = [[…[1, 2]…]]` took 0.07 s at 12 levels, 0.25 s at 14, 58 s at 22, and 1,000 unclosed
/// `[` ran for over ten minutes. Its `maximumNestingLevel` does not bound that lookahead. No widget
/// nests brackets that deep, so a file that does is skipped with a warning naming the place and
/// `Limits.importBracketDepth`.
///
/// Strings (`"…"`, `"""…"""`, raw `#"…"#`, with `\(…)` interpolation) and comments (`//`, nested
/// `/* */`) are skipped, so brackets in text do not count. The scan is one pass over the bytes.
enum BracketDepth {
    /// The byte offset of the first `[` that opens deeper than `limit`, or nil.
    static func firstTooDeep(_ text: String, limit: Int) -> Int? {
        var limits = Limits.default
        limits.importBracketDepth = limit
        limits.importGenericDepth = .max
        limits.importConditionalDepth = .max
        limits.importDepth = 1 << 40
        return firstProblem(text, limits: limits)?.offset
    }

    /// The first place nested past one of the importer's lexical bounds, with the message that
    /// says which: square brackets (`Limits.importBracketDepth`), generic angle brackets after a
    /// name (`A<B<C>>`, `Limits.importGenericDepth`: the parser's generic-argument lookahead
    /// recurses once per `<`, and 1,344 levels overflowed the stack) and `#if` blocks
    /// (`Limits.importConditionalDepth`: skipping an inactive block recurses per level).
    /// Backticked names (`` `a"b` ``) and regex literals (`#/"/#`) are skipped whole, so a quote
    /// inside one cannot start a "string" that hides the brackets after it.
    static func firstProblem(_ text: String, limits: Limits) -> (offset: Int, message: String)? {
        var scanner = BracketScanner(text, limits: limits)
        return scanner.firstProblem()
    }
}

/// The one pass of `BracketDepth.firstProblem`: the bytes, where the scan is, and what is open.
struct BracketScanner {
    typealias Problem = (offset: Int, message: String)
    static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
    static let backtick = UInt8(ascii: "`")

    let b: [UInt8]
    let n: Int
    let limits: Limits
    let limit: Int
    /// Open interpolations: the string each returns to (its hash count and whether it is
    /// multi-line) and the parentheses open inside it.
    var interpolations: [(hashes: Int, multiline: Bool, parens: Int)] = []
    var square = 0
    var angle = 0, conditional = 0
    // All brackets together, up to the parser's own nesting bound: past it the parser gives up
    // on the file anyway, after time that grows with the cube of the open brackets (1,600
    // unterminated `\(` ran past 300 s).
    var nesting = 0
    let nestingLimit: Int
    var i = 0

    init(_ text: String, limits: Limits) {
        self.limits = limits
        limit = limits.importBracketDepth
        b = Array(text.utf8)
        n = b.count
        nestingLimit = limits.importDepth * 4
    }

    mutating func open(_ at: Int) -> Problem? {
        nesting += 1
        guard nesting > nestingLimit else { return nil }
        return (at, "brackets and braces nested more than \(nestingLimit) deep (Limits.importDepth × 4, the parser's own bound): this file is skipped")
    }

    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    func word(at j: Int, _ w: String) -> Bool {
        let u = Array(w.utf8)
        guard j + u.count <= n, Array(b[j..<(j + u.count)]) == u else { return false }
        return j + u.count == n || !Self.isNameByte(b[j + u.count])
    }

    /// Skips a string body from `i` (just after its opening quote) to just after its closing
    /// quote, or stops at an interpolation's `(` (returns true). A single-line string also ends
    /// at a newline, where the parser ends it too.
    mutating func skipString(hashes: Int, multiline: Bool) -> Bool {
        while i < n {
            let c = b[i]
            if c == Self.backslash {
                var h = 0
                while h < hashes, i + 1 + h < n, b[i + 1 + h] == Self.hash { h += 1 }
                if h == hashes, i + 1 + h < n, b[i + 1 + h] == UInt8(ascii: "(") {
                    i += 2 + h
                    nesting += 1
                    interpolations.append((hashes, multiline, 0))
                    return true
                }
                i += 1 + h + (h == hashes ? 1 : 0)
                continue
            }
            if c == Self.newline, !multiline { i += 1; return false }
            if c == Self.quote {
                let quotes = multiline ? 3 : 1
                var q = 0
                while q < quotes, i + q < n, b[i + q] == Self.quote { q += 1 }
                if q == quotes {
                    var h = 0
                    while h < hashes, i + q + h < n, b[i + q + h] == Self.hash { h += 1 }
                    if h == hashes { i += q + h; return false }
                }
            }
            i += 1
        }
        return false
    }

    mutating func firstProblem() -> Problem? {
        while i < n {
            let c = b[i]
            switch c {
            case Self.slash where i + 1 < n && b[i + 1] == Self.slash:
                while i < n, b[i] != Self.newline { i += 1 }
            case Self.slash where i + 1 < n && b[i + 1] == Self.star:
                skipBlockComment()
            case Self.backtick:
                // A backticked name ends at the next backtick (or the line's end, where the parser ends it).
                i += 1
                while i < n, b[i] != Self.backtick, b[i] != Self.newline { i += 1 }
                i += 1
            case Self.hash where word(at: i + 1, "if"):
                conditional += 1
                if conditional > limits.importConditionalDepth {
                    return (i, "#if blocks nested more than \(limits.importConditionalDepth) deep (Limits.importConditionalDepth): this file is skipped")
                }
                i += 3
            case Self.hash where word(at: i + 1, "endif"):
                conditional = max(0, conditional - 1)
                i += 6
            case Self.hash, Self.quote:
                skipStringOrRegex()
            case UInt8(ascii: "["):
                if let problem = open(i) { return problem }
                square += 1
                if square > limit {
                    return (i, "square brackets nested more than \(limit) deep (Limits.importBracketDepth): this file is skipped")
                }
                i += 1
            case UInt8(ascii: "<"):
                if let problem = openAngle() { return problem }
            default:
                if let problem = closeOrOther(c) { return problem }
            }
        }
        return nil
    }

    /// A nested `/* … */` comment.
    mutating func skipBlockComment() {
        var depth = 0
        while i < n {
            if b[i] == Self.slash, i + 1 < n, b[i + 1] == Self.star { depth += 1; i += 2; continue }
            if b[i] == Self.star, i + 1 < n, b[i + 1] == Self.slash { depth -= 1; i += 2; if depth == 0 { break }; continue }
            i += 1
        }
    }

    /// At `#` or `"`: an extended regex literal `#/…/#`, a string (raw, multi-line), else one byte.
    mutating func skipStringOrRegex() {
        var hashes = 0
        var j = i
        while j < n, b[j] == Self.hash { hashes += 1; j += 1 }
        if hashes > 0, j < n, b[j] == Self.slash {
            // An extended regex literal `#/…/#`: to the `/` followed by as many `#`.
            i = j + 1
            while i < n {
                if b[i] == Self.slash {
                    var h = 0
                    while h < hashes, i + 1 + h < n, b[i + 1 + h] == Self.hash { h += 1 }
                    if h == hashes { i += 1 + h; break }
                }
                i += 1
            }
            return
        }
        guard j < n, b[j] == Self.quote else { i = j == i ? i + 1 : j; return }
        let multiline = j + 2 < n && b[j + 1] == Self.quote && b[j + 2] == Self.quote
        i = j + (multiline ? 3 : 1)
        _ = skipString(hashes: hashes, multiline: multiline)
    }

    /// A `<` right after a name opens generic arguments as the parser first tries them; `<<`, `<=`
    /// are operators. Counted per line (a comparison never closes).
    mutating func openAngle() -> Problem? {
        if i > 0, Self.isNameByte(b[i - 1]) || b[i - 1] == UInt8(ascii: "?") || b[i - 1] == UInt8(ascii: ">"),
           i + 1 < n, b[i + 1] != UInt8(ascii: "<"), b[i + 1] != UInt8(ascii: "=") {
            angle += 1
            if angle > limits.importGenericDepth {
                return (i, "generic angle brackets nested more than \(limits.importGenericDepth) deep (Limits.importGenericDepth): this file is skipped")
            }
        }
        i += 1
        return nil
    }

    /// The other bytes: closing brackets, `{` and `(` (which open), line ends, the rest.
    mutating func closeOrOther(_ c: UInt8) -> Problem? {
        switch c {
        case UInt8(ascii: ">"):
            if i == 0 || b[i - 1] != UInt8(ascii: "-") { angle = max(0, angle - 1) }
            i += 1
        case UInt8(ascii: "{"):
            if let problem = open(i) { return problem }
            angle = 0
            i += 1
        case UInt8(ascii: "}"):
            nesting = max(0, nesting - 1)
            angle = 0
            i += 1
        case Self.newline, UInt8(ascii: ";"):
            angle = 0
            i += 1
        case UInt8(ascii: "]"):
            square = max(0, square - 1)
            nesting = max(0, nesting - 1)
            i += 1
        case UInt8(ascii: "("):
            if let problem = open(i) { return problem }
            if !interpolations.isEmpty { interpolations[interpolations.count - 1].parens += 1 }
            i += 1
        case UInt8(ascii: ")"):
            nesting = max(0, nesting - 1)
            i += 1
            if let last = interpolations.last {
                if last.parens > 0 { interpolations[interpolations.count - 1].parens -= 1 } else {
                    interpolations.removeLast()
                    _ = skipString(hashes: last.hashes, multiline: last.multiline)
                }
            }
        default:
            i += 1
        }
        return nil
    }
}
