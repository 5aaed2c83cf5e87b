import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// now = 2026-11-22T12:27:00+09:00 in a +09:00 zone.
@Suite struct FilterTests {
    func render(_ text: String, _ data: String = "{}", locale: String = "ko",
                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        let bound = bindView("text: \"\(text)\"", data: data, locale: locale, sourceLocation: sourceLocation)
        return bound?.view?.text?.string
    }

    let eta = #"{"eta": "2026-11-22T12:45:00+09:00"}"#

    @Test("time and time24 format an instant in the preview's locale and time zone, whatever zone the data wrote it in") func time() {
        #expect(render("{{eta | time}}", eta) == "오후 12:45")
        #expect(render("{{eta | time}}", eta, locale: "en") == "12:45 PM")
        #expect(render("{{t | time}}", #"{"t": "2026-11-22T09:05:00+09:00"}"#) == "오전 9:05")
        #expect(render("{{t | time}}", #"{"t": "2026-11-22T09:05:00+09:00"}"#, locale: "en") == "9:05 AM")
        #expect(render("{{t | time}}", #"{"t": "2026-11-22T00:05:00+09:00"}"#) == "오전 12:05")
        #expect(render("{{eta | time24}}", eta) == "12:45")
        #expect(render("{{t | time24}}", #"{"t": "2026-11-22T09:05:00+09:00"}"#) == "09:05")
        // Z and epoch seconds are the same instant, shown in the context's zone.
        #expect(render("{{t | time}}", #"{"t": "2026-11-22T03:45:00Z"}"#) == "오후 12:45")
        #expect(render("{{t | time}}", #"{"t": 1795319100}"#) == "오후 12:45")
        // Other locales: as Foundation (ICU's CLDR data) writes them.
        #expect(render("{{eta | time}}", eta, locale: "ja") == "12:45")
    }

    /// Every locale but Korean and English formats through Foundation's FormatStyle (before, all of
    /// them wrote English: `--locale de` drew the same PNG as `en`).
    @Test func otherLocalesFormatAsFoundationDoes() {
        let later = #"{"eta": "2026-11-22T12:45:00+09:00", "t": "2026-11-22T14:50:00+09:00", "d": "2026-11-25T12:27:00+09:00", "n": 1234.5, "p": 0.25}"#
        let expected: [(String, [String: String])] = [
            ("{{eta | time}}", ["de": "12:45", "fr": "12:45", "ja": "12:45"]),
            ("{{eta | date}}", ["de": "22. November 2026", "fr": "22 novembre 2026", "ja": "2026年11月22日"]),
            ("{{eta | weekday}}", ["de": "So", "fr": "dim.", "ja": "日"]),
            ("{{eta | relative}}", ["de": "18 Min.", "fr": "18\u{00A0}min", "ja": "18分"]),
            ("{{t | relative}}", ["de": "2 Std., 23 Min.", "fr": "2\u{202F}h et 23\u{00A0}min", "ja": "2時間 23分"]),
            ("{{d | relative}}", ["de": "3 Tage", "fr": "3\u{00A0}jours", "ja": "3日"]),
            ("{{n | number: 1}}", ["de": "1.234,5", "fr": "1\u{202F}234,5", "ja": "1,234.5"]),
            ("{{p | percent}}", ["de": "25\u{00A0}%", "fr": "25\u{00A0}%", "ja": "25%"]),
        ]
        for (text, byLocale) in expected {
            for (locale, want) in byLocale.sorted(by: { $0.key < $1.key }) {
                #expect(render(text, later, locale: locale) == want, "\(text) in \(locale)")
            }
        }
        // Korean and English stay as written by hand.
        #expect(render("{{n | number: 1}}", later, locale: "en") == "1,234.5")
        #expect(render("{{p | percent}}", later, locale: "ko") == "25%")
    }

    @Test("a date formats in the preview's locale and time zone") func date() {
        #expect(render("{{eta | date}}", eta) == "2026년 11월 22일")
        #expect(render("{{eta | date}}", eta, locale: "en") == "November 22, 2026")
        // Late on the 22nd UTC is the 23rd in Seoul.
        #expect(render("{{t | date}}", #"{"t": "2026-11-22T20:00:00Z"}"#, locale: "en") == "November 23, 2026")
    }

