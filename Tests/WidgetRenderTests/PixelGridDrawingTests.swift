import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// Frames on the device pixel grid, in pixels: laid out by the engine at the
/// render scale and drawn by Cairo at that scale.
@Suite struct PixelGridDrawingTests {
    let renderer = Renderer(fonts: TestFonts.library)

    func draw(_ node: ViewNode, _ size: Size, scale: Double) -> (PlacedNode, Bitmap) {
        let placed = LayoutEngine(measurer: renderer.measurer, pixelScale: scale)
            .place(node, in: Rect(origin: .zero, size: size), alignment: Alignment(horizontal: .leading, vertical: .top))
        let bitmap = renderer.draw(placed, pixelWidth: Int(size.width * scale), pixelHeight: Int(size.height * scale), scale: scale)
        return (placed, bitmap)
    }

    /// A black hairline of 1/scale pt at y 10.3 pt: exactly one device pixel row is fully
    /// covered and the rows around it are untouched (unrounded, it would straddle two rows at
    /// partial coverage: 20.6…21.6 px at 2x).
    @Test(arguments: [1.0, 2.0, 3.0])
    func hairlineAtFractionalPositionIsOneFullRow(scale: Double) {
        let line = ViewNode(.shape(ShapeContent(shape: .rect, fill: .color(.black))),
                            modifiers: [.frame(FrameSpec(height: 1 / scale)),
                                        .padding(EdgeInsets(top: 10.3, leading: 0, bottom: 0, trailing: 0))])
        let (_, bitmap) = draw(line, Size(width: 20, height: 20), scale: scale)
        let row = Int((10.3 * scale).rounded())
        let column = bitmap.width / 2
        #expect(bitmap.pixel(x: column, y: row).a == 255)
        #expect(bitmap.pixel(x: column, y: row - 1).a == 0)
        #expect(bitmap.pixel(x: column, y: row + 1).a == 0)
        let covered = (0..<bitmap.height).filter { bitmap.pixel(x: column, y: $0).a > 0 }
        #expect(covered == [row])
    }

    /// A text pushed down by 10.3 pt: its frame top lands on the grid, and its baseline (frame
    /// top + the first line's baseline, in pixels) is a hard edge in the drawing: the row just
    /// above it holds the fully inked foot of the "H", the row on it holds nothing of it.
    @Test(arguments: [1.0, 2.0, 3.0])
    func textBaselineIsCrisp(scale: Double) {
        let font = FontSpec(size: 17)
        let content = TextContent(string: "H", font: font, color: .color(.black), lineLimit: 1)
        let node = ViewNode(.text(content), modifiers: [.padding(EdgeInsets(top: 10.3, leading: 4, bottom: 0, trailing: 0))])
        let (placed, bitmap) = draw(node, Size(width: 30, height: 40), scale: scale)
        let textNode = placed.allTextNodes.first!
        let top = textNode.frame.minY * scale
        #expect(abs(top - top.rounded()) < 1e-9, "text top \(textNode.frame.minY) pt is off the \(scale)x grid")
        #expect(top.rounded() == (10.3 * scale).rounded())
        let baseline = renderer.lines(of: "H", font: font, width: nil, maxLines: 1)[0].baseline
        let baselineRow = Int((textNode.frame.minY * scale + baseline * scale).rounded())
        // The most inked column of the row above the baseline is inside a stem of the H: there
        // the stem's foot is as dark as its middle (no half-covered row) and the baseline row is empty.
        let above = baselineRow - 1
        let stem = (0..<bitmap.width).max { bitmap.pixel(x: $0, y: above).a < bitmap.pixel(x: $1, y: above).a }!
        #expect(bitmap.pixel(x: stem, y: above).a > 0, "no ink above the baseline row \(baselineRow) at \(scale)x")
        #expect(bitmap.pixel(x: stem, y: above).a == bitmap.pixel(x: stem, y: above - 2).a)
        #expect(bitmap.pixel(x: stem, y: baselineRow).a == 0)
    }
}

extension PlacedNode {
    var allTextNodes: [PlacedNode] {
        var found: [PlacedNode] = []
        forEach { if case .text = $0.content { found.append($0) } }
        return found
    }
}
