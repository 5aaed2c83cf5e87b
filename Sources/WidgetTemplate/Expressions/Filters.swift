import Foundation
import WidgetModel

/// Applies one filter. A value a filter cannot read gives a message instead (the binder warns); text a
/// filter would make longer than `textLength` is refused (the binder reports an error, as for any text
/// over `Limits.textLength`). Every number it converts goes through `CheckedNumber`: an argument or a
/// count out of range is a message naming it, never a trap.
struct FilterApplier {
    var dates: DateText
    /// `Limits.textLength`.
    var textLength = Limits.default.textLength
    var locale: String { dates.locale }

    enum Outcome {
        case value(DataValue)
        /// The value does not suit the filter: a warning, and the binding shows nothing.
        case failure(String)
        /// The filter would make text longer than `Limits.textLength`: an error.
        case overLimit(String)
    }

    struct ArgumentProblem: Error { var message: String }

    /// A number as a message shows it (`1e+19`, `NaN`), anything else with its type (`string 'soon'`).
    func shown(_ v: DataValue) -> String {
        if case .number(let n) = v { return NumberText.plain(n) }
        return "\(v.typeName) '\(v.excerpt(locale: locale))'"
    }

    /// A whole-number argument (`number: 1`, `more: 2`) within `range`; null or none is 0. The parser checks
    /// one written in the layout; this checks one from a path, when bound.
    func whole(_ argument: DataValue?, _ filter: FilterCall.Name, _ what: String,
               in range: ClosedRange<Int>) -> Result<Int, ArgumentProblem> {
        guard let argument, argument != .null else { return .success(0) }
        let a = Binder.numeric(argument.localized(locale))
        guard case .number(let n) = a, n.rounded() == n, let i = CheckedNumber.int(n), range.contains(i) else {
            return .failure(ArgumentProblem(message: "filter '\(filter.rawValue)' expected \(what) \(range.lowerBound)…\(range.upperBound), found \(shown(a))"))
        }
        return .success(i)
    }

    /// Text made by a filter, refused past `textLength` characters.
    func made(_ text: String, _ filter: FilterCall.Name) -> Outcome {
        let length = Binder.length(text, cappedAt: textLength)
        guard length <= textLength else {
            return .overLimit("filter '\(filter.rawValue)' would make a text of more than \(textLength) characters (Limits.textLength)")
        }
        return .value(.string(text))
    }