    @Test("relative shows the distance from now in minutes, hours and minutes, or days, for past instants too") func relative() {
        #expect(render("{{eta | relative}}", eta) == "18분")
        #expect(render("{{eta | relative}}", eta, locale: "en") == "18 min")
        let later = #"{"t": "2026-11-22T14:50:00+09:00"}"#
        #expect(render("{{t | relative}}", later) == "2시간 23분")
        #expect(render("{{t | relative}}", later, locale: "en") == "2 hr, 23 min")
        let hour = #"{"t": "2026-11-22T13:27:00+09:00"}"#
        #expect(render("{{t | relative}}", hour, locale: "en") == "1 hr")
        let days = #"{"t": "2026-11-25T12:27:00+09:00"}"#
        #expect(render("{{t | relative}}", days) == "3일")
        #expect(render("{{t | relative}}", days, locale: "en") == "3 days")
        let past = #"{"t": "2026-11-22T12:24:00+09:00"}"#
        #expect(render("{{t | relative}}", past) == "3분")
        #expect(render("{{t | relative}}", past, locale: "en") == "3 min")
    }

    @Test func timerAndOffset() {
        #expect(render("{{eta | timer}}", eta) == "18:00")
        #expect(render("{{t | timer}}", #"{"t": "2026-11-22T13:29:03+09:00"}"#) == "1:02:03")
        #expect(render("{{t | timer}}", #"{"t": "2026-11-22T12:24:00+09:00"}"#) == "3:00")
        #expect(render("{{eta | offset}}", eta) == "+18분")
        #expect(render("{{eta | offset}}", eta, locale: "en") == "+18 min")
        #expect(render("{{t | offset}}", #"{"t": "2026-11-22T12:24:00+09:00"}"#, locale: "en") == "-3 min")
        #expect(render("{{t | offset}}", #"{"t": "2026-11-22T12:24:00+09:00"}"#) == "-3분")
    }

    /// `currency` always printed ₩; a code now picks the currency, formatted for the locale.
    @Test func currencyTakesACode() {
        let price = #"{"n": 25000, "trip": {"code": "EUR"}}"#
        #expect(render("{{n | currency}}", price, locale: "en") == "₩25,000")
        #expect(render("{{n | currency: USD}}", price, locale: "en") == "$25,000.00")
        #expect(render("{{n | currency: USD}}", price, locale: "de") == "25.000,00\u{00A0}$")
        #expect(render("{{n | currency: JPY}}", price, locale: "ja") == "¥25,000")
        #expect(render("{{n | currency: trip.code}}", price, locale: "fr") == "25\u{202F}000,00\u{00A0}€")
        #expect(render("{{n | currency: KRW}}", price, locale: "ko") == "₩25,000")
    }

    @Test func aCurrencyCodeIsThreeLetters() {
        let errors = parseErrors(layout(view: "text: \"{{n | currency: dollars}}\""))
        #expect(errors.contains { $0.message.contains("filter 'currency' takes a currency code of three letters: currency: USD") }, "\(errors)")
    }

    @Test("number groups thousands and fixes decimals, currency defaults to won, km turns to metres under 1 km") func numbers() {
        #expect(render("{{n | number}}", #"{"n": 1234567}"#) == "1,234,567")
        #expect(render("{{n | number: 1}}", #"{"n": 1234.56}"#) == "1,234.6")
        #expect(render("{{n | number: 2}}", #"{"n": -0.5}"#) == "-0.50")
        #expect(render("{{n | number}}", #"{"n": 999}"#) == "999")
        #expect(render("{{n | currency}}", #"{"n": 25000}"#) == "₩25,000")
        #expect(render("{{n | currency}}", #"{"n": "1500"}"#) == "₩1,500")
        #expect(render("{{d | km}}", #"{"d": 1.2}"#) == "1.2 km")
        #expect(render("{{d | km}}", #"{"d": 0.85}"#) == "850 m")
        #expect(render("{{n}}", #"{"n": 3}"#) == "3")
        #expect(render("{{n}}", #"{"n": 0.25}"#) == "0.25")
    }

