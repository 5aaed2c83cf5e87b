import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// Text in a script no bundled font covers draws boxes; the render says so, naming the text, the
/// script and the characters (before, Arabic, Hebrew and Thai drew boxes with 0 warnings).
@Suite struct MissingGlyphTests {
    func warnings(eta: String) throws -> [String] {
        let doc = try LayoutLoader.load(path: Project.folders.layouts + "/reference.yaml")
        var preview = try #require(doc.previews.first)
        var data: [String: DataValue] = [:]
        if case .object(let fields) = preview.data { data = fields }
        data["eta"] = .string(eta)
        preview.data = .object(data)
        let result = try WidgetRenderer(fonts: Project.fonts).render(RenderRequest(layout: doc, surface: .systemMedium, preview: preview))
        return result.warnings.map(\.message).filter { $0.contains("drawn as boxes") }
    }

    @Test func aScriptNoFontHasIsNamed() throws {
        let arabic = try warnings(eta: "مرحبا 12:45")
        #expect(arabic.count == 1, "\(arabic)")
        #expect(arabic.first?.hasPrefix("text \"مرحبا 12:45\" has characters no font in the fonts folder draws (Arabic: U+0645, U+0631, U+062D, …)") == true, "\(arabic)")
        #expect(try warnings(eta: "שלום").first?.contains("(Hebrew: U+05E9") == true)
        #expect(try warnings(eta: "สวัสดี").first?.contains("(Thai: ") == true)
        #expect(try warnings(eta: "🚲 5 min").first?.contains("(emoji: U+1F6B2)") == true)
    }

    /// Each unknown character costs a text layout: a render asks about at most
    /// `GlyphCoverage.lookupsPerRender` (256) of them, so thousands of distinct rare characters
    /// still give one warning, not thousands of layouts.
    @Test func thousandsOfRareCharactersAreOneWarning() throws {
        let rare = String(String.UnicodeScalarView((0x20000..<0x20000 + 3000).compactMap(Unicode.Scalar.init)))
        let found = try warnings(eta: rare)
        #expect(found.count == 1 && found[0].contains("(Han: U+20000, U+20001, U+20002, …)"), "\(found.map { String($0.prefix(200)) })")
    }

    @Test func scriptsTheBundledFontsDrawAreQuiet() throws {
        // Latin with accents and punctuation (Inter), Hangul (Nanum Gothic), the arrows and dots widgets use.
        for text in ["12:45", "Café – à 18 h · €5", "배달 중 · 12분", "→ ← ↑", "€£¥₩"] {
            #expect(try warnings(eta: text).isEmpty, "\(text)")
        }
    }
}
