import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Arithmetic, functions, rounding, percent, date arithmetic and plurals in `{{ }}`.
/// now = 2026-11-22T12:27:00+09:00 in a +09:00 zone.
@Suite struct ArithmeticTests {
    func render(_ text: String, _ data: String = "{}", locale: String = "ko",
                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        let bound = bindView("text: \"\(text)\"", data: data, locale: locale, sourceLocation: sourceLocation)
        return bound?.view?.text?.string
    }
    func diagnostics(_ text: String, _ data: String = "{}", locale: String = "ko",
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
        bindView("text: \"\(text)\"", data: data, locale: locale, sourceLocation: sourceLocation)?.diagnostics ?? []
    }

    @Test func operatorsAndPrecedence() {
        #expect(render("{{1 + 2 * 3}}") == "7")
        #expect(render("{{(1 + 2) * 3}}") == "9")
        #expect(render("{{10 - 4 - 3}}") == "3")       // left to right
        #expect(render("{{12 / 4 / 3}}") == "1")
        #expect(render("{{7 % 3}}") == "1")
        #expect(render("{{-x + 1}}", #"{"x": 5}"#) == "-4")
        #expect(render("{{-(x - 8)}}", #"{"x": 5}"#) == "3")
        #expect(render("{{x -1}}", #"{"x": 5}"#) == "4")   // after a value, '-' subtracts
        #expect(render("{{n-1}}", #"{"n": 5}"#) == "4")
        #expect(render("{{on-time}}", #"{"on-time": "yes"}"#) == "yes")   // hyphenated keys still read
        #expect(render("{{a.b * 2}}", #"{"a": {"b": "21"}}"#) == "42")   // numeric text counts as a number
        #expect(render("{{first + ' ' + last}}", #"{"first": "Kim", "last": "Minji"}"#) == "Kim Minji")
    }

    @Test func theIssueExample() {
        // `{{state.progress * 100 | number: 0}}%` failed with "unexpected character '*'".
        #expect(render("{{state.progress * 100 | number: 0}}%", #"{"state": {"progress": 0.426}}"#) == "43%")
        #expect(render("{{state.progress | percent}}", #"{"state": {"progress": 0.426}}"#) == "43%")
        #expect(render("{{state.progress | percent: 1}}", #"{"state": {"progress": 0.426}}"#) == "42.6%")
    }

    @Test("round, floor and ceil work as filters and functions, halves rounding away from zero; min and max take values or a list") func rounding() {
        #expect(render("{{x | round}}", #"{"x": 2.5}"#) == "3")
        #expect(render("{{x | round}}", #"{"x": -2.5}"#) == "-3")
        #expect(render("{{x | round: 1}}", #"{"x": 3.14159}"#) == "3.1")
        #expect(render("{{x | floor}}", #"{"x": 2.9}"#) == "2")
        #expect(render("{{x | ceil}}", #"{"x": 2.1}"#) == "3")
        #expect(render("{{round(x)}} {{floor(x)}} {{ceil(x)}} {{abs(0 - x)}}", #"{"x": 2.5}"#) == "3 2 3 2.5")
        #expect(render("{{round(x, 2)}}", #"{"x": 2.345}"#) == "2.35")
        #expect(render("{{min(a, b)}} {{max(a, b, 9)}} {{max(list)}}", #"{"a": 3, "b": 4, "list": [1, 7, 2]}"#) == "3 9 7")
        #expect(render("{{(c - 32) * 5 / 9 | number: 0}}°", #"{"c": 71}"#) == "22°")
    }

    @Test("a date minus a date is seconds, a date plus seconds is a date, and minutes converts either") func dateArithmetic() {
        let eta = #"{"eta": "2026-11-22T12:45:00+09:00", "start": "2026-11-22T12:00:00+09:00"}"#
        #expect(render("{{eta - now}}", eta) == "1080")                 // seconds
        #expect(render("{{eta - now | minutes}}", eta) == "18")
        #expect(render("{{(eta - now) / 60}}", eta) == "18")
        #expect(render("{{now - eta | minutes}}", eta) == "-18")
        #expect(render("{{eta | minutes}}", eta) == "18")               // a date: minutes from now
        #expect(render("{{eta - start | minutes}}", eta) == "45")
        #expect(render("{{eta + 600 | time}}", eta) == "오후 12:55")      // date + seconds is a date
        #expect(render("{{eta - 3600 | time24}}", eta) == "11:45")
        #expect(render("{{eta - now | minutes | plural: minute, minutes}}", eta, locale: "en") == "18 minutes")
    }

    @Test func comparisonsOfNumbersAndDates() throws {
        let view = """
        vstack:
          - text: big
            when: a * 2 > 10
          - text: late
            when: eta > now
          - text: sameInstant
            when: eta == times.other
          - text: soon
            when: eta - now < 20 * 60
          - text: never
            when: a + 1 <= 5
        """
        let data = #"{"a": 6, "eta": "2026-11-22T12:45:00+09:00", "times": {"other": "2026-11-22T03:45:00Z"}}"#
        let bound = try #require(bindView(view, data: data))
        #expect(bound.view?.texts == ["big", "late", "sameInstant", "soon"])
    }

