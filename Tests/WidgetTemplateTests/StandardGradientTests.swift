import Testing
import WidgetModel
@testable import WidgetTemplate

/// `{gradient: COLOR}` (SwiftUI's `Color.gradient`): top to bottom, the colour mixed with 20 % white,
/// then the colour; per scheme and from data like any colour.
@Suite struct StandardGradientTests {
    @Test func topIsLighterBottomIsTheColour() throws {
        let bound = try #require(bindView("{ rect: null, fill: { gradient: \"#336699\" } }"))
        guard case .shape(let s)? = bound.view?.kind, case .linearGradient(let stops, let start, let end)? = s.fill else {
            Issue.record("not a gradient: \(String(describing: bound.view?.kind))"); return
        }
        #expect(start == .top && end == .bottom)
        #expect(stops.map(\.location) == [0, 1])
        let top = stops[0].color, bottom = stops[1].color
        #expect(abs(bottom.r - 0x33 / 255.0) < 1e-9 && abs(bottom.b - 0x99 / 255.0) < 1e-9)
        #expect(abs(top.r - (0x33 / 255.0 + (1 - 0x33 / 255.0) * 0.2)) < 1e-9)
        #expect(abs(top.g - (0x66 / 255.0 + (1 - 0x66 / 255.0) * 0.2)) < 1e-9)
        #expect(top.a == bottom.a)
    }

    @Test func onlyTheColourGoesWithIt() {
        let errors = parseErrors(layout(view: "{ rect: null, fill: { gradient: blue, start: leading } }"))
        #expect(errors.contains { $0.message.contains("unknown key 'start'") }, "\(errors)")
    }
}
