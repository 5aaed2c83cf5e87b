import Foundation
import Testing
import WidgetModel
import WidgetRender

/// Every SF Symbol name the stand-in catalog accepts draws a glyph of the bundled Material Icons
/// font: a codepoint the font lacks would pass lint and then draw a hex box, or another font's glyph.
@Suite struct IconCatalogCoverageTests {
    let renderer = Renderer(fonts: TestFonts.library)

    @Test func everyNameDrawsAGlyphOfTheBundledIconFont() throws {
        let font = FontSpec(families: [IconCatalog.family], size: 20)
        let expected = TestFonts.library.directory + "/MaterialIcons-Regular.ttf"
        var wrong: [String] = []
        for name in IconCatalog.names {
            let glyph = try #require(IconCatalog.glyph(for: name))
            if renderer.hasMissingGlyphs(glyph, font: font) || renderer.fontFile(for: glyph, font: font) != expected {
                wrong.append(name)
            }
        }
        #expect(wrong.isEmpty, "not in MaterialIcons-Regular.ttf: \(wrong)")
        // The common symbols a settings button, a list row and a media widget use are there.
        for name in ["gearshape", "heart.fill", "magnifyingglass", "play.fill", "calendar", "person.crop.circle", "chevron.left"] {
            #expect(IconCatalog.glyph(for: name) != nil, "\(name)")
        }
    }
}
