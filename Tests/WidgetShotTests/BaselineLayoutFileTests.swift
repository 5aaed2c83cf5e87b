import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// `alignment: firstTextBaseline` / `lastTextBaseline` in a layout file: an `hstack` of a large
/// number and its unit draws both on one baseline; a `zstack` and a `frame` take SwiftUI's
/// baseline names; a misspelt one is an error at its line naming the words allowed.
@Suite struct BaselineLayoutFileTests {
    static func document(_ view: String, name: String) throws -> LayoutDocument {
        try LayoutLoader.parse("""
            surfaces:
              systemSmall:
                view:
            \(view.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            previews:
              p: { data: {} }
            """, path: "/tmp/widgetshot-tests/\(name).yaml")
    }

    /// The texts of a render at 3 px per point, with the baseline the renderer draws each at.
    func texts(_ view: String, name: String) throws -> [(frame: Rect, baseline: Double)] {
        let doc = try Self.document(view, name: name)
        var request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 3)
        request.look.canvas = Size(width: 200, height: 80)
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let result = try renderer.render(request)
        var found: [(Rect, Double)] = []
        result.placed?.forEach { node in
            guard case .text(let t) = node.content else { return }
            let line = renderer.renderer.lines(of: t.content.string, font: t.font, width: t.wrapWidth, maxLines: t.maxLines)
            found.append((node.frame, node.frame.minY + (line.first?.baseline ?? .nan)))
        }
        return found
    }

    @Test func anHStackOnTheFirstBaselineDrawsANumberAndItsUnitOnOneBaseline() throws {
        let row = """
            hstack:
              - text: "128"
                size: 34
                weight: bold
              - text: kWh
                size: 12
            """
        let aligned = try texts(row + "\nalignment: firstTextBaseline", name: "baseline-first")
        try #require(aligned.count == 2)
        // Frames are rounded to the 3x pixel grid: the baselines agree to within one device pixel.
        #expect(abs(aligned[0].baseline - aligned[1].baseline) <= 1.0 / 3 + 1e-9, "\(aligned)")
        let bottom = try texts(row + "\nalignment: bottom", name: "baseline-bottom")
        #expect(abs(bottom[0].baseline - bottom[1].baseline) > 1, "\(bottom)")
    }

    @Test func zstackAndFrameTakeTheBaselineNames() throws {
        let z = try texts("""
            zstack:
              - text: Big
                size: 30
              - text: small
                size: 11
            alignment: leadingLastTextBaseline
            """, name: "baseline-zstack")
        try #require(z.count == 2)
        #expect(abs(z[0].baseline - z[1].baseline) <= 1.0 / 3 + 1e-9, "\(z)")
        #expect(abs(z[0].frame.minX - z[1].frame.minX) < 1e-9)
        _ = try Self.document("text: a\nframe: { width: 50, height: 40, alignment: centerFirstTextBaseline }", name: "baseline-frame")
    }

    @Test func aMisspeltBaselineIsAnErrorNamingTheWords() {
        do {
            _ = try Self.document("hstack:\n  - text: a\nalignment: baseline", name: "baseline-bad")
            Issue.record("no error")
        } catch {
            let message = "\(error)"
            #expect(message.contains("baseline-bad.yaml:") && message.contains("firstTextBaseline"), "\(message)")
        }
    }
}
