import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Every filter, function and operator of the expression language, taken from the lists the parser itself
/// reads names from (`FilterCall.Name.allCases`, `Expression.Function.allCases`, the operator enums), run
/// with every number, text and shape input can produce, as the value and as each argument. A new filter or
/// function is covered the day it is added. Each call must end in a message (a warning or an error) or a
/// bounded result: a finite number, text of at most `Limits.textLength` characters, or one of its inputs
/// handed through unchanged. A trap anywhere kills the test process, which is the failure this guards against.
@Suite struct ExtremeInputTableTests {
    static let limits = Limits.default
    static let hugeText = String(repeating: "x", count: 100_000)

    /// What data (JSON, YAML: `.inf`, `.nan`), layout literals, string arguments and earlier filters can hand over.
    static let values: [(name: String, value: DataValue)] = [
        ("0", .number(0)), ("-0", .number(-0.0)), ("1", .number(1)), ("-1", .number(-1)), ("0.5", .number(0.5)),
        ("-2.5", .number(-2.5)), ("59.999", .number(59.999)),
        ("1e308", .number(1e308)), ("-1e308", .number(-1e308)), ("1e19", .number(1e19)), ("-1e19", .number(-1e19)),
        ("∞", .number(.infinity)), ("-∞", .number(-.infinity)), ("NaN", .number(.nan)),
        ("Int64.max", .number(9223372036854775807)), ("Int64.max + 1", .number(9223372036854775808)),
        ("Int64.min - 1", .number(-9223372036854775809)), ("1e11 s", .number(1e11)), ("-1e11 s", .number(-1e11)),
        ("'1e19'", .string("1e19")), ("'-9223372036854775809'", .string("-9223372036854775809")),
        ("'.nan'", .string(".nan")), ("'.inf'", .string(".inf")), ("''", .string("")), ("100 KB", .string(hugeText)),
        ("latest date", .string("9999-12-31T23:59:59-18:00")), ("earliest date", .string("0000-01-01T00:00:00+18:00")),
        ("a date", .string("2026-11-22T12:27:00+09:00")), ("plural forms", .string("one {# day} other {# days}")),
        ("a zone", .string("long Asia/Seoul")), ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
        ("[]", .array([])), ("[1e19, NaN, 100 KB]", .array([.number(1e19), .number(.nan), .string(hugeText)])),
        ("{}", .object([:])), ("{en: 1e19, ko: NaN}", .object(["en": .number(1e19), "ko": .number(.nan)])),
        ("{start, end}", .object(["start": .string("0000-01-01"), "end": .number(1e308)])),
    ]

    /// Nil when `result` is bounded; else what is wrong with it.
    static func unbounded(_ result: DataValue, inputs: [DataValue]) -> String? {
        if inputs.contains(where: { $0 == result || ($0.isNaNNumber && result.isNaNNumber) }) { return nil }
        switch result {
        case .number(let n): return n.isFinite ? nil : "a number that is not finite: \(n)"
        case .string(let s):
            let count = s.unicodeScalars.count
            return count <= limits.textLength ? nil : "text of \(count) characters, more than Limits.textLength"
        case .array(let items):
            // A list made of bounded items, no longer than the inputs allow (min/max of a list, a literal list).
            guard items.count <= limits.forEachItems else { return "a list of \(items.count) items" }
            return items.lazy.compactMap { unbounded($0, inputs: inputs) }.first
        case .object, .null, .bool: return nil
        }
    }

    /// Messages quote values shortly: a 100 KB value must not become a 100 KB warning.
    static func checkMessages(_ messages: [String], _ what: @autoclosure () -> String) {
        for m in messages where m.count > 600 {
            Issue.record("\(what()): a message of \(m.count) characters: \(m.prefix(120))…")
        }
    }

    func binder(locale: String = "en") throws -> Binder {
        let doc = try #require(document(layout(view: "text: x")))
        return Binder(document: doc, data: .object(["list": .array([.number(1), .number(2)])]),
                      context: context(locale: locale))
    }

