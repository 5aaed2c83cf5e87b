import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetTemplate
import WidgetModel

/// Dynamic Type is a look axis: text styles (and icons sized by them) take Apple's size for the
/// user's text size; sizes written in the layout stay; the render key tells the sizes apart.
@Suite struct DynamicTypeTests {
    // In an empty folder of its own: a bare "dt.yaml" is in the working directory, the key then
    // covers every file there (the checkout, .build) and a test writing into it changes the key
    // between two calls (CI, stop 40: plain and large keyed differently). The folder is removed at
    // once (nothing is read from it; a folder that is not there has no files for the key either):
    // a static layout outlives every test, and nothing may stay in the temporary folder.
    static let layout = try! LayoutLoader.parse("""
        name: dt
        surfaces:
          systemMedium:
            view:
              vstack:
                - text: Body
                  style: body
                - text: Fixed
                  size: 17
                - text: Caption
                  style: caption
                  lineHeight: 15
                - hstack:
                    - icon: clock
                  font: title
        previews:
          one: {}
        """, path: withScratchFolder("dt") { $0 } + "/dt.yaml")

    /// The bound texts' fonts and the icon's size at `category`.
    func fonts(_ category: DynamicTypeSize) throws -> (body: FontSpec, fixed: FontSpec, caption: FontSpec, icon: Double) {
        var look = Look()
        look.dynamicType = category
        let bound = Self.layout.bind(surface: .systemMedium, data: .object([:]), context: BindContext(surface: .systemMedium, look: look))
        var texts: [FontSpec] = []
        var icon: Double?
        var stack = [try #require(bound.view)]
        while let node = stack.popLast() {
            switch node.kind {
            case .text(let t): texts.append(t.font)
            case .icon(let i): icon = i.size
            case .vstack(_, _, let children), .hstack(_, _, let children), .zstack(_, let children):
                stack.append(contentsOf: children.reversed())
            default: break
            }
        }
        try #require(texts.count == 3)
        return (texts[0], texts[1], texts[2], try #require(icon))
    }

    @Test func theTableIsApplesForEveryStyle() {
        // Body and caption 2 across the twelve sizes (HIG, Dynamic Type sizes, iOS).
        #expect(DynamicTypeSize.allCases.map { TextStyle.body.size(at: $0) } == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(DynamicTypeSize.allCases.map { TextStyle.caption2.size(at: $0) } == [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40])
        for style in TextStyle.allCases {
            #expect(style.size(at: .large) == style.size, "\(style)")
            #expect(style.lineHeight(at: .large) == style.lineHeight, "\(style)")
            let sizes = DynamicTypeSize.allCases.map { style.size(at: $0) }
            #expect(sizes == sizes.sorted(), "\(style) does not grow with the text size")
        }
        #expect(DynamicTypeSize(name: "AX3") == .accessibility3)
        #expect(DynamicTypeSize(name: "ax5") == .accessibility5)
        #expect(DynamicTypeSize(name: "AX6") == nil)
    }

    @Test func stylesFollowTheTextSizeAndWrittenSizesStay() throws {
        let large = try fonts(.large)
        // A line is as tall as the system font's own (SF: 20.287 pt at 17 pt), at every text size.
        #expect(large.body.size == 17 && large.body.lineHeight == SystemFontMetrics.lineHeight(size: 17))
        #expect(abs(SystemFontMetrics.lineHeight(size: 17) - 20.287) < 1e-9)
        #expect(large.caption.size == 12 && large.caption.lineHeight == 15)
        #expect(large.icon == 28)
        let ax3 = try fonts(.accessibility3)
        #expect(ax3.body.size == 40)
        #expect(ax3.body.lineHeight == SystemFontMetrics.lineHeight(size: 40))
        // A lineHeight written beside a style grows with it.
        #expect(ax3.caption.size == 32 && ax3.caption.lineHeight == 15 * 32 / 12.0)
        #expect(ax3.fixed.size == 17)
        #expect(ax3.icon == 48)
        let xs = try fonts(.xSmall)
        #expect(xs.body.size == 14 && xs.fixed.size == 17 && xs.icon == 25)
    }

    @Test func theSizeIsAnInputOfTheRenderAndItsKey() throws {
        let keyer = RenderKeyer(fontDigest: "test")
        func request(_ dynamicType: String?) throws -> RenderRequest {
            var spec = RenderSpec(layout: "dt", surface: "systemMedium")
            spec.look.dynamicType = dynamicType
            return try spec.request(in: [Self.layout])
        }
        let plain = try request(nil), large = try request("large"), ax3 = try request("AX3")
        #expect(large.look.dynamicType == .large && ax3.look.dynamicType == .accessibility3)
        // The default adds nothing to the key, so keys made before the axis still name their renders.
        #expect(keyer.key(for: plain) == keyer.key(for: large))
        #expect(keyer.key(for: plain) != keyer.key(for: ax3))
        #expect(throws: RenderSpecError.self) { try request("huge") }
        let renderer = WidgetRenderer(fonts: Project.fonts)
        #expect(try renderer.render(plain).png != renderer.render(ax3).png)
    }
}
