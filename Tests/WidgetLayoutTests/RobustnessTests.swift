import Testing
import WidgetLayout
import WidgetModel

@Suite struct RobustnessTests {
    func isSane(_ rect: Rect) -> Bool {
        [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) && rect.width >= 0 && rect.height >= 0
    }

    @Test func negativeAndNaNFrameValuesAreClamped() {
        let root = place(shape([.frame(FrameSpec(width: -5, height: .nan))]), 100, 100, .center)
        // Width -5 becomes 0; a NaN height is no height at all, so the shape takes the 100 offered.
        #expect(root.frame == r(50, 0, 0, 100))
        let minMax = place(shape([.frame(FrameSpec(minWidth: .nan, maxWidth: -3, minHeight: .infinity, maxHeight: .nan))]), 100, 100)
        #expect(minMax.frame == r(0, 0, 0, 100))
    }

    @Test func hostileNumbersNeverProduceBadFrames() {
        let node = vstack(spacing: .infinity, [
            text("Hello", [.padding(EdgeInsets(top: .nan, leading: -4, bottom: .infinity, trailing: 3))]),
            hstack(spacing: .nan, [spacer(-3), box(.infinity, .nan), spacer(.infinity)]),
            box(10, 10, [.offset(x: .nan, y: .infinity), .opacity(.nan)]),
            ViewNode(.text(TextContent(string: "x", font: FontSpec(size: .nan, lineHeight: -1), lineLimit: -2, minimumScaleFactor: .nan))),
            ViewNode(.icon(IconContent(symbol: "clock", glyph: "x", size: -.infinity, color: .color(.black)))),
            ViewNode(.image(ImageContent(path: "/a.png", naturalSize: Size(width: .nan, height: 10), resizable: true))),
            ViewNode(.divider(color: .black, thickness: .nan)),
            ViewNode(.progress(ProgressContent(fraction: .nan, style: .ring, tint: .color(.black), track: .white, thickness: .infinity))),
        ])
        let root = place(node, 158, 158, .center)
        let nodes = root.allNodes
        #expect(nodes.allSatisfy { isSane($0.frame) })
        #expect(nodes.allSatisfy { !$0.opacity.isNaN })
        // Infinite spacing counts as none: the first child starts at the top.
        #expect(root.children[0].frame.minY == root.frame.minY)
    }

    @Test func infiniteAndNaNRootRects() {
        // An infinite width is the ideal width, aligned at the rect's edge; a NaN height is 0 and
        // the one line the text always shows overflows it, centered.
        let open = engine.place(text("Hello"), in: Rect(x: 0, y: 0, width: .infinity, height: .nan))
        #expect(open.frame == r(0, -6, 25, 12))
        // Proposals of NaN and -1 are 0: the shape takes nothing, the text one empty line.
        let sized = engine.sizeThatFits(hstack([shape(), text("Hi")]), ProposedSize(width: .nan, height: -1))
        #expect(sized == Size(width: 8, height: 12))
    }

    @Test func tenThousandChildren() {
        let children = (0..<10_000).map { _ in box(10, 1) }
        let root = place(vstack(spacing: 0, children), 100, 20_000)
        #expect(root.children.count == 10_000)
        #expect(root.children.last?.frame == r(0, 9_999, 10, 1))
        #expect(root.frame == r(0, 0, 10, 10_000))
    }

    @Test func tenThousandTextsAreMeasuredAFewTimesEach() {
        let counter = CountingMeasurer()
        let children = (0..<10_000).map { i in text("item \(i)", lineLimit: 1) }
        let root = LayoutEngine(measurer: counter).place(hstack(spacing: 0, children), in: r(0, 0, 1_000_000, 50))
        #expect(root.children.count == 10_000)
        #expect(counter.calls <= 3 * 10_000)
    }

    @Test func deepNestingDoesNotCrash() {
        var node = box(10, 10)
        for i in 0..<2_000 {
            node = i.isMultiple(of: 2) ? vstack([node], [.padding(EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))]) : hstack([node])
        }
        let root = place(node, 100, 100)
        #expect(root.frame == r(0, 0, 10, 10))
        var depth = 0
        var current = root
        while let child = current.children.first { current = child; depth += 1 }
        #expect(depth == 2_000)
        #expect(current.frame == r(0, 0, 10, 10))
    }
}
