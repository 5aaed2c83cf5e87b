import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// Text as iOS sets its system font: lines at SF's own height (1.193 × the size, not the HIG's
/// leading) and SF's size-specific tracking, on Latin text only (iOS draws Hangul, kana and Han in
/// fonts without SF's tracking). Before, lines took the HIG leading (body: 22 pt) and no tracking.
@Suite struct SystemTextMetricsTests {
    let renderer = Renderer(fonts: TestFonts.library)

    func size(_ text: String, _ font: FontSpec, width: Double? = nil) -> Size {
        renderer.measurer.measure(TextContent(string: text, font: font), font: font, width: width, maxLines: nil).size
    }

    @Test func theTrackingTableIsApplesAndInterpolated() {
        #expect(SystemFontMetrics.tracking(size: 17) == -0.43)
        #expect(SystemFontMetrics.tracking(size: 12) == 0)
        #expect(SystemFontMetrics.tracking(size: 28) == 0.38)
        #expect(abs(SystemFontMetrics.tracking(size: 16.5) - (-0.37)) < 1e-9)
        #expect(SystemFontMetrics.tracking(size: 3) == 0.24 && SystemFontMetrics.tracking(size: 200) == 0)
        #expect(SystemFontMetrics.tracking(size: .nan) == 0)
    }

    @Test func latinIsTrackedAndHangulIsNot() {
        func font(_ optical: Bool) -> FontSpec { FontSpec(size: 17, weight: .semibold, opticalTracking: optical) }
        let latin = "Seoul Kitchen"
        let tightened = size(latin, font(false)).width - size(latin, font(true)).width
        // 13 characters: 12 gaps of 0.43 pt each.
        #expect(abs(tightened - 12 * 0.43) < 0.05, "\(tightened)")
        let hangul = "배달중도착예정"
        #expect(size(hangul, font(false)).width == size(hangul, font(true)).width)
        // A space between Hangul words is SF's (the primary font's) and takes its tracking.
        let spaced = size("배달 중", font(false)).width - size("배달 중", font(true)).width
        #expect(spaced > 0.4 && spaced < 1.0, "\(spaced)")
        // Mixed: only the Latin letters (and the space between them) take it.
        let mixed = "배달 중 · On the way"
        let mixedTightened = size(mixed, font(false)).width - size(mixed, font(true)).width
        #expect(mixedTightened > 10 * 0.43 - 0.2 && mixedTightened < 16 * 0.43, "\(mixedTightened)")
        // Wrapped text measures the same way.
        #expect(size(latin, font(true), width: 400).width == size(latin, font(true)).width)
    }

    @Test func linesAreTheSystemFontsHeight() {
        let body = FontSpec(size: 17, lineHeight: SystemFontMetrics.lineHeight(size: 17), opticalTracking: true)
        let one = size("Arriving", body).height, three = size("Arriving\nin\n12 min", body).height
        #expect(abs(one - 20.287) < 0.01, "\(one)")
        #expect(abs(three - 3 * 20.287) < 0.03, "\(three)")
    }
}
