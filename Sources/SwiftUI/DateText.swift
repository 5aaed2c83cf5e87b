import Foundation

extension Text {
    /// How a `Text(date, style:)` writes its date (SwiftUI's `Text.DateStyle`).
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind
        /// The time of day: `3:30 PM`.
        public static let time = DateStyle(kind: .time)
        /// The date: `June 3, 2019`.
        public static let date = DateStyle(kind: .date)
        /// How far the date is from now: `29 min, 59 sec`.
        public static let relative = DateStyle(kind: .relative)
        /// The signed distance from now: `+30 minutes`.
        public static let offset = DateStyle(kind: .offset)
        /// A timer from now to the date: `29:59`.
        public static let timer = DateStyle(kind: .timer)
    }

    /// A date written in `style`, at the render's `now`, in its locale and time zone (a widget's
    /// text that iOS keeps current is drawn as it reads at that moment).
    public init(_ date: Date, style: Text.DateStyle, file: StaticString = #fileID, line: UInt = #line) {
        self.init(verbatim: "", file: file, line: line)
        dated = .date(date, style.kind)
    }

    /// A timer over `timerInterval` (SwiftUI's `Text(timerInterval:pauseTime:countsDown:showsHours:)`):
    /// counting down to its end, or up from its start, read at the render's `now`.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true,
                file: StaticString = #fileID, line: UInt = #line) {
        self.init(verbatim: "", file: file, line: line)
        dated = .timer(timerInterval, pause: pauseTime, countsDown: countsDown, showsHours: showsHours)
    }

    /// A value written by a format style (`Text(price, format: .currency(code: "KRW"))`).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F, file: StaticString = #fileID, line: UInt = #line) where F.FormatOutput == String {
        self.init(verbatim: format.format(input), file: file, line: line)
    }

    /// A date range (`Text(start...end)`), written as the locale writes an interval.
    public init(_ dates: ClosedRange<Date>, file: StaticString = #fileID, line: UInt = #line) {
        self.init(verbatim: "", file: file, line: line)
        dated = .interval(dates)
    }
}

/// What a dated text writes, resolved against the environment.
enum DatedText: Hashable, Sendable {
    case date(Date, Text.DateStyle.Kind)
    case timer(ClosedRange<Date>, pause: Date?, countsDown: Bool, showsHours: Bool)
    case interval(ClosedRange<Date>)

    func string(in environment: EnvironmentValues) -> String {
        let now = environment.look.now
        let locale = Locale(identifier: environment.look.locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = environment.look.timeZone
        switch self {
        case .date(let date, .time): return Self.formatter(locale, calendar, date: .none, time: .short).string(from: date)
        case .date(let date, .date): return Self.formatter(locale, calendar, date: .long, time: .none).string(from: date)
        case .date(let date, .relative): return Self.duration(abs(date.timeIntervalSince(now)), locale: locale, units: 2, width: .abbreviated)
        case .date(let date, .offset):
            let seconds = date.timeIntervalSince(now)
            return (seconds < 0 ? "-" : "+") + Self.duration(abs(seconds), locale: locale, units: 1, width: .wide)
        case .date(let date, .timer): return Self.clock(abs(date.timeIntervalSince(now)), showsHours: true)
        case .timer(let range, let pause, let countsDown, let showsHours):
            let at = min(max(pause ?? now, range.lowerBound), range.upperBound)
            let seconds = countsDown ? range.upperBound.timeIntervalSince(at) : at.timeIntervalSince(range.lowerBound)
            return Self.clock(seconds, showsHours: showsHours)
        case .interval(let range):
            let f = DateIntervalFormatter()
            f.locale = locale; f.calendar = calendar; f.timeZone = calendar.timeZone
            f.dateStyle = .none; f.timeStyle = .short
            return f.string(from: range.lowerBound, to: range.upperBound)
        }
    }

    static func formatter(_ locale: Locale, _ calendar: Calendar, date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
        let f = DateFormatter()
        f.locale = locale; f.calendar = calendar; f.timeZone = calendar.timeZone
        f.dateStyle = date; f.timeStyle = time
        return f
    }

    /// `29 min, 59 sec` (abbreviated) or `30 minutes` (wide): the largest units first, in the locale.
    static func duration(_ seconds: TimeInterval, locale: Locale, units: Int, width: Duration.UnitsFormatStyle.UnitWidth) -> String {
        Duration.seconds(Int64(seconds.rounded(.down)))
            .formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: width, maximumUnitCount: units).locale(locale))
    }

    /// `29:59`, `1:02:03`: minutes and seconds, hours when there are any.
    static func clock(_ seconds: TimeInterval, showsHours: Bool) -> String {
        let total = Int(max(0, seconds.rounded(.down)))
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        if showsHours && h > 0 { return String(format: "%d:%02d:%02d", h, m, s) }
        return String(format: "%d:%02d", showsHours ? m : m + h * 60, s)
    }
}
