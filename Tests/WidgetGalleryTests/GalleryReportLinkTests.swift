import Foundation
import Testing
import TestSupport
import WidgetGallery
import WidgetShot
import WidgetGoldens

/// A verify report with failures beside a gallery that reads it: the reference layout with its
/// accent colour changed, verified against the project's own goldens.
struct FailingVerify {
    let project: WatchedProject
    var report: String { project.root + "/report" }
    var gallery: String { project.root + "/gallery" }
    let failing: [String]

    init() throws {
        project = try WatchedProject()
        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        let folders = ProjectFolders(root: project.root)
        let source = GallerySource.load(folders)
        let document = try #require(source.documents.first)
        let suite = try GoldenSuite(directory: Project.folders.root + "/Golden")
        let cells = suite.cells(for: [document])
        let renderer = WidgetRenderer(fonts: try FontLibrary(directory: folders.fonts))
        let outcomes = cells.enumerated().map { ($0.offset, suite.check($0.element, in: document, with: renderer, keepImages: true)) }
        let verify = VerifyReport.verify(outcomes, suite: suite, documents: [document], stale: [], cells: cells.count,
                                         seconds: 0, gallery: "../gallery/index.html")
        try verify.write(to: project.root + "/report")
        failing = verify.document.results.filter { $0.status == .failed }.compactMap(\.anchor)
        let pool = RendererPool(fonts: renderer.fonts)
        _ = try GalleryBuilder(folders: folders, pool: pool, options: GalleryOptions(verifyReport: project.root + "/report"))
            .build(source, into: project.root + "/gallery")
    }

    func remove() { project.remove() }
}

@Suite("Gallery ↔ verify report in Chromium", .serialized)
struct GalleryReportLinkTests {
    @Test("a failing image is marked; its mark lands on the failure in the report, and the report's link lands back on the image", .browser)
    func links() async throws {
        let setup = try FailingVerify()
        defer { setup.remove() }
        try #require(!setup.failing.isEmpty, "the changed colour fails some goldens")
        let anchor = setup.failing[0]
        #expect(anchor.hasPrefix("reference/systemMedium/") && anchor.hasSuffix("/iphone15pro"))

        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("file://\(setup.gallery)/index.html")
        try await browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete)")
        // Exactly the failing goldens' images are marked (placeholders have no golden).
        let marked = try browser.evaluate("[...document.querySelectorAll('figure.card.failed')].map(f => f.id)") as? [String] ?? []
        #expect(Set(marked) == Set(setup.failing))
        let banner = try browser.evaluate("document.getElementById('verify-note').textContent") as? String ?? ""
        #expect(banner.contains("\(setup.failing.count) failed of") && banner.contains("marked ✗"), "\(banner)")
        // The Verify filter shows the marked images only.
        _ = try browser.evaluate("""
            (() => { const s = document.querySelector('select[data-filter="verify"]'); s.value = 'failed';
              s.dispatchEvent(new Event('change')); })()
            """)
        let shown = try browser.evaluate("[...document.querySelectorAll('main figure.card')].filter(f => !f.hidden).map(f => f.id)") as? [String]
        #expect(Set(shown ?? []) == Set(setup.failing))
        try browser.screenshot(to: galleryOutput + "/verify-marks.png", fullPage: false)

        // Gallery → report: the mark's link opens the report at that failure.
        _ = try browser.evaluate("setTimeout(() => document.getElementById('\(anchor)').querySelector('a.verify-mark').click(), 0)")
        try await browser.waitFor("location.pathname.endsWith('/report/index.html') && document.readyState === 'complete'")
        let reportHash = try browser.evaluate("decodeURIComponent(location.hash.slice(1))") as? String
        #expect(reportHash == anchor)
        try await browser.waitFor("document.getElementById('\(anchor)') && document.getElementById('\(anchor)').classList.contains('target')")
        let inView = try browser.evaluate("""
            (() => { const r = document.getElementById('\(anchor)').getBoundingClientRect(); return r.top >= -2 && r.top < innerHeight })()
            """) as? Bool
        #expect(inView == true, "the failure is scrolled into view")
        try browser.screenshot(to: galleryOutput + "/verify-report-from-gallery.png", fullPage: false)

