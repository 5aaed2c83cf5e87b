import Foundation
import WidgetModel

/// Numbers as text, by hand so every machine prints the same bytes.
enum NumberText {
    /// `3`, `0.5`, `-12.25`: integral values without a decimal point.
    static func plain(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-∞" : "∞" }
        if v.rounded() == v, abs(v) < 1e15, let whole = CheckedNumber.int(v) { return String(whole) }
        return String(v)
    }

    /// Grouped with "," and a fixed number of decimals.
    static func grouped(_ v: Double, decimals: Int = 0) -> String {
        guard v.isFinite else { return plain(v) }
        // At most 10 decimals (what `number:` takes): the scale and every digit below 9e15 fit an Int.
        let decimals = min(max(decimals, 0), 10)
        let scale = pow(10.0, Double(decimals))
        let scaled = (abs(v) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15, let units = CheckedNumber.int(scaled), let unit = CheckedNumber.int(scale),
              let whole = CheckedNumber.dividing(units, unit), let fraction = CheckedNumber.remainder(units, unit) else {
            return plain(v)
        }
        var digits = String(whole)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        var text = groups.joined(separator: ",")
        if decimals > 0 {
            var f = String(fraction)
            while f.count < decimals { f = "0" + f }
            text += "." + f
        }
        return (v < 0 && units != 0 ? "-" : "") + text
    }
}

/// Rounding to a number of decimals.
enum Rounding {
    static func round(_ v: Double, decimals: Int, rule: FloatingPointRoundingRule) -> Double {
        guard decimals > 0 else { return v.rounded(rule) }
        let scale = pow(10.0, Double(decimals))
        let scaled = v * scale
        guard scaled.isFinite, abs(scaled) < 9e15 else { return v }
        return scaled.rounded(rule) / scale
    }
}

/// CLDR plural categories for a count, per locale (cardinal rules, integers and decimals as written).
enum PluralRules {
    enum Category: String, CaseIterable, Sendable { case zero, one, two, few, many, other }

    /// The categories a locale uses, in CLDR order: the forms of `plural: a, b, c` map onto these.
    static func categories(_ locale: String) -> [Category] {
        switch LocaleCodes.base(locale) {
        case "ko", "ja", "zh", "vi", "th", "id", "ms", "lo", "my", "km", "yo", "ig", "jv", "bo", "dz", "ii": [.other]
        case "ru", "uk", "be", "pl": [.one, .few, .many, .other]
        case "cs", "sk": [.one, .few, .many, .other]
        case "ar": [.zero, .one, .two, .few, .many, .other]
        case "he": [.one, .two, .other]
        default: [.one, .other]
        }
    }

    /// The category of `n` in `locale` (CLDR cardinal rules; `n` with a fraction is `other` or `many` where CLDR says so,
    /// and so are NaN and the infinities).
    ///
    /// Computed on the Double itself: a count from data may be any size (1e19 minutes), no integer type holds
    /// every one, and the remainders the rules ask for (i % 10, i % 100) are exact on Doubles.
    static func category(_ n: Double, locale: String) -> Category {
        let a = abs(n)
        let isInteger = a.isFinite && a.rounded() == a
        let i = a.isFinite ? a.rounded(.down) : -1
        let mod10 = i.truncatingRemainder(dividingBy: 10), mod100 = i.truncatingRemainder(dividingBy: 100)
        switch LocaleCodes.base(locale) {
        case "ko", "ja", "zh", "vi", "th", "id", "ms", "lo", "my", "km", "yo", "ig", "jv", "bo", "dz", "ii":
            return .other
        case "fr", "pt":
            return (i == 0 || i == 1) ? .one : .other
        case "ru", "uk", "be":
            guard isInteger else { return .other }
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case "pl":
            guard isInteger else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case "cs", "sk":
            guard isInteger else { return .many }
            if i == 1 { return .one }
            if (2...4).contains(i) { return .few }
            return .other
        case "he":
            guard isInteger else { return .other }
            return i == 1 ? .one : i == 2 ? .two : .other
        case "ar":
            guard isInteger else { return .other }
            if i == 0 { return .zero }
            if i == 1 { return .one }
            if i == 2 { return .two }
            if (3...10).contains(mod100) { return .few }
            if (11...99).contains(mod100) { return .many }
            return .other
        default:
            return isInteger && i == 1 ? .one : .other
        }
    }