    @Test func listsAndText() {
        let items = #"{"items": ["a", "b", "c", "d"], "two": ["a", "b"], "name": "Seoul Kitchen"}"#
        #expect(render("{{items | more: 2}}", items) == "외 2개")
        #expect(render("{{items | more: 2}}", items, locale: "en") == "+2 more")
        #expect(render("{{two | more: 2}}", items) == "")
        #expect(render("{{items | count}}", items) == "4")
        #expect(render("{{items.count}}", items) == "4")
        #expect(render("{{name | uppercase}}", items) == "SEOUL KITCHEN")
        #expect(render("{{name | lowercase}}", items) == "seoul kitchen")
        #expect(render("{{missing | default: 배정 중}}", items) == "배정 중")
        #expect(render("{{name | default: x}}", items) == "Seoul Kitchen")
        #expect(render("{{missing | default: 'a | b'}}", items) == "a | b")
        #expect(render("{{name | uppercase | default: x}}", items) == "SEOUL KITCHEN")
    }

    @Test func filterOnWrongValueWarns() throws {
        let bound = try #require(bindView("text: \"at {{n | time}}\"", data: #"{"n": "soon"}"#))
        #expect(bound.view?.text?.string == "at ")
        #expect(bound.diagnostics.map(\.message) == ["filter 'time' expected a date (ISO 8601 or epoch seconds), found string 'soon'"])
        #expect(bound.diagnostics.first?.severity == .warning)
    }

    @Test("a filter missing its argument, or given one it does not take, is a parse error") func filterArguments() {
        #expect(!parseErrors(layout(view: "text: \"{{items | more}}\"")).isEmpty)
        #expect(!parseErrors(layout(view: "text: \"{{items | more: x}}\"")).isEmpty)
        #expect(!parseErrors(layout(view: "text: \"{{n | time: 2}}\"")).isEmpty)
        #expect(!parseErrors(layout(view: "text: \"{{n | default}}\"")).isEmpty)
    }

    @Test("DateText, NumberText and ISODate format and parse directly, rejecting impossible dates and non-dates") func formattersDirectly() {
        let d = DateText(locale: "en", timeZone: seoul, now: fixedNow)
        #expect(d.duration(minutes: 0) == "0 min")
        #expect(d.duration(minutes: 60 * 24) == "1 day")
        #expect(DateText(locale: "ko", timeZone: seoul, now: fixedNow).duration(minutes: 120) == "2시간")
        #expect(NumberText.grouped(1_000) == "1,000")
        #expect(NumberText.grouped(0.004, decimals: 2) == "0.00")
        #expect(NumberText.plain(-12) == "-12")
        #expect(ISODate.parse("2026-11-22T12:27:00+09:00")?.date == fixedNow)
        #expect(ISODate.parse("2026-11-22T03:27:00.000Z")?.date == fixedNow)
        #expect(ISODate.parse("2026-11-22T12:27+0900")?.date == fixedNow)
        #expect(ISODate.parse("2026-02-30") == nil)
        #expect(ISODate.parse("soon") == nil)
        #expect(ISODate.format(fixedNow, timeZone: seoul) == "2026-11-22T12:27:00+09:00")
    }
}

@Suite struct ExtremeValueTests {
    @Test func filtersNeverTrapOnExtremeValues() throws {
        let filters = ["time", "time24", "date", "relative", "timer", "offset", "number", "number: 10", "currency", "km",
                       "more: 3", "count", "uppercase", "lowercase", "default: x"]
        let values = ["1e300", "-1e300", ".nan", ".inf", "-.inf", "99999999999", "-1", "0", "''", "[]", "{}", "null",
                      "'9999-12-31T23:59:59+18:00'", "'0000-01-01T00:00:00-18:00'", "[1, 2, 3, 4, 5]", "{ko: 가, en: a}"]
        let view = "vstack:\n" + filters.map { "  - text: \"{{v | \($0)}}\"" }.joined(separator: "\n")
            + "\n  - progress: \"{{v}}\"\n  - text: \"{{v}}\"\n  - progress: { start: \"{{v}}\", end: \"{{v}}\" }"
        for value in values {
            let bound = try #require(bindView(view, data: "v: \(value)"))
            #expect(bound.view != nil)
        }
    }
}

