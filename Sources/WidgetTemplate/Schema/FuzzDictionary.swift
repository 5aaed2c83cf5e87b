/// Fuzz/layout/dictionary: the words libFuzzer splices into layouts, so it reaches deep into the
/// parser instead of guessing keys. Written by `widgetshot schema` from the same key lists as the
/// schema (every key, kind and word it names), plus the expression language's filter and function
/// names and the syntax of YAML, bindings and expressions.
public enum FuzzDictionary {
    /// Tokens no key list holds: YAML and expression syntax, words the date and number filters read.
    static let syntax = [
        "{{", "}}", " | ", ": ", "- ", "&&", "||", "==", "!=", ">=", "<=", "!", "[0]", ".count", "&a", "*a", "<<: ",
        "---", "\\\\n  ", "\\\"#FF9500\\\"", "2026-11-22T12:27:00+09:00", "AM", "PM", "NaN", "nil", "nothing", "null",
        "true", "false", "not", "in", "en", "ko", "now", "day", "days",
        // A fragment: spliced after `background` or `overlay` it makes a key.
        "Alignment",
    ]

    /// The words, one a line, each in double quotes (libFuzzer's dictionary format).
    public static func text() -> String {
        var words = Set<String>()
        LayoutSchema.schema.words(into: &words)
        words.formUnion(LayoutParser.kinds)
        words.formUnion(FilterCall.Name.allCases.map(\.rawValue))
        words.formUnion(Expression.Function.allCases.map(\.rawValue))
        words.formUnion(DateText.monthNames)
        // `$schema`, `$id` and the like are the schema's own, not the language's.
        let keywords = words.filter { !$0.hasPrefix("$") && !$0.hasPrefix("^") && !syntax.contains($0) }.sorted()
        var out = "# Written by `widgetshot schema` from the layout parser's key lists (Sources/WidgetTemplate/Nodes/ and\n"
            + "# Schema/), then YAML, binding and expression syntax. Do not edit: run \(LayoutSchema.command)\n"
        for word in keywords { out += "\"\(word)\"\n" }
        for token in syntax { out += "\"\(token)\"\n" }
        return out
    }
}
