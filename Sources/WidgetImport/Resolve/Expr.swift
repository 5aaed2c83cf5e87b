/// Building text in the layout language's expression syntax (`when:` and `{{ … }}`).
enum Expr {
    /// True when `text` is one path, literal or call: safe as an operand without parentheses.
    static func isAtom(_ text: String) -> Bool {
        if text.hasPrefix("!"), text.count > 1 { return isAtom(String(text.dropFirst())) }
        var depth = 0
        var quote: Character?
        for c in text {
            if let q = quote { if c == q { quote = nil }; continue }
            switch c {
            case "'", "\"": quote = c
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case " ", "!", "+", "*", "/", "%", "<", ">", "=", "&", "|":
                if depth == 0 { return false }
            case "-":
                if depth == 0, text.first != "-" { return false }
            default: break
            }
        }
        return true
    }

    static func paren(_ text: String) -> String { isAtom(text) ? text : "(\(text))" }

    static func and(_ terms: [String]) -> String {
        let parts = terms.filter { $0 != "true" }
        if parts.isEmpty { return "true" }
        if parts.count == 1 { return parts[0] }
        // `&&` binds looser than comparisons and `!`: only an `||` inside needs parentheses.
        return parts.map { topLevelOperators($0).contains("||") ? "(\($0))" : $0 }.joined(separator: " && ")
    }

    static func or(_ terms: [String]) -> String {
        if terms.count == 1 { return terms[0] }
        return terms.joined(separator: " || ")
    }

    static func not(_ text: String) -> String {
        if text.hasPrefix("!"), isAtom(String(text.dropFirst())) { return String(text.dropFirst()) }
        if let inner = negatedComparison(text) { return inner }
        return "!" + paren(text)
    }

    /// `a == b` → `a != b` (and back), so negations read plainly.
    private static func negatedComparison(_ text: String) -> String? {
        let ops = [(" == ", " != "), (" != ", " == "), (" not in ", " in "), (" in ", " not in "),
                   (" <= ", " > "), (" >= ", " < "), (" < ", " >= "), (" > ", " <= ")]
        for (op, inverse) in ops {
            let parts = text.components(separatedBy: op)
            if parts.count == 2, isAtom(parts[0]), isAtom(parts[1]) || parts[1].hasPrefix("[") && parts[1].hasSuffix("]") && !parts[1].dropFirst().contains("[") {
                return parts[0] + inverse + parts[1]
            }
        }
        return nil
    }

    /// Only `&&` at the top level (so it can join another `&&` chain without parentheses).
    private static func isConjunction(_ text: String) -> Bool { topLevelOperators(text) == ["&&"] }
    private static func isDisjunction(_ text: String) -> Bool { topLevelOperators(text) == ["||"] }

    private static func topLevelOperators(_ text: String) -> Set<String> {
        var depth = 0
        var quote: Character?
        var ops = Set<String>()
        var previous: Character = " "
        for c in text {
            if let q = quote { if c == q { quote = nil }; previous = c; continue }
            switch c {
            case "'", "\"": quote = c
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "&" where previous == "&" && depth == 0: ops.insert("&&")
            case "|" where previous == "|" && depth == 0: ops.insert("||")
            case "=", "<", ">", "+", "*", "/", "%":
                if depth == 0 { ops.insert(String(c)) }
            default: break
            }
            previous = c
        }
        return ops
    }

    /// A text literal in an expression.
    static func quote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A word the expression reader takes as one bare word (an enum case on the right of `==`).
    static func isBareWord(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        if ["true", "false", "null", "nil", "now", "in", "not", "exists"].contains(s) { return false }
        return s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ($0.isASCII && $0.properties.numericType != nil) }
    }

    /// A path written where bare words read as text (right of a comparison, in a list): a
    /// one-word path is put in parentheses so it stays a path.
    static func pathOperand(_ path: String) -> String {
        isBareWord(path) ? "(\(path))" : path
    }
}
