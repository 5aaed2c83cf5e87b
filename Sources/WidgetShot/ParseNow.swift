import Foundation
import WidgetTemplate

extension RenderRequest {
    /// `2026-11-22T12:27:00+09:00` (or `Z`, or with fractional seconds) → the instant and the
    /// offset it was written in, which the layout's times are shown in. Strict ISO 8601: every
    /// field in its real range (no February 30, no hour 24), an offset within ±18:00, nothing after.
    /// The CLI's `--now`, the server's `now` and a preview's `now:` all read it alike.
    public static func readNow(_ text: String) throws(ISODateError) -> (date: Date, timeZone: TimeZone) {
        let (date, offset) = try ISODate.readInstant(text)
        return (date, TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)!)
    }

    /// `readNow`, or nil when the text is not a date (without saying why).
    public static func parseNow(_ text: String) -> (date: Date, timeZone: TimeZone)? {
        try? readNow(text)
    }
}