/// `weekday` (SwiftUI's `.dateTime.weekday()` / `.weekday(.wide)`) and a time zone for `time`, `time24`,
/// `date` and `weekday`. now = 2026-11-22T12:27:00+09:00, a Sunday in Seoul.
@Suite struct WeekdayAndZoneFilterTests {
    func render(_ text: String, _ data: String, locale: String = "ko",
                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        bindView("text: \"\(text)\"", data: data, locale: locale, sourceLocation: sourceLocation)?.view?.text?.string
    }

    let eta = #"{"eta": "2026-11-22T12:45:00+09:00", "trip": {"zone": "America/New_York"}}"#
    /// 00:30 on Monday in Seoul is 15:30 UTC and 10:30 in New York, both still Sunday.
    let late = #"{"t": "2026-11-23T00:30:00+09:00"}"#

    @Test func weekdayShortAndLongInKoreanAndEnglish() {
        #expect(render("{{eta | weekday}}", eta) == "일")
        #expect(render("{{eta | weekday: long}}", eta) == "일요일")
        #expect(render("{{eta | weekday: short}}", eta, locale: "en") == "Sun")
        #expect(render("{{eta | weekday: long}}", eta, locale: "en") == "Sunday")
        #expect(render("{{t | weekday: long}}", late) == "월요일")
        #expect(render("{{t | weekday}}", late, locale: "en") == "Mon")
        #expect(render("{{t | weekday: 'long UTC'}}", late, locale: "en") == "Sunday")
        #expect(render("{{t | weekday: 'America/New_York long'}}", late) == "일요일")
        #expect(render("({{eta | weekday}}) {{eta | time}}", eta) == "(일) 오후 12:45")
    }

    @Test func aTimeZoneArgumentShowsTheSameInstantThere() {
        #expect(render("{{eta | time: Asia/Seoul}}", eta) == "오후 12:45")
        #expect(render("{{eta | time: 'UTC'}}", eta) == "오전 3:45")
        #expect(render("{{eta | time: America/New_York}}", eta, locale: "en") == "10:45 PM")
        #expect(render("{{eta | time24: +05:30}}", eta) == "09:15")
        #expect(render("{{eta | time24: '-08:00'}}", eta) == "19:45")
        #expect(render("{{eta | date: America/New_York}}", eta, locale: "en") == "November 21, 2026")
        #expect(render("{{eta | date: America/New_York}}", eta) == "2026년 11월 21일")
        // From the data (a dotted path): `trip.zone` holds the name.
        #expect(render("{{eta | time: trip.zone}}", eta, locale: "en") == "10:45 PM")
    }

    @Test func aWrongZoneIsNamedWhereItIsWritten() {
        let errors = parseErrors(layout(view: "text: \"{{eta | time: Asia/Seol}}\""))
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("unknown time zone 'Asia/Seol' (did you mean Asia/Seoul?)") == true, "\(errors)")
        #expect(parseErrors(layout(view: "text: \"{{eta | weekday: longer}}\"")).first?.message
                    .contains("unknown style or time zone 'longer'") == true)
        #expect(parseErrors(layout(view: "text: \"{{eta | relative: UTC}}\"")).first?.message == "filter 'relative' takes no argument")
        // From data, a bad zone is a warning at the binding and the text is left empty.
        let bound = bindView("text: \"{{eta | time: trip.zone}}\"", data: #"{"eta": "2026-11-22T12:45:00+09:00", "trip": {"zone": "Mars/Base"}}"#)
        #expect(bound?.diagnostics.map(\.severity) == [.warning])
        #expect(bound?.diagnostics.first?.message.contains("unknown time zone 'Mars/Base'") == true)
    }
}
