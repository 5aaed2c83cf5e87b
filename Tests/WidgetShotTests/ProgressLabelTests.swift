import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// ProgressView and Gauge labels where SwiftUI's styles put them (Apple's GaugeStyle docs): a
/// linear bar between its label and its current value; a gauge's current value centred, its minimum
/// and maximum in the gap at the bottom, inside the round face.
@Suite struct ProgressLabelTests {
    func placed(_ surface: Surface, _ view: String) throws -> (texts: [String: Rect], bars: [Rect]) {
        let doc = try LayoutLoader.parse("""
            surfaces:
              \(surface.rawValue):
                view:
            \(view.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            previews:
              p: { data: {} }
            """, path: "/tmp/widgetshot-tests/progress-labels.yaml")
        let prepared = try WidgetRenderer(fonts: Project.fonts).prepare(RenderRequest(layout: doc, surface: surface, preview: doc.previews[0]))
        var texts: [String: Rect] = [:], bars: [Rect] = []
        prepared.composed.root.forEach { n in
            if case .text(let t) = n.content { texts[t.content.string] = n.frame }
            if case .progress = n.content { bars.append(n.frame) }
        }
        return (texts, bars)
    }

    @Test func aLinearBarSitsBetweenItsLabelAndItsValue() throws {
        let p = try placed(.systemSmall, """
            progress: 0.4
            label: { text: Downloading }
            currentValueLabel: { text: 40 % }
            """)
        let label = try #require(p.texts["Downloading"]), value = try #require(p.texts["40 %"]), bar = try #require(p.bars.first)
        #expect(abs(bar.minY - label.maxY - 4) < 0.34, "\(label) \(bar)")
        #expect(abs(value.minY - bar.maxY - 4) < 0.34, "\(bar) \(value)")
        #expect(label.minX == bar.minX && value.minX == bar.minX)
    }

    @Test func aGaugeCentresItsValueAndPutsItsRangeInTheGap() throws {
        let p = try placed(.accessoryCircular, """
            progress: 0.6
            style: accessoryCircular
            currentValueLabel: { text: "72" }
            minimumValueLabel: { text: "50" }
            maximumValueLabel: { text: "90" }
            """)
        let ring = try #require(p.bars.first), value = try #require(p.texts["72"])
        let low = try #require(p.texts["50"]), high = try #require(p.texts["90"])
        #expect(abs(value.midX - ring.midX) < 0.34 && abs(value.midY - ring.midY) < 0.34, "\(value) in \(ring)")
        // Below the arc's ends (30° below the horizontal), inside the circle.
        for label in [low, high] {
            #expect(label.minY > ring.midY + ring.height / 4 - 4 && label.maxY < ring.maxY, "\(label) in \(ring)")
            for corner in [(label.minX, label.maxY), (label.maxX, label.maxY)] {
                #expect(hypot(corner.0 - ring.midX, corner.1 - ring.midY) < ring.width / 2, "\(label) outside the face \(ring)")
            }
        }
        #expect(low.maxX < ring.midX && high.minX > ring.midX)
    }

    @Test func aStyleShowsOnlyItsLabels() {
        #expect(throws: LayoutError.self) {
            try LayoutLoader.parse("""
                surfaces:
                  systemSmall:
                    view: { progress: 0.5, minimumValueLabel: { text: "0" } }
                """, path: "/tmp/widgetshot-tests/progress-labels-bad.yaml")
        }
    }
}
