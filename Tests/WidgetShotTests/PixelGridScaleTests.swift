import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// Issue 37, item 3: the rounding of text line boxes and stacks, per scale, in numbers worked out
/// by hand from the system font's line (1.193 × the size: title2 22 pt → 26.25 pt, caption 12 pt →
/// 14.32 pt) and SwiftUI's rule (each edge to the nearest 1/scale pt, halves up, in surface
/// coordinates). At @3x the same rows were calibrated against gradus' iOS 26 snapshots (ListRow
/// "Settings": line box 12 … 32 pt, ink centre within 0.17 pt, half a pixel); no @2x snapshot is on
/// hand, so @2x pins the rule's arithmetic.
@Suite struct PixelGridScaleTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    func frames(_ view: String, canvas: String, scale: Double) throws -> [String: Rect] {
        let doc = try LayoutLoader.parse("""
            name: grid
            surfaces:
              systemMedium:
                view:
            \(view)
            previews:
              one: { data: {} }
            """, path: "/tmp/widgetshot-tests/grid.yaml")
        var spec = RenderSpec(layout: "grid", surface: "systemMedium", preview: "one", scale: scale)
        spec.look.canvas = canvas
        let prepared = try renderer.prepare(try spec.request(in: [doc]))
        var found: [String: Rect] = [:]
        prepared.composed.root.forEach { n in
            if case .text(let t) = n.content { found[t.content.string] = n.frame }
        }
        return found
    }

    /// A title2 bold title over a caption, centred in a 56 pt bar (gradus' nav bar with its sync
    /// line): 40.57 pt of lines from y 7.715. The title's top goes to 7.667 at @3x, 7.5 at @2x; the
    /// shared edge at 33.965 to 34.0 at both, so the boxes meet.
    static let titleOverCaption = """
              vstack:
                - { text: Gradus, font: { style: title2, weight: bold } }
                - { text: Synced 2 min ago, style: caption }
              spacing: 0
              alignment: leading
        """

    static func expectClose(_ a: Rect?, _ b: Rect, _ what: String) {
        guard let a else { Issue.record("no \(what)"); return }
        let close = abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.height - b.height) < 1e-6
        #expect(close, "\(what): \(a), expected y \(b.minY) h \(b.height)")
    }

    @Test func atThreeX() throws {
        let f = try frames(Self.titleOverCaption, canvas: "390x56", scale: 3)
        Self.expectClose(f["Gradus"], Rect(x: f["Gradus"]?.minX ?? 0, y: 23.0 / 3, width: 0, height: 34 - 23.0 / 3), "title")
        Self.expectClose(f["Synced 2 min ago"], Rect(x: f["Gradus"]?.minX ?? 0, y: 34, width: 0, height: 145.0 / 3 - 34), "caption")
        // gradus' ListRow: body 17 pt (20.287 pt) in 44 − 4: 11.857 … 32.143 → 12 … 32.
        let row = try frames(Self.listRow, canvas: "390x44", scale: 3)
        Self.expectClose(row["Settings"], Rect(x: 32, y: 12, width: 0, height: 20), "row label")
    }

    @Test func atTwoX() throws {
        let f = try frames(Self.titleOverCaption, canvas: "390x56", scale: 2)
        Self.expectClose(f["Gradus"], Rect(x: f["Gradus"]?.minX ?? 0, y: 7.5, width: 0, height: 26.5), "title")
        Self.expectClose(f["Synced 2 min ago"], Rect(x: f["Gradus"]?.minX ?? 0, y: 34, width: 0, height: 14.5), "caption")
        let row = try frames(Self.listRow, canvas: "390x44", scale: 2)
        Self.expectClose(row["Settings"], Rect(x: 32, y: 12, width: 0, height: 20), "row label")
    }

    static let listRow = """
              hstack:
                - { icon: gearshape, frame: { width: 24 } }
                - text: Settings
                - spacer: null
              padding: { vertical: 2 }
        """
}