    @Test func divisionByZeroIsALocatedError() throws {
        let bound = try #require(bindView("text: \"{{a / b}}\"", data: #"{"a": 1, "b": 0}"#))
        #expect(bound.view?.text?.string == "")        // no NaN or ∞ in the picture
        let d = try #require(bound.diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.message == "division by zero: 1 / 0")
        #expect(d.location?.line == 4)
        #expect(d.location?.column == 16)
        let r = try #require(bindView("text: \"{{a % 0}}\"", data: #"{"a": 1}"#))
        #expect(r.diagnostics.map(\.message) == ["division by zero: 1 % 0"])
        // In a condition: located at the node.
        let w = try #require(bindView("text: x\nwhen: a / 0 > 1", data: #"{"a": 1}"#))
        #expect(w.diagnostics.map(\.message) == ["division by zero: 1 / 0"])
    }

    @Test func wrongOperandsWarnAndMissingValuesAreNamed() throws {
        let d = diagnostics("{{name * 2}}", #"{"name": "Kim"}"#)
        #expect(d.map(\.message) == ["cannot compute string 'Kim' * number '2' (expected numbers, or dates and seconds)"])
        #expect(d.first?.severity == .warning)
        let m = diagnostics("{{state.progress * 100}}")
        #expect(m.map(\.message) == ["missing value 'state.progress'"])
        #expect(render("{{missing * 100 | default: –}}") == "–")
    }

    @Test("a malformed expression, an unknown function or a wrong argument is a parse error naming it; deep nesting is refused, a long flat chain is not") func syntaxErrors() {
        #expect(!parseErrors(layout(view: "text: \"{{a *}}\"")).isEmpty)
        #expect(!parseErrors(layout(view: "text: \"{{* a}}\"")).isEmpty)
        let unknown = parseErrors(layout(view: "text: \"{{roud(a)}}\""))
        #expect(unknown.first?.message.contains("unknown function 'roud' (did you mean round?)") == true)
        let arity = parseErrors(layout(view: "text: \"{{floor(a, b)}}\""))
        #expect(arity.first?.message.contains("floor takes 1 argument(s), found 2") == true)
        let named = parseErrors(layout(view: "text: \"{{timerInterval(a, b, down: true)}}\""))
        #expect(named.first?.message.contains("timerInterval has no argument 'down' (expected countsDown or showsHours)") == true)
        // Deep unary minus is bounded by Limits.expressionDepth.
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(String(repeating: "-", count: 1000) + "a") }
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(String(repeating: "round(", count: 1000) + "a") }
        // A long flat chain is fine (one node).
        #expect((try? ExpressionParser.parse(Array(repeating: "a", count: 300).joined(separator: " + "))) != nil)
    }

    @Test func pluralsPerLocale() {
        #expect(render("{{n | plural: day, days}}", #"{"n": 1}"#, locale: "en") == "1 day")
        #expect(render("{{n | plural: day, days}}", #"{"n": 3}"#, locale: "en") == "3 days")
        #expect(render("{{n | plural: day, days}}", #"{"n": 0}"#, locale: "en") == "0 days")
        #expect(render("{{n | plural: day, days}}", #"{"n": 1.5}"#, locale: "en") == "1.5 days")
        #expect(render("{{n | plural: day, days}}", #"{"n": 1200}"#, locale: "en") == "1,200 days")
        // ko has one form: the last one given serves every count.
        #expect(render("{{n | plural: '#일'}}", #"{"n": 1}"#, locale: "ko") == "1일")
        #expect(render("{{n | plural: '#일'}}", #"{"n": 3}"#, locale: "ko") == "3일")
        let strings = """
        strings:
          days: { en: 'one {# day left} other {# days left}', ko: '{n, plural, other {#일 남음}}' }
          none: { en: '=0 {no stops} one {# stop} other {# stops}', ko: '=0 {직항} other {#회 경유}' }
        """
        func bound(_ text: String, _ n: Int, _ locale: String) -> String? {
            bindView("text: \"\(text)\"", data: "{\"n\": \(n)}", extra: strings, locale: locale)?.view?.text?.string
        }
        #expect(bound("{{n | plural: strings.days}}", 1, "en") == "1 day left")
        #expect(bound("{{n | plural: strings.days}}", 2, "en") == "2 days left")
        #expect(bound("{{n | plural: strings.days}}", 1, "ko") == "1일 남음")
        #expect(bound("{{n | plural: strings.none}}", 0, "en") == "no stops")
        #expect(bound("{{n | plural: strings.none}}", 1, "en") == "1 stop")
        #expect(bound("{{n | plural: strings.none}}", 0, "ko") == "직항")
        #expect(bound("{{n | plural: strings.none}}", 2, "ko") == "2회 경유")
    }

    @Test func pluralRulesOfOtherLocales() {
        #expect(PluralRules.category(1, locale: "en") == .one)
        #expect(PluralRules.category(1, locale: "ko") == .other)
        #expect(PluralRules.category(0, locale: "fr") == .one)
        #expect(PluralRules.category(21, locale: "ru") == .one)
        #expect(PluralRules.category(22, locale: "ru") == .few)
        #expect(PluralRules.category(25, locale: "ru") == .many)
        #expect(PluralRules.category(12, locale: "pl") == .many)
        #expect(PluralRules.category(3, locale: "pl") == .few)
    }

    @Test("plural without forms or without an other form is a parse error; plural of a non-number is a diagnostic naming the value") func pluralErrors() {
        #expect(parseErrors(layout(view: "text: \"{{n | plural}}\"")).first?.message.contains("filter 'plural' needs its forms") == true)
        #expect(parseErrors(layout(view: "text: \"{{n | plural: 'one {# a} few {b}'}}\"")).first?.message
            .contains("has no 'other {…}' form") == true)
        let d = diagnostics("{{n | plural: day, days}}", #"{"n": "many"}"#)
        #expect(d.map(\.message) == ["filter 'plural' expected a number, found string 'many'"])
    }
}
