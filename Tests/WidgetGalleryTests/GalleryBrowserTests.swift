import Foundation
import Logging
import Testing
import TestSupport
import WidgetGallery
import WidgetServer
import WidgetShot

/// Screenshots for a person to look at.
let galleryOutput = Project.output("gallery")

/// One gallery build for the suite (rendering it is the slow part).
enum BuiltGallery {
    /// Kept beside the screenshots (open its index.html to look), rebuilt incrementally each run.
    static let directory = galleryOutput + "/site"
    static let built: GalleryBuild = {
        let pool = RendererPool(fonts: try! FontLibrary(directory: Project.folders.fonts))
        let builder = GalleryBuilder(folders: Project.folders, pool: pool)
        return try! builder.build(GallerySource.load(Project.folders), into: directory)
    }()
}

@Suite("Gallery in Chromium", .serialized)
struct GalleryBrowserTests {
    @Test("every image loads, no console errors, one image per cell of the preview matrix", .browser)
    func loads() async throws {
        let build = BuiltGallery.built
        let source = GallerySource.load(Project.folders)
        let expected = GalleryMatrix.cells(for: source.documents, options: GalleryOptions())
        // The matrix the golden tests use, plus a placeholder per surface and appearance (controls
        // have no placeholder).
        let previews = source.documents.reduce(0) { $0 + RenderMatrix.cells(for: $1).count }
        let surfaces = source.documents.reduce(0) { n, d in
            n + Set(RenderMatrix.cells(for: d).map(\.surface).filter { $0.family != .control }).count
        }
        #expect(expected.count == previews + 2 * surfaces)
        #expect(build.failed == 0)

        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("file://\(BuiltGallery.directory)/index.html")
        try await browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete)")
        let count = try browser.evaluate("document.querySelectorAll('main figure.card img').length") as? Int
        #expect(count == expected.count)
        let broken = try browser.evaluate("[...document.querySelectorAll('main img')].filter(i => !(i.naturalWidth > 0)).map(i => i.src)") as? [String]
        #expect(broken == [])
        // Each image is shown at its point size (1 pt = 1 CSS px; the device's scale is 3).
        let mismatched = try browser.evaluate("""
            [...document.querySelectorAll('main figure.card img')].filter(i => Math.abs(i.naturalWidth / i.getBoundingClientRect().width - 3) > 0.02
              || Math.abs(i.naturalHeight / i.getBoundingClientRect().height - 3) > 0.02).length
            """) as? Int
        #expect(mismatched == 0)
        #expect(browser.errors() == [])
        try browser.screenshot(to: galleryOutput + "/gallery.png")
        try browser.screenshot(to: galleryOutput + "/gallery-top.png", fullPage: false)
        // The full-scale dialog.
        _ = try browser.evaluate("document.querySelector('main figure img').click()")
        try await browser.waitFor("document.getElementById('zoom').open && document.querySelector('#zoom img').complete")
        let zoomed = try browser.evaluate("document.querySelector('#zoom img').getBoundingClientRect().width") as? Double
        let natural = try browser.evaluate("document.querySelector('main figure img').naturalWidth") as? Double
        #expect(zoomed != nil && zoomed == natural, "one image pixel per CSS pixel in the dialog")
        try browser.screenshot(to: galleryOutput + "/zoom.png", fullPage: false)
    }

    @Test("a filter hides exactly what it should, the address records it, and a reload restores it", .browser)
    func filters() async throws {
        let build = BuiltGallery.built
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("file://\(BuiltGallery.directory)/index.html")
        func choose(_ filter: String, _ value: String) throws {
            _ = try browser.evaluate("""
                (() => { const s = document.querySelector('select[data-filter="\(filter)"]'); s.value = '\(value)';
                  s.dispatchEvent(new Event('change')); return s.value })()
                """)
        }
        func visible() throws -> [String] {
            try browser.evaluate("[...document.querySelectorAll('main figure.card')].filter(f => f.offsetParent !== null).map(f => f.id)") as? [String] ?? []
        }
        try choose("surface", "systemSmall")
        try choose("scheme", "dark")
        let want = build.entries.filter { $0.cell.surface == .systemSmall && $0.cell.scheme == .dark }.map(\.cell.anchor)
        #expect(!want.isEmpty)
        #expect(try visible() == want)
        let url = try browser.evaluate("location.href") as? String ?? ""
        #expect(url.contains("surface=systemSmall") && url.contains("scheme=dark"), "the address records the filters: \(url)")
        #expect((try browser.evaluate("document.getElementById('count').textContent") as? String)?.hasPrefix("\(want.count) of") == true)

        try await browser.navigate(url)
        #expect(try visible() == want, "reloading the address shows the same images")
        try choose("preview", "placeholder")
        #expect(try visible() == build.entries.filter { $0.cell.surface == .systemSmall && $0.cell.scheme == .dark && $0.cell.placeholder }.map(\.cell.anchor))
        try browser.screenshot(to: galleryOutput + "/filtered.png")
        #expect(browser.errors() == [])
    }

    @Test("in context, a widget of each family sits inside its frame", .browser, arguments: [
        "delivery/systemMedium/onTheWay/light/iphone15pro",
        "delivery/accessoryRectangular/onTheWay/light/iphone15pro",
        "delivery/lockScreen/onTheWay/dark/iphone15pro",
        "delivery/standBy/onTheWay/dark/iphone15pro",
        "delivery/islandCompact/onTheWay/dark/iphone15pro",
        "delivery/islandMinimal/onTheWay/dark/iphone15pro",
        "delivery/islandExpanded/onTheWay/dark/iphone15pro",
    ])
    func context(anchor: String) async throws {
        let build = BuiltGallery.built
        let entry = try #require(build.entries.first { $0.cell.anchor == anchor }, "no image \(anchor) in the gallery")
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("file://\(BuiltGallery.directory)/index.html?context=1#\(anchor)")
        try await browser.waitFor("document.body.classList.contains('context')")
        try await browser.waitFor("document.getElementById('\(anchor)').querySelector('img').complete")
        let boxes = try browser.evaluate("""
            (() => { const f = document.getElementById('\(anchor)'); const s = f.querySelector('.stage').getBoundingClientRect();
              const i = f.querySelector('img').getBoundingClientRect();
              return [s.left, s.top, s.width, s.height, i.left, i.top, i.width, i.height] })()
            """) as? [Double] ?? []
        try #require(boxes.count == 8)
        let (sx, sy, sw, sh, ix, iy, iw, ih) = (boxes[0], boxes[1], boxes[2], boxes[3], boxes[4], boxes[5], boxes[6], boxes[7])
        // The frame is the device's screen (portrait, or landscape for StandBy), the image inside it.
        let screen = entry.cell.device.screen
        let frameWidth = entry.cell.surface == .standBy ? screen.height : screen.width
        #expect(abs(sw - frameWidth) < 1, "frame width \(sw), screen \(frameWidth)")
        #expect(abs(iw - Double(entry.record.pixelWidth) / 3) < 0.5 && abs(ih - Double(entry.record.pixelHeight) / 3) < 0.5)
        #expect(ix >= sx && iy >= sy && ix + iw <= sx + sw + 0.5 && iy + ih <= sy + sh + 0.5,
                "image \([ix, iy, iw, ih]) inside frame \([sx, sy, sw, sh])")
        #expect(sh > ih + 20, "the frame shows more than the image")
        try browser.evaluate("document.getElementById('\(anchor)').scrollIntoView({block: 'center'})")
        try browser.screenshot(to: galleryOutput + "/context-\(entry.cell.surface.rawValue).png", fullPage: false)
        #expect(browser.errors() == [])
    }
}
