import Foundation

/// ISO 8601 dates as data carries them, parsed by hand (no DateFormatter: renders must not depend on ICU).
enum ISODate {
    struct Parsed: Equatable {
        var date: Date
        /// Seconds east of UTC as written; nil when the text had no offset.
        var offset: Int?
    }

    /// `2026-11-22T12:45:00+09:00`, `…Z`, `…+0900`, fractional seconds, `2026-11-22 12:45`, `2026-11-22`.
    /// Without an offset the time is read in `defaultOffset` seconds east of UTC.
    static func parse(_ text: String, defaultOffset: Int = 0) -> Parsed? {
        let s = Array(text.trimmingSpaces.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= s.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = s[i + k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += n
            return v
        }
        func eat(_ c: Character) -> Bool {
            if i < s.count, s[i] == c.asciiValue! { i += 1; return true }
            return false
        }
        guard let year = digits(4), eat("-"), let month = digits(2), eat("-"), let day = digits(2),
              (1...12).contains(month), (1...daysIn(month, year)).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0.0
        if i < s.count {
            guard eat("T") || eat("t") || eat(" ") else { return nil }
            guard let h = digits(2), eat(":"), let m = digits(2), h <= 24, m <= 59 else { return nil }
            hour = h; minute = m
            if eat(":") {
                guard let sec = digits(2), sec <= 60 else { return nil }
                second = Double(sec)
                if eat(".") || eat(",") {
                    var scale = 0.1
                    var any = false
                    while i < s.count, s[i] >= 48, s[i] <= 57 { second += Double(s[i] - 48) * scale; scale /= 10; i += 1; any = true }
                    guard any else { return nil }
                }
            }
        }
        var offset: Int? = nil
        if i < s.count {
            if eat("Z") || eat("z") { offset = 0 } else {
                let sign: Int
                if eat("+") { sign = 1 } else if eat("-") { sign = -1 } else { return nil }
                guard let oh = digits(2), oh <= 18 else { return nil }
                var om = 0
                if eat(":") { guard let m = digits(2) else { return nil }; om = m } else if let m = digits(2) { om = m }
                guard om <= 59 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            }
        }
        guard i == s.count else { return nil }
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

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// `2026-11-22T12:27:00+09:00` for `now` in bindings.
    static func format(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { let v = v ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let zone = offset == 0 ? "Z" : "\(sign)\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))\(zone)"
    }
}
