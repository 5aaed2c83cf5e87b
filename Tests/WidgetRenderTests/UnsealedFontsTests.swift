import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

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
