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
        var body = Substring(withHashes(text).trimmingSpaces)
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
        let number = number(n, locale: locale)
        let form = forms.exact[n] ?? forms.byCategory[category(n, locale: locale)] ?? forms.byCategory[.other] ?? ""
        if form.contains("#") || forms.icu { return form.replacingOccurrences(of: "#", with: number) }
        return "\(number) \(form)"
    }
}

extension PluralRules {
    /// Xcode's format specifiers for a plural's one number, as string catalog keys and variations
    /// write them (`%lld steps`, `%d`, `%@`, `%1$lld`, `%.1f`): each stands for the number, as `#` does.
    static let xcodeSpecifier = try! NSRegularExpression(pattern: "%(?:[0-9]+\\$)?(?:lld|llu|ld|lu|d|i|u|@|(?:\\.[0-9]+)?f)")

    /// `%lld steps` → `# steps`, and `%%` → `%` in a text that has a specifier (as a format string
    /// writes a percent sign); a text without one is left as it is.
    static func hasSpecifier(_ text: String) -> Bool {
        text.contains("%") && xcodeSpecifier.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func withHashes(_ text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        guard xcodeSpecifier.firstMatch(in: text, range: range) != nil else { return text }
        return xcodeSpecifier.stringByReplacingMatches(in: text, range: range, withTemplate: "#")
            .replacingOccurrences(of: "%%", with: "%")
    }

    /// The number a plural shows, written as the locale writes it: en and ko by hand (`2,340`, as
    /// before), every other locale through Foundation (de `2.340`, fr `2 340`, de `1,5`), as the
    /// `number:` filter does. A fraction keeps the digits it has (at most 10); past 9e15, NaN and
    /// the infinities as written.
    static func number(_ n: Double, locale: String) -> String {
        let integral = n.rounded() == n
        let base = LocaleCodes.base(locale)
        guard base != "en", base != "ko", n.isFinite, abs(n) < 9e15 else {
            return integral ? NumberText.grouped(n) : NumberText.plain(n)
        }
        var decimals = 0
        if !integral {
            let written = NumberText.plain(n)
            guard !written.contains("e"), let dot = written.firstIndex(of: ".") else { return written }
            decimals = min(written[dot...].count - 1, 10)
        }
        return n.formatted(FloatingPointFormatStyle<Double>.number.precision(.fractionLength(decimals))
            .locale(Locale(identifier: locale)))
    }
}

struct PluralSyntaxError: Error { var message: String }

/// Dates, durations and numbers as iOS writes them: Korean and English by hand (byte-for-byte what
/// iOS shows, where ICU's data differs in spacing), every other locale through Foundation's
/// `FormatStyle` (ICU's CLDR data, the tables iOS formats with; deterministic because the toolchain
/// pins ICU, as the stack pins cairo and pango).
struct DateText {
    var locale: String
    var timeZone: TimeZone
    var now: Date
    /// What a number read as a date means (the layout's `dateEncoding:`).
    var encoding = DateEncoding.secondsSince1970

    var isKorean: Bool { LocaleCodes.base(locale) == "ko" }
    var isEnglish: Bool { LocaleCodes.base(locale) == "en" }
    /// Neither Korean nor English: Foundation formats.
    var formatsWithFoundation: Bool { !isKorean && !isEnglish }
    private var foundationLocale: Locale { Locale(identifier: locale) }

    private func style(date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle) -> Date.FormatStyle {
        Date.FormatStyle(date: date, time: time, locale: foundationLocale, calendar: calendar, timeZone: timeZone)
    }

    /// `n` (a fraction) as a percentage: ko/en `50%`, other locales as Foundation writes them (de `50 %`).
    func percent(_ n: Double, decimals: Int) -> String? {
        let p = n * 100
        guard p.isFinite else { return nil }
        guard formatsWithFoundation, abs(p) < 9e15 else { return grouped(p, decimals: decimals) + "%" }
        let d = min(max(decimals, 0), 10)
        return n.formatted(FloatingPointFormatStyle<Double>.Percent.percent.precision(.fractionLength(d)).locale(foundationLocale))
    }