    func apply(_ filter: FilterCall, to value: DataValue, argument: DataValue?) -> Outcome {
        let v = value.localized(locale)
        func date(_ body: (Date) -> String) -> Outcome {
            if v == .null { return .value(.null) }
            guard let d = dates.parseDate(v) else {
                let why = { if case .string(let s) = v { return ISODate.problem(s).map { " (\($0))" } ?? "" }; return "" }()
                return .failure("filter '\(filter.name.rawValue)' expected \(dates.expectedDate), found \(v.typeName) '\(v.excerpt(locale: locale))'\(why)")
            }
            return .value(.string(body(d)))
        }
        /// `body` answers nil when its own arithmetic (`× 100`, `× 1000`) leaves the doubles.
        func number(_ body: (Double) -> String?) -> Outcome {
            if v == .null { return .value(.null) }
            guard let n = v.numberValue, n.isFinite else {
                return .failure("filter '\(filter.name.rawValue)' expected a number, found \(v.typeName) '\(v.excerpt(locale: locale))'")
            }
            guard let text = body(n) else {
                return .failure("filter '\(filter.name.rawValue)' cannot show \(NumberText.plain(n)): the result is beyond the range of a double (\(CheckedNumber.doubleRangeText))")
            }
            return .value(.string(text))
        }
        func zoned(_ body: (DateText, Bool) -> (Date) -> String) -> Outcome {
            var shown = dates
            var long = false
            if let argument {
                switch DateFilterArgument.read(argument.localized(locale), filter: filter.name.rawValue) {
                case .success(let a):
                    if let zone = a.zone { shown.timeZone = zone }
                    long = a.long ?? false
                case .failure(let e): return .failure(e.message)
                }
            }
            return date(body(shown, long))
        }
        switch filter.name {
        case .time: return zoned { d, _ in d.time }
        case .time24: return zoned { d, _ in d.time24 }
        case .date: return zoned { d, _ in d.date }
        case .weekday: return zoned { d, long in { d.weekday($0, long: long) } }
        case .relative: return date(dates.relative)
        case .timer: return date(dates.timer)
        case .offset: return date(dates.offset)
        case .number:
            switch whole(argument, filter.name, "a count of decimals", in: 0...10) {
            case .success(let decimals): return number { dates.grouped($0, decimals: decimals) }
            case .failure(let e): return .failure(e.message)
            }
        case .currency:
            // No code: Korean won as written by hand (what the shipped layouts show). A code: the
            // locale's format through Foundation (`currency: USD` → `$25,000.00` in en, `25.000,00 $` in de).
            guard let argument, argument != .null else {
                return number { n in (n < 0 ? "-" : "") + "₩" + NumberText.grouped(abs(n)) }
            }
            guard case .string(let code) = argument.localized(locale), CurrencyCode.isValid(code) else {
                return .failure("filter 'currency' expected a currency code of three letters (USD), found \(argument.typeName) '\(argument.excerpt(locale: locale))'")
            }
            return number { n in dates.currency(n, code: code.uppercased()) }
        case .km:
            // The domain gives distances in kilometres; under one it reads better in metres.
            return number { km in
                guard km < 1 else { return "\(dates.grouped(km, decimals: 1)) km" }
                let metres = (km * 1000).rounded()
                return metres.isFinite ? "\(dates.grouped(metres)) m" : nil
            }
        case .more:
            let shown: Int
            switch whole(argument, filter.name, "a count of items shown", in: 0...1_000_000) {
            case .success(let n): shown = n
            case .failure(let e): return .failure(e.message)
            }
            let count: Int
            switch v {
            case .null: count = 0
            case .array, .string, .object: count = v.count ?? 0
            case .number(let n):
                guard let c = CheckedNumber.int(n) else {
                    return .failure("filter 'more' expected a count within \(CheckedNumber.intRangeText), found \(NumberText.plain(n))")
                }
                count = c
            default: return .failure("filter 'more' expected a list or a count, found \(v.typeName)")
            }
            let extra = CheckedNumber.saturatingSubtract(count, shown)
            guard extra > 0 else { return .value(.string("")) }
            return .value(.string(dates.isKorean ? "외 \(extra)개" : "+\(extra) more"))
        case .count:
            if v == .null { return .value(.number(0)) }
            guard let c = v.count else { return .failure("filter 'count' expected a list or text, found \(v.typeName)") }
            return .value(.number(Double(c)))
        case .uppercase, .lowercase:
            if v == .null { return .value(.null) }
            // Cut just past the limit first: a longer text is refused without being converted whole.
            let text = v.text(locale: locale, limit: textLength * 4 + 4)
            guard Binder.length(text, cappedAt: textLength) <= textLength else {
                return .overLimit("filter '\(filter.name.rawValue)' found a text of more than \(textLength) characters (Limits.textLength)")
            }
            return made(filter.name == .uppercase ? text.uppercased() : text.lowercased(), filter.name)
        case .default:
            let empty = v == .null || v == .string("") || v == .array([])
            return .value(empty ? (argument ?? .null) : v)
        case .round, .floor, .ceil:
            if v == .null { return .value(.null) }
            guard let n = v.numberValue, n.isFinite, v != .bool(true), v != .bool(false) else {
                return .failure("filter '\(filter.name.rawValue)' expected a number, found \(v.typeName) '\(v.excerpt(locale: locale))'")
            }
            let rule: FloatingPointRoundingRule = filter.name == .floor ? .down : filter.name == .ceil ? .up : .toNearestOrAwayFromZero
            switch whole(argument, filter.name, "a count of decimals", in: 0...10) {
            case .success(let decimals): return .value(.number(Rounding.round(n, decimals: decimals, rule: rule)))
            case .failure(let e): return .failure(e.message)
            }
        case .percent:
            switch whole(argument, filter.name, "a count of decimals", in: 0...10) {
            case .success(let decimals):
                return number { n in dates.percent(n, decimals: decimals) }
            case .failure(let e): return .failure(e.message)
            }
        case .minutes:
            // Seconds (`eta - now`) or a date (minutes from now), as whole minutes toward zero.
            if v == .null { return .value(.null) }
            if case .number(let n) = Binder.numeric(v), n.isFinite {
                return .value(.number((n / 60).rounded(.towardZero)))
            }
            if let d = dates.parseDate(v) { return .value(.number(Double(dates.minutes(to: d)))) }
            return .failure("filter 'minutes' expected seconds (a number such as eta - now) or a date, found \(v.typeName) '\(v.excerpt(locale: locale))'")
        case .plural:
            if v == .null { return .value(.null) }
            guard case .number(let n) = Binder.numeric(v), n.isFinite else {
                return .failure("filter 'plural' expected a number, found \(v.typeName) '\(v.excerpt(locale: locale))'")
            }
            let spec = (argument ?? .null).localized(locale)
            guard case .string(let text) = spec else {
                return .failure("filter 'plural' expected forms such as 'day, days' or 'one {# day} other {# days}', found \(spec.typeName)")
            }
            // Each `#` of a form becomes the number: forms past the limit could make text many times longer.
            guard Binder.length(text, cappedAt: textLength) <= textLength else {
                return .overLimit("filter 'plural' found forms of more than \(textLength) characters (Limits.textLength)")
            }
            switch PluralRules.forms(text, locale: locale) {
            case .success(let forms): return made(PluralRules.apply(n, forms: forms, locale: locale), filter.name)
            case .failure(let e): return .failure("filter 'plural': \(e.message)")
            }
        }
    }
}

