import Foundation
import Testing
import WidgetModel
@testable import WidgetRender

/// Opacity groups and the accented mode's mask groups are pushed only as large as what they hold
/// (GroupBounds). These draw the hardest cases both ways, bounded and the size of the surface,
/// and ask for the same bytes; each case first shows that it really puts ink outside the frames
/// the bounds start from, so a margin too small would change pixels here.
@Suite struct GroupBoundsTests {
    let scale = 3.0
    let canvas = Rect(x: 0, y: 0, width: 240, height: 160)
    let blue = RGBA(hex: 0x0A84FF)

    func text(_ s: String, size: Double, at p: Point, italic: Bool = false, renderer: Renderer) -> PlacedNode {
        let font = FontSpec(size: size, weight: .bold)
        let content = TextContent(string: s, font: font, color: .color(.black), lineLimit: 1)
        let m = renderer.measure(content, font: font, width: nil, maxLines: 1)
        let placed = PlacedText(content: content, font: font, wrapWidth: nil, maxLines: 1, lineCount: m.lineCount, truncated: m.truncated)
        return PlacedNode(frame: Rect(x: p.x, y: p.y, width: m.size.width, height: m.size.height), content: .text(placed))
    }

    /// Bounded and unbounded drawings of `root`, full colour and accented.
    func bothWays(_ root: PlacedNode) -> (bounded: [Bitmap], unbounded: [Bitmap]) {
        let renderer = Renderer(fonts: TestFonts.library)
        func draw() -> [Bitmap] {
            let w = Int(canvas.width * scale), h = Int(canvas.height * scale)
            return [renderer.draw(root, pixelWidth: w, pixelHeight: h, scale: scale),
                    renderer.drawAccented(root, tint: AccentedTint(accent: blue, primary: .white), pixelWidth: w, pixelHeight: h, scale: scale)]
        }
        renderer.boundsGroups = true
        let bounded = draw()
        renderer.boundsGroups = false
        let unbounded = draw()
        return (bounded, unbounded)
    }

    /// Compared here, not inside #expect: a failure would print every byte of both.
    func same(_ a: Bitmap, _ b: Bitmap) -> Bool { a.width == b.width && a.height == b.height && a.pixels == b.pixels }

    func inked(_ b: Bitmap, _ x: Double, _ y: Double) -> Bool { b.pixel(x: Int(x * scale), y: Int(y * scale)).a > 0 }

    @Test func wideStrokeOutsideItsFrameIsKept() {
        var ring = PlacedNode(frame: Rect(x: 60, y: 40, width: 80, height: 60), content: .shape(ShapeContent(
            shape: .roundedRect(radius: 12, continuous: true), fill: .color(blue), stroke: Stroke(paint: .color(.black), width: 30))))
        ring.opacity = 0.5
        let root = PlacedNode(frame: canvas, children: [ring])
        let (bounded, unbounded) = bothWays(root)
        #expect(inked(unbounded[0], 100, 27))   // 13 pt above the frame: the stroke's outer half
        #expect(same(bounded[0], unbounded[0]))
        #expect(same(bounded[1], unbounded[1]))
    }

    @Test func childrenOutsideTheParentAndTurnedAreKept() {
        var turned = PlacedNode.shape(.rect, Rect(x: 150, y: 20, width: 80, height: 16), fill: blue)
        turned.transform = .rotation(degrees: 60, about: Point(x: 190, y: 28))
        var inner = PlacedNode(frame: Rect(x: 10, y: 10, width: 20, height: 20), children: [
            .shape(.circle, Rect(x: 170, y: 110, width: 40, height: 40), fill: .black, opacity: 0.7),
        ])
        inner.opacity = 0.8
        var parent = PlacedNode(frame: Rect(x: 10, y: 10, width: 30, height: 30), children: [turned, inner])
        parent.opacity = 0.6
        let root = PlacedNode(frame: canvas, children: [parent])
        let (bounded, unbounded) = bothWays(root)
        #expect(inked(unbounded[0], 208, 59))   // the turned bar, 23 pt below its frame
        #expect(inked(unbounded[0], 190, 130))  // the circle, far outside both parents
        #expect(same(bounded[0], unbounded[0]))
        #expect(same(bounded[1], unbounded[1]))
    }

    @Test func glyphOverhangAndIconsAreKept() {
        let renderer = Renderer(fonts: TestFonts.library)
        var words = text("fjŹǺ Ţģ", size: 44, at: Point(x: 8, y: 30), renderer: renderer)
        words.opacity = 0.55
        let icon = PlacedNode(frame: Rect(x: 200, y: 100, width: 4, height: 4),
                              content: .icon(IconContent(symbol: "bicycle", glyph: "\u{E52F}", size: 30, color: .color(blue))))
        var group = PlacedNode(frame: canvas, children: [words, icon])
        group.opacity = 0.9
        let root = PlacedNode(frame: canvas, children: [group])
        let (bounded, unbounded) = bothWays(root)
        #expect(inked(unbounded[0], 30, 50))
        #expect(same(bounded[0], unbounded[0]))
        #expect(same(bounded[1], unbounded[1]))
    }

    @Test func boundsInNumbers() {
        let stroked = PlacedNode(frame: Rect(x: 50, y: 50, width: 10, height: 10), content: .shape(ShapeContent(
            shape: .rect, stroke: Stroke(paint: .color(.black), width: 4))))
        let parent = PlacedNode(frame: Rect(x: 0, y: 0, width: 10, height: 10), children: [stroked])
        // Only the child draws: its frame grown by the stroke and 2 pt of antialiasing.
        #expect(GroupBounds.subtree(parent) == Rect(x: 44, y: 44, width: 22, height: 22))
        var clipped = parent
        clipped.clip = .rect
        #expect(GroupBounds.subtree(clipped) == Rect(x: -2, y: -2, width: 14, height: 14))
        #expect(GroupBounds.subtree(PlacedNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))) == nil)
        var hidden = stroked
        hidden.opacity = 0
        #expect(GroupBounds.subtree(PlacedNode(frame: parent.frame, children: [hidden])) == nil)
        var turned = stroked
        turned.transform = .rotation(degrees: 90, about: Point(x: 0, y: 0))
        let box = GroupBounds.subtree(PlacedNode(frame: parent.frame, children: [turned]))!
        #expect(abs(box.minX - -66) < 1e-9 && abs(box.minY - 44) < 1e-9 && abs(box.width - 22) < 1e-9)
    }
}
