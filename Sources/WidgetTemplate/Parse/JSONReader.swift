import Foundation
import WidgetModel

/// Strict JSON (RFC 8259) → DataValue, without recursion: nesting is an explicit stack bounded by
/// `Limits.nestingDepth`. libyaml reads most JSON but refuses escaped surrogate pairs (`"\ud83c\udf5c"`)
/// and accepts what JSON does not (`{"a": }`), so data that looks like JSON is read by this instead,
/// and its errors say "invalid JSON" with the line and column.
struct JSONReader {
    private let bytes: [UInt8]
    private let file: String
    private let limits: Limits
    private var i = 0

    static func parse(_ text: String, file: String, limits: Limits = .default) throws(LayoutError) -> DataValue {
        var reader = JSONReader(bytes: Array(text.utf8), file: file, limits: limits)
        return try reader.document()
    }

    private init(bytes: [UInt8], file: String, limits: Limits) {
        self.bytes = bytes; self.file = file; self.limits = limits
    }

    /// Whether text should be read as JSON: its first significant character opens an object or an array.
    static func looksLikeJSON(_ text: String) -> Bool {
        for b in text.utf8 {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue   // spaces, a UTF-8 byte-order mark
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }

    private func fail(_ message: String, at offset: Int? = nil) -> LayoutError {
        LayoutError(.error("invalid JSON: \(message)", at: SourceCheck.location(ofByte: offset ?? i, in: bytes, file: file)))
    }

    private func found() -> String { CharacterText.describe(byteAt: i, in: bytes) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    /// A container being filled. Mutated in place on the stack (`stack[last]`), never copied out,
    /// so appending stays amortized O(1).
    private struct Frame {
        var isObject: Bool
        var items: [DataValue] = []
        var members: [String: DataValue] = [:]
        var key = ""
        var keyOffset = 0
    }

    private mutating func document() throws(LayoutError) -> DataValue {
        i = ByteOrderMark.length(in: bytes)
        var stack: [Frame] = []
        skipSpace()
        guard i < bytes.count else { throw LayoutError(.error("empty data file", at: SourceLocation(file: file, line: 1, column: 1))) }
        while true {
            // Read one value; containers push a frame and continue with their first element.
            skipSpace()
            var value: DataValue
            guard i < bytes.count else { throw fail("expected a value, found the end of the data") }
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= limits.nestingDepth {
                    throw LayoutError(.error(SourceCheck.tooDeepMessage(limits), at: SourceCheck.location(ofByte: i, in: bytes, file: file)))
                }
                let isObject = bytes[i] == UInt8(ascii: "{")
                i += 1
                skipSpace()
                if isObject {
                    if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; value = .object([:]); break }
                    let (key, at) = try objectKey()
                    stack.append(Frame(isObject: true, key: key, keyOffset: at))
                } else {
                    if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; value = .array([]); break }
                    stack.append(Frame(isObject: false))
                }
                continue
            case UInt8(ascii: "\""):
                value = .string(try string())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try number())
            default:
                throw fail("expected a value, found \(found())")
            }
            // Hand the value to its container; close every container that ends here.
            while true {
                guard !stack.isEmpty else {
                    skipSpace()
                    guard i == bytes.count else { throw fail("unexpected \(found()) after the end of the JSON value") }
                    return value
                }
                let top = stack.count - 1
                skipSpace()
                if stack[top].isObject {
                    let key = stack[top].key
                    if stack[top].members[key] != nil {
                        throw LayoutError(.error("duplicate key '\(key)' in one object (each key may appear once)",
                                                 at: SourceCheck.location(ofByte: stack[top].keyOffset, in: bytes, file: file)))
                    }
                    stack[top].members[key] = value
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        skipSpace()
                        let (next, at) = try objectKey()
                        stack[top].key = next
                        stack[top].keyOffset = at
                        break
                    }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in an object, found \(found())") }
                    i += 1
                    value = .object(stack.removeLast().members)
                } else {
                    stack[top].items.append(value)
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; break }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in an array, found \(found())") }
                    i += 1
                    value = .array(stack.removeLast().items)
                }
            }
        }
    }

    /// `"key" :`
    private mutating func objectKey() throws(LayoutError) -> (String, Int) {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key or '}', found \(found())") }
        let at = i
        let key = try string()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the key \"\(key)\", found \(found())") }
        i += 1
        return (key, at)
    }

    private mutating func literal(_ word: String) throws(LayoutError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("expected a value, found \(found())") }
        i += w.count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(LayoutError) -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw fail("expected a digit, found \(found())") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { throw fail("a number may not start with 0 followed by digits", at: start) }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("expected a digit after '.', found \(found())") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("expected a digit in the exponent, found \(found())") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let n = Double(text) else { throw fail("malformed number", at: start) }
        // Strict: a number a double cannot hold is refused where it is written, not read as ∞ (tiny ones
        // still round to 0, as every reader's do).
        guard n.isFinite else {
            throw fail("number \(CharacterText.shortened(text)) is beyond the range of a double (\(CheckedNumber.doubleRangeText))", at: start)
        }
        return n
    }

    private mutating func hex4() throws(LayoutError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("expected four hex digits after \\u, found the end of the data") }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: i += k; throw fail("expected four hex digits after \\u, found \(found())")
            }
            v = v << 4 | d
        }
        i += 4
        return v
    }

    /// A quoted string; `\uD83C\uDF5C` pairs become one scalar, a lone surrogate is an error.
    private mutating func string() throws(LayoutError) -> String {
        let open = i
        i += 1
        var out = String.UnicodeScalarView()
        var runStart = i
        func flush(_ end: Int) {
            if end > runStart { out.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard i < bytes.count else { throw fail("unterminated string (expected a closing '\"')", at: open) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { flush(i); i += 1; return String(out) }
            if b < 0x20 { throw fail(String(format: "control character U+%04X in a string (write it escaped, as \\u%04x)", Int(b), Int(b))) }
            if b != UInt8(ascii: "\\") { i += 1; continue }
            flush(i)
            let escape = i
            i += 1
            guard i < bytes.count else { throw fail("unterminated string (expected a closing '\"')", at: open) }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append("\"")
            case UInt8(ascii: "\\"): out.append("\\")
            case UInt8(ascii: "/"): out.append("/")
            case UInt8(ascii: "b"): out.append("\u{08}")
            case UInt8(ascii: "f"): out.append("\u{0C}")
            case UInt8(ascii: "n"): out.append("\n")
            case UInt8(ascii: "r"): out.append("\r")
            case UInt8(ascii: "t"): out.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hex4()
                if (0xDC00...0xDFFF).contains(unit) {
                    throw fail(String(format: "lone low surrogate \\u%04x (it must follow a high surrogate \\ud800–\\udbff)", unit), at: escape)
                }
                if (0xD800...0xDBFF).contains(unit) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail(String(format: "lone high surrogate \\u%04x (it must be followed by a low surrogate \\udc00–\\udfff)", unit), at: escape)
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail(String(format: "lone high surrogate \\u%04x (it must be followed by a low surrogate \\udc00–\\udfff)", unit), at: escape)
                    }
                    out.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else {
                    out.append(Unicode.Scalar(unit)!)
                }
            default:
                i -= 1
                // `\x`, `\é`; an invisible character by name: `\ followed by a byte-order mark (U+FEFF)`.
                let described = CharacterText.describe(byteAt: i, in: bytes)
                let shown = described.hasPrefix("'") ? "\\" + described.dropFirst().dropLast() : "\\ followed by \(described)"
                throw fail("unknown escape \(shown) in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: escape)
            }
            runStart = i
        }
    }
}
