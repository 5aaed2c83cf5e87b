import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender

/// Font folders added to the bundled fonts (`fonts: [Fonts/Noto]`): their fonts draw what the
/// bundled ones lack (Arabic, Hebrew), and every character the bundled fonts draw is still drawn by
/// the same bundled file, so text that rendered before keeps its pixels.
@Suite struct AddedFontFolderTests {
    /// Noto Sans Arabic and Noto Sans Hebrew (Regular), from Debian's fonts-noto-core 20201225-1 (OFL).
    static let noto = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/noto-fallback").path
    static let added: FontLibrary = try! FontLibrary(directories: [TestFonts.directory, noto])
    let body = FontSpec(size: 15)

    @Test func theAddedFolderDrawsWhatTheBundledFontsLack() throws {
        let bundled = Renderer(fonts: TestFonts.library), both = Renderer(fonts: Self.added)
        #expect(Self.added.directories.count == 2)
        #expect(Self.added.files.count == TestFonts.library.files.count + 2)
        #expect(Set(Self.added.families).isSuperset(of: ["Noto Sans Arabic", "Noto Sans Hebrew", "Inter"]))
        for text in ["مرحبا", "שלום"] {
            #expect(bundled.hasMissingGlyphs(text, font: body), "\(text)")
            #expect(!both.hasMissingGlyphs(text, font: body), "\(text)")
        }
        let arabic = try #require(both.fontFile(for: "م", font: body))
        #expect(Self.added.originalFile(of: arabic) == Self.noto + "/NotoSansArabic-Regular.ttf")
        let hebrew = try #require(both.fontFile(for: "ש", font: body))
        #expect(Self.added.originalFile(of: hebrew) == Self.noto + "/NotoSansHebrew-Regular.ttf")
        // Thai is in neither: still boxes.
        #expect(both.hasMissingGlyphs("สวัสดี", font: body))
    }

    /// Every character the bundled fonts draw comes from the same bundled file with the folder added.
    @Test func whatTheBundledFontsDrawStaysTheirs() throws {
        let bundled = Renderer(fonts: TestFonts.library), both = Renderer(fonts: Self.added)
        let sample = "Seoul Kitchen 12:45 Café – à 18 h · €5 £¥₩ → ← ↑ • … “quoted” 배달 중 도착 예정 ½ ° % # @ ( ) [ ] 0123456789"
        var compared = 0
        for font in [body, FontSpec(size: 15, weight: .bold), FontSpec(size: 28, weight: .semibold),
                     FontSpec(size: 13, design: .rounded), FontSpec(size: 13, design: .monospaced), FontSpec(size: 13, design: .serif)] {
            for ch in Set(sample) where ch != " " {
                let before = bundled.fontFile(for: String(ch), font: font).map(TestFonts.library.originalFile(of:))
                let after = both.fontFile(for: String(ch), font: font).map(Self.added.originalFile(of:))
                #expect(before == after, "\(ch) \(font): \(before ?? "-") → \(after ?? "-")")
                compared += 1
            }
        }
        #expect(compared == 348)  // 58 characters × 6 fonts
    }

    @Test func foldersAreCheckedAndCounted() throws {
        // A folder named twice (here through a link) is read once.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-addfonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/again", withDestinationPath: Self.noto)
        let twice = try FontLibrary(directories: [TestFonts.directory, Self.noto, dir + "/again"], sealed: false, cache: nil)
        #expect(twice.files.count == TestFonts.library.files.count + 2)
        // An added folder without fonts, or missing, is named.
        #expect { try FontLibrary(directories: [TestFonts.directory, dir]) } throws: {
            "\($0)".contains("font directory \(dir) holds no .ttf, .otf or .ttc file")
        }
        #expect { try FontLibrary(directories: [TestFonts.directory, dir + "/none"]) } throws: {
            "\($0)".contains("font directory \(dir)/none cannot be read")
        }
        let many = [TestFonts.directory] + Array(repeating: Self.noto, count: FontLibrary.maxDirectories)
        #expect { try FontLibrary(directories: many) } throws: { "\($0)".contains("at most 16") }
    }

    /// Unsealed, the folders go in through fontconfig's cache (one stamp for the set), read back the same.
    @Test func anUnsealedLibraryCachesTheSet() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-addcache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let first = try FontLibrary(directories: [TestFonts.directory, Self.noto], sealed: false, cache: cache)
        let second = try FontLibrary(directories: [TestFonts.directory, Self.noto], sealed: false, cache: cache)
        #expect(first.families == Self.added.families && second.families == Self.added.families)
        #expect(second.files == Self.added.files)
        let stamps = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".stamp") }
        #expect(stamps.count == 1)
        #expect(!Renderer(fonts: second).hasMissingGlyphs("مرحبا", font: body))
    }
}
