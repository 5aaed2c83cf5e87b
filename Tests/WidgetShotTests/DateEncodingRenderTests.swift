import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// A Live Activity whose content-state came from Swift's default `JSONEncoder` (dates as seconds since
/// 2001), drawn by a layout that says `dateEncoding: deferredToDate`: the same picture as the same
/// instants written as ISO 8601 text.
@Suite struct DateEncodingRenderTests {
    static func layout(_ header: String) throws -> LayoutDocument {
        try LayoutLoader.parse(header + """
            surfaces:
              lockScreen:
                view:
                  hstack:
                    - icon: figure.walk
                    - text: "{{timerInterval(walk.start, walk.end, countsDown: false)}}"
                      monospacedDigit: true
                    - spacer:
                    - progress: { start: "{{walk.start}}", end: "{{walk.end}}" }
                      frame: { width: 80 }
            """, path: "/tmp/widgetshot-tests/walk.yaml")
    }

    /// Fifteen minutes into a walk planned as an hour from 2026-11-22T00:10:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_306_200 + 15 * 60)

    func render(_ layout: LayoutDocument, _ data: String) throws -> (texts: [String], png: [UInt8]) {
        let request = RenderRequest(layout: layout, surface: .lockScreen, data: try DataValue.parse(data, file: "state.json"),
                                    locale: "en", now: Self.now)
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var texts: [String] = []
        try renderer.prepare(request).composed.root.forEach { if case .text(let t) = $0.content { texts.append(t.content.string) } }
        return (texts, try renderer.render(request).png)
    }

    @Test func aWalkTimerFromSwiftsDefaultEncodingDrawsFifteenMinutes() throws {
        let swift = try render(try Self.layout("dateEncoding: deferredToDate\n"), #"{"walk": {"start": 816999000, "end": 817002600}}"#)
        #expect(swift.texts == ["15:00"])
        let iso = try render(try Self.layout(""), #"{"walk": {"start": "2026-11-22T00:10:00Z", "end": "2026-11-22T01:10:00Z"}}"#)
        #expect(iso.texts == ["15:00"])
        #expect(swift.png == iso.png, "the same instants draw the same picture (timer and progress bar)")
        // The same numbers read as Unix seconds are 1995: the walk is over and shows its whole hour.
        let unix = try render(try Self.layout(""), #"{"walk": {"start": 816999000, "end": 817002600}}"#)
        #expect(unix.texts == ["1:00:00"])
        #expect(unix.png != swift.png)
    }
}
