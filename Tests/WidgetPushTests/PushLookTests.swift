import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// A push is drawn with the same look options as `render` (one LookSpec): the iOS generation and
/// the rendering mode reach every picture, a mode only where the presentation has it, and a bad
/// option is refused before anything is checked or drawn.
@Suite(.serialized) struct PushLookTests {
    typealias F = PushFixtures
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)

    func render(_ look: LookSpec) throws -> PushPreview {
        let previewer = LiveActivityPreviewer(layout: try Project.layout("delivery"), attributes: F.attributes,
                                              options: try PushRenderOptions(look: look))
        return try previewer.render(try previewer.validator.check(F.input(F.update())), with: Self.renderer)
    }

    func frame(_ preview: PushPreview, _ p: LiveActivityPresentation) throws -> PushFrame {
        try #require(preview.frames.first { $0.presentation == p })
    }

    @Test func theIOSGenerationReachesEveryRequest() throws {
        let previewer = LiveActivityPreviewer(layout: try Project.layout("delivery"), attributes: F.attributes,
                                              options: try PushRenderOptions(look: LookSpec(ios: "26")))
        let payload = try #require(try previewer.validator.check(F.input(F.update())).payload)
        for surface in [Surface.lockScreen, .islandExpanded, .standBy] {
            let request = try previewer.request(for: payload, surface: surface)
            #expect(request.device.ios == .ios26, "\(surface)")
            #expect(request.colors == .ios26, "\(surface)")
        }
    }

    /// `mode: vibrant` is StandBy's night mode: every StandBy pixel lit in red only. The Lock
    /// Screen banner has no vibrant mode, so it is drawn as without the option, byte for byte.
    @Test func aModeAppliesToThePresentationsThatHaveIt() throws {
        let plain = try render(LookSpec())
        let night = try render(LookSpec(mode: "vibrant"))
        #expect(try frame(night, .lockScreen).png == frame(plain, .lockScreen).png)
        let standBy = try frame(night, .standBy).bitmap
        var lit = 0
        for y in 0..<standBy.height {
            for x in 0..<standBy.width {
                let p = standBy.pixel(x: x, y: y)
                #expect(p.g == 0 && p.b == 0, "(\(x), \(y)) is \(p)")
                if p.r > 0 { lit += 1 }
                if p.g != 0 || p.b != 0 { return }
            }
        }
        #expect(lit > 1000)
        #expect(try frame(plain, .standBy).png != frame(night, .standBy).png)
    }

    @Test func aBadLookIsRefusedNamingItsField() {
        #expect(throws: RenderSpecError.self) { try PushRenderOptions(look: LookSpec(mode: "sepia")) }
        #expect(throws: RenderSpecError.self) { try PushRenderOptions(look: LookSpec(ios: "17")) }
        do { _ = try PushRenderOptions(look: LookSpec(scale: 40)) } catch { #expect(error.field == "scale") }
        var canvas = LookSpec()
        canvas.canvas = "100x100"
        do { _ = try PushRenderOptions(look: canvas); Issue.record("a canvas was taken") } catch { #expect(error.field == "canvas") }
    }
}