    @Test(arguments: FilterCall.Name.allCases)
    func everyFilterWithEveryValueAndArgument(_ name: FilterCall.Name) {
        let arguments: [(name: String, value: DataValue)?] = [nil] + Self.values.map { $0 }
        for locale in ["en", "ru"] {
            let applier = FilterApplier(dates: DateText(locale: locale, timeZone: seoul, now: fixedNow))
            for (valueName, value) in Self.values {
                for argument in arguments {
                    let call = FilterCall(name: name, argument: argument.map { .value($0.value) })
                    let what = "\(locale) \(valueName) | \(name.rawValue)\(argument.map { ": \($0.name)" } ?? "")"
                    switch applier.apply(call, to: value, argument: argument?.value) {
                    case .value(let result):
                        if let problem = Self.unbounded(result, inputs: [value] + (argument.map { [$0.value] } ?? [])) {
                            Issue.record("\(what) gave \(problem)")
                        }
                    case .failure(let message), .overLimit(let message):
                        Self.checkMessages([message], what)
                    }
                }
            }
        }
    }

    @Test(arguments: WidgetTemplate.Expression.Function.allCases)
    func everyFunctionWithEveryValueInEveryArgument(_ function: WidgetTemplate.Expression.Function) throws {
        let b = try binder()
        // Arguments that are fine on their own, so the one under test is the only odd one.
        let usual: [DataValue] = function == .timerInterval
            ? [.string("2026-11-22T12:00:00+09:00"), .string("2026-11-22T13:00:00+09:00"), .bool(true), .bool(false)]
            : Array(repeating: .number(1.5), count: 16)
        func check(_ args: [DataValue], _ named: [String: DataValue], _ what: String) {
            let result = b.call(function, args, named)
            if let problem = Self.unbounded(result, inputs: args + Array(named.values)) {
                Issue.record("\(what) gave \(problem)")
            }
            Self.checkMessages(b.problems.errors + b.problems.warnings, what)
            b.problems.clear()
        }
        let counts = function.arity.lowerBound...min(function.arity.upperBound, 3)
        for count in counts {
            for position in 0..<count {
                for (name, value) in Self.values {
                    var args = Array(usual.prefix(count))
                    args[position] = value
                    check(args, [:], "\(function.rawValue) with \(name) as argument \(position + 1) of \(count)")
                }
            }
        }
        if counts.contains(2) {
            // Both of the first two arguments odd at once: round(x, d), min(a, b), timerInterval(start, end).
            for (first, x) in Self.values {
                for (second, y) in Self.values {
                    check([x, y], [:], "\(function.rawValue)(\(first), \(second))")
                }
            }
        }
        for argument in function.namedArguments {
            for (name, value) in Self.values {
                check(Array(usual.prefix(function.arity.lowerBound)), [argument: value],
                      "\(function.rawValue) with \(argument): \(name)")
            }
        }
    }

    @Test(arguments: WidgetTemplate.Expression.ArithmeticOperator.allCases)
    func everyArithmeticOperatorWithEveryPair(_ op: WidgetTemplate.Expression.ArithmeticOperator) throws {
        let b = try binder()
        for (first, x) in Self.values {
            for (second, y) in Self.values {
                let result = b.arithmetic(x, op, y)
                let what = "\(first) \(op.rawValue) \(second)"
                if let problem = Self.unbounded(result, inputs: [x, y]) { Issue.record("\(what) gave \(problem)") }
                Self.checkMessages(b.problems.errors + b.problems.warnings, what)
                b.problems.clear()
            }
        }
    }

    @Test func negationComparisonMembershipAndIndexWithEveryValue() throws {
        let env = Binder.Environment(locals: ["list": .array([.number(1), .number(2), .number(3)]),
                                              "table": .object(["1": .string("one")])])
        for (first, x) in Self.values {
            // A binder each: a search of 100 KB in 100 KB spends the whole `Limits.bindSteps` budget.
            let b = try binder()
            let negated = b.evaluate(WidgetTemplate.Expression.negate(.literal(x)), env)
            if let problem = Self.unbounded(negated, inputs: [x]) { Issue.record("-\(first) gave \(problem)") }
            for root in ["list", "table"] {
                let item = b.evaluate(WidgetTemplate.Expression.path(Path(root: root, components: [.index(.literal(x))], text: "\(root)[x]")), env)
                if let problem = Self.unbounded(item, inputs: [x]) { Issue.record("\(root)[\(first)] gave \(problem)") }
            }
            for (second, y) in Self.values {
                for op in WidgetTemplate.Expression.Comparison.allCases { _ = b.compare(x, op, y) }
                _ = b.evaluate(WidgetTemplate.Expression.membership(.literal(x), .literal(y), negated: false), env)
                Self.checkMessages(b.problems.errors + b.problems.warnings, "\(first) vs \(second)")
                b.problems.clear()
            }
        }
    }
}

private extension DataValue {
    var isNaNNumber: Bool { if case .number(let n) = self { return n.isNaN }; return false }
}
