import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetModel
import WidgetTemplate

/// A preview may fix the user's text size (`dynamicType:`), so the gallery and the goldens show a
/// widget at AX3 next to its default; `extends` inherits it; a request's own `dynamicType` wins.
@Suite struct PreviewTextSizeTests {
    static let yaml = """
        name: sizes
        surfaces:
          systemSmall:
            view: { text: "{{label}}", style: body }
        previews:
          base:
            data: { label: Hi }
          big:
            extends: base
            dynamicType: AX3
          bigger:
            extends: big
            data: { label: Hello }
        """

    @Test func aPreviewSetsTheTextSizeAndExtendsInheritsIt() throws {
        let doc = try LayoutLoader.parse(Self.yaml, path: "sizes.yaml")
        #expect(doc.previews.map(\.dynamicType) == [nil, .accessibility3, .accessibility3])
        func size(_ preview: String, asked: String? = nil) throws -> DynamicTypeSize {
            var spec = RenderSpec(layout: "sizes", surface: "systemSmall", preview: preview)
            spec.look.dynamicType = asked
            return try spec.request(in: [doc]).look.dynamicType
        }
        #expect(try size("base") == .large)
        #expect(try size("bigger") == .accessibility3)
        #expect(try size("bigger", asked: "xSmall") == .xSmall)
        // The gallery's and the goldens' requests (RenderRequest(preview:)) take it too.
        let request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[2])
        #expect(request.look.dynamicType == .accessibility3)
    }

    @Test func anUnknownSizeIsAnErrorAtItsPlace() {
        let bad = Self.yaml.replacingOccurrences(of: "dynamicType: AX3", with: "dynamicType: huge")
        #expect { try LayoutLoader.parse(bad, path: "sizes.yaml") } throws: { error in
            let text = "\(error)"
            return text.contains("sizes.yaml:10:") && text.contains("unknown dynamicType 'huge'")
        }
    }
}