    /// `n` in the currency `code`, as Foundation writes it for this locale; past 9e15 the plain
    /// number and the code.
    func currency(_ n: Double, code: String) -> String? {
        guard n.isFinite else { return nil }
        guard abs(n) < 9e15 else { return NumberText.plain(n) + " " + code }
        return n.formatted(FloatingPointFormatStyle<Double>.Currency(code: code, locale: foundationLocale))
    }

    /// Grouped with the locale's separators and a fixed number of decimals (ko/en: `1,234.5`).
    func grouped(_ v: Double, decimals: Int = 0) -> String {
        // Past 9e15 the hand-written path prints the plain number; Foundation would switch notation.
        guard formatsWithFoundation, v.isFinite, abs(v) < 9e15 else { return NumberText.grouped(v, decimals: decimals) }
        let d = min(max(decimals, 0), 10)
        return v.formatted(FloatingPointFormatStyle<Double>.number.precision(.fractionLength(d)).locale(foundationLocale))
    }

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
        if formatsWithFoundation { return date.formatted(style(date: .omitted, time: .shortened)) }
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
        if formatsWithFoundation {
            return date.formatted(Date.FormatStyle(locale: foundationLocale, calendar: calendar, timeZone: timeZone).weekday(long ? .wide : .abbreviated))
        }
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
        if formatsWithFoundation { return date.formatted(style(date: .long, time: .omitted)) }
        let c = parts(date)
        let y = c.year ?? 0, m = c.month ?? 1, d = c.day ?? 1
        return isKorean ? "\(y)년 \(m)월 \(d)일" : "\(Self.monthNames[m - 1]) \(d), \(y)"
    }

    /// A duration in whole minutes: en `18 min`, `2 hr, 23 min`, `3 days`; ko `18분`, `2시간 23분`, `3일`.
    func duration(minutes total: Int) -> String {
        let days = total / 1440, hours = total / 60, minutes = total % 60
        if formatsWithFoundation {
            // As the ko/en forms: whole days from 24 hours on, else hours and minutes, abbreviated.
            let (value, units): (Int, Set<Duration.UnitsFormatStyle.Unit>) = hours >= 24 ? (days * 1440, [.days]) : (total, [.hours, .minutes])
            let width: Duration.UnitsFormatStyle.UnitWidth = hours >= 24 ? .wide : .abbreviated
            return Duration.seconds(Int64(value) * 60).formatted(.units(allowed: units, width: width, zeroValueUnits: .hide,
                                                                        fractionalPart: .hide).locale(foundationLocale))
        }
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

    /// A data value as a date: ISO 8601 text (a missing offset means the context's zone), or a number
    /// (or text that reads as one) in the layout's `encoding`.
    func parseDate(_ value: DataValue) -> Date? {
        switch value {
        case .number(let n): return encoding.date(n)
        case .string(let s):
            if let parsed = ISODate.parse(s, defaultOffset: timeZone.secondsFromGMT(for: now)) { return parsed.date }
            if let n = ScalarSyntax.number(s.trimmingSpaces), let date = encoding.date(n) { return date }
            return nil
        default: return nil
        }
    }

    /// What a date filter's or function's warning says it expected, with the encoding when it reads numbers
    /// otherwise than as Unix seconds (so `dateEncoding: iso8601` explains why a number was refused).
    var expectedDate: String {
        switch encoding {
        case .secondsSince1970: "a date (ISO 8601 or epoch seconds)"
        case .iso8601: "a date (ISO 8601 text: the layout's dateEncoding: iso8601 reads no number as a date)"
        default: "a date (ISO 8601, or a number in the layout's dateEncoding: \(encoding.rawValue))"
        }
    }

    /// `[start, end]`: a `ClosedRange<Date>` as Swift's `Codable` writes it; nil for anything else.
    func parseRange(_ value: DataValue) -> (start: Date, end: Date)? {
        guard case .array(let bounds) = value, bounds.count == 2,
              let start = parseDate(bounds[0]), let end = parseDate(bounds[1]) else { return nil }
        return (start, end)
    }
}

/// ISO 4217 currency codes as a filter takes them: three ASCII letters (`USD`, `krw`).
enum CurrencyCode {
    static func isValid(_ code: String) -> Bool {
        code.utf8.count == 3 && code.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
    }
}
