import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Testing
import TestSupport
import WidgetGallery
import WidgetServer
import WidgetShot

/// A `serve --watch` server (in process) on a project of two layouts, and Chromium on its page.
/// Part of the serialized LiveGalleryTests suite: these tests block a thread while they wait on
/// Chromium, and two of them beside an in-process server would leave it no thread to answer on.
extension LiveGalleryTests {
    @Test("one surface edited: only its figures are replaced, no page fetch; a preview added: the page is fetched; a broken layout shows its error and recovers", .browser)
    func patchesAndFallbacks() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        // A second layout whose figures must not be touched by an edit to the first.
        let reference = try String(contentsOfFile: project.layout, encoding: .utf8)
        try AtomicFile.write(Array(reference.replacingOccurrences(of: "name: reference", with: "name: other").utf8),
                             to: project.root + "/Layouts/other.yaml")
        let (port, task) = try await project.serveWatching()
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("http://127.0.0.1:\(port)/")
        try await browser.waitFor("!document.getElementById('live').hidden")
        let allLoaded = "[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)"
        // Settled: no build under way and every part of the last change shown (the first build of
        // a large project comes in two updates; marking a figure between them lost the mark).
        let settled = "!document.getElementById('live').classList.contains('busy')"
        /// The page shows the server's latest build and expects no more: what the checks below read
        /// is then the state after the change, not a moment inside it.
        func quiet() async throws {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                try await browser.waitFor(settled)
                let served = String(decoding: try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!).0, as: UTF8.self)
                let page = try browser.evaluate("document.body.dataset.version") as? String ?? ""
                if served.contains("<body data-version=\(page) ") || served.contains("<body data-version=\(page)>") { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("the page never caught up with the server")
        }
        try await quiet()
        try await browser.waitFor(allLoaded)
        let mine = "reference/systemMedium/onTheWay/light/iphone15pro"
        let other = "other/systemMedium/onTheWay/light/iphone15pro"
        let figures = try #require(try browser.evaluate("document.querySelectorAll('main figure').length") as? Int)
        let referenceFigures = try #require(try browser.evaluate("document.querySelectorAll('main figure[data-layout=reference]').length") as? Int)
        #expect(referenceFigures > 0 && figures == 2 * referenceFigures)
        _ = try browser.evaluate("window.notReloaded = true; document.getElementById('\(other)').dataset.marker = 'kept'; 1")
        func version() throws -> String { try browser.evaluate("document.body.dataset.version") as? String ?? "" }
        func string(_ js: String) throws -> String { try browser.evaluate(js) as? String ?? "" }

        // 1. One layout's view: its figures are sent and replaced; the page is not fetched.
        var before = try string("document.getElementById('\(mine)').querySelector('img').src")
        var v = try version()
        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        try await browser.waitFor("document.body.dataset.version !== '\(v)' && document.getElementById('\(mine)').querySelector('img').src !== '\(before)'")
        try await quiet()
        try await browser.waitFor(allLoaded)
        #expect(try string("document.body.dataset.updateMode") == "patch")
        #expect(try string("document.body.dataset.fetches") == "0", "no fetch of the page for a one-layout edit")
        #expect(try string("document.body.dataset.changedFigures") == String(referenceFigures))
        #expect(try string("document.getElementById('\(other)').dataset.marker") == "kept", "the other layout's figures are the same nodes")
        #expect(try browser.evaluate("document.querySelectorAll('main figure').length") as? Int == figures)
        print("live patch: \(try string("document.body.dataset.stages")); page swap \(try string("document.body.dataset.swapMs")) ms")

        // 2. A preview added changes the page's frame: the page is fetched and shows it.
        v = try version()
        try project.edit { text in
            let start = text.range(of: "  onTheWay:\n")!
            return text + "\n" + text[start.lowerBound...].replacingOccurrences(of: "  onTheWay:\n", with: "  delivered:\n")
                .replacingOccurrences(of: "배달 중 · On the way", with: "배달 완료 · Delivered")
        }
        try await browser.waitFor("document.body.dataset.version !== '\(v)' && document.querySelectorAll('main figure').length > \(figures)")
        try await browser.waitFor(allLoaded)
        #expect(try string("document.body.dataset.updateMode") == "fetch")
        #expect(try string("document.body.dataset.fetches") == "1")
        #expect(try browser.evaluate("!!document.getElementById('reference/systemMedium/delivered/light/iphone15pro')") as? Bool == true)
        #expect(try browser.evaluate("document.querySelector('select[data-filter=preview]').textContent.includes('delivered')") as? Bool == true)