        // Report → gallery: its "in the gallery" link lands on the image.
        _ = try browser.evaluate("setTimeout(() => document.getElementById('\(anchor)').querySelector('a.gallery').click(), 0)")
        try await browser.waitFor("location.pathname.endsWith('/gallery/index.html') && document.readyState === 'complete'")
        #expect(try browser.evaluate("decodeURIComponent(location.hash.slice(1))") as? String == anchor)
        try await browser.waitFor("document.getElementById('\(anchor)').matches(':target')")
        let landed = try browser.evaluate("""
            (() => { const f = document.getElementById('\(anchor)'); const r = f.getBoundingClientRect();
              return !f.hidden && f.classList.contains('failed') && r.top >= -2 && r.top < innerHeight })()
            """) as? Bool
        #expect(landed == true, "the gallery shows the image, marked, in view")
        try browser.screenshot(to: galleryOutput + "/gallery-from-report.png", fullPage: false)
        #expect(browser.errors() == [])
    }
}

@Suite("Gallery push section in Chromium", .serialized)
struct GalleryPushSectionTests {
    @Test("each sample sequence and timeline shows its filmstrip; the filters show and hide the section", .browser)
    func section() async throws {
        let build = BuiltGallery.built
        try #require(!build.filmstrips.isEmpty)
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("file://\(BuiltGallery.directory)/index.html#push/delivery/sequence")
        try await browser.waitFor("[...document.querySelectorAll('#push img')].every(i => i.complete)")
        let strips = try browser.evaluate("""
            [...document.querySelectorAll('#push figure.strip')].map(f => [f.id, f.querySelector('img').naturalWidth,
              Math.round(f.querySelector('img').getBoundingClientRect().width)])
            """) as? [[Any]] ?? []
        #expect(strips.map { $0[0] as? String } == build.filmstrips.map { "push/" + $0.name })
        for (strip, s) in zip(strips, build.filmstrips) {
            #expect(strip[1] as? Int == s.pixelWidth, "the PNG loaded at its size")
            #expect(strip[2] as? Int == Int((Double(s.pixelWidth) / s.scale).rounded()), "shown at 1 pt = 1 CSS px")
        }
        let caption = try browser.evaluate("document.getElementById('push/delivery/sequence').querySelector('figcaption').textContent") as? String ?? ""
        #expect(caption.contains("every push valid"), "\(caption)")
        try browser.evaluate("document.getElementById('push/delivery/sequence').scrollIntoView()")
        try browser.screenshot(to: galleryOutput + "/push-section.png", fullPage: false)

        func choose(_ filter: String, _ value: String) throws {
            _ = try browser.evaluate("""
                (() => { const s = document.querySelector('select[data-filter="\(filter)"]'); s.value = '\(value)';
                  s.dispatchEvent(new Event('change')); })()
                """)
        }
        func shownStrips() throws -> [String] {
            try browser.evaluate("[...document.querySelectorAll('#push figure.strip')].filter(f => f.offsetParent !== null).map(f => f.id)") as? [String] ?? []
        }
        // A surface a push filmstrip shows keeps it and hides the timelines; a home-screen surface the reverse.
        try choose("surface", "islandExpanded")
        #expect(try shownStrips() == ["push/delivery/sequence"])
        try choose("surface", "systemMedium")
        #expect(try shownStrips() == build.filmstrips.filter { $0.kind == "timelines" }.map { "push/" + $0.name })
        // Show: pushes hides every matrix image; a preview filter hides the section.
        try choose("surface", "")
        try choose("section", "pushes")
        #expect(try shownStrips() == ["push/delivery/sequence"])
        #expect(try browser.evaluate("[...document.querySelectorAll('main figure.card')].filter(f => !f.hidden).length") as? Int == 0)
        #expect((try browser.evaluate("location.href") as? String)?.contains("section=pushes") == true)
        try choose("section", "")
        try choose("preview", "onTheWay")
        #expect(try shownStrips() == [])
        try choose("layout", "weather")
        try choose("preview", "")
        #expect(try shownStrips() == [])
        #expect(browser.errors() == [])
    }
}
