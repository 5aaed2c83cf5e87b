import WidgetModel

/// What a file holds, for messages ("empty data file").
public enum DocumentKind: String, Sendable { case layout, data }

/// Cheap checks on the raw bytes before anything recursive sees them: libyaml and Yams' composer
/// recurse once per nesting level, so a 10,000-deep document must be refused here, not by a crash.
/// The bounds are `Limits.documentBytes` and `Limits.nestingDepth`.
public enum SourceCheck {
    static func tooLarge(_ count: Int, _ kind: DocumentKind, limits: Limits, file: String) -> LayoutError {
        LayoutError(.error("\(kind.rawValue) file is \(count) bytes, more than the limit of \(limits.documentBytes) bytes (Limits.documentBytes)",
                           at: SourceLocation(file: file, line: 1, column: 1)))
    }

    static func tooDeepMessage(_ limits: Limits) -> String {
        "nesting deeper than \(limits.nestingDepth) levels (Limits.nestingDepth)"
    }

    /// Decodes a file's bytes, refusing binary data and oversized files.
    static func decode(_ bytes: [UInt8], file: String, kind: DocumentKind = .layout, limits: Limits = .default) throws(LayoutError) -> String {
        if bytes.count > limits.documentBytes { throw tooLarge(bytes.count, kind, limits: limits, file: file) }
        if let bad = firstNonText(bytes) {
            throw LayoutError(.error("binary data, not a text file (\(bad.reason) at byte offset \(bad.offset))",
                                     at: location(ofByte: bad.offset, in: bytes, file: file)))
        }
        // A leading byte-order mark stays: the readers skip one (JSONReader, YAMLReader), as they do in text
        // given directly (a request body), and `location` does not count it as a column.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything that must hold before the text goes to libyaml (or the JSON reader).
    /// `depth: false` for readers that bound nesting exactly themselves (JSON).
    static func check(_ text: String, file: String, kind: DocumentKind = .layout, limits: Limits = .default,
                      depth: Bool = true) throws(LayoutError) {
        if text.utf8.count > limits.documentBytes { throw tooLarge(text.utf8.count, kind, limits: limits, file: file) }
        let bytes = Array(text.utf8)
        if let bad = firstNonText(bytes) {
            throw LayoutError(.error("binary data, not a text file (\(bad.reason) at byte offset \(bad.offset))",
                                     at: location(ofByte: bad.offset, in: bytes, file: file)))
        }
        if isBlank(bytes) {
            throw LayoutError(.error("empty \(kind.rawValue) file", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        if depth, let deep = firstTooDeep(bytes, limit: limits.nestingDepth) {
            throw LayoutError(.error(tooDeepMessage(limits), at: location(ofByte: deep, in: bytes, file: file)))
        }
    }

    /// Only whitespace and comments.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var inComment = false
        for b in bytes {
            if inComment { if b == 0x0A { inComment = false }; continue }
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "#"): inComment = true
            default: return false
            }
        }
        return true
    }

    static func firstNonText(_ bytes: [UInt8]) -> (offset: Int, reason: String)? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0 { return (i, "NUL byte") }
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minimum = 0x10000
            default: return (i, "invalid UTF-8")
            }
            guard i + length <= n else { return (i, "invalid UTF-8") }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return (i, "invalid UTF-8") }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return (i, "invalid UTF-8") }
            minimum = 0
            i += length
        }
        return nil
    }

    /// 1-based line and column (in Unicode scalars, as libyaml counts) of a byte offset; a leading
    /// byte-order mark takes no column, as in an editor.
    public static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1, column = 1
        let start = min(ByteOrderMark.length(in: bytes), offset)
        for b in bytes[min(start, bytes.count)..<min(max(offset, start), bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// An over-estimate of nesting depth: stacked indentation levels, plus `- `/`? ` markers at the start
    /// of a line, plus open flow brackets. Indentation is tracked on every line (even inside quotes) so a
    /// stray quote or bracket cannot switch the check off. Returns the byte offset where it first exceeds the limit.
    public static func firstTooDeep(_ bytes: [UInt8], limit maxDepth: Int) -> Int? {
        let space = UInt8(ascii: " "), tab = UInt8(0x09), newline = UInt8(0x0A), cr = UInt8(0x0D)
        func opensToken(_ previous: UInt8?) -> Bool {
            guard let p = previous else { return true }
            return p == UInt8(ascii: ":") || p == UInt8(ascii: ",") || p == UInt8(ascii: "[") || p == UInt8(ascii: "{")
                || p == UInt8(ascii: "-") || p == UInt8(ascii: "?")
        }
        var indents: [Int] = []
        var flow = 0
        var inSingle = false, inDouble = false
        var blockScalarParent: Int? = nil   // indentation of the line that opened `|` or `>`
        var i = 0
        let n = bytes.count
        while i < n {
            let lineStart = i
            var indent = 0
            while i < n, bytes[i] == space { indent += 1; i += 1 }
            if i >= n { break }
            if bytes[i] == newline || bytes[i] == cr {
                while i < n, bytes[i] != newline { i += 1 }
                i += 1
                continue
            }
            if let parent = blockScalarParent {
                if indent > parent { while i < n, bytes[i] != newline { i += 1 }; i += 1; continue }
                blockScalarParent = nil
            }
            let quoted = inSingle || inDouble
            if !quoted, bytes[i] == UInt8(ascii: "#") {
                while i < n, bytes[i] != newline { i += 1 }
                i += 1
                continue
            }
            // Inside quotes or brackets a line's indentation means nothing: never let it lower the count.
            if !quoted && flow == 0 { while let top = indents.last, top > indent { indents.removeLast() } }
            if (indents.last ?? -1) < indent { indents.append(indent) }
            var markers = 0
            while i + 1 < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "?"),
                  bytes[i + 1] == space || bytes[i + 1] == newline {
                markers += 1
                i += 1
                while i < n, bytes[i] == space { i += 1 }
                if indents.count + markers + flow > maxDepth { return i }
            }
            if indents.count + markers + flow > maxDepth { return lineStart + indent }
            var previous: UInt8? = markers > 0 ? UInt8(ascii: "-") : nil   // last non-space byte on this line
            var spaceBefore = true
            while i < n, bytes[i] != newline {
                let b = bytes[i]
                if inDouble {
                    if b == UInt8(ascii: "\\") { i += 2; continue }
                    if b == UInt8(ascii: "\"") { inDouble = false }
                } else if inSingle {
                    if b == UInt8(ascii: "'") {
                        if i + 1 < n, bytes[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                        inSingle = false
                    }
                } else {
                    switch b {
                    case UInt8(ascii: "#") where spaceBefore:
                        while i < n, bytes[i] != newline { i += 1 }
                        continue
                    case UInt8(ascii: "\"") where opensToken(previous): inDouble = true
                    case UInt8(ascii: "'") where opensToken(previous): inSingle = true
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        if opensToken(previous) {
                            flow += 1
                            if indents.count + markers + flow > maxDepth { return i }
                        }
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        if flow > 0 { flow -= 1 }
                    default: break
                    }
                }
                spaceBefore = b == space || b == tab
                if !spaceBefore && b != cr { previous = b }
                i += 1
            }
            if !inSingle && !inDouble && flow == 0 {
                // `key: |`, `key: >-` … open a block scalar whose lines may be indented at will.
                var j = i - 1
                while j > lineStart, bytes[j] == space || bytes[j] == cr { j -= 1 }
                while j > lineStart, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+")
                        || (bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9")) { j -= 1 }
                if j >= lineStart, bytes[j] == UInt8(ascii: "|") || bytes[j] == UInt8(ascii: ">"),
                   j == lineStart || bytes[j - 1] == space {
                    blockScalarParent = indent
                }
            }
            i += 1
        }
        return nil
    }
}
