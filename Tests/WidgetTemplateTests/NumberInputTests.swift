import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Numbers past what an integer holds, reaching the formatters from data, and the JSON reader's strictness
/// about numbers a double cannot hold and about byte-order marks.
@Suite struct NumberInputTests {
    func texts(_ view: String, _ data: String, locale: String = "en") -> (texts: [String], messages: [String]) {
        guard let bound = bindView(view, data: data, locale: locale) else { return ([], []) }
        return (bound.view?.texts ?? [], bound.diagnostics.map(\.message))
    }

    /// The flight layout's delay line with a delay of 1e19 minutes trapped converting it to Int64 to pick the
    /// plural form. A user sending that gets the number as it is, in the form CLDR gives it: a render, not an error.
    @Test func pluralOfANumberPastInt64Formats() {
        let view = "text: \"{{state.delayMinutes | plural: 'one {Delayed # minute} other {Delayed # minutes}'}}\""
        let huge = texts(view, #"{"state": {"phase": "delayed", "delayMinutes": 1e19}}"#)
        #expect(huge.texts == ["Delayed 1e+19 minutes"])
        #expect(huge.messages.isEmpty)
        #expect(texts(view, #"{"state": {"delayMinutes": -9223372036854775809}}"#).texts == ["Delayed -9.223372036854776e+18 minutes"])
        #expect(texts(view, #"{"state": {"delayMinutes": 1}}"#).texts == ["Delayed 1 minute"])
    }

    /// Integers beyond 10^15 are still integers: their CLDR category comes from their last digits.
    @Test func pluralCategoriesOfHugeIntegers() {
        #expect(PluralRules.category(9_007_199_254_740_992, locale: "ru") == .few)      // 2^53: …92
        #expect(PluralRules.category(9_223_372_036_854_775_808, locale: "ru") == .many) // 2^63: …808
        #expect(PluralRules.category(1e19, locale: "ar") == .other)                     // …00
        #expect(PluralRules.category(1e308, locale: "pl") == .many)
        #expect(PluralRules.category(-1e19, locale: "en") == .other)
        #expect(PluralRules.category(.infinity, locale: "ru") == .other)
        #expect(PluralRules.category(.nan, locale: "cs") == .many)
    }

    /// `round(x, d)` clamped d into 0…10 after converting it to Int, so a d of 1e19 or NaN trapped.
    @Test func roundWithDecimalsFromData() {
        let view = "text: \"{{ round(x, d) }}\""
        #expect(texts(view, "x: 1.23456789012345\nd: 1e19").texts == ["1.2345678901"])
        #expect(texts(view, "x: 1.23456789012345\nd: -1e19").texts == ["1"])
        #expect(texts(view, "x: 1.5\nd: 9223372036854775808").texts == ["1.5"])
        for bad in [".nan", ".inf", "-.inf"] {
            let r = texts(view, "x: 1.5\nd: \(bad)")
            #expect(r.texts == [""])
            #expect(r.messages.contains { $0.hasPrefix("round expected a finite number, found ") }, "\(bad): \(r.messages)")
        }
    }

    /// Filters whose count of decimals comes from a path are checked when bound, like literal ones when parsed.
    @Test func filterArgumentsOutOfRangeAreNamed() {
        let applier = FilterApplier(dates: DateText(locale: "en", timeZone: seoul, now: fixedNow))
        for name in [FilterCall.Name.number, .round, .percent] {
            guard case .failure(let m) = applier.apply(FilterCall(name: name), to: .number(2), argument: .number(1e19)) else {
                Issue.record("\(name) with decimals 1e19 did not fail"); continue
            }
            #expect(m == "filter '\(name.rawValue)' expected a count of decimals 0…10, found 1e+19")
        }
        guard case .failure(let m) = applier.apply(FilterCall(name: .more), to: .number(5), argument: .number(.nan)) else {
            Issue.record("more: NaN did not fail"); return
        }
        #expect(m == "filter 'more' expected a count of items shown 0…1000000, found NaN")
        guard case .failure(let count) = applier.apply(FilterCall(name: .more), to: .number(1e19), argument: .number(2)) else {
            Issue.record("1e19 | more did not fail"); return
        }
        #expect(count == "filter 'more' expected a count within ±9.2e18, found 1e+19")
    }

    /// Date arithmetic whose result a date cannot show (years 0001–9999) is an error, not a date Foundation traps on.
    @Test func dateArithmeticOutOfRange() {
        let r = texts("text: \"{{ now + s }}\"", "s: 1e300")
        #expect(r.texts == [""])
        #expect(r.messages.contains("arithmetic overflow: 2026-11-22T12:27:00+09:00 + 1e+300 is not a date within the years 0001–9999"), "\(r.messages)")
        #expect(texts("text: \"{{ now + s }}\"", "s: 60").texts == ["2026-11-22T12:28:00+09:00"])
    }

    @Test func expressionNumberThatOverflowsIsASyntaxError() {
        // Expressions write numbers in digits only (`1e5` is a word): 310 of them make 1e309.
        let digits = "1" + String(repeating: "0", count: 309)
        let errors = parseErrors(layout(view: "text: \"{{ \(digits) * 2 }}\""))
        #expect(errors.map(\.message) == ["number '10000000000000000000…0000000000' is beyond the range of a double (±1.8e308)"])
        #expect(errors.first?.location?.column == 17)
    }

    func jsonError(_ text: String) -> Diagnostic? {
        do { _ = try DataValue.parse(text, file: "d.json"); Issue.record("expected an error for \(text)"); return nil } catch {
            return error.diagnostics.first
        }
    }

    /// The JSON reader is strict: a number a double cannot hold is an error where it is written, not "∞".
    @Test func jsonNumberThatOverflowsADoubleIsALocatedError() throws {
        let e = jsonError("{\n  \"state\": {\"delayMinutes\": 1e999}\n}")
        #expect(e?.message == "invalid JSON: number 1e999 is beyond the range of a double (±1.8e308)")
        #expect(e?.location == SourceLocation(file: "d.json", line: 2, column: 29))
        #expect(jsonError("[-2e308]")?.message == "invalid JSON: number -2e308 is beyond the range of a double (±1.8e308)")
        // Tiny numbers round to zero, as every JSON reader does; the largest double is still one.
        #expect(try DataValue.parse("[1e-400, 1.7976931348623157e308]", file: "d.json") == .array([.number(0), .number(1.7976931348623157e308)]))
    }

    /// A leading byte-order mark is allowed (RFC 8259 lets a reader ignore it) and does not count as a column;
    /// one anywhere else is named, not shown as the byte it starts with (or as "ï").
    @Test func byteOrderMarks() throws {
        #expect(try DataValue.parse("\u{FEFF}{\"a\": 1}", file: "d.json") == .object(["a": .number(1)]))
        #expect(try DataValue.parse("\u{FEFF}a: 1\n", file: "d.yaml") == .object(["a": .number(1)]))
        let inside = jsonError("{\"a\": \u{FEFF}1}")
        #expect(inside?.message == "invalid JSON: expected a value, found a byte-order mark (U+FEFF)")
        #expect(inside?.location == SourceLocation(file: "d.json", line: 1, column: 7))
        let twice = jsonError("\u{FEFF}\u{FEFF}{}")
        #expect(twice?.message == "invalid JSON: expected a value, found a byte-order mark (U+FEFF)")
        #expect(twice?.location == SourceLocation(file: "d.json", line: 1, column: 1))
        let afterLeading = jsonError("\u{FEFF}[x]")
        #expect(afterLeading?.location == SourceLocation(file: "d.json", line: 1, column: 2))
        let escaped = jsonError("[\"\\\u{FEFF}\"]")
        #expect(escaped?.message.hasPrefix("invalid JSON: unknown escape \\ followed by a byte-order mark (U+FEFF) in a string") == true, "\(String(describing: escaped))")
        #expect(jsonError("[\"\\é\"]")?.message.hasPrefix("invalid JSON: unknown escape \\é in a string") == true)
        #expect(jsonError("[é]")?.message == "invalid JSON: expected a value, found 'é'")
        // libyaml would count a leading mark as a column of line 1.
        #expect(parseErrors("\u{FEFF}a: b: c\n").first?.location == SourceLocation(file: "t.yaml", line: 1, column: 5))
        let expression = parseErrors(layout(view: "text: \"{{ a \u{FEFF}b }}\""))
        #expect(expression.map(\.message) == ["unexpected byte-order mark (U+FEFF) in expression"])
    }

    /// Files on disk: a layout and data (JSON or YAML) that start with a byte-order mark load as without it.
    @Test func filesStartingWithAByteOrderMarkLoad() throws {
        let dir = NSTemporaryDirectory() + "widgetshot-bom-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        func write(_ name: String, _ text: String) -> String {
            let path = dir + "/" + name
            FileManager.default.createFile(atPath: path, contents: Data(bom + Array(text.utf8)))
            return path
        }
        #expect(try DataValue.load(path: write("d.json", "{\"n\": 2}")) == .object(["n": .number(2)]))
        #expect(try DataValue.load(path: write("d.yaml", "n: 2\n")) == .object(["n": .number(2)]))
        // One mark is skipped, not any number of them.
        do {
            _ = try DataValue.load(path: write("twice.json", "\u{FEFF}{}"))
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.message == "invalid JSON: expected a value, found a byte-order mark (U+FEFF)")
        }
        let doc = try LayoutLoader.load(path: write("l.yaml", layout(view: "text: \"{{n}}\"")))
        let bound = doc.bind(surface: .systemSmall, data: .object(["n": .number(2)]), context: context())
        #expect(bound.view?.texts == ["2"])
        do {
            _ = try DataValue.load(path: write("bad.json", "[1, x]"))
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.location?.column == 5)
        }
    }
}
