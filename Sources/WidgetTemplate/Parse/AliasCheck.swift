import Yams
import WidgetModel

/// YAML aliases (`*name`) repeat an anchored node. Yams composes them by sharing, so the tree stays
/// small, but everything that walks it afterwards (the layout parser, the data converter) visits an
/// aliased node once per use: ten nested anchors of ten aliases each are 10¹⁰ nodes from 500 bytes.
/// So the nodes reached through aliases are counted once, while reading, against
/// `Limits.aliasExpansions`, and an alias inside a mapping key (which Yams hashes in full to check
/// for duplicate keys, before any count could stop it) is refused before composing.
enum AliasCheck {
    /// An alias as it is written: `*name` at a line and column.
    struct Token { var name: String; var location: SourceLocation }

    /// Aliases outside quotes and comments, in document order; refuses an alias used in a mapping key.
    static func scan(_ text: String, file: String) throws(LayoutError) -> [Token] {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "*")) else { return [] }
        let space = UInt8(ascii: " "), tab = UInt8(0x09), newline = UInt8(0x0A), cr = UInt8(0x0D)
        func isBreakOrSpace(_ b: UInt8) -> Bool { b == space || b == tab || b == newline || b == cr }
        func isFlowIndicator(_ b: UInt8) -> Bool {
            b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
        }
        /// A `:` that makes what precedes it a key: followed by a space, a line end, a flow indicator or the end.
        func keyColon(at i: Int) -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
            return i + 1 >= bytes.count || isBreakOrSpace(bytes[i + 1]) || isFlowIndicator(bytes[i + 1])
        }
        func skipSpaces(_ i: Int) -> Int {
            var j = i
            while j < bytes.count, bytes[j] == space || bytes[j] == tab { j += 1 }
            return j
        }
        var found: [(name: String, offset: Int)] = []
        var complexKey: Int? = nil   // `? key` or `[…]: value`: harmless unless the document has aliases
        var previous: UInt8? = nil   // last non-space byte on the line, nil at a line start
        var inSingle = false, inDouble = false
        var i = 0
        var lineStart = 0, lineIndent = 0
        var lastSignificant = 0       // just after the last byte outside comments (quotes count as written)
        var blockParent: Int? = nil   // indentation of the line that opened a `|` or `>` block scalar
        /// At a line's first byte: its indentation; skips the lines of a block scalar (their text is not YAML).
        func startLine() {
            while true {
                lineStart = i
                var indent = 0
                while i < bytes.count, bytes[i] == space { indent += 1; i += 1 }
                lineIndent = indent
                guard let parent = blockParent else { return }
                let blank = i >= bytes.count || bytes[i] == newline || bytes[i] == cr
                guard blank || indent > parent else { blockParent = nil; return }
                while i < bytes.count, bytes[i] != newline { i += 1 }
                guard i < bytes.count else { return }
                i += 1
            }
        }
        /// Whether the line ending at `end` opens a block scalar: `key: |`, `- >-`, `text: |2`.
        func opensBlockScalar(_ end: Int) -> Bool {
            var j = end - 1
            while j >= lineStart, bytes[j] == space || bytes[j] == cr || bytes[j] == tab { j -= 1 }
            while j >= lineStart, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+")
                    || (bytes[j] >= UInt8(ascii: "1") && bytes[j] <= UInt8(ascii: "9")) { j -= 1 }
            guard j >= lineStart, bytes[j] == UInt8(ascii: "|") || bytes[j] == UInt8(ascii: ">") else { return false }
            return j == lineStart || bytes[j - 1] == space
        }
        startLine()
        while i < bytes.count {
            let b = bytes[i]
            if inDouble {
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { inDouble = false; previous = b; lastSignificant = i + 1 }
                i += 1; continue
            }
            if inSingle {
                if b == UInt8(ascii: "'") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                    inSingle = false; previous = b; lastSignificant = i + 1
                }
                i += 1; continue
            }
            let atTokenStart = previous == nil || previous == UInt8(ascii: ":") || previous == UInt8(ascii: ",")
                || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{") || previous == UInt8(ascii: "-")
                || previous == UInt8(ascii: "?")
            let afterSpace = i == 0 || isBreakOrSpace(bytes[i - 1]) || isFlowIndicator(bytes[i - 1])
            switch b {
            case newline:
                // Outside comments and quotes only: `x: # |` opens nothing.
                if lastSignificant > lineStart, opensBlockScalar(lastSignificant) { blockParent = lineIndent }
                previous = nil
                i += 1
                startLine()
                continue
            case space, tab, cr:
                i += 1; continue
            case UInt8(ascii: "#") where afterSpace:
                while i < bytes.count, bytes[i] != newline { i += 1 }
                continue
            case UInt8(ascii: "\"") where atTokenStart:
                inDouble = true
            case UInt8(ascii: "'") where atTokenStart:
                inSingle = true
            case UInt8(ascii: "?") where atTokenStart && (i + 1 >= bytes.count || isBreakOrSpace(bytes[i + 1])):
                if complexKey == nil { complexKey = i }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if complexKey == nil, keyColon(at: skipSpaces(i + 1)) { complexKey = i }
            case UInt8(ascii: "*") where atTokenStart && afterSpace:
                var j = i + 1
                while j < bytes.count, !isBreakOrSpace(bytes[j]), !isFlowIndicator(bytes[j]) { j += 1 }
                guard j > i + 1 else { break }
                let name = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                if keyColon(at: skipSpaces(j)) {
                    throw LayoutError(.error("alias *\(name) used as a mapping key (an alias may only be a value)",
                                             at: SourceCheck.location(ofByte: i, in: bytes, file: file)))
                }
                found.append((name, i))
                previous = bytes[j - 1]
                lastSignificant = j
                i = j
                continue
            default:
                break
            }
            previous = b
            lastSignificant = i + 1
            i += 1
        }
        if let at = complexKey, !found.isEmpty {
            throw LayoutError(.error("a list, mapping or '? ' explicit key used as a mapping key in a file with aliases (keys must be plain strings)",
                                     at: SourceCheck.location(ofByte: at, in: bytes, file: file)))
        }
        // Lines and columns in one pass (a location per alias would rescan the file per alias).
        var tokens: [Token] = []
        tokens.reserveCapacity(found.count)
        var line = 1, column = 1, offset = 0
        for (name, target) in found {
            while offset < target {
                if bytes[offset] == newline { line += 1; column = 1 } else if bytes[offset] & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
            tokens.append(Token(name: name, location: SourceLocation(file: file, line: line, column: column)))
        }
        return tokens
    }

    /// Walks the composed tree in document order, counting every node reached through an alias;
    /// throws at the alias that takes the count past `limit`. Yams keeps no trace of aliases (and only
    /// weak references to anchors), but an aliased node keeps its definition's start mark: a node
    /// met a second time at the same mark was reached through an alias.
    static func countExpansions(_ root: Yams.Node, aliases: [Token], file: String, limit: Int) throws(LayoutError) {
        guard !aliases.isEmpty else { return }
        struct Place: Hashable { var kind: UInt8; var line: Int; var column: Int }
        func place(_ node: Yams.Node) -> Place? {
            guard let mark = node.mark else { return nil }
            let kind: UInt8
            switch node {
            case .scalar: kind = 0
            case .sequence: kind = 1
            case .mapping: kind = 2
            case .alias: return nil
            }
            return Place(kind: kind, line: mark.line, column: mark.column)
        }
        var seen = Set<Place>()
        var uses = 0
        var expanded = 0
        var stack: [Yams.Node] = [root]
        while let node = stack.popLast() {
            if let p = place(node), !seen.insert(p).inserted {
                let alias = uses < aliases.count ? aliases[uses] : nil
                uses += 1
                var inner: [Yams.Node] = [node]
                while let n = inner.popLast() {
                    expanded += 1
                    if expanded > limit {
                        let name = alias.map { "alias *\($0.name)" } ?? "an alias"
                        let at = alias?.location ?? SourceLocation(file: file, line: p.line, column: p.column)
                        throw LayoutError(.error("\(name) repeats more nodes than the limit of \(limit) (Limits.aliasExpansions) for nodes reached through aliases in one file", at: at))
                    }
                    inner.append(contentsOf: children(of: n))
                }
                continue
            }
            stack.append(contentsOf: children(of: node).reversed())
        }
    }

    static func children(of node: Yams.Node) -> [Yams.Node] {
        switch node {
        case .scalar, .alias: return []
        case .sequence(let s): return Array(s)
        case .mapping(let m): return m.flatMap { [$0.key, $0.value] }
        }
    }
}
