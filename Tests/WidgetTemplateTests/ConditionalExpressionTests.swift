import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// `condition ? a : b` in `{{ }}` and `when:`, as Swift's ternary: what SwiftUI code such as
/// `Text(order.isLate ? "Late" : "On time")` becomes.
@Suite struct ConditionalExpressionTests {
    func render(_ text: String, _ data: String = "{}", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        bindView("text: \"\(text)\"", data: data, sourceLocation: sourceLocation)?.view?.text?.string
    }

    @Test func picksABranchByTheCondition() {
        #expect(render("{{late ? 'Late' : 'On time'}}", #"{"late": true}"#) == "Late")
        #expect(render("{{late ? 'Late' : 'On time'}}", #"{"late": false}"#) == "On time")
        // Missing or null is false, as in `when:`.
        #expect(render("{{late ? 'Late' : 'On time'}}") == "On time")
        #expect(render("{{eta > 10 ? eta - 10 : 0}} min", #"{"eta": 25}"#) == "15 min")
        #expect(render("{{items.count > 2 ? items[0] : 'few'}}", #"{"items": ["a", "b", "c"]}"#) == "a")
    }

    @Test func bindsLooserThanOrAndRightToLeft() throws {
        #expect(render("{{a || b ? 'yes' : 'no'}}", #"{"a": false, "b": true}"#) == "yes")
        let nested = "{{n > 10 ? 'many' : n > 1 ? 'some' : 'one'}}"
        #expect(render(nested, #"{"n": 20}"#) == "many")
        #expect(render(nested, #"{"n": 5}"#) == "some")
        #expect(render(nested, #"{"n": 1}"#) == "one")
        #expect(render("{{(a ? 1 : 2) + 10}}", #"{"a": true}"#) == "11")
        #expect(render("{{round(x > 1 ? x : 1, 1)}}", #"{"x": 2.26}"#) == "2.3")
        #expect(render("{{late ? 'late' : 'ok' | uppercase}}", #"{"late": true}"#) == "LATE")
        guard case .conditional(_, _, .conditional) = try ExpressionParser.parse("a ? b : c ? d : e") else {
            Issue.record("a ? b : c ? d : e is not a ? b : (c ? d : e)"); return
        }
    }

    @Test func aConditionChoosesAViewToo() {
        let bound = bindView("""
            vstack:
              - text: shown
                when: "late ? count > 0 : false"
              - text: hidden
                when: "late ? false : true"
            """, data: #"{"late": true, "count": 2}"#)
        #expect(bound?.view?.texts == ["shown"])
    }

    @Test func aMissingBranchIsAnErrorThatSaysWhatItExpected() {
        #expect { try ExpressionParser.parse("late ? 'Late'") } throws: { error in
            (error as? ExpressionSyntaxError)?.message.contains("expected ':'") == true
        }
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse("? a : b") }
        // Deep nesting of conditionals is bounded by Limits.expressionDepth.
        let deep = String(repeating: "a ? b : ", count: 200) + "c"
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(deep) }
    }
}
