import Foundation

/// Why a text is not an ISO 8601 date: "day 30 does not exist in February 2026".
public struct ISODateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given (shortened when long).
    public var text: String
    /// What was wrong, e.g. "hour 24 does not exist (00–23)".
    public var reason: String
    public var message: String { "'\(text)' is not an ISO 8601 date: \(reason)" }
    public var description: String { message }

    init(text: String, reason: String) {
        self.text = text.count > 40 ? String(text.prefix(40)) + "…" : text
        self.reason = reason
    }
}

/// ISO 8601 dates as data and `now` carry them, read strictly: every field in its real range,
/// offsets within ±18:00, nothing after, and an error that names the field. Read here rather than
/// with Foundation's `Date.ISO8601FormatStyle`, measured on this toolchain: its `parse` takes
/// `2026-02-30T12:00:00Z` as 2 March and `T24:00:00` as the next midnight without a word, and
/// refuses `2026-11-22 12:45` and `2026-11-22`, which the layout language accepts in data. Dates
/// are written (`format`) with Foundation's style.
public enum ISODate {
    struct Parsed: Equatable {
        var date: Date
        /// Seconds east of UTC as written; nil when the text had no offset.
        var offset: Int?
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// `2026-11-22T12:27:00+09:00`, `…Z`, `…+0900`, with fractional seconds or without seconds: an
    /// instant with the offset it was written in (`now` for the CLI, the server and previews).
    public static func readInstant(_ text: String) throws(ISODateError) -> (date: Date, secondsFromGMT: Int) {
        let parsed = try read(text, requireTime: true)
        guard let offset = parsed.offset else {
            throw ISODateError(text: text, reason: "no time zone offset (add Z or ±HH:MM, e.g. 2026-11-22T12:27:00+09:00)")
        }
        return (parsed.date, offset)
    }

    /// `2026-11-22T12:45:00+09:00`, `…Z`, `…+0900`, fractional seconds, `2026-11-22 12:45`, `2026-11-22`.
    /// Without an offset the time is read in `defaultOffset` seconds east of UTC; spaces around are ignored.
    static func parse(_ text: String, defaultOffset: Int = 0) -> Parsed? {
        try? read(text.trimmingSpaces, defaultOffset: defaultOffset, requireTime: false)
    }

    /// Why a string that starts like a date (`2026-…`) is not one; nil for a date or other text.
    static func problem(_ text: String) -> String? {
        let t = text.trimmingSpaces
        let u = Array(t.utf8.prefix(5))
        guard u.count == 5, u[..<4].allSatisfy({ $0 >= 48 && $0 <= 57 }), u[4] == UInt8(ascii: "-") else { return nil }
        do { _ = try read(t, requireTime: false); return nil } catch { return error.reason }
    }

