import Foundation
import WidgetModel
import WidgetTemplate
import WidgetShot

/// Reading a push file or body: its payloads counted and cut apart before any is parsed.
extension PushValidator {
    // MARK: Reading

    /// The payloads in a file: one JSON object, or a JSON array of them (a sequence). Each
    /// element keeps its bytes as written, so its size is counted exactly; whitespace after the
    /// file's payload (its last newline) is not part of it. An array's elements are counted before
    /// any is parsed: past `Limits.sequencePushes` the file is refused for the cost of one scan.
    public static func inputs(in bytes: [UInt8], name: String, limits: Limits = .default) throws(PushInputError) -> [PushInput] {
        guard bytes.count <= limits.documentBytes else {
            throw PushInputError(message: "\(name): \(bytes.count) bytes, more than \(limits.documentBytes) (Limits.documentBytes)",
                                 limit: "documentBytes")
        }
        // One leading byte-order mark is not part of the payload (it is not JSON text, and APNs is
        // sent the JSON): skipped, as every JSON reader here skips it.
        let start = ByteOrderMark.length(in: bytes)
        guard let first = bytes[start...].firstIndex(where: { !Self.isSpace($0) }) else {
            throw PushInputError(message: "\(name): empty file (expected a JSON object with \"aps\", or an array of them)")
        }
        if bytes[first] == UInt8(ascii: "{") {
            let end = trimEnd(bytes, first, bytes.count)
            return [PushInput(bytes: Array(bytes[start..<end]), name: name, trailingWhitespace: bytes.count - end)]
        }
        guard bytes[first] == UInt8(ascii: "[") else {
            throw PushInputError(message: "\(name): a push payload is JSON: an object starting with '{' (or an array of them), found \(CharacterText.describe(byteAt: first, in: bytes))")
        }
        let (spans, count) = elementSpans(bytes, from: first, keepingAtMost: limits.sequencePushes)
        try checkPushCount(count, of: name, limits: limits)
        // Parse the whole array first so a syntax error is reported with its line and column.
        _ = try parse(bytes, name: name, limits: limits)
        guard !spans.isEmpty else { throw PushInputError(message: "\(name): an empty array: no push to check") }
        return spans.enumerated().map { i, r in PushInput(bytes: Array(bytes[r]), name: "\(name)[\(i)]") }
    }

    /// Refuses a sequence of more than `Limits.sequencePushes` pushes.
    static func checkPushCount(_ count: Int, of name: String, limits: Limits) throws(PushInputError) {
        guard count > limits.sequencePushes else { return }
        throw PushInputError(message: "\(name): \(count) pushes, more than \(limits.sequencePushes) in one sequence (Limits.sequencePushes): "
                                 + "each is checked and drawn in up to six pictures; split the sequence",
                             limit: "sequencePushes")
    }

    /// Parses JSON text strictly (errors at line:col).
    public static func parse(_ bytes: [UInt8], name: String, limits: Limits = .default) throws(PushInputError) -> DataValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PushInputError(message: "\(name): not UTF-8 text")
        }
        do { return try DataValue.parse(text, file: name, limits: limits) } catch {
            throw PushInputError(message: error.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Byte ranges of a JSON array's first `keepingAtMost` elements, and how many elements it has
    /// (a scan of the bytes that builds nothing; the array is parsed afterwards, so a malformed one
    /// is still reported at its line and column).
    static func elementSpans(_ b: [UInt8], from open: Int, keepingAtMost kept: Int = .max) -> (spans: [Range<Int>], count: Int) {
        var spans: [Range<Int>] = []
        var count = 0
        var depth = 0, inString = false, escaped = false, start: Int?
        func close(_ end: Int) {
            guard let s = start else { return }
            count += 1
            if spans.count < kept { spans.append(s..<Self.trimEnd(b, s, end)) }
        }
        var i = open
        while i < b.count {
            let c = b[i]
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
                if depth == 1, start == nil { start = i }
            } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                if depth == 1, start == nil { start = i }
                depth += 1
            } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    close(i)
                    break
                }
            } else if c == UInt8(ascii: ","), depth == 1 {
                close(i)
                start = nil
            } else if depth == 1, start == nil, !isSpace(c) {
                start = i
            }
            i += 1
        }
        return (spans, count)
    }

    private static func trimEnd(_ b: [UInt8], _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start, isSpace(b[e - 1]) { e -= 1 }
        return e
    }
}
