import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Timer texts as iOS formats them.
///
/// Documented outputs this follows:
/// - `Text(date, style: .timer)` — Apple, Text.DateStyle.timer: "Example output: 2:32, 36:59:01"
///   (hours do not roll over into days).
/// - `Text(timerInterval:countsDown:showsHours:)` / `SystemFormatStyle.Timer` — Apple: a 5-minute countdown shows
///   5:00 at the start, 4:00 after 1 minute, 0:30 after 4 min 30 s, 0:00 at 5 minutes; a 1-hour count-up shows 0:00,
///   0:30 after 30 s, 59:59, then 1:00:00; "When showsHours is false, minutes accumulate beyond 60 … 90 minutes
///   remaining: 90:00"; at the hour boundary "1:00:00" -> "59:59".
/// - Past the end the timer stays at its end value (0:00 counting down).
/// Timer digits are the same in ko and en.
@Suite struct TimerTextTests {
    /// now = 2026-11-22T12:27:00+09:00
    func interval(startOffset: TimeInterval, length: TimeInterval, countsDown: Bool = true, showsHours: Bool = true) -> String {
        let start = fixedNow.addingTimeInterval(startOffset)
        return DateText(locale: "en", timeZone: seoul, now: fixedNow)
            .timerInterval(start: start, end: start.addingTimeInterval(length), countsDown: countsDown, showsHours: showsHours)
    }

    @Test func countdownOfFiveMinutes() {
        // elapsed since start → output (Apple's table for a 5-minute countdown)
        #expect(interval(startOffset: 0, length: 300) == "5:00")
        #expect(interval(startOffset: -60, length: 300) == "4:00")
        #expect(interval(startOffset: -270, length: 300) == "0:30")
        #expect(interval(startOffset: -300, length: 300) == "0:00")
        // Past the end it stops at 0:00 (the old `timer` filter showed 15:00 here).
        #expect(interval(startOffset: -300 - 15 * 60, length: 300) == "0:00")
        // Before the start it shows the whole interval.
        #expect(interval(startOffset: 600, length: 300) == "5:00")
        // A part second left shows as one: 0:00 appears only at the end.
        #expect(interval(startOffset: -299.5, length: 300) == "0:01")
    }

    @Test func countUpOfOneHour() {
        #expect(interval(startOffset: 0, length: 3600, countsDown: false) == "0:00")
        #expect(interval(startOffset: -30, length: 3600, countsDown: false) == "0:30")
        #expect(interval(startOffset: -3599, length: 3600, countsDown: false) == "59:59")
        #expect(interval(startOffset: -3600, length: 3600, countsDown: false) == "1:00:00")
        #expect(interval(startOffset: -7200, length: 3600, countsDown: false) == "1:00:00")   // stops at the end
        #expect(interval(startOffset: 60, length: 3600, countsDown: false) == "0:00")         // not started
    }

    @Test("a timer of an hour or more shows hours, unless showsHours is false and minutes go past 59") func hours() {
        // With hours: 1:00:00 then 59:59.
        #expect(interval(startOffset: 0, length: 3600) == "1:00:00")
        #expect(interval(startOffset: -1, length: 3600) == "59:59")
        #expect(interval(startOffset: -1800, length: 2 * 3600 + 1800) == "2:00:00")
        // Without hours minutes go past 59: 90 minutes remaining → 90:00.
        #expect(interval(startOffset: 0, length: 90 * 60, showsHours: false) == "90:00")
        #expect(interval(startOffset: -45 * 60, length: 3 * 3600, showsHours: false) == "135:00")
        #expect(interval(startOffset: -3600, length: 5400, countsDown: false, showsHours: false) == "60:00")
    }

    @Test func dateStyleTimer() {
        let d = DateText(locale: "ko", timeZone: seoul, now: fixedNow)
        #expect(d.timer(fixedNow.addingTimeInterval(152)) == "2:32")
        #expect(d.timer(fixedNow.addingTimeInterval(36 * 3600 + 59 * 60 + 1)) == "36:59:01")
        #expect(d.timer(fixedNow.addingTimeInterval(-65)) == "1:05")   // counts up from a past date
    }

    /// The same through the language: `timerInterval(start, end, countsDown:, showsHours:)` in a binding, ko and en,
    /// with its flags bound to data.
    @Test("timerInterval in a binding formats as iOS does with its flags bound from data; a non-boolean flag is an error") func inBindings() throws {
        let data = #"""
        {"b": {"start": "2026-11-22T12:20:00+09:00", "end": "2026-11-22T12:35:00+09:00", "down": false},
         "late": {"start": "2026-11-22T11:00:00+09:00", "end": "2026-11-22T12:12:00+09:00"},
         "long": {"start": "2026-11-22T12:27:00+09:00", "end": "2026-11-22T14:00:00+09:00"}}
        """#
        for locale in ["ko", "en"] {
            func text(_ e: String) -> String? {
                bindView("text: '{{\(e)}}'", data: data, locale: locale)?.view?.text?.string
            }
            #expect(text("timerInterval(b.start, b.end)") == "8:00")                         // middle, counting down
            #expect(text("timerInterval(b.start, b.end, countsDown: false)") == "7:00")
            #expect(text("timerInterval(b.start, b.end, countsDown: b.down)") == "7:00")     // a bound boolean
            #expect(text("timerInterval(late.start, late.end)") == "0:00")                   // past the end
            #expect(text("timerInterval(late.start, late.end, countsDown: false)") == "1:12:00")
            #expect(text("timerInterval(long.start, long.end)") == "1:33:00")                // at the start
            #expect(text("timerInterval(long.start, long.end, showsHours: false)") == "93:00")
        }
        let bad = try #require(bindView("text: '{{timerInterval(b.start, b.end, countsDown: b.start)}}'", data: data))
        #expect(bad.diagnostics.map(\.message).contains { $0.contains("argument 'countsDown' expected true or false") })
    }
}