    struct Forms: Sendable {
        var exact: [Double: String] = [:]
        var byCategory: [Category: String] = [:]
        /// ICU style: a form is the whole text (`=0 {nonstop}`); listed forms follow the number.
        var icu = false
    }

    /// `day, days` (forms in the locale's category order, see `categories`) or ICU style
    /// `one {# day} other {# days}` (also wrapped as `{n, plural, …}`, and `=0 {none}`). Nil with a message when malformed.
    static func forms(_ text: String, locale: String) -> Result<Forms, PluralSyntaxError> {
        var body = Substring(text.trimmingSpaces)
        guard body.contains("{") else {
            let parts = body.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
                return .failure(.init(message: "plural forms are empty (expected e.g. plural: day, days)"))
            }
            let cats = categories(locale)
            var f = Forms()
            // Fewer forms than the locale has categories: the last form serves the rest; more: the last is `other`.
            for (k, c) in cats.enumerated() { f.byCategory[c] = k < parts.count ? parts[k] : parts[parts.count - 1] }
            f.byCategory[.other] = parts[parts.count - 1]
            if cats == [.other] { f.byCategory[.other] = parts[parts.count - 1] }
            return .success(f)
        }
        // `{n, plural, …}` → `…`
        if body.hasPrefix("{"), body.hasSuffix("}"), let comma = body.firstIndex(of: ","),
           body[body.index(after: comma)...].trimmingPrefix(while: { $0 == " " }).hasPrefix("plural") {
            body = body.dropFirst().dropLast()
            body = body[body.index(after: body.firstIndex(of: ",")!)...].trimmingPrefix(while: { $0 == " " })
            body = body.dropFirst("plural".count).trimmingPrefix(while: { $0 == " " })
            guard body.hasPrefix(",") else { return .failure(.init(message: "expected ',' after 'plural' in '\(text)'")) }
            body = body.dropFirst()
        }
        var f = Forms()
        f.icu = true
        var rest = body
        while true {
            rest = rest.trimmingPrefix(while: { $0 == " " || $0 == "\n" })
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "{") else {
                return .failure(.init(message: "expected '{' after '\(String(rest).trimmingSpaces)' in plural '\(text)'"))
            }
            let selector = String(rest[..<open]).trimmingSpaces
            // Find the matching brace (forms may nest none; `{` inside is taken literally up to the matching `}`).
            var level = 0
            var close: Substring.Index?
            var k = open
            while k < rest.endIndex {
                if rest[k] == "{" { level += 1 } else if rest[k] == "}" { level -= 1; if level == 0 { close = k; break } }
                k = rest.index(after: k)
            }
            guard let close else { return .failure(.init(message: "unclosed '{' in plural '\(text)'")) }
            let form = String(rest[rest.index(after: open)..<close])
            if selector.hasPrefix("="), let n = Double(selector.dropFirst()) {
                f.exact[n] = form
            } else if let c = Category(rawValue: selector) {
                f.byCategory[c] = form
            } else {
                return .failure(.init(message: "unknown plural selector '\(selector)' in '\(text)' (expected zero, one, two, few, many, other or =N)"))
            }
            rest = rest[rest.index(after: close)...]
        }
        guard f.byCategory[.other] != nil else {
            return .failure(.init(message: "plural '\(text)' has no 'other {…}' form"))
        }
        return .success(f)
    }

    /// `n` with its form: `#` in the form stands for the number; a listed form without `#` follows it after
    /// a space (`3 days`); an ICU form without `#` is the whole text (`=0 {nonstop}`).
    static func apply(_ n: Double, forms: Forms, locale: String) -> String {
        let number = n.rounded() == n ? NumberText.grouped(n) : NumberText.plain(n)
        let form = forms.exact[n] ?? forms.byCategory[category(n, locale: locale)] ?? forms.byCategory[.other] ?? ""
        if form.contains("#") || forms.icu { return form.replacingOccurrences(of: "#", with: number) }
        return "\(number) \(form)"
    }
}

