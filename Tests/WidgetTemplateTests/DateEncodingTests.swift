import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// `dateEncoding:` says what a number bound as a date means. A Live Activity's content-state encoded by
/// Swift's default `JSONEncoder` writes a `Date` as seconds since 2001-01-01 (`deferredToDate`), which is
/// what ActivityKit decodes; read as Unix seconds it lands 31 years early.
@Suite struct DateEncodingTests {
    /// A walk that started at 2026-11-22T00:10:00Z and may last an hour, as Swift's JSONEncoder writes
    /// `startedAt` and `startedAt + 3600` by default.
    static let walk = #"{"walk": {"start": 816999000, "end": 817002600, "range": [816999000, 817002600]}}"#
    /// Fifteen minutes into the walk.
    static let now = Date(timeIntervalSince1970: 1_795_306_200 + 15 * 60)

    func texts(_ yaml: String, data: String, now: Date = now, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> (texts: [String], diagnostics: [Diagnostic]) {
        guard let doc = document(yaml, sourceLocation: sourceLocation) else { return ([], []) }
        let value: DataValue
        do { value = try DataValue.parse(data, file: "data.json") } catch {
            Issue.record("bad data: \(error)", sourceLocation: sourceLocation); return ([], [])
        }
        let bound = doc.bind(surface: .systemSmall, data: value,
                             context: BindContext(surface: .systemSmall, locale: "en", now: now, timeZone: TimeZone(identifier: "UTC")!))
        return (bound.view?.texts ?? [], bound.diagnostics)
    }

    func walkLayout(_ encoding: String?, _ text: String) -> String {
        (encoding.map { "dateEncoding: \($0)\n" } ?? "") + layout(view: "text: \"\(text)\"")
    }

    /// The walk timer counts up: 15 minutes in it shows 15:00. Read as Unix seconds (1995) the walk
    /// would be long over and show its whole hour.
    @Test func aWalkTimerFromSwiftsDefaultEncodingShowsFifteenMinutes() {
        let timer = "{{timerInterval(walk.start, walk.end, countsDown: false)}}"
        let swift = texts(walkLayout("deferredToDate", timer), data: Self.walk)
        #expect(swift.texts == ["15:00"], "\(swift.diagnostics)")
        let unix = texts(walkLayout(nil, timer), data: Self.walk)
        #expect(unix.texts == ["1:00:00"])
    }

    /// `ClosedRange<Date>` is encoded by Swift as a two-element array: `timerInterval(range)` takes it as
    /// `Text(timerInterval:)` takes a range, with the flags after it.
    @Test func aClosedRangeAsSwiftEncodesItIsATimerInterval() {
        let up = texts(walkLayout("deferredToDate", "{{timerInterval(walk.range, countsDown: false)}}"), data: Self.walk)
        #expect(up.texts == ["15:00"], "\(up.diagnostics)")
        let down = texts(walkLayout("deferredToDate", "{{timerInterval(walk.range)}}"), data: Self.walk)
        #expect(down.texts == ["45:00"], "\(down.diagnostics)")
        let noHours = texts(walkLayout("deferredToDate", "{{timerInterval(walk.range, true, false)}}"), data: Self.walk,
                            now: Self.now.addingTimeInterval(-20 * 60))
        #expect(noHours.texts == ["60:00"], "\(noHours.diagnostics)")
        // A list that is not two dates says so, and shows nothing.
        let three = texts(walkLayout("deferredToDate", "{{timerInterval(walk.bad)}}"),
                          data: #"{"walk": {"bad": [816999000, 817002600, 817003600]}}"#)
        #expect(three.texts == [""])
        #expect(three.diagnostics.contains { $0.message.contains("timerInterval") && $0.message.contains("two") }, "\(three.diagnostics)")
    }

    /// `progress: '{{range}}'`: a range bound whole is a timer progress, as `ProgressView(timerInterval:)`
    /// takes one; a quarter of the hour has passed.
    @Test func aBoundRangeIsATimerProgress() throws {
        let doc = try #require(document("dateEncoding: deferredToDate\n" + layout(view: "progress: '{{walk.range}}'")))
        let bound = doc.bind(surface: .systemSmall, data: try DataValue.parse(Self.walk, file: "data.json"),
                             context: BindContext(surface: .systemSmall, locale: "en", now: Self.now))
        guard case .progress(let p)? = bound.view?.kind else { Issue.record("no progress in \(String(describing: bound.view))"); return }
        #expect(abs(p.fraction - 0.25) < 1e-9, "\(p.fraction)")
        #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
    }

    /// The same instant, 2026-11-22T00:10:00Z, in each encoding.
    @Test(arguments: [
        ("deferredToDate", "816999000"),
        ("secondsSince1970", "1795306200"),
        ("millisecondsSince1970", "1795306200000"),
        ("iso8601", #""2026-11-22T00:10:00Z""#),
    ])
    func eachEncodingReadsItsOwnNumbers(encoding: String, start: String) {
        let shown = texts(walkLayout(encoding, "{{walk.start | time24}} {{walk.start | date}}"), data: #"{"walk": {"start": \#(start)}}"#)
        #expect(shown.texts == ["00:10 November 22, 2026"], "\(encoding): \(shown.diagnostics)")
        #expect(shown.diagnostics.isEmpty, "\(encoding): \(shown.diagnostics)")
    }

    /// ISO 8601 text is a date whatever the encoding (`now`, date arithmetic and previews write it);
    /// `iso8601` reads no number as a date, as `JSONDecoder` with `.iso8601` would not.
    @Test func isoTextIsAlwaysADateAndIso8601ReadsNoNumber() {
        for encoding in ["deferredToDate", "millisecondsSince1970"] {
            let iso = texts(walkLayout(encoding, "{{walk.start | time24}}"), data: #"{"walk": {"start": "2026-11-22T00:10:00Z"}}"#)
            #expect(iso.texts == ["00:10"], "\(encoding)")
        }
        let number = texts(walkLayout("iso8601", "{{walk.start | time24}}"), data: #"{"walk": {"start": 1795306200}}"#)
        #expect(number.texts == [""])
        let warning = try? #require(number.diagnostics.first { $0.severity == .warning })
        #expect(warning?.message.contains("dateEncoding: iso8601") == true, "\(number.diagnostics)")
    }

    /// Without the key, numbers are Unix seconds, as before: no golden changes.
    @Test func theDefaultIsSecondsSince1970() throws {
        #expect(try #require(document(layout(view: "text: a"))).dateEncoding == .secondsSince1970)
        let shown = texts(walkLayout(nil, "{{walk.start | time24}}"), data: #"{"walk": {"start": 1795306200}}"#)
        #expect(shown.texts == ["00:10"])
    }

    /// `date - date` and `seconds - date` read a number with the layout's encoding too.
    @Test func arithmeticReadsNumbersWithTheEncoding() {
        let shown = texts(walkLayout("deferredToDate", "{{walk.start - now | minutes}}"), data: Self.walk)
        #expect(shown.texts == ["-15"], "\(shown.diagnostics)")
    }

    @Test func anUnknownEncodingIsAnErrorAtItsValue() throws {
        let d = parseErrors("dateEncoding: unix\n" + layout(view: "text: a"), file: "walk.yaml")
        let e = try #require(d.first)
        #expect(e.location == SourceLocation(file: "walk.yaml", line: 1, column: 15), "\(e)")
        #expect(e.message.contains("dateEncoding"), "\(e)")
        for name in ["deferredToDate", "secondsSince1970", "millisecondsSince1970", "iso8601"] {
            #expect(e.message.contains(name), "\(e)")
        }
    }

    /// The paths a layout reads as dates (for the push check): filters that show a date,
    /// `timerInterval`'s dates or range, a timer progress's start and end.
    @Test func datePathsAreFoundWithoutData() throws {
        let doc = try #require(document("""
            surfaces:
              lockScreen:
                view:
                  vstack:
                    - text: "{{order.eta | time}} {{order.count | number}}"
                    - text: "{{timerInterval(walk.start, walk.end)}} {{timerInterval(walk.range)}}"
                    - progress: { start: "{{trip.departure}}", end: "{{trip.arrival}}" }
                    - use: clock
                      with: { at: order.placedAt }
            components:
              clock:
                text: "{{at | relative}}"
            """))
        let paths = doc.referencedDataPaths()
        #expect(paths.dates == ["order.eta", "walk.start", "walk.end", "walk.range", "trip.departure", "trip.arrival", "order.placedAt"])
    }
}
