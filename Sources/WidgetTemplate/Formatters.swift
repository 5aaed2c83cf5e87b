import Foundation

/// Numbers as text, by hand so every machine prints the same bytes.
enum NumberText {
    /// `3`, `0.5`, `-12.25`: integral values without a decimal point.
    static func plain(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-∞" : "∞" }
        if v.rounded() == v, abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    /// Grouped with "," and a fixed number of decimals.
    static func grouped(_ v: Double, decimals: Int = 0) -> String {
        guard v.isFinite else { return plain(v) }
        let scale = pow(10.0, Double(decimals))
        let scaled = (abs(v) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return plain(v) }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        let fraction = units % Int64(scale)
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

    /// Whole minutes between `now` and `date`, rounded down.
    func minutes(to date: Date) -> Int {
        let seconds = date.timeIntervalSince(now)
        return Int((abs(seconds) / 60).rounded(.down)) * (seconds < 0 ? -1 : 1)
    }

    /// How far `date` is from now, future or past.
    func relative(_ date: Date) -> String { duration(minutes: abs(minutes(to: date))) }

    /// `+18 min` / `-3 min`.
    func offset(_ date: Date) -> String {
        let m = minutes(to: date)
        return (date.timeIntervalSince(now) < 0 && m != 0 ? "-" : "+") + duration(minutes: abs(m))
    }

    /// `18:00`, `1:02:03`: time remaining to a future date, or elapsed since a past one.
    func timer(_ date: Date) -> String {
        let total = Int(abs(date.timeIntervalSince(now)).rounded(.down))
        let h = total / 3600, m = total % 3600 / 60, s = total % 60
        return h > 0 ? "\(h):\(Self.two(m)):\(Self.two(s))" : "\(m):\(Self.two(s))"
    }

    /// A data value as a date: ISO 8601 text (a missing offset means the context's zone) or epoch seconds.
    func parseDate(_ value: DataValue) -> Date? {
        switch value {
        case .number(let n): return n.isFinite && abs(n) < 1e11 ? Date(timeIntervalSince1970: n) : nil
        case .string(let s):
            if let parsed = ISODate.parse(s, defaultOffset: timeZone.secondsFromGMT(for: now)) { return parsed.date }
            if let n = ScalarSyntax.number(s.trimmingSpaces), n.isFinite, abs(n) < 1e11 { return Date(timeIntervalSince1970: n) }
            return nil
        default: return nil
        }
    }
}

/// Applies one filter. A value a filter cannot read gives a message instead (the binder warns).
struct FilterApplier {
    var dates: DateText
    var locale: String { dates.locale }

    enum Outcome { case value(DataValue), failure(String) }

    func apply(_ filter: FilterCall, to value: DataValue, argument: DataValue?) -> Outcome {
        let v = value.localized(locale)
        func date(_ body: (Date) -> String) -> Outcome {
            if v == .null { return .value(.null) }
            guard let d = dates.parseDate(v) else {
                let why = { if case .string(let s) = v { return ISODate.problem(s).map { " (\($0))" } ?? "" }; return "" }()
                return .failure("filter '\(filter.name.rawValue)' expected a date (ISO 8601 or epoch seconds), found \(v.typeName) '\(v.text(locale: locale))'\(why)")
            }
            return .value(.string(body(d)))
        }
        func number(_ body: (Double) -> String) -> Outcome {
            if v == .null { return .value(.null) }
            guard let n = v.numberValue, n.isFinite else {
                return .failure("filter '\(filter.name.rawValue)' expected a number, found \(v.typeName) '\(v.text(locale: locale))'")
            }
            return .value(.string(body(n)))
        }
        switch filter.name {
        case .time: return date(dates.time)
        case .time24: return date(dates.time24)
        case .date: return date(dates.date)
        case .relative: return date(dates.relative)
        case .timer: return date(dates.timer)
        case .offset: return date(dates.offset)
        case .number:
            let decimals = Int(argument?.numberValue ?? 0)
            return number { NumberText.grouped($0, decimals: decimals) }
        case .currency:
            return number { n in (n < 0 ? "-" : "") + "₩" + NumberText.grouped(abs(n)) }
        case .km:
            // The domain gives distances in kilometres; under one it reads better in metres.
            return number { km in
                km < 1 ? "\(NumberText.grouped((km * 1000).rounded())) m" : "\(NumberText.grouped(km, decimals: 1)) km"
            }
        case .more:
            let shown = Int(argument?.numberValue ?? 0)
            let count: Int
            switch v {
            case .null: count = 0
            case .array, .string, .object: count = v.count ?? 0
            case .number(let n):
                guard n.isFinite, abs(n) < 1e15 else { return .failure("filter 'more' expected a count, found \(NumberText.plain(n))") }
                count = Int(n)
            default: return .failure("filter 'more' expected a list or a count, found \(v.typeName)")
            }
            let extra = count - shown
            guard extra > 0 else { return .value(.string("")) }
            return .value(.string(dates.isKorean ? "외 \(extra)개" : "+\(extra) more"))
        case .count:
            if v == .null { return .value(.number(0)) }
            guard let c = v.count else { return .failure("filter 'count' expected a list or text, found \(v.typeName)") }
            return .value(.number(Double(c)))
        case .uppercase:
            return v == .null ? .value(.null) : .value(.string(v.text(locale: locale).uppercased()))
        case .lowercase:
            return v == .null ? .value(.null) : .value(.string(v.text(locale: locale).lowercased()))
        case .default:
            let empty = v == .null || v == .string("") || v == .array([])
            return .value(empty ? (argument ?? .null) : v)
        }
    }
}
