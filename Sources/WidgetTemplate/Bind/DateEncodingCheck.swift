import Foundation
import WidgetModel

/// Dates in data read in the layout's `dateEncoding:`: a number that lands decades from the instant
/// it is drawn at (a render's `now`, a push's timestamp) is more likely written in another encoding
/// (Swift's default `JSONEncoder` counts seconds from 2001, Unix seconds count from 1970: 31 years
/// apart, and a timer then shows `271752:15:00`). One check for every route: the binder adds its
/// warnings to every bound surface (render, gallery, verify, lint, the server), the push validator
/// to its report.
public struct DateEncodingWarning: Sendable, Equatable {
    /// The data path read as a date (`order.eta`, `*` for list items).
    public var path: String
    public var message: String
}

extension DateEncoding {
    /// Further than this from the instant drawn, a date is more likely a number in another encoding
    /// than meant: a widget or a Live Activity shows hours or days, not twenty years.
    public static let implausibleDistance: TimeInterval = 20 * 365.2425 * 86400

    /// Why `n`, read in this encoding, is unlikely to be the date meant near `instant` (nil when it
    /// lands within `implausibleDistance`), naming the encoding that puts it there. `reference`
    /// names the instant in the message (`now`, `the push's timestamp`).
    public func implausibility(of n: Double, near instant: Date, reference: String, layout: String) -> String? {
        if let d = date(n), abs(d.timeIntervalSince(instant)) <= Self.implausibleDistance { return nil }
        var message: String
        if self == .iso8601 {
            message = "\(Self.plain(n)) is a number, and the layout's dateEncoding: iso8601 reads dates from ISO 8601 text only"
        } else if let d = date(n) {
            let years = Int((abs(d.timeIntervalSince(instant)) / (365.2425 * 86400)).rounded())
            message = "\(Self.plain(n)) read as \(describe) (the layout's dateEncoding: \(rawValue)) is "
                + "\(Self.iso(d)), \(years) years \(d < instant ? "before" : "after") \(reference)"
        } else {
            message = "\(Self.plain(n)) read as \(describe) (the layout's dateEncoding: \(rawValue)) is no date"
        }
        let fitting = Self.allCases.compactMap { e -> (DateEncoding, Date)? in
            guard e != self, let d = e.date(n), abs(d.timeIntervalSince(instant)) <= Self.implausibleDistance else { return nil }
            return (e, d)
        }.min { abs($0.1.timeIntervalSince(instant)) < abs($1.1.timeIntervalSince(instant)) }
        if let (e, d) = fitting {
            message += "; as \(e.describe) it is \(Self.iso(d)): set `dateEncoding: \(e.rawValue)` in the layout '\(layout)'"
        } else {
            message += "; check how the data encodes dates (the layout's dateEncoding: secondsSince1970, deferredToDate, millisecondsSince1970 or iso8601)"
        }
        return message
    }

    public var describe: String {
        switch self {
        case .secondsSince1970: "seconds since 1970"
        case .deferredToDate: "seconds since 2001 (Swift's JSONEncoder default)"
        case .millisecondsSince1970: "milliseconds since 1970"
        case .iso8601: "ISO 8601 text"
        }
    }

    /// `817011900`, `1.5`, `1e+19`: a number as the data wrote it.
    public static func plain(_ n: Double) -> String {
        if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func iso(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: d)
    }

    /// The numbers at a dotted path (`*` for every list item) of `value`, and in a two-element list
    /// there (a `ClosedRange<Date>` as Swift encodes it).
    public static func numbers(at path: String, in value: DataValue) -> [Double] {
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
}

extension LayoutDocument {
    /// At most this many date-encoding warnings per bound surface.
    public static let maxDateEncodingWarnings = 8
    /// Views nested deeper than this are not looked into for dates to check: the walk recurses on
    /// the caller's thread (a pool thread's small stack, in a server or a test), and widgets read
    /// their dates far above it.
    public static let dateWalkDepth = 24

    /// One warning per data path the layout reads as a date (`ReferencedDataPaths.dates`) whose
    /// number, read in the layout's `dateEncoding:`, is no date or lands more than
    /// `DateEncoding.implausibleDistance` from `instant`. Data without a number costs one bounded
    /// scan (`Limits.expandedNodes` values) and no walk of the layout.
    public func dateEncodingWarnings(in data: DataValue, near instant: Date, reference: String = "now",
                                     paths: ReferencedDataPaths? = nil) -> [DateEncodingWarning] {
        guard paths != nil || Self.holdsNumber(data, budget: limits.expandedNodes) else { return [] }
        let dates = paths?.dates ?? dateReadPaths ?? referencedDataPaths(maxDepth: Self.dateWalkDepth).dates
        guard !dates.isEmpty else { return [] }
        var out: [DateEncodingWarning] = []
        for path in dates.sorted() {
            for n in DateEncoding.numbers(at: path, in: data) {
                guard let m = dateEncoding.implausibility(of: n, near: instant, reference: reference, layout: name) else { continue }
                out.append(DateEncodingWarning(path: path, message: m))
                break
            }
            if out.count >= Self.maxDateEncodingWarnings { break }
        }
        return out
    }

    /// Whether `value` holds a number among its first `budget` values (past it: assumed so).
    static func holdsNumber(_ value: DataValue, budget: Int) -> Bool {
        var stack = [value], seen = 0
        while let v = stack.popLast() {
            seen += 1
            if seen > budget { return true }
            switch v {
            case .number: return true
            case .object(let o): stack.append(contentsOf: o.values)
            case .array(let a): stack.append(contentsOf: a)
            default: break
            }
        }
        return false
    }
}
