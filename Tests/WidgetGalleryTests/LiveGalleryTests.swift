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

/// A copy of the project's reference layout in a folder of its own (the real fonts linked in),
/// served by `RenderServer` with `watch` on, as `widgetshot serve --watch` does.
struct WatchedProject {
    let root: String
    let layout: String

    init() throws {
        root = NSTemporaryDirectory() + "/gallery-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        layout = root + "/Layouts/reference.yaml"
        try FileManager.default.copyItem(atPath: Project.folders.layouts + "/reference.yaml", toPath: layout)
    }

    /// Rewrites the layout as an editor's save does (a new file moved over the old one).
    func edit(_ change: (String) -> String) throws {
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        try AtomicFile.write(Array(change(text).utf8), to: layout)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// `serve --watch` on this project, in process, on a free port of 127.0.0.1: the port, and the
    /// task running the server (cancel it to stop).
    func serveWatching() async throws -> (port: Int, task: Task<Void, any Error>) {
        var logger = Logger(label: "widgetshot.gallery.test")
        logger.logLevel = .warning
        var server = try RenderServer(folders: ProjectFolders(root: root), host: "127.0.0.1", port: 0,
                                      workerThreads: 2, logger: logger)
        server.watch = true
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task(executorPreference: ServerExecutor.shared) { [server] in
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw WatchServerError() }
        return (port, task)
    }
}

struct WatchServerError: Error, CustomStringConvertible {
    var description: String { "the watching server stopped before it listened" }
}

@Suite("Live gallery (serve --watch) in Chromium", .serialized)
struct LiveGalleryTests {
    @Test("a changed layout updates the open page without a reload; a broken one shows file:line:col", .browser)
    func liveUpdate() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let (port, task) = try await project.serveWatching()

        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("http://127.0.0.1:\(port)/")
        try await browser.waitFor("!document.getElementById('live').hidden")
        try await browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)")
        let anchor = "reference/systemMedium/onTheWay/light/iphone15pro"
        let before = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').src") as? String
        _ = try browser.evaluate("window.notReloaded = true; document.body.dataset.version || '0'")
        let version0 = try browser.evaluate("document.body.dataset.version || '0'") as? String ?? "0"

        let edited = Date()
        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        try await browser.waitFor("document.body.dataset.version && document.body.dataset.version !== '\(version0)' && document.getElementById('\(anchor)').querySelector('img').src !== '\(before ?? "")'")
        try await browser.waitFor("document.getElementById('\(anchor)').querySelector('img').complete")
        let seen = Date().timeIntervalSince(edited)
        #expect(try browser.evaluate("window.notReloaded === true") as? Bool == true, "the page updated itself, no reload")
        let after = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').naturalWidth") as? Int
        #expect(after ?? 0 > 0)
        print("gallery live update: edit to new image in the page: \(Int(seen * 1000)) ms")
        // The page's HTTP URL is the versioned render route, and it draws the edited layout: the
        // same bytes as the gallery's new image.
        let http = try #require(try browser.evaluate("document.getElementById('\(anchor)').querySelector('a.http').getAttribute('href')") as? String)
        #expect(http.hasPrefix("/v1/render/reference/systemMedium.png?"), "\(http)")
        let src = try #require(try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').getAttribute('src')") as? String)
        let (rendered, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(http)")!)
        let (shown, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/\(src)")!)
        #expect(!rendered.isEmpty && rendered == shown, "GET \(http) draws the layout as edited")
        try browser.screenshot(to: galleryOutput + "/live-updated.png", fullPage: false)

        // Every figure the edit patched in loads its new image before the next edit: on a busy
        // machine the dark and placeholder variants were still loading when the break below took
        // the layout's images out of the gallery, and came back 404.
        try await browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete)")
        #expect(browser.errors().filter { !$0.contains("gallery-events") } == [], "before the layout breaks")

        // A broken layout: the page says where, and the server keeps serving.
        let version1 = try browser.evaluate("document.body.dataset.version") as? String ?? ""
        try project.edit { $0.replacingOccurrences(of: "surfaces:\n  systemMedium:", with: "surfaces:\n  systemMedium: [\n") }
        try await browser.waitFor("document.body.dataset.version !== '\(version1)' && document.getElementById('problems').textContent.includes('reference.yaml:')")
        let problem = try browser.evaluate("document.getElementById('problems').textContent") as? String ?? ""
        #expect(problem.range(of: #"reference\.yaml:\d+:\d+"#, options: .regularExpression) != nil, "\(problem)")
        #expect(try browser.evaluate("window.notReloaded === true") as? Bool == true)
        try browser.screenshot(to: galleryOutput + "/live-error.png", fullPage: false)
        // The broken layout's images leave the gallery folder; one the browser asks for between
        // that and the page replacing its figure is a 404. Nothing else may fail.
        let unexpected = browser.errors().filter {
            !$0.contains("gallery-events") && !($0.contains("404") && $0.contains("/gallery/reference/"))
        }
        #expect(unexpected == [])

        task.cancel()
        _ = await task.result
    }

    /// Not a test of time (no time is asserted): it prints how long an edit to the largest layout
    /// takes to reach an open page, for the README's numbers.
    @Test("an edit to one surface of delivery.yaml reaches the open page; the time is printed", .browser)
    func largeLayout() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let layout = project.root + "/Layouts/delivery.yaml"
        try FileManager.default.copyItem(atPath: Project.folders.layouts + "/delivery.yaml", toPath: layout)
        let (port, task) = try await project.serveWatching()
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open("http://127.0.0.1:\(port)/")
        try await browser.waitFor("!document.getElementById('live').hidden")
        try await browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)", timeout: 60)

        func edit(_ from: String, _ to: String, anchor: String, label: String) async throws {
            let text = try String(contentsOfFile: layout, encoding: .utf8)
            try #require(text.components(separatedBy: from).count == 2)
            let before = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').src") as? String ?? ""
            let edited = Date()
            try AtomicFile.write(Array(text.replacingOccurrences(of: from, with: to).utf8), to: layout)
            try await browser.waitFor("document.getElementById('\(anchor)').querySelector('img').src !== '\(before)' && document.getElementById('\(anchor)').querySelector('img').complete", timeout: 60)
            print("gallery live update, delivery.yaml, \(label): edit to new image in the page: \(Int(Date().timeIntervalSince(edited) * 1000)) ms")
        }
        // One surface's view (a value and an added line): its images only.
        try await edit("              lineLimit: 1\n              padding: { top: 2 }\n            - spacer:\n            - use: outcome",
                 "              lineLimit: 1\n              padding: { top: 4 }\n            - spacer:\n              minLength: 2\n            - use: outcome",
                 anchor: "delivery/systemSmall/onTheWay/light/iphone15pro", label: "systemSmall view")
        // A string every surface reads: every image of the layout.
        try await edit("  eta: { ko: 도착 예정, en: Arriving }", "  eta: { ko: 도착 예정 시각, en: Arriving }",
                 anchor: "delivery/systemMedium/onTheWay/light/iphone15pro", label: "shared strings")
        #expect(browser.errors().filter { !$0.contains("gallery-events") } == [])
        task.cancel()
        _ = await task.result
    }
}
