import Testing
@testable import WidgetImport
@Test func stub() { #expect(Expr.and(["a", "b"]) == "a && b") }
