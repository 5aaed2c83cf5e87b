import Foundation
import Testing
import WidgetModel
import WidgetRender

@Suite struct FontTests {
    let renderer = Renderer(fonts: TestFonts.library)
    let body = FontSpec(size: 15)

    @Test func findsTheBundledFamilies() {
        #expect(Set(TestFonts.library.families).isSuperset(of: ["Inter", "NanumGothic", "Material Icons"]))
    }

    @Test func koreanHasEveryGlyph() {
        #expect(!renderer.hasMissingGlyphs("배달 중 · 도착 예정", font: body))
        #expect(!renderer.hasMissingGlyphs("Seoul Kitchen 12:45", font: body))
    }

    @Test func scriptsWithoutABundledFontReportMissingGlyphs() {
        #expect(renderer.hasMissingGlyphs("สวัสดี", font: body))
        #expect(renderer.hasMissingGlyphs("नमस्ते", font: body))
    }

    @Test func glyphsComeFromTheBundledFilesOnly() throws {
        let fontsDir = URL(fileURLWithPath: TestFonts.directory).standardizedFileURL.path
        let latin = try #require(renderer.fontFile(for: "A", font: body))
        #expect(latin.hasPrefix(fontsDir + "/"))
        #expect(latin.hasSuffix("Inter-Regular.otf"))
        let bold = try #require(renderer.fontFile(for: "A", font: FontSpec(size: 15, weight: .bold)))
        #expect(bold.hasSuffix("Inter-Bold.otf"))
        let hangul = try #require(renderer.fontFile(for: "배", font: body))
        #expect(hangul.hasSuffix("NanumGothic.ttf"))
        let hangulBold = try #require(renderer.fontFile(for: "배", font: FontSpec(size: 15, weight: .bold)))
        #expect(hangulBold.hasSuffix("NanumGothicBold.ttf"))
        // Even for a script we ship no font for, nothing leaks in from /usr/share/fonts.
        for text in ["A", "배", "สวัสดี", "Ж", "😀"] {
            if let file = renderer.fontFile(for: text, font: body) { #expect(!file.hasPrefix("/usr/share/fonts"), "\(text): \(file)") }
        }
    }

    @Test func emptyDirectoryThrowsNamingIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try FontLibrary(directory: dir.path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains(dir.lastPathComponent))
        }
    }

    @Test func brokenFontFileThrowsNamingIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("Broken.ttf"))
        do {
            _ = try FontLibrary(directory: dir.path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("Broken.ttf"))
        }
    }
}
