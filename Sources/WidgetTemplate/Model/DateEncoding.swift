import Foundation

/// What a number means where a layout reads a date (`{{eta | time}}`, `timerInterval`, a timer
/// progress): the layout's `dateEncoding:`, named as `JSONEncoder.DateEncodingStrategy` names them.
/// ISO 8601 text is a date under every encoding: `now`, date arithmetic and previews write dates so.
///
/// The default stays `secondsSince1970`, what numbers always meant here, so layouts that do not say
/// draw as before. A content-state straight from Swift's default `JSONEncoder` (and what ActivityKit
/// decodes from a push) is `deferredToDate`: seconds since 2001-01-01.
public enum DateEncoding: String, CaseIterable, Sendable {
    case secondsSince1970
    case deferredToDate
    case millisecondsSince1970
    /// Dates are ISO 8601 text; a number is not one.
    case iso8601

    /// `Date.timeIntervalSinceReferenceDate` of 1970-01-01: what `deferredToDate` counts from,
    /// in Unix seconds.
    static let referenceDateSince1970 = 978_307_200.0

    /// Unix seconds of the instant `n` stands for; nil for `iso8601`, which reads no number.
    func unixSeconds(_ n: Double) -> Double? {
        switch self {
        case .secondsSince1970: n
        case .deferredToDate: n + Self.referenceDateSince1970
        case .millisecondsSince1970: n / 1000
        case .iso8601: nil
        }
    }

    /// The instant `n` stands for, when it is one a binding can show (see `ISODate.epochDate`).
    public func date(_ n: Double) -> Date? {
        unixSeconds(n).flatMap(ISODate.epochDate)
    }

}
