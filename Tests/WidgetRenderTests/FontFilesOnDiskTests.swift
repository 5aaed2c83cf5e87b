import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// Fonts are read into memory the process owns: what happens to the font files on disk after a
/// FontLibrary is made never reaches its renderers (before, a rewritten file was still mapped and
/// HarfBuzz died with SIGBUS).
@Suite struct FontFilesOnDiskTests {
    /// A private copy of Fonts/ that the test may damage.
    static func copyOfFonts() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ws-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: TestFonts.directory)
        where name.hasSuffix(".otf") || name.hasSuffix(".ttf") {
            try FileManager.default.copyItem(atPath: TestFonts.directory + "/" + name, toPath: dir.appendingPathComponent(name).path)
        }
        return dir
    }

    /// Rewrites every font file in place (same inode, as an editor or `cp` over it does): first
    /// truncated to nothing, then filled with garbage of a different length.
    static func damage(_ dir: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            let handle = try FileHandle(forWritingTo: dir.appendingPathComponent(name))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 1000))
            try handle.close()
        }
    }

    /// Latin in one family, Hangul in another, an icon glyph: three font files.
    static func tree(_ measurer: any TextMeasuring, _ text: String) -> PlacedNode {
        let font = FontSpec(size: 15, weight: .bold)
        let content = TextContent(string: text, font: font, color: .color(RGBA(hex: 0x1C1C1E)))
        let m = measurer.measure(content, font: font, width: nil, maxLines: nil)
        let placed = PlacedText(content: content, font: font, wrapWidth: nil, maxLines: nil, lineCount: m.lineCount, truncated: m.truncated)
        return PlacedNode(frame: Rect(x: 0, y: 0, width: 200, height: 60), content: .none, children: [
            PlacedNode(frame: Rect(x: 4, y: 4, width: m.size.width, height: m.size.height), content: .text(placed)),
            PlacedNode(frame: Rect(x: 150, y: 10, width: 30, height: 30),
                       content: .icon(IconContent(symbol: "bicycle", glyph: "\u{E52F}", size: 26, color: .color(.black)))),
        ])
    }

    static func pixels(_ renderer: Renderer, _ text: String) -> [UInt8] {
        renderer.draw(tree(renderer.measurer, text), pixelWidth: 400, pixelHeight: 120, scale: 2).pixels
    }

    @Test func damagingTheFontFilesChangesNoRender() throws {
        let dir = try Self.copyOfFonts()
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = try FontLibrary(directory: dir.path)
        let early = Renderer(fonts: library)
        // Only Latin before the damage: the Hangul font has not been opened by anyone yet.
        let latinBefore = Self.pixels(early, "Seoul Kitchen 12:45")
        let reference = Renderer(fonts: TestFonts.library)
        let hangulExpected = Self.pixels(reference, "배달 중 · 도착 예정")
        #expect(latinBefore == Self.pixels(reference, "Seoul Kitchen 12:45"))

        try Self.damage(dir)

        #expect(Self.pixels(early, "Seoul Kitchen 12:45") == latinBefore)
        #expect(Self.pixels(early, "배달 중 · 도착 예정") == hangulExpected)
        // A renderer made after the damage opens the fonts afresh (its own Pango font map).
        let late = Renderer(fonts: library)
        #expect(Self.pixels(late, "Seoul Kitchen 12:45") == latinBefore)
        #expect(Self.pixels(late, "배달 중 · 도착 예정") == hangulExpected)
        #expect(!late.hasMissingGlyphs("배달 중 · 도착 예정", font: FontSpec(size: 15)))
        // Deleting the files changes nothing either.
        try FileManager.default.removeItem(at: dir)
        #expect(Self.pixels(Renderer(fonts: library), "배달 중 Seoul") == Self.pixels(reference, "배달 중 Seoul"))
    }

    @Test func fontFilesAreReportedByTheirNameInTheFolder() throws {
        let renderer = Renderer(fonts: TestFonts.library)
        let file = try #require(renderer.fontFile(for: "배", font: FontSpec(size: 15)))
        #expect(file == TestFonts.library.directory + "/NanumGothic.ttf")
    }

    @Test func aFolderLoadedTwiceSharesItsCopies() throws {
        let a = try FontLibrary(directory: TestFonts.directory)
        let b = try FontLibrary(directory: TestFonts.directory)
        let ra = Renderer(fonts: a), rb = Renderer(fonts: b)
        #expect(Self.pixels(ra, "Seoul 배달") == Self.pixels(rb, "Seoul 배달"))
    }
}
