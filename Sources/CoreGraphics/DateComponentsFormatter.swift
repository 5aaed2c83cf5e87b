import Foundation

/// Foundation's `DateComponentsFormatter` ("1 hour, 2 minutes", "1:02:05", "About 5 min"), which
/// swift-corelibs-foundation marks unavailable: Apple's names and signatures. This module imports
/// Foundation, so for widget code that imports both this class shadows Foundation's.
///
/// The quantities are split here (the allowed units, `maximumUnitCount`, the zero behaviour); the
/// words come from swift-foundation's `Duration.UnitsFormatStyle` in the calendar's locale, so they
/// are localised as Foundation localises them. Positional output joins the numbers with ":".
/// Years and months (calendar units without a fixed length) are counted from `referenceDate` (or
/// now) with `calendar`; their words are English, the one place this formatter is not localised
/// (docs/swift.md).
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    public enum UnitsStyle: Int, Sendable {
        case positional = 0, abbreviated = 1, short = 2, full = 3, spellOut = 4, brief = 5
    }

    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let none = ZeroFormattingBehavior([])
        public static let `default` = ZeroFormattingBehavior(rawValue: 1 << 0)
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 1)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 2)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 3)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
    }

    open var unitsStyle: UnitsStyle = .positional
    /// Defaults (an empty set) to year, month, day, hour, minute and second.
    open var allowedUnits: NSCalendar.Unit = []
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    open var calendar: Calendar? = .current
    open var referenceDate: Date?
    open var allowsFractionalUnits = false
    /// 0: no limit.
    open var maximumUnitCount = 0
    open var collapsesLargestUnit = false
    open var includesApproximationPhrase = false
    open var includesTimeRemainingPhrase = false
    open var formattingContext: Formatter.Context = .unknown

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func string(from ti: TimeInterval) -> String? {
        guard ti.isFinite, abs(ti) < 1e15 else { return nil }
        let start = referenceDate ?? Date()
        return format(seconds: ti, from: start)
    }

    open func string(from startDate: Date, to endDate: Date) -> String? {
        format(seconds: endDate.timeIntervalSince(startDate), from: startDate)
    }

    open func string(from components: DateComponents) -> String? {
        let cal = calendar ?? .current
        let start = referenceDate ?? Date()
        guard let end = cal.date(byAdding: components, to: start) else { return nil }
        return format(seconds: end.timeIntervalSince(start), from: start)
    }

    open override func string(for obj: Any?) -> String? {
        switch obj {
        case let n as NSNumber: return string(from: n.doubleValue)
        case let d as Double: return string(from: d)
        case let i as Int: return string(from: TimeInterval(i))
        case let c as DateComponents: return string(from: c)
        default: return nil
        }
    }

    open class func localizedString(from components: DateComponents, unitsStyle: UnitsStyle) -> String? {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = unitsStyle
        return formatter.string(from: components)
    }

    // MARK: - Splitting

    /// The units, largest first, this formatter may show.
    enum Unit: Int, CaseIterable {
        case year, month, week, day, hour, minute, second

        var calendarUnit: NSCalendar.Unit {
            switch self {
            case .year: .year
            case .month: .month
            case .week: .weekOfMonth
            case .day: .day
            case .hour: .hour
            case .minute: .minute
            case .second: .second
            }
        }

        /// Seconds in one, for the units of fixed length.
        var seconds: Double? {
            switch self {
            case .year, .month: nil
            case .week: 604_800
            case .day: 86_400
            case .hour: 3_600
            case .minute: 60
            case .second: 1
            }
        }
    }

    var units: [Unit] {
        let given = allowedUnits.isEmpty ? [.year, .month, .day, .hour, .minute, .second] : allowedUnits
        let weeks = given.contains(.weekOfMonth) || given.contains(.weekOfYear) || given.contains(.weekday)
        return Unit.allCases.filter { $0 == .week ? weeks : given.contains($0.calendarUnit) }
    }

    func format(seconds ti: TimeInterval, from start: Date) -> String? {
        let units = units
        guard !units.isEmpty else { return nil }
        let negative = ti < 0
        var rest = abs(ti)
        var values: [(Unit, Double)] = []
        var cursor = start
        let cal = calendar ?? .current
        for unit in units {
            if let length = unit.seconds {
                let count = (rest / length).rounded(.down)
                values.append((unit, count)); rest -= count * length
            } else {
                // Whole years/months between the cursor and its end, by the calendar.
                let end = cursor.addingTimeInterval(rest)
                let component: Calendar.Component = unit == .year ? .year : .month
                let count = max(0, cal.dateComponents([component], from: cursor, to: end).value(for: component) ?? 0)
                let next = cal.date(byAdding: component, value: count, to: cursor) ?? cursor
                rest = max(0, end.timeIntervalSince(next)); cursor = next
                values.append((unit, Double(count)))
            }
        }
        // What is left below the smallest unit: kept as a fraction when allowed, else dropped.
        if allowsFractionalUnits, let last = values.last, let length = last.0.seconds { values[values.count - 1].1 += rest / length }
        values = trimmed(values)
        let text = unitsStyle == .positional ? positional(values) : named(values)
        let signed = negative ? "-" + text : text
        var out = signed
        if includesApproximationPhrase { out = "About " + out }
        if includesTimeRemainingPhrase { out += " remaining" }
        return out
    }

    /// The zero behaviour, `collapsesLargestUnit` and `maximumUnitCount` applied.
    func trimmed(_ all: [(Unit, Double)]) -> [(Unit, Double)] {
        var values = all
        let behavior = zeroFormattingBehavior == .default
            ? (unitsStyle == .positional ? [.dropLeading] : .dropAll)
            : zeroFormattingBehavior
        if behavior.contains(.dropLeading) || collapsesLargestUnit {
            // A positional string keeps two places ("0:05"), as Foundation's does.
            let keep = unitsStyle == .positional ? 2 : 1
            while values.count > keep, values[0].1 == 0 { values.removeFirst() }
        }
        if behavior.contains(.dropTrailing) {
            while values.count > 1, values[values.count - 1].1 == 0 { values.removeLast() }
        }
        if behavior.contains(.dropMiddle), values.count > 2 {
            let inner = values[1..<(values.count - 1)].filter { $0.1 != 0 }
            values = [values[0]] + inner + [values[values.count - 1]]
        }
        if maximumUnitCount > 0 {
            let firstShown = values.firstIndex { $0.1 != 0 } ?? max(0, values.count - 1)
            values = Array(values[firstShown...].prefix(maximumUnitCount))
        }
        if values.isEmpty, let smallest = all.last { values = [(smallest.0, 0)] }
        return values
    }

    func positional(_ values: [(Unit, Double)]) -> String {
        let pad = zeroFormattingBehavior.contains(.pad)
        return values.enumerated().map { index, value in
            let number = Int(value.1)
            return index == 0 && !pad ? String(number) : (number < 10 ? "0\(number)" : String(number))
        }.joined(separator: ":")
    }

    func named(_ values: [(Unit, Double)]) -> String {
        let locale = calendar?.locale ?? .current
        func words(_ duration: Duration, _ units: Set<Duration.UnitsFormatStyle.Unit>) -> String {
            var style = Duration.UnitsFormatStyle(allowedUnits: units, width: width, zeroValueUnits: .show(length: 1),
                                                  fractionalPart: allowsFractionalUnits ? .show(length: 1) : .hide)
            style.locale = locale
            let text = duration.formatted(style)
            return unitsStyle == .spellOut ? spelledOut(text, locale: locale) : text
        }
        // Units of fixed length are formatted as one duration, so the locale joins them ("1 hour,
        // 2 minutes", "1h 2m", "1 Stunde und 2 Minuten").
        if values.allSatisfy({ $0.0.seconds != nil }) {
            let total = values.reduce(0.0) { $0 + $1.1 * $1.0.seconds! }
            return words(.seconds(total), Set(values.map { durationUnit($0.0) }))
        }
        return values.map { unit, value in
            guard let length = unit.seconds else { return englishCalendarUnit(unit, value) }
            return words(.seconds(value * length), [durationUnit(unit)])
        }.joined(separator: unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", ")
    }

    var width: Duration.UnitsFormatStyle.UnitWidth {
        switch unitsStyle {
        case .abbreviated: .narrow
        case .short: .abbreviated
        case .brief: .condensedAbbreviated
        case .full, .spellOut, .positional: .wide
        }
    }

    func durationUnit(_ unit: Unit) -> Duration.UnitsFormatStyle.Unit {
        switch unit {
        case .week: .weeks
        case .day: .days
        case .hour: .hours
        case .minute: .minutes
        default: .seconds
        }
    }

    func englishCalendarUnit(_ unit: Unit, _ value: Double) -> String {
        let n = Int(value)
        let word = unit == .year ? ["y", "yr", "year"] : ["mo", "mth", "month"]
        switch unitsStyle {
        case .abbreviated: return "\(n)\(word[0])"
        case .brief: return "\(n)\(word[1])"
        case .short: return "\(n) \(word[1])"
        default:
            let number = unitsStyle == .spellOut ? spelledOut(String(n), locale: Locale(identifier: "en")) : String(n)
            return "\(number) \(word[2])\(n == 1 ? "" : "s")"
        }
    }

    /// Every whole number in `text` written out in words ("2 hours" → "two hours").
    func spelledOut(_ text: String, locale: Locale) -> String {
        let speller = NumberFormatter()
        speller.numberStyle = .spellOut
        speller.locale = locale
        var out = "", digits = ""
        func flush() {
            if let n = Int(digits), let words = speller.string(from: NSNumber(value: n)) { out += words } else { out += digits }
            digits = ""
        }
        for ch in text {
            if ch.isASCII && ch.isNumber { digits.append(ch) } else { flush(); out.append(ch) }
        }
        flush()
        return out
    }
}
