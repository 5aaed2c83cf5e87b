import Testing
import WidgetLayout
import WidgetModel

/// `alignmentGuide`, a team's own guides and text baselines with the arithmetic measurer (which
/// knows no baselines: a line's baseline is taken at its bottom): frames in numbers.
@Suite struct AlignmentGuideTests {
    static func guide(_ key: AlignmentKey, _ compute: @escaping (GuideDimensions) -> Double) -> Modifier {
        .alignmentGuide(key, value: GuideFunction(compute))
    }

    func frames(_ node: PlacedNode) -> [Rect] { node.children.map(\.frame) }

    @Test("alignmentGuide(.top) { d in d.height / 2 } lines the view's middle up with the others' tops")
    func topGuideShiftsAChild() {
        let row = hstack(spacing: 0, alignment: .top, [box(20, 20), box(20, 20, [Self.guide(.vertical(.top)) { $0.height / 2 }])])
        let placed = place(row, 100, 100)
        #expect(frames(placed) == [r(0, 10, 20, 20), r(20, 0, 20, 20)])
        // The row spans both: 10 above the line and 20 below it.
        #expect(placed.frame.size == Size(width: 40, height: 30))
        #expect(engine.sizeThatFits(row, ProposedSize(width: 100, height: 100)) == Size(width: 40, height: 30))
    }

    @Test("VStack(alignment: .leading): a child whose leading guide is its trailing edge hangs to the left")
    func leadingGuideFromTrailing() {
        let column = vstack(spacing: 0, alignment: .leading, [
            box(30, 10),
            box(20, 10, [Self.guide(.horizontal(.leading)) { d in d[.horizontal(.trailing)] }]),
            box(10, 10, [Self.guide(.horizontal(.leading)) { _ in -5 }]),
        ])
        let placed = place(column, 200, 200)
        #expect(frames(placed) == [r(20, 0, 30, 10), r(0, 10, 20, 10), r(25, 20, 10, 10)])
        #expect(placed.frame.width == 50)
    }

    @Test("a non-text view's baseline guide moved 10 pt up from its bottom sits 10 pt lower than a plain one")
    func baselineGuideOnANonTextView() {
        let row = hstack(spacing: 0, alignment: .lastTextBaseline, [
            box(10, 30), box(10, 30, [Self.guide(.vertical(.lastTextBaseline)) { d in d[.vertical(.bottom)] - 10 }]),
        ])
        #expect(frames(place(row, 100, 100)) == [r(0, 0, 10, 30), r(10, 10, 10, 30)])
    }

    @Test("texts state baselines; a measurer without them puts each at its line's bottom")
    func textBaselinesFallBackToLineBottoms() {
        // 10 pt text, 12 pt lines: "aa bb" wrapped in 10 pt is two lines, first baseline 12, last 24.
        let wrapped = text("aa bb", [.frame(FrameSpec(width: 10))])
        let first = place(hstack(spacing: 0, alignment: .firstTextBaseline, [box(5, 5), wrapped]), 100, 100)
        #expect(frames(first) == [r(0, 7, 5, 5), r(5, 0, 10, 24)])
        let last = place(hstack(spacing: 0, alignment: .lastTextBaseline, [box(5, 5), wrapped]), 100, 100)
        #expect(frames(last) == [r(0, 19, 5, 5), r(5, 0, 10, 24)])
    }