    static func read(_ text: String, defaultOffset: Int = 0, requireTime: Bool) throws(ISODateError) -> Parsed {
        let s = Array(text.utf8)
        var i = 0
        func fail(_ reason: String) -> ISODateError { ISODateError(text: text, reason: reason) }
        func rest() -> String {
            let r = String(decoding: s[min(i, s.count)...], as: UTF8.self)
            return r.count > 20 ? String(r.prefix(20)) + "…" : r
        }
        func digits(_ n: Int, _ what: String) throws(ISODateError) -> Int {
            var v = 0
            for k in 0..<n {
                guard i + k < s.count, s[i + k] >= 48, s[i + k] <= 57 else {
                    throw fail("expected \(n) digits for the \(what), found '\(rest())'")
                }
                v = v * 10 + Int(s[i + k] - 48)
            }
            i += n
            return v
        }
        func eat(_ c: Character) -> Bool {
            if i < s.count, s[i] == c.asciiValue! { i += 1; return true }
            return false
        }
        func expect(_ c: Character, _ what: String) throws(ISODateError) {
            guard eat(c) else { throw fail("expected '\(c)' \(what), found '\(rest())'") }
        }
        let year = try digits(4, "year")
        try expect("-", "after the year")
        let month = try digits(2, "month")
        try expect("-", "after the month")
        let day = try digits(2, "day")
        guard (1...12).contains(month) else { throw fail("month \(month) does not exist (01–12)") }
        guard day >= 1 else { throw fail("day 00 does not exist") }
        guard day <= daysIn(month, year) else { throw fail("day \(day) does not exist in \(monthNames[month - 1]) \(year)") }
        var hour = 0, minute = 0, second = 0.0
        if i < s.count || requireTime {
            guard eat("T") || eat("t") || (!requireTime && eat(" ")) else {
                throw fail(i < s.count ? "expected 'T' and a time after the date, found '\(rest())'" : "missing the time (THH:MM:SS)")
            }
            hour = try digits(2, "hour")
            try expect(":", "after the hour")
            minute = try digits(2, "minute")
            guard hour <= 23 else { throw fail("hour \(hour) does not exist (00–23)") }
            guard minute <= 59 else { throw fail("minute \(minute) does not exist (00–59)") }
            if eat(":") {
                let sec = try digits(2, "second")
                guard sec <= 59 else { throw fail("second \(sec) does not exist (00–59)") }
                second = Double(sec)
                if eat(".") || eat(",") {
                    var scale = 0.1
                    var count = 0
                    while i < s.count, s[i] >= 48, s[i] <= 57 { second += Double(s[i] - 48) * scale; scale /= 10; i += 1; count += 1 }
                    guard count > 0 else { throw fail("expected digits after the decimal point, found '\(rest())'") }
                    guard count <= 9 else { throw fail("more than 9 digits of fractional seconds") }
                }
            }
        }
        var offset: Int? = nil
        if i < s.count {
            let start = i
            if eat("Z") || eat("z") { offset = 0 } else {
                let sign: Int
                if eat("+") { sign = 1 } else if eat("-") { sign = -1 } else {
                    throw fail("unexpected '\(rest())' after the time (expected Z, ±HH:MM or the end)")
                }
                let oh = try digits(2, "offset hours")
                var om = 0
                if eat(":") { om = try digits(2, "offset minutes") } else if i < s.count { om = try digits(2, "offset minutes") }
                let written = String(decoding: s[start..<i], as: UTF8.self)
                guard om <= 59, oh * 60 + om <= 18 * 60 else {
                    throw fail("offset \(written) is out of range (at most ±18:00, minutes 00–59)")
                }
                offset = sign * (oh * 3600 + om * 60)
            }
        }
        guard i == s.count else { throw fail("unexpected '\(rest())' after the date") }
        let days = daysFromCivil(year, month, day)
        let seconds = Double(days) * 86400 + Double(hour * 3600 + minute * 60) + second - Double(offset ?? defaultOffset)
        return Parsed(date: Date(timeIntervalSince1970: seconds), offset: offset)
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds since 1970 of the instants a binding reads and writes as dates: years 0001–9999 in every
    /// offset within ±18:00. Date arithmetic that lands outside is an error: the calendar that formats a
    /// date is not made for one 10^300 seconds away.
    static let representableSeconds: ClosedRange<Double> =
        Double(daysFromCivil(1, 1, 1) * 86400 + 18 * 3600)...Double(daysFromCivil(9999, 12, 31) * 86400 + 86399 - 18 * 3600)

    /// Epoch seconds as a date, when they are one: representable, and under 10^11 (a count of
    /// milliseconds, 1.7e12 today, is refused rather than read as a date 50,000 years away).
    static func epochDate(_ seconds: Double) -> Date? {
        guard representableSeconds.contains(seconds), seconds < 1e11 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// `2026-11-22T12:27:00+09:00` for `now` in bindings (`Z` at UTC): Foundation's ISO 8601 style.
    static func format(_ date: Date, timeZone: TimeZone) -> String {
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone).format(date)
    }
}
