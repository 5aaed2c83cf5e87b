import Foundation
import Testing
import TestSupport
import WidgetShot

/// A bound parameter whose value does not fit: a preview still renders (with the default, and a
/// warning), the same data given as data is an error naming the place, the parameter and the value.
@Suite struct BoundValueInPreviewTests {
    static let yaml = """
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: "{{title}}"
              alignment: "{{style.align}}"
        previews:
          bad:
            now: 2026-11-22T12:27:00+09:00
            data: { title: Hello, style: { align: sideways } }
          good:
            now: 2026-11-22T12:27:00+09:00
            data: { title: Hello, style: { align: center } }
        """

    @Test func thePreviewRendersWithTheDefaultAndTheDataRenderFails() throws {
        let doc = try LayoutLoader.parse(Self.yaml, path: "/tmp/widgetshot-tests/bound.yaml")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let bad = try #require(doc.previews.first { $0.name == "bad" })
        let good = try #require(doc.previews.first { $0.name == "good" })
        let shown = try renderer.render(RenderRequest(layout: doc, surface: .systemSmall, preview: bad))
        #expect(shown.warnings.contains { $0.severity == .warning && $0.message.hasPrefix("unknown alignment 'sideways'") })
        // The default (center) is what the preview with a fitting value draws.
        let center = try renderer.render(RenderRequest(layout: doc, surface: .systemSmall, preview: good))
        #expect(shown.png == center.png)

        var asData = RenderRequest(layout: doc, surface: .systemSmall, data: bad.data, now: try #require(bad.now))
        asData.timeZone = try #require(bad.timeZone)
        #expect(!asData.isPreview)
        do {
            _ = try renderer.render(asData)
            Issue.record("expected an error")
        } catch let error as RenderError {
            #expect(error.description.hasPrefix("/tmp/widgetshot-tests/bound.yaml:6:18: error: unknown alignment 'sideways'"), "\(error)")
            #expect(error.description.contains("(from a binding: the value is checked as if written there)"))
        }
        // Not the same picture for caches either.
        let keyer = RenderKeyer(fonts: Project.fonts)
        var previewOfData = asData
        previewOfData.isPreview = true
        #expect(keyer.key(for: asData) != keyer.key(for: previewOfData))
    }
}
