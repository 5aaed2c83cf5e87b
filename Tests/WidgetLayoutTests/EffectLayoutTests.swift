import Foundation
import Testing
import WidgetLayout
import WidgetModel

/// rotation and scale effects: the frame stays where layout put it, the drawing gets a matrix.
@Suite struct EffectLayoutTests {
    let canvas = Rect(x: 0, y: 0, width: 200, height: 100)

    @Test func rotationKeepsTheFrameAndTurnsCornersAboutTheCenter() throws {
        let plain = engine.place(box(80, 40), in: canvas)
        let rotated = engine.place(box(80, 40, [.rotation(degrees: 90, anchor: .center)]), in: canvas)
        #expect(rotated.frame == plain.frame)
        #expect(plain.frame == Rect(x: 60, y: 30, width: 80, height: 40))
        // 90° clockwise about (100, 50): the top-left corner (60, 30) goes to (120, 10).
        let corner = rotated.transform.apply(Point(x: 60, y: 30))
        #expect(abs(corner.x - 120) < 1e-9 && abs(corner.y - 10) < 1e-9)
        let center = rotated.transform.apply(Point(x: 100, y: 50))
        #expect(abs(center.x - 100) < 1e-9 && abs(center.y - 50) < 1e-9)
    }

    @Test func rotationAboutAnAnchor() {
        let node = engine.place(box(80, 40, [.rotation(degrees: -30, anchor: .topLeading)]), in: canvas)
        // The anchor stays put; the far corner (140, 70) turns by -30° about (60, 30).
        let anchor = node.transform.apply(Point(x: 60, y: 30))
        #expect(abs(anchor.x - 60) < 1e-9 && abs(anchor.y - 30) < 1e-9)
        let r = -30.0 * .pi / 180
        let far = node.transform.apply(Point(x: 140, y: 70))
        #expect(abs(far.x - (60 + 80 * cos(r) - 40 * sin(r))) < 1e-9)
        #expect(abs(far.y - (30 + 80 * sin(r) + 40 * cos(r))) < 1e-9)
    }

    @Test func scaleAboutTheBottomAndNonUniform() {
        let node = engine.place(box(80, 40, [.scale(x: 2, y: 0.5, anchor: .bottom)]), in: canvas)
        #expect(node.frame == Rect(x: 60, y: 30, width: 80, height: 40))
        let topLeft = node.transform.apply(Point(x: 60, y: 30))
        // about (100, 70): x 60 → 20, y 30 → 50
        #expect(topLeft == Point(x: 20, y: 50))
    }

    @Test func effectsDoNotMoveSiblings() {
        let row = hstack(spacing: 0, [box(50, 20, [.rotation(degrees: 45, anchor: .center), .scale(x: 3, y: 3, anchor: .center)]), box(50, 20)])
        let placed = engine.place(row, in: canvas)
        #expect(placed.children.map(\.frame) == [Rect(x: 50, y: 40, width: 50, height: 20), Rect(x: 100, y: 40, width: 50, height: 20)])
        #expect(placed.children[1].transform.isIdentity)
        #expect(!placed.children[0].transform.isIdentity)
    }

    /// A rotation written outside a clip turns the clip; a clip written outside a rotation does not.
    @Test func clipOutsideARotationIsNotTurned() {
        let inner = engine.place(box(80, 40, [.clip(.circle), .rotation(degrees: 30, anchor: .center)]), in: canvas)
        #expect(inner.clip == .circle && !inner.transform.isIdentity)
        let outer = engine.place(box(80, 40, [.rotation(degrees: 30, anchor: .center), .clip(.circle)]), in: canvas)
        #expect(outer.clip == .circle && outer.transform.isIdentity)
        #expect(outer.children.count == 1 && !outer.children[0].transform.isIdentity && outer.children[0].clip == nil)
    }

    @Test func unusableNumbersAreNoEffect() {
        for m in [Modifier.rotation(degrees: .nan, anchor: .center), .rotation(degrees: 360, anchor: .center),
                  .scale(x: .infinity, y: .nan, anchor: .center), .scale(x: 1, y: 1, anchor: UnitPoint(x: .nan, y: 0))] {
            #expect(engine.place(box(80, 40, [m]), in: canvas).transform.isIdentity)
        }
    }

    /// A linear progress's marker sits centred at the fraction along the bar; the bar keeps its frame.
    @Test func markerAtTheFraction() {
        let bar = ViewNode(.progress(ProgressContent(fraction: 0.25, tint: .color(.black), track: .white)),
                           modifiers: [.marker(box(10, 10), fraction: 0.25), .frame(FrameSpec(width: 200))])
        let placed = engine.place(bar, in: canvas)
        #expect(placed.frame.width == 200 && placed.frame.minX == 0)
        var markers: [Rect] = []
        placed.forEach { if case .shape = $0.content { markers.append($0.frame) } }
        #expect(markers == [Rect(x: 45, y: placed.frame.midY - 5, width: 10, height: 10)])
    }
}
