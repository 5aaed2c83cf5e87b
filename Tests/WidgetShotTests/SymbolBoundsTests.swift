import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// librsvg has no time or memory bound of its own: a project's symbol SVGs are checked when they
/// are found (`SymbolCheck`) and rasterized once per size (`SymbolMasks`). In the fourth hostile
/// round an `feTurbulence` filter ran past 60 s and a 519 KB file reached 2.8 GB.
@Suite struct SymbolBoundsTests {
    let artwork = SymbolArtworkTests()

    @Test("SVGs an SF Symbols export never holds are refused when found, naming what and the limit", arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10"/></filter><rect width="10" height="10" filter="url(#f)"/></svg>"#, "<filter>"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><feGaussianBlur stdDeviation="9"/></svg>"#, "<feGaussianBlur>"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="x.png" width="10" height="10"/></svg>"#, "<image>"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><pattern id="p" width="0.001" height="0.001"/></svg>"#, "<pattern>"),
        (#"<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>"#, "<!DOCTYPE>"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#, "no viewBox"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e9 10"><rect width="10" height="10"/></svg>"#, "viewBox"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"# + String(repeating: #"<rect width="1" height="1"/>"#, count: 2_100) + "</svg>", "Limits.symbolElements"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d=""# + String(repeating: "L1 1 ", count: 60_000) + #""/></svg>"#, "Limits.symbolBytes"),
    ])
    func hostileSymbolsAreRefused(svg: String, named: String) throws {
        let dir = try artwork.project(["brand.logo": svg])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect { try artwork.render(dir, "brand.logo") } throws: {
            "\($0)".contains("Icons/brand.logo.svg") && "\($0)".contains(named)
        }
    }

    @Test("an SF Symbols-like export passes the check, and draws the same pixels from its cached mask as on its first draw")
    func anExportIsDrawnFromItsMask() throws {
        let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!--Generator: SF Symbols-->
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3300 2200">
          <style>.monochrome-0 {fill:#000000}</style>
          <g id="Notes"><text>Weight/Scale Variations</text></g>
          <g id="Symbols">
            <g id="Regular-M" transform="matrix(1 0 0 1 1391 1126)"><path class="monochrome-0" d="M0 0L100 0L100 -100Z"/></g>
          </g>
        </svg>
        """
        #expect(SymbolCheck.problem(Array(export.utf8)) == nil)
        let dir = try artwork.project(["brand.logo": export])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try artwork.render(dir, "brand.logo")
        let second = try artwork.render(dir, "brand.logo")
        #expect(first.png == second.png)
        #expect(first.bitmap.pixel(x: 10, y: 10).a > 0 || first.bitmap.pixel(x: 12, y: 8).a > 0, "the symbol drew nothing")
    }
}

/// A symbol within every bound that still takes seconds to rasterize: under a deadline the
/// render stops at it, and the abandoned rasterization finishes and is kept, so a later render
/// draws from the kept mask.
@Suite struct SymbolDeadlineTests {
    @Test("a slow symbol under a deadline stops the render; its mask is kept for the next render")
    func aSlowSymbolIsRasterizedOnceAside() throws {
        // 7,000 random line segments across a 150 pt square at 4x: about 2.6 s in a debug build.
        var seed: UInt64 = 7
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) % 1000 }
        let segments = (0..<7000).map { _ in "L\(next()) \(next()) " }.joined()
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><path fill-rule="evenodd" d="M0 0 "# + segments + #"Z"/></svg>"#
        let artwork = SymbolArtworkTests()
        let dir = try artwork.project(["slow.\(UUID().uuidString.prefix(8))": svg])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: dir + "/Icons").first).replacingOccurrences(of: ".svg", with: "")
        let yaml = """
        surfaces:
          systemSmall:
            view: { icon: \(name), size: 150, frame: { width: 150, height: 150 } }
        previews:
          p: { data: {} }
        """
        let doc = try LayoutLoader.parse(yaml, path: dir + "/slow.yaml")
        let request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 4)
        let renderer = WidgetRenderer(fonts: Project.fonts)
        #expect(throws: RenderDeadlineExceeded.self) { try renderer.render(request, deadline: RenderDeadline(seconds: 0.2)) }
        // The rasterization goes on aside and keeps its mask; then the same deadline is enough.
        var drawn: RenderResult?
        for _ in 0..<120 where drawn == nil {
            Thread.sleep(forTimeInterval: 0.5)
            drawn = try? renderer.render(request, deadline: RenderDeadline(seconds: 0.2))
        }
        let picture = try #require(drawn, "the kept mask was never found")
        #expect(picture.bitmap.pixel(x: picture.pixelWidth / 2, y: picture.pixelHeight / 2).a > 0 || picture.png.count > 10_000)
    }
}
