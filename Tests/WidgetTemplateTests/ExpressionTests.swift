import Testing
@testable import WidgetTemplate

@Suite struct ExpressionTests {
    func parse(_ s: String) throws -> Expression { try ExpressionParser.parse(s) }

    @Test("a path reads keys, literal indexes and bound subscripts, and prints back as written") func paths() throws {
        guard case .path(let p) = try parse("order.items[0].name") else { Issue.record("not a path"); return }
        #expect(p.root == "order")
        #expect(p.components == [.key("items"), .index(.literal(.number(0))), .key("name")])
        #expect(p.text == "order.items[0].name")
        guard case .path(let q) = try parse("status[order.status].color") else { Issue.record("not a path"); return }
        #expect(q.components.count == 2)
        #expect(q.text == "status[order.status].color")
    }

    @Test func bareWordsAreStringsOnTheRight() throws {
        guard case .compare(.path, .eq, .literal(.string("onTheWay"))) = try parse("order.status == onTheWay") else {
            Issue.record("bare word not a string"); return
        }
        guard case .membership(.path, .list(let items), negated: true) = try parse("s not in [a, b.c, 'd e', 3]") else {
            Issue.record("not a membership"); return
        }
        #expect(items.count == 4)
        #expect(items[0] == .literal(.string("a")))
        if case .path = items[1] {} else { Issue.record("dotted word should stay a path") }
        #expect(items[2] == .literal(.string("d e")))
        #expect(items[3] == .literal(.number(3)))
    }

    @Test("|| binds loosest, then &&, then !; parentheses override them") func precedence() throws {
        // || binds loosest, then &&, then !.
        guard case .or(let o) = try parse("a || !b && c"), case .path = o[0], case .and(let a) = o[1],
              case .not(.path) = a[0], case .path = a[1] else { Issue.record("precedence"); return }
        guard case .and(let a2) = try parse("(a || b) && c"), case .or = a2[0], case .path = a2[1] else { Issue.record("parentheses"); return }
    }

    @Test("malformed or too deeply nested expressions are syntax errors, located at their offset") func errors() {
        #expect(throws: ExpressionSyntaxError.self) { try parse("a ==") }
        #expect(throws: ExpressionSyntaxError.self) { try parse("(a") }
        #expect(throws: ExpressionSyntaxError.self) { try parse("a & b") }
        #expect(throws: ExpressionSyntaxError.self) { try parse("[a, b") }
        #expect(throws: ExpressionSyntaxError.self) { try parse("'open") }
        #expect(throws: ExpressionSyntaxError.self) { try parse(String(repeating: "(", count: 10_000)) }
        #expect(throws: ExpressionSyntaxError.self) { try parse(String(repeating: "!", count: 10_000) + "a") }
        #expect(throws: ExpressionSyntaxError.self) { try parse("a" + String(repeating: "[", count: 10_000)) }
        do { _ = try ExpressionParser.parse("a.b c") } catch { #expect(error.offset == 4) }
    }

    @Test("a string splits into text and bindings with their filters and columns; an empty binding is an error, plain braces stay text") func interpolationSegments() throws {
        let origin = StringOrigin(location: .init(file: "f", line: 1, column: 1), lead: 0, exact: true)
        let i = try InterpolationParser.parse("a {{x | number: 1}} b {{ 'y' | uppercase }}{{z || w}}", origin: origin)
        #expect(i.segments.count == 5)
        if case .binding(let b) = i.segments[1] {
            #expect(b.filters == [FilterCall(name: .number, argument: .value(.number(1)))])
            #expect(b.location.column == 5)
        } else { Issue.record("segment 1") }
        if case .binding(let b) = i.segments[4], case .or = b.expression {} else { Issue.record("|| inside a binding") }
        #expect(throws: InterpolationError.self) { try InterpolationParser.parse("{{}}", origin: origin) }
        #expect(try InterpolationParser.parse("no bindings { here }", origin: origin).isConstant)
    }
}
