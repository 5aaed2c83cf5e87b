import Foundation
import WidgetModel
import WidgetTemplate
import WidgetShot

/// Dates in a content-state read in the layout's `dateEncoding:`: a number that lands decades from
/// the push is more likely written in another encoding.
extension PushValidator {
    /// Further than this from the push, a date in a content-state is more likely a number in another
    /// encoding than meant: Swift's `deferredToDate` and Unix seconds are 31 years apart, and a
    /// Live Activity lasts hours.
    static let implausibleDateDistance: TimeInterval = 20 * 365.2425 * 86400

    /// One `dateEncoding` warning per content-state path the layout reads as a date
    /// (`ReferencedDataPaths.dates`) whose number, read in the layout's `dateEncoding:`, is no date or
    /// lands decades from the push's timestamp; it names the encoding that puts it near the push.
    func reportDateEncodings(_ state: DataValue, at timestamp: Date, layout: LayoutDocument,
                             into report: inout PushReport, budget: Budget) throws {
        guard let referenced else { return }
        let encoding = layout.dateEncoding
        for path in referenced.dates.sorted() {
            try WidgetRenderer.check(budget.deadline)
            guard let n = Self.numbers(at: path, in: state).first(where: { n in
                encoding.date(n).map { abs($0.timeIntervalSince(timestamp)) > Self.implausibleDateDistance } ?? true
            }) else { continue }
            var message: String
            if encoding == .iso8601 {
                message = "\(Self.plain(n)) is a number, and the layout's dateEncoding: iso8601 reads dates from ISO 8601 text only"
            } else if let date = encoding.date(n) {
                let years = Int((abs(date.timeIntervalSince(timestamp)) / (365.2425 * 86400)).rounded())
                message = "\(Self.plain(n)) read as \(Self.describe(encoding)) (the layout's dateEncoding: \(encoding.rawValue)) is "
                    + "\(Self.iso(date)), \(years) years \(date < timestamp ? "before" : "after") the push's timestamp"
            } else {
                message = "\(Self.plain(n)) read as \(Self.describe(encoding)) (the layout's dateEncoding: \(encoding.rawValue)) is no date"
            }
            let fitting = DateEncoding.allCases.compactMap { e -> (DateEncoding, Date)? in
                guard e != encoding, let d = e.date(n), abs(d.timeIntervalSince(timestamp)) <= Self.implausibleDateDistance else { return nil }
                return (e, d)
            }.min { abs($0.1.timeIntervalSince(timestamp)) < abs($1.1.timeIntervalSince(timestamp)) }
            if let (e, d) = fitting {
                message += "; as \(Self.describe(e)) it is \(Self.iso(d)): set `dateEncoding: \(e.rawValue)` in the layout '\(layout.name)'"
            } else {
                message += "; check how the payload encodes dates (the layout's dateEncoding: secondsSince1970, deferredToDate, millisecondsSince1970 or iso8601)"
            }
            report.warning(.dateEncoding, "aps.content-state.\(path)", message)
            try budget.check(report)
        }
    }

    /// The numbers at a dotted path (`*` for every list item) of `value`, and in a two-element list
    /// there (a `ClosedRange<Date>` as Swift encodes it).
    static func numbers(at path: String, in value: DataValue) -> [Double] {
        var current = [value]
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            current = current.flatMap { v -> [DataValue] in
                switch v {
                case .object(let o): return o[String(key)].map { [$0] } ?? []
                case .array(let a) where key == "*": return a
                default: return []
                }
            }
        }
        return current.flatMap { v -> [Double] in
            switch v {
            case .number(let n): return [n]
            case .array(let bounds) where bounds.count == 2:
                return bounds.compactMap { if case .number(let n) = $0 { return n }; return nil }
            default: return []
            }
        }
    }

    /// `817011900`, `1.5`, `1e+19`: a number as the payload wrote it.
    static func plain(_ n: Double) -> String {
        if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func describe(_ encoding: DateEncoding) -> String {
        switch encoding {
        case .secondsSince1970: "seconds since 1970"
        case .deferredToDate: "seconds since 2001 (Swift's JSONEncoder default)"
        case .millisecondsSince1970: "milliseconds since 1970"
        case .iso8601: "ISO 8601 text"
        }
    }

    static func iso(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: d)
    }
}
