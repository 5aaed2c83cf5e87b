import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Each view drawn with `opacity` below 1 is composited through a group as large as the surface
/// (19 MB for an iPad systemExtraLarge at 4x): found by hostile testing, 125 nested `opacity` in a
/// 7 KB layout took 6.9 s and took the server to 3.7 GB. Nesting is bounded by
/// `Limits.groupDepth`, a located error before anything is drawn.
@Suite struct CompositingDepthTests {
    /// `depth` zstacks inside each other, each with opacity 0.9, around one text.
    static func nested(_ depth: Int) -> String {
        let view = String(repeating: "{zstack: [", count: depth) + "{text: a}" + String(repeating: "], opacity: 0.9}", count: depth)
        return "name: d\nsurfaces:\n  systemSmall:\n    view: \(view)\npreviews:\n  p: {data: {}}\n"
    }

    func render(_ yaml: String) throws -> RenderResult {
        let doc = try LayoutLoader.parse(yaml, path: "/tmp/widgetshot-tests/nested.yaml")
        let request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 1)
        return try WidgetRenderer(fonts: Project.fonts).render(request)
    }

    @Test func opacityNestedPastTheLimitIsALocatedError() throws {
        let limit = Limits.default.groupDepth
        do {
            _ = try render(Self.nested(limit + 1))
            Issue.record("\(limit + 1) nested opacity groups rendered")
        } catch RenderError.layoutErrors(let errors) {
            let message = errors.map(\.description).joined(separator: "\n")
            #expect(message.contains("Limits.groupDepth") && message.contains("nested.yaml:4:"), "\(message)")
        }
    }

    @Test func opacityNestedUpToTheLimitRenders() throws {
        let result = try render(Self.nested(Limits.default.groupDepth))
        #expect(result.pixelWidth > 0)
    }

    /// Opacity beside opacity is not nesting: siblings reuse the same depth.
    @Test func siblingsDoNotAddUp() throws {
        let siblings = Array(repeating: "{text: a, opacity: 0.5}", count: 50).joined(separator: ", ")
        let result = try render("name: d\nsurfaces:\n  systemSmall:\n    view: {vstack: [\(siblings)]}\npreviews:\n  p: {data: {}}\n")
        #expect(result.pixelWidth > 0)
    }
}