/// The argument of `time`, `time24`, `date` and `weekday`: a time zone to show the date in (an IANA name
/// such as `Asia/Seoul`, `UTC`, or an offset such as `+09:00`) and, for `weekday`, `short` (the default:
/// `Sun`, `일`) or `long` (`Sunday`, `일요일`), in either order: `weekday: 'long America/New_York'`.
/// The date is read as before (a text without offset in the context's zone), only shown in the zone given.
enum DateFilterArgument {
    struct Problem: Error { var message: String }

    static func usage(_ filter: String) -> String {
        filter == "weekday"
            ? "filter 'weekday' takes short or long and/or a time zone: weekday: long, weekday: 'short Asia/Seoul'"
            : "filter '\(filter)' takes a time zone: \(filter): Asia/Seoul (an IANA name, UTC, or an offset such as +09:00)"
    }

    static func read(_ value: DataValue, filter: String) -> Result<(zone: TimeZone?, long: Bool?), Problem> {
        guard case .string(let text) = value else {
            return .failure(Problem(message: "\(usage(filter)); found \(value.typeName)"))
        }
        var zone: TimeZone?
        var long: Bool?
        // A style and a zone name (at most 64 bytes, see timeZone) fit in far less; longer text is not split.
        guard text.utf8.count <= 128 else { return .failure(Problem(message: "\(usage(filter)); found '\(CharacterText.shortened(text))'")) }
        let words = text.split { $0 == " " || $0 == "," }.map(String.init)
        guard !words.isEmpty, words.count <= 2 else { return .failure(Problem(message: "\(usage(filter)); found '\(CharacterText.shortened(text))'")) }
        for word in words {
            if filter == "weekday", word == "short" || word == "long", long == nil {
                long = word == "long"
            } else if zone == nil, let z = timeZone(word) {
                zone = z
            } else {
                let styles = filter == "weekday" ? ["short", "long"] : []
                let region = word.prefix { $0 != "/" }
                let zones = TimeZone.knownTimeZoneIdentifiers.filter { $0.hasPrefix(region) }
                let hint = Suggestion.nearest(word, in: styles + zones.prefix(400)).map { " (did you mean \($0)?)" } ?? ""
                return .failure(Problem(message: "filter '\(filter)': unknown \(styles.isEmpty ? "time zone" : "style or time zone") '\(CharacterText.shortened(word))'\(hint); \(usage(filter))"))
            }
        }
        return .success((zone, long))
    }

    /// `Asia/Seoul`, `UTC`, `GMT`, `+09:00`, `-0430`, `Z`.
    static func timeZone(_ word: String) -> TimeZone? {
        if word == "Z" || word == "UTC" || word == "GMT" { return TimeZone(secondsFromGMT: 0) }
        let s = Array(word.utf8)
        if let sign = s.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let digits = s.dropFirst().filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4 || digits.count == 2, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  s.count == 3 || s.count == 5 || (s.count == 6 && s[3] == UInt8(ascii: ":")) else { return nil }
            let n = digits.map { Int($0) - 48 }
            let hours = n[0] * 10 + n[1], minutes = n.count == 4 ? n[2] * 10 + n[3] : 0
            guard hours <= 18, minutes < 60 else { return nil }
            let seconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            return TimeZone(secondsFromGMT: seconds)
        }
        guard word.contains("/"), word.utf8.count <= 64 else { return nil }
        return TimeZone(identifier: word)
    }
}
