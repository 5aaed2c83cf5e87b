import Foundation
import Logging
import Testing
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
}

@Suite("Live gallery (serve --watch) in Chromium", .serialized)
struct LiveGalleryTests {
    @Test("a changed layout updates the open page without a reload; a broken one shows file:line:col")
    func liveUpdate() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        var logger = Logger(label: "widgetshot.gallery.test")
        logger.logLevel = .warning
        var server = try RenderServer(folders: ProjectFolders(root: project.root), host: "127.0.0.1", port: 0,
                                      workerThreads: 2, logger: logger)
        server.watch = true
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { [server] in
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())

        let browser = try Chromium()
        defer { browser.close() }
        try browser.open("http://127.0.0.1:\(port)/")
        try browser.waitFor("!document.getElementById('live').hidden")
        try browser.waitFor("[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)")
        let anchor = "reference.systemMedium.onTheWay.light.iphone15pro"
        let before = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').src") as? String
        _ = try browser.evaluate("window.notReloaded = true; document.body.dataset.version || '0'")
        let version0 = try browser.evaluate("document.body.dataset.version || '0'") as? String ?? "0"

        let edited = Date()
        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        try browser.waitFor("document.body.dataset.version && document.body.dataset.version !== '\(version0)' && document.getElementById('\(anchor)').querySelector('img').src !== '\(before ?? "")'")
        try browser.waitFor("document.getElementById('\(anchor)').querySelector('img').complete")
        let seen = Date().timeIntervalSince(edited)
        #expect(try browser.evaluate("window.notReloaded === true") as? Bool == true, "the page updated itself, no reload")
        let after = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').naturalWidth") as? Int
        #expect(after ?? 0 > 0)
        print("gallery live update: edit to new image in the page: \(Int(seen * 1000)) ms")
        try browser.screenshot(to: Project.output + "/live-updated.png", fullPage: false)

        // A broken layout: the page says where, and the server keeps serving.
        let version1 = try browser.evaluate("document.body.dataset.version") as? String ?? ""
        try project.edit { $0.replacingOccurrences(of: "surfaces:\n  systemMedium:", with: "surfaces:\n  systemMedium: [\n") }
        try browser.waitFor("document.body.dataset.version !== '\(version1)' && document.getElementById('problems').textContent.includes('reference.yaml:')")
        let problem = try browser.evaluate("document.getElementById('problems').textContent") as? String ?? ""
        #expect(problem.range(of: #"reference\.yaml:\d+:\d+"#, options: .regularExpression) != nil, "\(problem)")
        #expect(try browser.evaluate("window.notReloaded === true") as? Bool == true)
        try browser.screenshot(to: Project.output + "/live-error.png", fullPage: false)
        #expect(browser.errors().filter { !$0.contains("gallery-events") } == [])

        task.cancel()
        _ = await task.result
    }
}
