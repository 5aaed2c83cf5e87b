import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetLayout
import WidgetRender
import WidgetShot
import WidgetShotSwiftUI

/// A team's own guide, as SwiftUI's documentation writes one: a third of the way down.
private struct FirstThirdAlignment: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
}

extension SwiftUI.VerticalAlignment {
    fileprivate static let firstThird = SwiftUI.VerticalAlignment(FirstThirdAlignment.self)
}

/// `HStack(alignment: .firstTextBaseline)`, `.alignmentGuide`, `ViewDimensions` and `AlignmentID`
/// in a team's SwiftUI: laid out by the engine with the renderer's measurer, without the pixel
/// grid, frames in points.
@Suite("SwiftUI baselines and alignment guides")
struct AlignmentGuideSwiftUITests {
    /// One renderer per test (a renderer is not thread-safe; tests run in parallel).
    let renderer = Renderer(fonts: Project.fonts)

    func placed<V: SwiftUI.View>(_ view: V, width: Double = 300, height: Double = 200) -> PlacedNode {
        let node = ViewResolver.node(view, in: EnvironmentValues(look: Look()))
        return LayoutEngine(measurer: renderer.measurer).place(node, proposal: ProposedSize(width: width, height: height), at: .zero)
    }

    static func leaves(_ node: PlacedNode) -> [PlacedNode] {
        var found: [PlacedNode] = []
        node.forEach { if $0.content != .none { found.append($0) } }
        return found
    }

    /// The first baseline the renderer draws a placed text at.
    func firstBaseline(_ node: PlacedNode) -> Double {
        guard case .text(let t) = node.content,
              let line = renderer.lines(of: t.content.string, font: t.font, width: t.wrapWidth, maxLines: t.maxLines).first else { return .nan }
        return node.frame.minY + line.baseline
    }

    @Test("HStack(alignment: .firstTextBaseline) of a 34 pt and a 12 pt Text: one baseline, to 0.01 pt")
    func firstTextBaseline() throws {
        let view = HStack(alignment: .firstTextBaseline) {
            Text("128").font(.system(size: 34, weight: .bold))
            Text("kWh").font(.system(size: 12))
        }
        let texts = Self.leaves(placed(view))
        try #require(texts.count == 2)
        #expect(abs(firstBaseline(texts[0]) - firstBaseline(texts[1])) < 0.01,
                "\(firstBaseline(texts[0])) \(firstBaseline(texts[1]))")
        #expect(texts[1].frame.minY > texts[0].frame.minY + 10)
    }

    @Test("Text + Text of a 34 pt number and a caption unit: the runs share one baseline")
    func concatenatedRunsShareTheBaseline() throws {
        let view = Text("128").font(.system(size: 34, weight: .bold)) + Text(" kWh").font(.caption)
        let texts = Self.leaves(placed(view))
        try #require(texts.count == 2)
        #expect(abs(firstBaseline(texts[0]) - firstBaseline(texts[1])) < 0.01, "\(firstBaseline(texts[0])) \(firstBaseline(texts[1]))")
        #expect(texts[1].frame.maxY < texts[0].frame.maxY - 1, "\(texts.map(\.frame))")
    }

    @Test("an Image beside a Text on .lastTextBaseline sits on the baseline; alignmentGuide moves it 10 pt lower")
    func imageOnTheBaseline() throws {
        func row(_ lowered: Bool) -> PlacedNode {
            placed(HStack(alignment: .lastTextBaseline) {
                Rectangle().frame(width: 12, height: 12)
                    .alignmentGuide(.lastTextBaseline) { d in lowered ? d[.bottom] - 10 : d[.bottom] }
                Text("Piano").font(.system(size: 20))
            })
        }
        let plain = Self.leaves(row(false)), lowered = Self.leaves(row(true))
        try #require(plain.count == 2 && lowered.count == 2)
        #expect(abs(plain[0].frame.maxY - firstBaseline(plain[1])) < 0.01, "\(plain.map(\.frame))")
        #expect(abs((lowered[0].frame.minY - lowered[1].frame.minY) - (plain[0].frame.minY - plain[1].frame.minY) - 10) < 0.01,
                "\(plain.map(\.frame)) \(lowered.map(\.frame))")
    }

    @Test("VStack(alignment: .leading) with alignmentGuide(.leading) { d in d[.trailing] }: the child hangs to the left")
    func leadingFromTrailing() {
        let view = VStack(alignment: .leading, spacing: 0) {
            Rectangle().frame(width: 30, height: 10)
            Rectangle().frame(width: 20, height: 10).alignmentGuide(.leading) { d in d[.trailing] }
            Rectangle().frame(width: 10, height: 10).alignmentGuide(.leading) { d in d[explicit: .leading] ?? -5 }
        }
        let frames = Self.leaves(placed(view)).map(\.frame)
        #expect(frames == [Rect(x: 20, y: 0, width: 30, height: 10), Rect(x: 0, y: 10, width: 20, height: 10),
                           Rect(x: 25, y: 20, width: 10, height: 10)], "\(frames)")
    }

    @Test("a team's AlignmentID: each view's default is a third of its height, an alignmentGuide overrides it")
    func customAlignmentID() {
        let view = HStack(alignment: .firstThird, spacing: 0) {
            Rectangle().frame(width: 10, height: 30)
            Rectangle().frame(width: 10, height: 60)
            Rectangle().frame(width: 10, height: 30).alignmentGuide(.firstThird) { _ in 0 }
        }
        let frames = Self.leaves(placed(view)).map(\.frame)
        #expect(frames.map(\.minY) == [10, 0, 20], "\(frames)")
        #expect(SwiftUI.VerticalAlignment.firstThird == SwiftUI.VerticalAlignment(FirstThirdAlignment.self))
        #expect(SwiftUI.VerticalAlignment.firstThird != .top)
        #expect(SwiftUI.VerticalAlignment.firstTextBaseline.combineExplicit([3, nil, 1]) == 1)
        #expect(SwiftUI.HorizontalAlignment.center.combineExplicit([2, 4]) == 3)
    }

    @Test("a ZStack on .leadingFirstTextBaseline lines two texts up on their baselines; no warning is left")
    func zstackBaselines() throws {
        let view = ZStack(alignment: .leadingFirstTextBaseline) {
            Text("Big").font(.system(size: 30))
            Text("small").font(.system(size: 11))
        }
        let texts = Self.leaves(placed(view))
        try #require(texts.count == 2)
        #expect(abs(firstBaseline(texts[0]) - firstBaseline(texts[1])) < 0.01)
        let picture = try CanvasPicture(Text("a").alignmentGuide(.leading) { _ in 0 }, width: 40, height: 40)
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
    }
}
