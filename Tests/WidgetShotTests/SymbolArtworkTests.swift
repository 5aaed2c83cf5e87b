import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// A project's own symbols: `Icons/NAME.svg` beside the layout, drawn with librsvg as a template
/// in the icon's colour, the artwork winning over the bundled stand-in, an SF Symbols export's
/// variant picked by weight; confined to the folder like images. Before, only the bundled icon
/// font's names existed.
@Suite struct SymbolArtworkTests {
    static let square = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="0" y="0" width="10" height="10" fill="#F00"/></svg>"##
    /// An SF Symbols-like template: a circle for Regular-M, a square for Bold-M.
    static let template = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
      <g id="Regular-M"><circle cx="25" cy="25" r="20" fill="#000"/></g>
      <g id="Bold-M"><rect x="55" y="55" width="40" height="40" fill="#000"/></g>
    </svg>
    """

    func project(_ icons: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "widgetshot-symbols-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/Icons", withIntermediateDirectories: true)
        for (name, svg) in icons { try svg.write(toFile: dir + "/Icons/\(name).svg", atomically: true, encoding: .utf8) }
        return dir
    }

    func render(_ dir: String, _ icon: String, weight: String = "regular") throws -> RenderResult {
        let yaml = """
        surfaces:
          systemSmall:
            view:
              icon: \(icon)
              size: 20
              color: "#0000FF"
              font: { weight: \(weight) }
              frame: { width: 20, height: 20 }
        previews:
          p: { data: {} }
        """
        let doc = try LayoutLoader.parse(yaml, path: dir + "/symbols.yaml")
        var request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 1)
        request.look.canvas = Size(width: 20, height: 20)
        return try WidgetRenderer(fonts: Project.fonts).render(request)
    }

    @Test func projectArtworkIsDrawnInTheIconsColour() throws {
        let dir = try project(["brand.logo": Self.square, "bicycle": Self.square])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
        let own = try render(dir, "brand.logo")
        // The square fills the 20 pt box: every pixel is the icon's colour (the SVG's red is not used).
        #expect(own.bitmap.pixel(x: 0, y: 0) == blue && own.bitmap.pixel(x: 19, y: 19) == blue && own.bitmap.pixel(x: 10, y: 10) == blue)
        // A name the bundled font also has: the project's artwork wins (Material's bicycle leaves corners empty).
        let bicycle = try render(dir, "bicycle")
        #expect(bicycle.bitmap.pixel(x: 0, y: 0) == blue)
    }

    @Test func anSFSymbolsTemplateDrawsTheVariantOfTheWeight() throws {
        let dir = try project(["gauge.custom": Self.template])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let regular = try render(dir, "gauge.custom")
        let bold = try render(dir, "gauge.custom", weight: "bold")
        // Each variant is fitted to the box: the square (bold) fills its corner, the circle does not.
        #expect(bold.bitmap.pixel(x: 0, y: 0) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(regular.bitmap.pixel(x: 0, y: 0) == RGBA8(r: 255, g: 255, b: 255, a: 255), "the canvas's white: the circle leaves the corner")
        #expect(regular.bitmap.pixel(x: 10, y: 10) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func unknownNamesAndLinksOutAreRefusedWithTheFolderNamed() throws {
        let dir = try project([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect { try render(dir, "brand.logo") } throws: { "\($0)".contains("Icons/brand.logo.svg") }
        let outside = NSTemporaryDirectory() + "widgetshot-outside-\(UUID().uuidString).svg"
        try Self.square.write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/Icons/escape.svg", withDestinationPath: outside)
        #expect { try render(dir, "escape") } throws: { "\($0)".contains("leads outside") }
        // An Icons folder that is itself a link elsewhere is refused too.
        let elsewhere = NSTemporaryDirectory() + "widgetshot-elsewhere-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try Self.square.write(toFile: elsewhere + "/far.svg", atomically: true, encoding: .utf8)
        let linked = try project([:])
        defer { try? FileManager.default.removeItem(atPath: linked) }
        try FileManager.default.removeItem(atPath: linked + "/Icons")
        try FileManager.default.createSymbolicLink(atPath: linked + "/Icons", withDestinationPath: elsewhere)
        #expect { try render(linked, "far") } throws: { "\($0)".contains("leads outside") }
        // A name that is a path is not a symbol name.
        #expect { try render(dir, "../escape") } throws: { "\($0)".contains("unknown icon") }
    }

    /// An icon font the project bundles: `Icons/icons.yaml` names the family and code point.
    @Test func aProjectIconFontDrawsItsGlyph() throws {
        let dir = try project([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "# ours\nbrand.at: { font: JetBrains Mono, codepoint: \"40\" }\nbrand.cart: { font: Material Icons, codepoint: E8CC }\n"
            .write(toFile: dir + "/Icons/icons.yaml", atomically: true, encoding: .utf8)
        let yaml = "surfaces:\n  systemSmall:\n    view:\n      hstack:\n        - icon: brand.at\n        - icon: brand.cart\npreviews:\n  p: { data: {} }\n"
        let doc = try LayoutLoader.parse(yaml, path: dir + "/fonts.yaml")
        let bound = doc.bind(surface: .systemSmall, data: doc.previews[0].data, context: BindContext(surface: .systemSmall, look: Look()))
        var icons: [IconContent] = []
        var stack = [try #require(bound.view)]
        while let n = stack.popLast() {
            switch n.kind {
            case .icon(let i): icons.append(i)
            case .hstack(_, _, let c): stack += c.reversed()
            default: break
            }
        }
        #expect(icons.map(\.family) == ["JetBrains Mono", "Material Icons"])
        #expect(icons.map(\.glyph) == ["@", "\u{E8CC}"])
        let drawn = try render(dir, "brand.at")
        var ink = 0
        for y in 0..<20 { for x in 0..<20 where drawn.bitmap.pixel(x: x, y: y).r < 128 { ink += 1 } }
        #expect(ink > 10, "the @ is drawn in the icon's colour")
        // A malformed entry is an error at its place in the file.
        try "brand.at: { font: JetBrains Mono, codepoint: zz }\n".write(toFile: dir + "/Icons/icons.yaml", atomically: true, encoding: .utf8)
        #expect { try render(dir, "brand.at") } throws: { "\($0)".contains("Icons/icons.yaml:1:46") && "\($0)".contains("'zz'") }
    }
}
