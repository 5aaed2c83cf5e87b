import Testing
import WidgetModel
@testable import WidgetTemplate

/// In `with:` a quoted value is literal text and an unquoted one an expression: a quoted string
/// that reads as an expression is most likely meant as one, so lint says so (the importer writes
/// expressions unquoted; people copying from other files quote them).
@Suite struct QuotedWithTests {
    func warnings(_ with: String) throws -> [String] {
        let doc = try LayoutLoader.parse("""
            components:
              badge:
                text: "{{label}}"
            surfaces:
              systemSmall:
                view: { use: badge, with: { label: \(with) } }
            """, path: "/tmp/widgetshot-tests/with.yaml")
        return doc.warnings.map(\.message)
    }

    @Test func aQuotedExpressionIsNamed() throws {
        for quoted in ["'order.status'", "'count > 2'", "\"eta - now\"", "'done ? 1 : 0'", "'!late'"] {
            let w = try warnings(quoted)
            #expect(w.contains { $0.contains("'with: label' is quoted") && $0.contains("write it unquoted") }, "\(quoted): \(w)")
        }
    }

    @Test func textAndUnquotedExpressionsAreQuiet() throws {
        for fine in ["order.status", "'On the way'", "'Hello'", "'1.5 km'", "'Mr. Kim'", "'{{order.status}}'", "'e-mail me'", "'ends.'"] {
            let w = try warnings(fine)
            #expect(w.isEmpty, "\(fine): \(w)")
        }
    }

    /// The other way round: an unquoted word meant as text (`with: {label: Cursor}`) finds nothing
    /// in the data. The warning points at the word and says how to pass text; a word the data has
    /// binds quietly.
    @Test func anUnquotedWordThatFindsNothingSaysHowToQuote() throws {
        let extra = "components:\n  badge:\n    text: \"{{label}}\"\n"
        let bound = try #require(bindView("use: badge\nwith: { label: Cursor }", extra: extra))
        let d = try #require(bound.diagnostics.first { $0.message.contains("'with: label'") })
        #expect(d.message == "missing value 'Cursor' for 'with: label': an unquoted word in 'with:' is a name in the data; to pass the text, quote it: label: \"Cursor\"")
        // `      with: { label: Cursor }`: the word starts at column 22 of line 5.
        #expect(d.location?.line == 5 && d.location?.column == 22, "\(String(describing: d.location))")
        let found = try #require(bindView("use: badge\nwith: { label: Cursor }", data: #"{"Cursor": "Codex"}"#, extra: extra))
        #expect(found.diagnostics.isEmpty, "\(found.diagnostics)")
        #expect(found.view?.text?.string == "Codex")
    }
}
