import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Issue 37, item 4: `toggle:` draws iOS's switch: a 51 × 31 pt capsule, systemGreen (or the
/// tint) when on, secondarySystemFill when off, a white 27 pt knob 2 pt inside the trailing (on)
/// or leading (off) edge. A settings row as gradus writes it: `HStack { icon.frame(width: 24);
/// Text(label); Spacer(); Toggle }` in 390 × 44.
@Suite struct ToggleSwitchTests {
    // One renderer per test (a suite instance per test): a renderer is not shared across threads.
    let renderer = WidgetRenderer(fonts: Project.fonts)

    static func document(_ toggle: String = "toggle: on") throws -> LayoutDocument {
        try LayoutLoader.parse("""
            name: row
            surfaces:
              systemMedium:
                view:
                  hstack:
                    - { icon: bell, frame: { width: 24 } }
                    - text: Notifications
                    - spacer: null
                    - \(toggle)
            previews:
              on: { data: { on: true } }
              off: { data: { on: false } }
            """, path: "/tmp/widgetshot-tests/toggle.yaml")
    }

    func render(_ preview: String, scheme: String = "light", toggle: String = "toggle: on") throws -> RenderResult {
        var spec = RenderSpec(layout: "row", surface: "systemMedium", preview: preview, scheme: scheme, scale: 2)
        spec.look.canvas = "390x44"
        return try renderer.render(try spec.request(in: [try Self.document(toggle)]))
    }

    /// Pixel at a point (x, y in points) of a @2x render.
    func at(_ r: RenderResult, _ x: Double, _ y: Double) -> RGBA8 { r.bitmap.pixel(x: Int(x * 2), y: Int(y * 2)) }

    @Test func theSwitchIs51By31AtTheRowsEnd() throws {
        var spec = RenderSpec(layout: "row", surface: "systemMedium", preview: "on", scale: 2)
        spec.look.canvas = "390x44"
        let prepared = try renderer.prepare(try spec.request(in: [try Self.document()]))
        var capsules: [Rect] = [], circles: [Rect] = []
        prepared.composed.root.forEach { n in
            guard case .shape(let s) = n.content else { return }
            if s.shape == .capsule { capsules.append(n.frame) }
            if s.shape == .circle, s.fill == .color(.white) { circles.append(n.frame) }
        }
        let track = try #require(capsules.first), knob = try #require(circles.first)
        #expect(track == Rect(x: 339, y: 6.5, width: 51, height: 31))
        #expect(knob.width == 27 && knob.height == 27)
        // On: the knob 2 pt inside the trailing edge, centred vertically.
        #expect(abs(knob.maxX - (track.maxX - 2)) < 1e-9)
        #expect(abs(knob.midY - track.midY) < 1e-9)
    }

    @Test func onIsGreenWithTheKnobTrailing() throws {
        let on = try render("on")
        // Track at 390 − 51 + 6 = 345, mid-height: systemGreen (34C759); the knob (at 375) white.
        #expect(at(on, 345, 22) == RGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 255))
        #expect(at(on, 375, 22) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        let dark = try render("on", scheme: "dark")
        #expect(at(dark, 345, 22) == RGBA8(r: 0x30, g: 0xD1, b: 0x58, a: 255))
    }

    @Test func offIsTheSecondaryFillWithTheKnobLeading() throws {
        let off = try render("off")
        // Knob at 339 + 2 … 368: white at 354; the track beyond it (383) secondarySystemFill over
        // white: 120,120,128 at 16 % → 233,233,235.
        #expect(at(off, 354, 22) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        let track = at(off, 384, 22)
        #expect(abs(Int(track.r) - 233) <= 1 && abs(Int(track.g) - 233) <= 1 && abs(Int(track.b) - 235) <= 1, "\(track)")
        let dark = try render("off", scheme: "dark")
        let darkTrack = at(dark, 384, 22)  // 32 % over black: 38,38,41
        #expect(abs(Int(darkTrack.r) - 38) <= 1 && abs(Int(darkTrack.b) - 41) <= 1, "\(darkTrack)")
    }

    @Test func aTintColoursTheTrackWhenOn() throws {
        let tinted = try render("on", toggle: "{ toggle: on, tint: orange }")
        #expect(at(tinted, 345, 22) == RGBA8(r: 0xFF, g: 0x95, b: 0x00, a: 255))
        let off = try render("off", toggle: "{ toggle: on, tint: orange }")
        #expect(at(off, 384, 22).r < 240)  // still the fill, not orange
    }

    /// iOS 26's switch (`--ios 26`), measured on home-assistant's and gradus' iOS 26 snapshots: a
    /// 63 × 28 pt track, a white 37 × 24 pt capsule knob 2 pt in, off in tertiaryLabel (197,197,199
    /// over white, 70,70,73 over black, as both snapshots drew it); 59 pt in layout, the track
    /// 2 pt past either side (gradus' row: drawn from 329 to 392 in 390).
    @Test func iOS26DrawsItsOwnSwitch() throws {
        func spec(_ preview: String, _ scheme: String = "light") -> RenderSpec {
            var spec = RenderSpec(layout: "row", surface: "systemMedium", preview: preview, scheme: scheme, scale: 2)
            spec.look.canvas = "390x44"
            spec.look.ios = "26"
            return spec
        }
        let prepared = try renderer.prepare(try spec("on").request(in: [try Self.document()]))
        var capsules: [Rect] = []
        prepared.composed.root.forEach { n in
            if case .shape(let s) = n.content, s.shape == .capsule { capsules.append(n.frame) }
        }
        #expect(capsules == [Rect(x: 329, y: 8, width: 63, height: 28), Rect(x: 353, y: 10, width: 37, height: 24)])
        let on = try renderer.render(try spec("on").request(in: [try Self.document()]))
        #expect(at(on, 335, 22) == RGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 255))   // the track, left of the knob
        #expect(at(on, 354, 22) == RGBA8(r: 255, g: 255, b: 255, a: 255))      // the knob, to the row's end
        #expect(at(on, 388, 22) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(at(on, 352, 22) == RGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 255))   // the track left of it
        let off = try renderer.render(try spec("off").request(in: [try Self.document()]))
        #expect(at(off, 332, 22) == RGBA8(r: 255, g: 255, b: 255, a: 255))     // the knob, leading (331 …)
        #expect(at(off, 330, 22) != RGBA8(r: 255, g: 255, b: 255, a: 255))     // the track 2 pt before it
        let track = at(off, 380, 22)
        #expect(abs(Int(track.r) - 197) <= 1 && abs(Int(track.b) - 199) <= 1, "\(track)")
        let darkTrack = at(try renderer.render(try spec("off", "dark").request(in: [try Self.document()])), 380, 22)
        #expect(abs(Int(darkTrack.r) - 70) <= 1 && abs(Int(darkTrack.b) - 73) <= 1, "\(darkTrack)")
    }

    @Test func aBadValueIsAnErrorAtItsLine() throws {
        #expect { try Self.document("toggle: [1, 2]") } throws: { "\($0)".contains("toggle.yaml:9") && "\($0)".contains("'toggle'") }
        #expect { try Self.document("toggle: on ==") } throws: { "\($0)".contains("in 'toggle'") }
    }
}
