import Foundation

extension RenderRequest {
    /// `2026-11-22T12:27:00+09:00` (or `Z`, or with fractional seconds) → the instant and the
    /// offset it was written in, which the layout's times are shown in. Nil when it does not read
    /// as an ISO 8601 date with a time zone. The CLI's `--now` and the server's `now` both use it,
    /// so the same text renders the same everywhere.
    public static func parseNow(_ text: String) -> (date: Date, timeZone: TimeZone)? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        var date = f.date(from: text)
        if date == nil {
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            date = f.date(from: text)
        }
        guard let date else { return nil }
        var offset = 0
        if let match = text.range(of: #"[+-]\d\d:?\d\d$"#, options: .regularExpression) {
            let s = text[match].replacingOccurrences(of: ":", with: "")
            let sign = s.hasPrefix("-") ? -1 : 1
            let digits = s.dropFirst()
            offset = sign * ((Int(digits.prefix(2)) ?? 0) * 3600 + (Int(digits.suffix(2)) ?? 0) * 60)
        }
        return (date, TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)!)
    }
}
