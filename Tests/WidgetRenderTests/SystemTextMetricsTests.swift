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

/// A wrapped text in a text style: its lines are the style's leading apart (HIG: 20 pt for
/// subheadline, 16 for caption), while a one-line text is only as tall as the font's line.
/// Measured on gradus' iOS 26 snapshots: an empty state's subheadline lines 20.0 pt apart, a
/// settings screen's caption lines 16.0 pt apart (four of them); before, WidgetShot set both at the
/// font's line (17.9, 14.3 pt), and a centred stack with a two-line message came out 2 pt short.
@Suite struct TextStyleLeadingTests {
    let renderer = Renderer(fonts: TestFonts.library)

    func font(_ style: TextStyle, _ category: DynamicTypeSize = .large) -> FontSpec {
        let size = style.size(at: category)
        return FontSpec(size: size, weight: style.weight, lineHeight: SystemFontMetrics.lineHeight(size: size),
                        opticalTracking: true, lineSpacing: style.lineSpacing(at: category))
    }

    @Test func wrappedLinesAreTheStylesLeadingApart() {
        for (style, leading) in [(TextStyle.subheadline, 20.0), (.caption, 16), (.body, 22), (.footnote, 18)] {
            let lines = renderer.lines(of: "Sign in to iCloud in Settings to see usage data from your Mac.", font: font(style),
                                       width: 200, maxLines: nil)
            #expect(lines.count >= 2, "\(style)")
            for (a, b) in zip(lines, lines.dropFirst()) {
                #expect(abs((b.top - a.top) - leading) < 0.01, "\(style): lines \(b.top - a.top) pt apart, not \(leading)")
                #expect(abs((b.baseline - a.baseline) - leading) < 0.01)
            }
            let line = SystemFontMetrics.lineHeight(size: style.size)
            #expect(abs(lines[0].height - line) < 0.01)
            let one = renderer.measurer.measure(TextContent(string: "Sign in", font: font(style)), font: font(style), width: nil, maxLines: nil)
            #expect(abs(one.size.height - line) < 0.01, "\(style): one line is the font's line")
            let two = renderer.measurer.measure(TextContent(string: "Sign in\nto iCloud", font: font(style)), font: font(style), width: nil, maxLines: nil)
            #expect(abs(two.size.height - (leading + line)) < 0.02, "\(style): two lines \(two.size.height)")
        }
        // The leading grows with Dynamic Type, as the style's size does.
        #expect(TextStyle.subheadline.lineSpacing(at: .accessibility3) > TextStyle.subheadline.lineSpacing(at: .large))
    }

    /// A written `lineHeight:` (and a text without a style's leading) keeps its lines edge to edge.
    @Test func aWrittenLineHeightSetsLinesEdgeToEdge() {
        let f = FontSpec(size: 15, lineHeight: 19, opticalTracking: true)
        let lines = renderer.lines(of: "one\ntwo\nthree", font: f, width: nil, maxLines: nil)
        #expect(lines.count == 3)
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(abs((b.top - a.top) - 19) < 0.01) }
    }
}
