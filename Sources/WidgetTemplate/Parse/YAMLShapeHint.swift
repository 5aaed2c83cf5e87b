import Yams

/// The likely cause behind libyaml's two complaints a newcomer meets first, with the right shape in
/// three lines. Both come from a key written where YAML cannot place it, most often a stack's
/// parameter (`spacing:`, `alignment:`, a modifier) written among or after the stack's items, or one
/// column off:
///
/// - "did not find expected key" (while parsing a block mapping): a line that lines up with no key
///   of the mapping around it, or a `- key:` item where that mapping has its keys;
/// - "did not find expected '-' indicator" (while parsing a block collection): a `key:` line inside a
///   list whose lines must all be items.
///
/// libyaml's own words stay first; the hint is read from the text around the error, not guessed from
/// the words alone, and is left out when the offending line is not a `key:` line.
enum YAMLShapeHint {
    static func hint(problem: String, context: YamlError.Context?, at mark: Mark, in text: String) -> String? {
        guard let context, problem == "did not find expected key" || problem == "did not find expected '-' indicator" else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.indices.contains(mark.line - 1), lines.indices.contains(context.mark.line - 1) else { return nil }
        let stray = Line(lines[mark.line - 1])
        guard let key = stray.key else { return nil }
        // The list the stray key most likely belongs beside: the nearest `kind:` above it that opens a
        // list of items (for a list that is known, the one above that list's first item).
        let searchFrom = problem.hasSuffix("indicator") ? context.mark.line - 1 : mark.line - 1
        let owner = listOwner(above: searchFrom, in: lines)
        let example = "\n    \(owner?.key ?? "vstack"):\n      \(owner?.firstItem ?? "- text: …")\n    \(stray.entry)"

        if problem.hasSuffix("indicator") {
            var cause = "likely cause: '\(key):' is inside the list that starts at line \(context.mark.line) but is not an item of it "
                + "(every line of a list at its indentation starts with '- '). A stack's parameters and modifiers (spacing, "
                + "alignment, padding …) are keys beside its kind key, at the kind key's indentation, not among or after its items"
            if stray.indent + 1 > context.mark.column, let itemKeys = itemKeyColumn(above: mark.line - 1, from: context.mark.line - 1, in: lines) {
                cause += "; if '\(key):' belongs to the item above, line it up with that item's keys (column \(itemKeys))"
            }
            return cause + ". The right shape:" + example
        }
        if stray.isItem {
            return "likely cause: '- \(key):' is written as a list item where the mapping that starts at line \(context.mark.line) "
                + "has its keys (column \(context.mark.column)). A stack's parameters and modifiers (spacing, alignment, padding …) "
                + "are keys beside its kind key, without '-'. The right shape:" + example
        }
        return "likely cause: '\(key):' at column \(stray.indent + 1) lines up with no key: the mapping that starts at line "
            + "\(context.mark.line) has its keys at column \(context.mark.column), and the keys of one mapping start in the same "
            + "column. A stack's parameters and modifiers (spacing, alignment, padding …) line up with its kind key. The right shape:"
            + example
    }

    /// One line of the file as the hint reads it: its indentation, whether it is a list item, and its
    /// `key: value` entry.
    struct Line {
        var indent: Int
        var isItem: Bool
        /// The line without its indentation and `- `.
        var entry: String
        /// The entry's key when it is a plain `key:` (a letter, then letters, digits or `_`).
        var key: String?

        init(_ raw: Substring) {
            let body = raw.drop { $0 == " " }
            indent = raw.count - body.count
            isItem = body == "-" || body.hasPrefix("- ")
            entry = String((isItem ? body.dropFirst(1) : body).drop { $0 == " " })
            if let colon = entry.firstIndex(of: ":"), let first = entry.first, first.isLetter,
               entry[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
               entry[colon...].count == 1 || entry[entry.index(after: colon)] == " " {
                key = String(entry[..<colon])
            }
        }

        /// `kind:` with nothing after it: a key whose value is the block below.
        var opensABlock: Bool { key != nil && entry.hasSuffix(":") && entry.count == key!.count + 1 }
    }

    /// The nearest line at or above `index` (0-based) that is `kind:` followed by a list item: the kind
    /// key and that first item, shortened for the example.
    static func listOwner(above index: Int, in lines: [Substring]) -> (key: String, firstItem: String)? {
        var i = min(index, lines.count - 1)
        // A file of thousands of lines: a stack's kind key is near its items.
        var looked = 0
        while i >= 0, looked < 200 {
            let line = Line(lines[i])
            if line.opensABlock, let key = line.key, let next = nextContentLine(after: i, in: lines), next.isItem {
                let item = "- " + next.entry
                return (key, item.count > 40 ? String(item.prefix(39)) + "…" : item)
            }
            i -= 1
            looked += 1
        }
        return nil
    }

    static func nextContentLine(after index: Int, in lines: [Substring]) -> Line? {
        var i = index + 1
        while i < lines.count {
            let line = Line(lines[i])
            if !line.entry.isEmpty && !line.entry.hasPrefix("#") { return line }
            i += 1
        }
        return nil
    }

    /// The column (1-based) of the keys of the list item above `index` (0-based), searching no higher
    /// than the list's first line `top`.
    static func itemKeyColumn(above index: Int, from top: Int, in lines: [Substring]) -> Int? {
        var i = index - 1
        while i >= top, i >= 0 {
            let line = Line(lines[i])
            if line.isItem, line.key != nil {
                let afterDash = lines[i].dropFirst(line.indent + 1)
                return line.indent + 1 + (afterDash.count - afterDash.drop { $0 == " " }.count) + 1
            }
            i -= 1
        }
        return nil
    }
}