struct PluralSyntaxError: Error { var message: String }

/// Dates and durations in Korean and English, as iOS writes them.
struct DateText {
    var locale: String
    var timeZone: TimeZone
    var now: Date

    var isKorean: Bool { LocaleCodes.base(locale) == "ko" }

    private var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        return c
    }

    private func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// ko `오후 12:45`, en `12:45 PM`.
    func time(_ date: Date) -> String {
        let c = parts(date)
        let h = c.hour ?? 0, m = c.minute ?? 0
        let h12 = h % 12 == 0 ? 12 : h % 12
        let pm = h >= 12
        return isKorean ? "\(pm ? "오후" : "오전") \(h12):\(Self.two(m))" : "\(h12):\(Self.two(m)) \(pm ? "PM" : "AM")"
    }

    /// `12:45`, `09:05`.
    func time24(_ date: Date) -> String {
        let c = parts(date)
        return "\(Self.two(c.hour ?? 0)):\(Self.two(c.minute ?? 0))"
    }

    /// `Text(date, format: .dateTime.weekday())`: en `Sun` (`.wide`: `Sunday`), ko `일` (`일요일`), as CLDR
    /// (the data iOS formats with) abbreviates and writes them out.
    func weekday(_ date: Date, long: Bool) -> String {
        let index = (calendar.component(.weekday, from: date) + 6) % 7
        if isKorean { return Self.koreanWeekdays[index] + (long ? "요일" : "") }
        return long ? Self.weekdayNames[index] : String(Self.weekdayNames[index].prefix(3))
    }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let koreanWeekdays = ["일", "월", "화", "수", "목", "금", "토"]

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// ko `2026년 11월 22일`, en `November 22, 2026`.
    func date(_ date: Date) -> String {
        let c = parts(date)
        let y = c.year ?? 0, m = c.month ?? 1, d = c.day ?? 1
        return isKorean ? "\(y)년 \(m)월 \(d)일" : "\(Self.monthNames[m - 1]) \(d), \(y)"
    }

    /// A duration in whole minutes: en `18 min`, `2 hr, 23 min`, `3 days`; ko `18분`, `2시간 23분`, `3일`.
    func duration(minutes total: Int) -> String {
        let days = total / 1440, hours = total / 60, minutes = total % 60
        if hours >= 24 {
            return isKorean ? "\(days)일" : "\(days) \(days == 1 ? "day" : "days")"
        }
        if hours > 0 {
            if isKorean { return minutes == 0 ? "\(hours)시간" : "\(hours)시간 \(minutes)분" }
            return minutes == 0 ? "\(hours) hr" : "\(hours) hr, \(minutes) min"
        }
        return isKorean ? "\(minutes)분" : "\(minutes) min"
    }

    /// Whole minutes between `now` and `date`, rounded toward zero, within ±`maxMinutes`.
    func minutes(to date: Date) -> Int {
        let seconds = date.timeIntervalSince(now)
        let whole = CheckedNumber.int((abs(seconds) / 60).rounded(.down), clampedTo: 0...Self.maxMinutes)
        return seconds < 0 ? -whole : whole
    }

    /// Minutes `minutes(to:)` answers at most: far more than lie between two dates a binding can read
    /// (years 0001–9999), so only a date no binding makes is clamped, and `abs` of it cannot trap.
    static let maxMinutes = 1_000_000_000_000

    /// Seconds `timer` and `timerInterval` show at most (about 285,000 years).
    static let maxClockSeconds = 9_000_000_000_000

    /// How far `date` is from now, future or past.
    func relative(_ date: Date) -> String { duration(minutes: abs(minutes(to: date))) }

    /// `+18 min` / `-3 min`.
    func offset(_ date: Date) -> String {
        let m = minutes(to: date)
        return (date.timeIntervalSince(now) < 0 && m != 0 ? "-" : "+") + duration(minutes: abs(m))
    }

    /// `Text(date, style: .timer)`: `18:00`, `1:02:03`, `36:59:01` (hours do not turn into days): time
    /// remaining to a future date, or elapsed since a past one.
    func timer(_ date: Date) -> String {
        Self.clock(CheckedNumber.int(abs(date.timeIntervalSince(now)).rounded(.down), clampedTo: 0...Self.maxClockSeconds),
                   showsHours: true)
    }

    /// `Text(timerInterval: start...end, countsDown:, showsHours:)`: counting down it shows the time left,
    /// the whole interval before it starts and `0:00` from its end on; counting up, the time since the start,
    /// `0:00` before it and the whole interval from its end on. With `showsHours: false` minutes go past 59
    /// (`90:00`). Counting down, a part second shows as a whole one, so `0:00` appears only at the end.
    func timerInterval(start: Date, end: Date, countsDown: Bool, showsHours: Bool) -> String {
        let duration = max(0, end.timeIntervalSince(start))
        let elapsed = max(0, min(duration, now.timeIntervalSince(start)))
        let shown = countsDown ? duration - elapsed : elapsed
        let seconds = countsDown ? (shown - 1e-6).rounded(.up) : (shown + 1e-6).rounded(.down)
        return Self.clock(CheckedNumber.int(seconds, clampedTo: 0...Self.maxClockSeconds), showsHours: showsHours)
    }

    /// `4:32`, `1:23:45`, or with `showsHours` false `83:45`. A negative total shows as `0:00`.
    static func clock(_ total: Int, showsHours: Bool) -> String {
        let total = max(0, total)
        let s = total % 60
        if showsHours, total >= 3600 {
            return "\(total / 3600):\(two(total % 3600 / 60)):\(two(s))"
        }
        return "\(total / 60):\(two(s))"
    }

    /// A data value as a date: ISO 8601 text (a missing offset means the context's zone) or epoch seconds.
    func parseDate(_ value: DataValue) -> Date? {
        switch value {
        case .number(let n): return ISODate.epochDate(n)
        case .string(let s):
            if let parsed = ISODate.parse(s, defaultOffset: timeZone.secondsFromGMT(for: now)) { return parsed.date }
            if let n = ScalarSyntax.number(s.trimmingSpaces), let date = ISODate.epochDate(n) { return date }
            return nil
        default: return nil
        }
    }
}

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
                return .failure("filter '\(filter.name.rawValue)' expected a date (ISO 8601 or epoch seconds), found \(v.typeName) '\(v.excerpt(locale: locale))'\(why)")
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
            case .success(let decimals): return number { NumberText.grouped($0, decimals: decimals) }
            case .failure(let e): return .failure(e.message)
            }
        case .currency:
            return number { n in (n < 0 ? "-" : "") + "₩" + NumberText.grouped(abs(n)) }
        case .km:
            // The domain gives distances in kilometres; under one it reads better in metres.
            return number { km in
                guard km < 1 else { return "\(NumberText.grouped(km, decimals: 1)) km" }
                let metres = (km * 1000).rounded()
                return metres.isFinite ? "\(NumberText.grouped(metres)) m" : nil
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
                return number { n in (n * 100).isFinite ? NumberText.grouped(n * 100, decimals: decimals) + "%" : nil }
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
