import Foundation
import SwiftUI
import Testing

/// Foundation's DateComponentsFormatter, which swift-corelibs-foundation marks unavailable: with
/// `import Foundation` and `import SwiftUI` both in the file (as widget code has them), the name is
/// ours and formats as Apple documents it.
@Suite("DateComponentsFormatter on Linux")
struct DateComponentsFormatterTests {
    func formatter(_ style: DateComponentsFormatter.UnitsStyle, _ units: NSCalendar.Unit, locale: String = "en_US") -> DateComponentsFormatter {
        let f = DateComponentsFormatter()
        f.unitsStyle = style
        f.allowedUnits = units
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: locale)
        f.calendar = calendar
        return f
    }

    @Test("positional: leading zeros dropped to two places, the rest padded; .pad pads the first")
    func positional() {
        let f = formatter(.positional, [.hour, .minute, .second])
        #expect(f.string(from: 3725) == "1:02:05")
        #expect(f.string(from: 65) == "1:05")
        #expect(f.string(from: 5) == "0:05")
        f.zeroFormattingBehavior = .pad
        #expect(f.string(from: 3725) == "01:02:05")
        #expect(f.string(from: 65) == "00:01:05")
        #expect(formatter(.positional, [.minute, .second]).string(from: 3725) == "62:05")
        #expect(f.string(from: -65) == "-00:01:05")
    }

    @Test("named styles: the locale's words; zero units dropped; the smallest unit rounds down")
    func named() {
        #expect(formatter(.full, [.minute]).string(from: 300) == "5 minutes")
        #expect(formatter(.full, [.minute]).string(from: 359) == "5 minutes")
        #expect(formatter(.full, [.hour, .minute]).string(from: 3720) == "1 hour, 2 minutes")
        #expect(formatter(.full, [.hour, .minute]).string(from: 3600) == "1 hour")
        #expect(formatter(.abbreviated, [.hour, .minute]).string(from: 3720) == "1h 2m")
        #expect(formatter(.short, [.hour, .minute]).string(from: 3720) == "1 hr, 2 min")
        #expect(formatter(.spellOut, [.hour, .minute]).string(from: 7260) == "two hours, one minute")
        #expect(formatter(.full, [.day, .hour]).string(from: 200_000) == "2 days, 7 hours")
        #expect(formatter(.full, [.hour, .minute], locale: "de_DE").string(from: 3720) == "1 Stunde und 2 Minuten")
        #expect(formatter(.full, [.second]).string(from: 0) == "0 seconds")
    }

    @Test("maximumUnitCount, approximation and time-remaining phrases, dates and components")
    func options() {
        let f = formatter(.full, [.day, .hour, .minute])
        f.maximumUnitCount = 1
        #expect(f.string(from: 93_720) == "1 day")
        f.maximumUnitCount = 0
        f.includesApproximationPhrase = true
        #expect(f.string(from: 300) == "About 5 minutes")
        f.includesApproximationPhrase = false
        f.includesTimeRemainingPhrase = true
        #expect(f.string(from: 300) == "5 minutes remaining")
        f.includesTimeRemainingPhrase = false
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(f.string(from: start, to: start.addingTimeInterval(7_500)) == "2 hours, 5 minutes")
        #expect(f.string(from: DateComponents(hour: 3, minute: 4)) == "3 hours, 4 minutes")
        #expect(f.string(for: 120) == "2 minutes")
        #expect(f.string(from: .infinity) == nil && f.string(from: .nan) == nil)
        let months = formatter(.full, [.month, .day])
        months.referenceDate = start
        #expect(months.string(from: DateComponents(month: 2, day: 3)) == "2 months, 3 days")
    }
}
