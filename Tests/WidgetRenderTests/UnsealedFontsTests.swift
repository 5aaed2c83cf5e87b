import Foundation
import Testing
import WidgetLayout
import WidgetModel
@testable import WidgetRender

/// A one-shot command uses the font files where they are (`sealed: false`) instead of copying
/// them into sealed memory: the same faces, so the same pixels and the same bytes.
@Suite struct UnsealedFontsTests {
    @Test func theSameTextDrawsTheSameBytesFromTheFilesAndFromSealedCopies() throws {
        let unsealed = try FontLibrary(directory: TestFonts.directory, sealed: false)
        #expect(unsealed.families == TestFonts.library.families)
        #expect(unsealed.files == TestFonts.library.files)
        let font = FontSpec(size: 17, weight: .semibold)
        for text in ["Arriving in 12 min", "오후 12:45 도착", "Supercalifragilistic 123"] {
            let a = Renderer(fonts: TestFonts.library), b = Renderer(fonts: unsealed)
            let content = TextContent(string: text, font: font)
            let placed = PlacedNode(frame: Rect(x: 0, y: 0, width: 200, height: 60),
                                    content: .text(PlacedText(content: content, font: font, wrapWidth: 200, maxLines: nil,
                                                              lineCount: 2, truncated: false)))
            let sealedPixels = a.draw(placed, pixelWidth: 600, pixelHeight: 180, scale: 3)
            let filePixels = b.draw(placed, pixelWidth: 600, pixelHeight: 180, scale: 3)
            #expect(sealedPixels.pixels == filePixels.pixels, "\(text)")
            #expect(try PNGCodec.encode(sealedPixels) == PNGCodec.encode(filePixels))
            #expect(sealedPixels.pixels.contains { $0 != 0 }, "nothing drawn for \(text)")
        }
        // Fontconfig reports the files themselves: no copy under /proc/self/fd.
        #expect(unsealed.files.allSatisfy { unsealed.originalFile(of: $0) == $0 })
    }
}

/// Where memfd is missing (macOS, old Linux), a font is copied into a fresh file that is unlinked
/// at once and made read-only: nothing done to the original afterwards reaches the copy, and no
/// path names it but the process's own descriptor path.
@Suite struct UnlinkedFontCopyTests {
    @Test func theCopyKeepsTheBytesTheFileHadWhenItWasCopied() throws {
        let dir = NSTemporaryDirectory() + "widgetshot-unlinked-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = try #require(TestFonts.library.files.first.map { TestFonts.library.originalFile(of: $0) })
        let bytes = try Data(contentsOf: URL(fileURLWithPath: original))
        let path = dir + "/font.ttf"
        try bytes.write(to: URL(fileURLWithPath: path))
        let source = open(path, O_RDONLY)
        #expect(source >= 0)
        let copy = try SealedFontFile.unlinkedCopy(of: source, size: bytes.count, name: "font.ttf")
        close(source)
        defer { close(copy) }
        var s = stat()
        #expect(fstat(copy, &s) == 0)
        #expect(s.st_nlink == 0, "the copy is still linked somewhere")
        #expect(s.st_mode & 0o777 == 0o400)
        // The original is rewritten; the copy, read through its descriptor path, is not.
        try Data(repeating: 0, count: bytes.count).write(to: URL(fileURLWithPath: path))
        let read = try Data(contentsOf: URL(fileURLWithPath: SealedFontFile.descriptorPath(copy)))
        #expect(read == bytes)
        // Nothing is left in the temporary folder by it.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("widgetshot-font-") }
        #expect(left.isEmpty, "\(left)")
    }
}

/// An unsealed library reads its folder through fontconfig's cache of it (a cold start reads a
/// description instead of scanning every file): the same families and the same pixels, rebuilt when
/// a file changes in place, where fontconfig alone would only look at the folder's time.
@Suite struct FontCacheTests {
    func scratch() throws -> (fonts: String, cache: String, root: String) {
        let root = NSTemporaryDirectory() + "widgetshot-fontcache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/Fonts", withIntermediateDirectories: true)
        for f in ["Inter-Regular.otf", "Inter-Bold.otf", "NanumGothic.ttf", "Quicksand-Regular.ttf"] {
            try FileManager.default.copyItem(atPath: TestFonts.directory + "/" + f, toPath: root + "/Fonts/" + f)
        }
        return (root + "/Fonts", root + "/cache", root)
    }

    func draw(_ library: FontLibrary, _ text: String) -> [UInt8] {
        let font = FontSpec(size: 17, weight: .bold)
        let renderer = Renderer(fonts: library)
        let placed = PlacedNode(frame: Rect(x: 0, y: 0, width: 200, height: 30),
                                content: .text(PlacedText(content: TextContent(string: text, font: font), font: font, wrapWidth: nil,
                                                          maxLines: nil, lineCount: 1, truncated: false)))
        return renderer.draw(placed, pixelWidth: 400, pixelHeight: 60, scale: 2).pixels
    }

    @Test func theCachedFolderDrawsAsTheScannedOne() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.root) }
        try FileManager.default.createDirectory(atPath: s.cache, withIntermediateDirectories: true)
        let scanned = try FontLibrary(directory: s.fonts, sealed: false, cache: nil)
        let first = try FontLibrary(directory: s.fonts, sealed: false, cache: s.cache)    // writes the cache
        let second = try FontLibrary(directory: s.fonts, sealed: false, cache: s.cache)   // reads it
        let written = try FileManager.default.contentsOfDirectory(atPath: s.cache)
        #expect(written.contains { $0.hasSuffix(".stamp") } && written.contains { $0.contains(".cache-") }, "\(written)")
        for library in [first, second] {
            #expect(library.families == scanned.families && library.files == scanned.files)
            #expect(draw(library, "Seoul 배달 12:45") == draw(scanned, "Seoul 배달 12:45"))
        }
    }

    /// The cache folder is made by the library that uses it, not by naming it: a sealed library
    /// (the server's) leaves none behind; an unsealed one makes it, mode 700.
    @Test func onlyALibraryThatUsesTheCacheMakesItsFolder() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.root) }
        _ = try FontLibrary(directory: s.fonts, sealed: true, cache: s.cache)
        #expect(!FileManager.default.fileExists(atPath: s.cache))
        _ = try FontLibrary(directory: s.fonts, sealed: false, cache: s.cache)
        var st = stat()
        #expect(stat(s.cache, &st) == 0 && st.st_mode & 0o777 == 0o700)
    }

    /// A file rewritten in place (the folder's time unchanged) is seen: Quicksand's bytes under
    /// Inter-Bold's name make a library whose families say so.
    @Test func aFileRewrittenInPlaceIsRescanned() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.root) }
        try FileManager.default.createDirectory(atPath: s.cache, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: s.fonts + "/Quicksand-Regular.ttf")
        let cached = try FontLibrary(directory: s.fonts, sealed: false, cache: s.cache)
        #expect(cached.families == ["Inter", "NanumGothic"])
        let folderTime = { () -> Int in var st = stat(); stat(s.fonts, &st); return FileTimes(st).modified }
        let before = folderTime()
        let quicksand = try Data(contentsOf: URL(fileURLWithPath: TestFonts.directory + "/Quicksand-Regular.ttf"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: s.fonts + "/Inter-Bold.otf"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: quicksand)
        try handle.close()
        #expect(folderTime() == before, "the folder's time moved: this would not test the in-place case")
        let again = try FontLibrary(directory: s.fonts, sealed: false, cache: s.cache)
        #expect(again.families == ["Inter", "NanumGothic", "Quicksand"])
    }
}