        // 3. Broken: its error with file:line:col, its figures gone, the other layout's still there.
        v = try version()
        let good = try String(contentsOfFile: project.layout, encoding: .utf8)
        try project.edit { $0.replacingOccurrences(of: "surfaces:\n  systemMedium:", with: "surfaces:\n  systemMedium: [\n") }
        try await browser.waitFor("document.body.dataset.version !== '\(v)' && document.getElementById('problems').textContent.includes('reference.yaml:')")
        #expect(try string("document.getElementById('problems').textContent").range(of: #"reference\.yaml:\d+:\d+"#, options: .regularExpression) != nil)
        #expect(try browser.evaluate("document.querySelectorAll('main figure[data-layout=reference]').length") as? Int == 0)
        #expect(try browser.evaluate("document.querySelectorAll('main figure[data-layout=other]').length") as? Int == referenceFigures)

        // 4. Fixed: the error goes, its images come back and load.
        v = try version()
        try AtomicFile.write(Array(good.utf8), to: project.layout)
        try await browser.waitFor("document.body.dataset.version !== '\(v)' && document.getElementById('problems').textContent === ''")
        try await browser.waitFor("document.querySelectorAll('main figure[data-layout=reference]').length > 0")
        try await browser.waitFor(allLoaded)
        #expect(try browser.evaluate("document.querySelectorAll('main figure').length") as? Int ?? 0 > figures)
        #expect(try browser.evaluate("window.notReloaded === true") as? Bool == true, "every update without a reload")
        // 5. A value edit after the fetches patches again (the page's version followed the fetched page).
        before = try string("document.getElementById('\(mine)').querySelector('img').src")
        v = try version()
        try project.edit { $0.replacingOccurrences(of: "fill: \"#0A84FF\"", with: "fill: \"#30D158\"") }
        try await browser.waitFor("document.body.dataset.version !== '\(v)' && document.getElementById('\(mine)').querySelector('img').src !== '\(before)'")
        #expect(try string("document.body.dataset.updateMode") == "patch")
        #expect(try string("document.body.dataset.fetches") == "3")
        #expect(browser.errors().filter { !$0.contains("gallery-events") } == [])
        task.cancel()
        _ = await task.result
    }

    /// The cause of a flaky first timing run: the page was served before a build (the filmstrips,
    /// drawn after the images) and connected to the events after it, so it was never told.
    @Test("a page that missed an update (its events connected late) catches up when they connect", .browser)
    func lateEvents() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let (port, task) = try await project.serveWatching()
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("about:blank")
        try browser.send("Network.enable")
        try browser.send("Network.setBlockedURLs", ["urls": ["*gallery-events*"]])
        try await browser.navigate("http://127.0.0.1:\(port)/")
        let anchor = "reference/systemMedium/onTheWay/light/iphone15pro"
        try await browser.waitFor("document.body.dataset.version === '1' && document.getElementById('\(anchor)')")
        let before = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').src") as? String ?? ""

        // A build the page is not told about.
        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        let deadline = Date().addingTimeInterval(30)
        var served = ""
        while !served.contains("<body data-version=2"), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            served = String(decoding: try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!).0, as: UTF8.self)
        }
        #expect(served.contains("<body data-version=2"))
        #expect(try browser.evaluate("document.body.dataset.version") as? String == "1")

        // The events connect (EventSource retries): the first one says version 2, the page fetches it.
        try browser.send("Network.setBlockedURLs", ["urls": [String]()])
        try await browser.waitFor("document.body.dataset.version === '2' && document.getElementById('\(anchor)').querySelector('img').src !== '\(before)'", timeout: 30)
        try await browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)")
        #expect(try browser.evaluate("document.body.dataset.fetches") as? String == "1")
        task.cancel()
        _ = await task.result
    }
}
