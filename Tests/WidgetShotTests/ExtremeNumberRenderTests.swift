import Foundation
import Testing
import WidgetModel
import WidgetShot
import WidgetTemplate

/// Data numbers no integer holds, through the library's render entry point (the one the server's
/// `POST /v1/render`, `render --data` and `push` share): a 103-byte request with `delayMinutes: 1e19`
/// killed the process converting it to Int64 to pick a plural form.
@Suite struct ExtremeNumberRenderTests {
    static let now = Date(timeIntervalSince1970: 1_795_318_020)

    func texts(_ prepared: PreparedSurface) -> [String] {
        var texts: [String] = []
        prepared.composed.root.forEach { if case .text(let t) = $0.content { texts.append(t.content.string) } }
        return texts
    }

    /// A delay of 1e19 minutes renders, showing the number as given: nothing in the data is wrong but its
    /// size, and refusing the whole banner would hide the rest of a flight over one field.
    @Test func flightDelayedByOneE19MinutesRendersAPNG() throws {
        let layout = try Project.layout("flight")
        let data = try DataValue.parse(#"{"state":{"phase":"delayed","delayMinutes":1e19}}"#, file: "body")
        let request = RenderRequest(layout: layout, surface: .lockScreen, data: data, locale: "en", now: Self.now)
        let renderer = WidgetRenderer(fonts: Project.fonts)
        #expect(texts(try renderer.prepare(request)).contains { $0.hasPrefix("Delayed 1e+19 minutes") })
        let result = try renderer.render(request)
        #expect(Array(result.png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(result.pixelWidth > 0 && result.pixelHeight > 0)
        #expect(!result.warnings.contains { $0.message.contains("plural") })
    }

    /// Every number JSON and YAML data can hold in the field, in both locales the layout is written for:
    /// each a finished PNG (warnings allowed), never a trap.
    @Test func flightDelayedByAnyNumberRenders() throws {
        let layout = try Project.layout("flight")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let numbers = ["0", "-0", "1", "-1", "1e308", "-1e308", "9223372036854775807", "9223372036854775808",
                       "-9223372036854775809", ".inf", "-.inf", ".nan"]
        for locale in ["en", "ko"] {
            for n in numbers {
                let data = try DataValue.parse("state:\n  phase: delayed\n  delayMinutes: \(n)\n", file: "data.yaml")
                let request = RenderRequest(layout: layout, surface: .lockScreen, data: data, locale: locale, now: Self.now)
                let result = try renderer.render(request)
                #expect(result.png.count > 8, "\(locale) \(n)")
            }
        }
    }
}
