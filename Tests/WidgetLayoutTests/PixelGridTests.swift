import Testing
import WidgetLayout
import WidgetModel

/// Frames rounded to the device pixel grid as SwiftUI rounds them: laid out in
/// points, each edge moved to the nearest 1/scale pt (halfway up), in surface coordinates.
@Suite struct PixelGridTests {
    func gridEngine(_ scale: Double) -> LayoutEngine { LayoutEngine(measurer: FakeMeasurer(), pixelScale: scale) }

    func place(_ node: ViewNode, _ width: Double, _ height: Double, scale: Double, _ alignment: Alignment = .topLeading) -> PlacedNode {
        gridEngine(scale).place(node, in: r(0, 0, width, height), alignment: alignment)
    }

    /// Edges in device pixels, for exact comparison (1/3 pt is not a binary fraction).
    func pixels(_ rect: Rect, _ scale: Double) -> [Double] {
        [rect.minX, rect.minY, rect.maxX, rect.maxY].map { ($0 * scale * 1e6).rounded() / 1e6 }
    }

    /// Three flexible rectangles share 100 pt: 33.33 each. At 1x the edges land on 0, 33, 67,
    /// 100 (33, 34, 33 wide); at 2x on 0, 33.5, 66.5, 100; at 3x on 0, 33⅓, 66⅔, 100. Each
    /// rectangle starts exactly where the previous one ends.
    @Test(arguments: [(1.0, [0.0, 33, 67, 100]), (2.0, [0, 67, 133, 200]), (3.0, [0, 100, 200, 300])])
    func sharedEdgesStayShared(scale: Double, edgesInPixels: [Double]) {
        let root = place(hstack(spacing: 0, [shape(), shape(), shape()]), 100, 20, scale: scale)
        let edges = root.children.map { pixels($0.frame, scale) }
        #expect(edges.map { $0[0] } == Array(edgesInPixels.dropLast()))
        #expect(edges.map { $0[2] } == Array(edgesInPixels.dropFirst()))
        #expect(edges.allSatisfy { $0[1] == 0 && $0[3] == 20 * scale })
    }

    /// A 12 pt text centered in a 13.4 pt slot sits at y 0.7: at 1x its top goes to 1 (1 px), at
    /// 2x to 0.5 (1 px), at 3x to 0.667 (2 px); its height stays 12 pt.
    @Test(arguments: [(1.0, 1.0), (2.0, 1.0), (3.0, 2.0)])
    func textTopLandsOnThePixelGrid(scale: Double, topInPixels: Double) {
        let root = place(text("Hi"), 40, 13.4, scale: scale, .center)
        let p = pixels(root.frame, scale)
        #expect(p[1] == topInPixels)
        #expect(p[3] - p[1] == 12 * scale)
        // x: (40 − 10) / 2 = 15, already on every grid.
        #expect(p[0] == 15 * scale)
    }

    /// A hairline of 1/scale pt at y 10.3: one whole device pixel row at every scale.
    @Test(arguments: [1.0, 2.0, 3.0])
    func hairlineIsOnePixelRow(scale: Double) {
        let line = shape([.frame(FrameSpec(height: 1 / scale)), .padding(EdgeInsets(top: 10.3, leading: 0, bottom: 0, trailing: 0))])
        let root = place(line, 50, 40, scale: scale)
        let hairline = root.allNodes.first { if case .shape = $0.content { return true } else { return false } }!
        let p = pixels(hairline.frame, scale)
        #expect(p[3] - p[1] == 1)
        #expect(p[1] == (10.3 * scale).rounded())
    }

    /// Every frame of a nested layout, at every scale, has all four edges on the grid.
    @Test(arguments: [1.0, 2.0, 3.0])
    func everyEdgeIsOnTheGrid(scale: Double) {
        let node = vstack(spacing: 3.3, [
            hstack(spacing: 1.7, [text("Hello"), shape(), text("a b c", [.frame(FrameSpec(width: 21.1))])]),
            shape([.frame(FrameSpec(height: 0.4)), .padding(EdgeInsets(all: 2.25))]),
            text("World", [.frame(FrameSpec(maxWidth: .infinity, alignment: align("trailing")))]),
        ], [.padding(EdgeInsets(all: 7.15))])
        let root = place(node, 101.7, 63.9, scale: scale, .center)
        for node in root.allNodes {
            for edge in pixels(node.frame, scale) { #expect(edge == edge.rounded(), "\(node.frame) at \(scale)x") }
        }
    }

    /// Without a scale the engine keeps exact points (sizeThatFits, tests, measuring passes).
    @Test func noScaleKeepsPoints() {
        let root = engine.place(text("Hi"), in: r(0, 0, 40, 13.4), alignment: .center)
        #expect(root.frame == r(15, (13.4 - 12) / 2, 10, 12))
    }

    @Test func pixelGridRefusesUnusableScales() {
        #expect(PixelGrid(scale: 0) == nil)
        #expect(PixelGrid(scale: .nan) == nil)
        #expect(PixelGrid(scale: -2) == nil)
        #expect(PixelGrid(scale: .infinity) == nil)
        #expect(PixelGrid(scale: 2)?.round(0.25) == 0.5)   // halfway goes up
        #expect(PixelGrid(scale: 2)?.round(-0.25) == 0)
        #expect(PixelGrid(scale: 1)?.round(r(0.4, 0.6, 10.2, 10.2)) == r(0, 1, 11, 10))
    }
}
