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
}