    @Test("a team's own guide: its default computes each view's value, an alignmentGuide overrides it")
    func customGuide() {
        let third = VerticalAlignment(custom: "Tests.Third", defaultValue: GuideFunction { $0.height / 3 })
        let row = hstack(spacing: 0, alignment: third, [box(10, 30), box(10, 60), box(10, 30, [Self.guide(.vertical(third)) { _ in 0 }])])
        // Lines at 10 and 20 of the first two, 0 of the third: all meet 20 below the row's top.
        #expect(frames(place(row, 100, 100)) == [r(0, 10, 10, 30), r(10, 0, 10, 60), r(20, 20, 10, 30)])
        // A guide passes through a container: the inner stack's explicit value is its child's, moved.
        let inner = vstack(spacing: 0, [box(10, 10), box(10, 10, [Self.guide(.vertical(third)) { _ in 5 }])])
        let nested = place(hstack(spacing: 0, alignment: third, [box(10, 30), inner]), 100, 100)
        // inner states 10 + 5 = 15; the box's default is 10: the box starts 5 lower.
        #expect(frames(nested) == [r(0, 5, 10, 30), r(10, 0, 10, 20)])
    }

    @Test("a default that reads its own guide gets 0 there instead of recursing for ever")
    func selfReferentialDefault() {
        var recursive: VerticalAlignment!
        recursive = VerticalAlignment(custom: "Tests.Loop", defaultValue: GuideFunction { d in d[.vertical(recursive)] + 7 })
        let row = hstack(spacing: 0, alignment: recursive, [box(10, 10), box(10, 20)])
        #expect(frames(place(row, 100, 100)) == [r(0, 0, 10, 10), r(10, 0, 10, 20)])
    }

    @Test("ZStack, frame and overlay line a child up by its stated guide")
    func zstackFrameAndOverlay() {
        let z = zstack(.topLeading, [box(30, 30), box(10, 10, [Self.guide(.horizontal(.leading)) { _ in -5 }, Self.guide(.vertical(.top)) { _ in -5 }])])
        let zPlaced = place(z, 100, 100)
        #expect(frames(zPlaced) == [r(0, 0, 30, 30), r(5, 5, 10, 10)])
        #expect(zPlaced.frame.size == Size(width: 30, height: 30))

        let framed = box(10, 10, [Self.guide(.vertical(.top)) { _ in -10 }, .frame(FrameSpec(width: 40, height: 40, alignment: align("top")))])
        #expect(place(framed, 100, 100).children.map(\.frame) == [r(15, 10, 10, 10)])

        // An overlay aligned on top meets the content's stated top (3 below its edge).
        let content = box(40, 40, [Self.guide(.vertical(.top)) { _ in 3 },
                                   .overlay(box(10, 10), alignment: align("top"))])
        var overlay: Rect?
        place(content, 100, 100).forEach { if $0.frame.width == 10 { overlay = $0.frame } }
        #expect(overlay == r(15, 3, 10, 10))
    }

    @Test("baselines come from the texts' remembered outcomes: a baseline row measures no more than a bottom one")
    func baselinesAddNoMeasurements() {
        func calls(_ alignment: VerticalAlignment) -> Int {
            let counter = CountingMeasurer()
            let caption = vstack(alignment: .leading, [text("today"), text("kWh used this week", [.frame(FrameSpec(maxWidth: 40))])])
            let row = hstack(alignment: alignment, [text("128", [.padding(EdgeInsets(all: 2))]), caption, spacer(), box(10, 10)])
            _ = LayoutEngine(measurer: counter).place(row, in: r(0, 0, 200, 100))
            return counter.calls
        }
        #expect(calls(.lastTextBaseline) == calls(.bottom), "\(calls(.lastTextBaseline)) vs \(calls(.bottom))")
        #expect(calls(.firstTextBaseline) == calls(.bottom))
    }

    @Test("without baselines, a team's guide or alignmentGuide, stacks keep the fraction's numbers")
    func plainAlignmentUnchanged() {
        let row = hstack(spacing: 0, alignment: .bottom, [box(10, 30), box(10, 10)])
        #expect(frames(place(row, 100, 100)) == [r(0, 0, 10, 30), r(10, 20, 10, 10)])
        // A ZStack's baseline alignment of views without text: their bottoms.
        let z = zstack(align("centerLastTextBaseline"), [box(30, 30), box(10, 10)])
        #expect(frames(place(z, 100, 100)) == [r(0, 0, 30, 30), r(10, 20, 10, 10)])
    }
}
