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

/// The live page's cheap path: an edit that keeps the page's frame is sent as the changed figures
/// only; anything else (a preview added, a layout that fails) makes the page fetch itself again.
@Suite("Live gallery patches (page parts, source cache, watcher)")
struct GalleryLivePatchTests {
    static let page = """
        <!doctype html><body data-live=1><main id=gallery><section><h3>s</h3>\
        <figure class="card light" id="a/one" data-x=1><img src="a1.png?v=1"><figcaption>a</figcaption></figure>\
        <figure class="card dark" id="a/two"><img src="a2.png?v=1"></figure>\
        </section><figure class=strip id="push/x"><img src="x.png?v=9"></figure></main></body>
        """

    @Test("a page is cut into its figures by id and a frame; same frame → the changed figures only")
    func parts() throws {
        let old = GalleryPageParts(html: Self.page)
        #expect(old.ids == ["a/one", "a/two", "push/x"])
        #expect(old.figures["a/two"] == "<figure class=\"card dark\" id=\"a/two\"><img src=\"a2.png?v=1\"></figure>")
        let frame = String(decoding: old.frame, as: UTF8.self)
        #expect(!frame.contains("a1.png") && frame.contains("<h3>s</h3>") && frame.hasSuffix("</main></body>"))

        let edited = GalleryPageParts(html: Self.page.replacingOccurrences(of: "a2.png?v=1", with: "a2.png?v=2"))
        #expect(GalleryLivePatch.changes(from: old, to: edited)
                == [GalleryLivePatch.Figure(id: "a/two", html: "<figure class=\"card dark\" id=\"a/two\"><img src=\"a2.png?v=2\"></figure>")])
        #expect(GalleryLivePatch.changes(from: old, to: old) == [])
        // A heading changed, a figure gone, or no page before: the whole page.
        #expect(GalleryLivePatch.changes(from: old, to: GalleryPageParts(html: Self.page.replacingOccurrences(of: "<h3>s</h3>", with: "<h3>t</h3>"))) == nil)
        let fewer = Self.page.replacingOccurrences(of: "<figure class=\"card dark\" id=\"a/two\"><img src=\"a2.png?v=1\"></figure>", with: "")
        #expect(GalleryLivePatch.changes(from: old, to: GalleryPageParts(html: fewer)) == nil)
        #expect(GalleryLivePatch.changes(from: nil, to: old) == nil)
        // More changed HTML than the bound: the whole page.
        #expect(GalleryLivePatch.changes(from: old, to: edited, maxBytes: 20) == nil)
    }

    @Test("the real page: every card and strip is a figure with its anchor")
    func realPage() {
        let build = BuiltGallery.built
        let parts = GalleryPageParts(html: build.html)
        #expect(parts.ids.count == build.entries.count + build.filmstrips.count)
        #expect(Array(parts.ids.prefix(build.entries.count)) == build.entries.map(\.cell.anchor))
    }

    @Test("the source cache parses only the layout files whose bytes changed, with the same result")
    func sourceCache() throws {
        let project = try WatchedProject()
        defer { project.remove() }
        try FileManager.default.copyItem(atPath: Project.folders.layouts + "/delivery.yaml", toPath: project.root + "/Layouts/delivery.yaml")
        let folders = ProjectFolders(root: project.root)
        let cache = GallerySourceCache()
        let first = cache.load(folders)
        #expect(cache.lastParsed == 2 && first.documents.map(\.name) == ["delivery", "reference"])
        _ = cache.load(folders)
        #expect(cache.lastParsed == 0)
        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        let edited = cache.load(folders)
        #expect(cache.lastParsed == 1)
        #expect(edited.documents.map(\.sourceDigest) == GallerySource.load(folders).documents.map(\.sourceDigest))
        #expect(edited.documents[0].sourceDigest == first.documents[0].sourceDigest)
        #expect(edited.documents[1].sourceDigest != first.documents[1].sourceDigest)
        // Broken, then fixed: the problem, then the document again.
        let text = try String(contentsOfFile: project.layout, encoding: .utf8)
        try project.edit { $0 + "\n  broken: [\n" }
        let broken = cache.load(folders)
        #expect(broken.documents.map(\.name) == ["delivery"] && broken.problems.count == 1)
        #expect(broken.problems.first?.message.range(of: #"reference\.yaml:\d+:\d+"#, options: .regularExpression) != nil)
        try AtomicFile.write(Array(text.utf8), to: project.layout)
        #expect(cache.load(folders).documents.map(\.name) == ["delivery", "reference"])
        // A file removed is gone.
        try FileManager.default.removeItem(atPath: project.root + "/Layouts/delivery.yaml")
        #expect(cache.load(folders).documents.map(\.name) == ["reference"])
    }

    @Test("the watcher names the saved file and delivers an atomic save without the long settle")
    func watcher() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let box = ChangeBox()
        let watcher = LayoutWatcher(folders: [project.root + "/Layouts"]) { box.add($0) }
        watcher.settle = 2 // a save that is not seen as finished would wait this long
        watcher.start()
        defer { watcher.stop() }
        try? await Task.sleep(for: .milliseconds(300))
        try project.edit { $0 + "\n" }
        let deadline = Date().addingTimeInterval(1.5)
        while box.all.isEmpty, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        let change = try #require(box.all.first, "an atomic save (temporary file renamed over the layout) is delivered in well under the 2 s settle")
        #expect(change.complete && change.paths.contains(project.layout), "\(change.paths)")
        #expect(change.delivered >= change.firstEvent)
    }

    @Test("renderFirst: a large change renders its first images in page order now, the rest in the next build")
    func renderFirst() throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let layout = project.root + "/Layouts/delivery.yaml"
        try FileManager.default.copyItem(atPath: Project.folders.layouts + "/delivery.yaml", toPath: layout)
        let folders = ProjectFolders(root: project.root)
        let out = project.root + "/out"
        let pool = RendererPool(fonts: try FontLibrary(directory: folders.fonts))
        let builder = GalleryBuilder(folders: folders, pool: pool, options: GalleryOptions(surfaces: [.systemSmall, .systemMedium]))
        let first = try builder.build(GallerySource.load(folders), into: out)
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        try AtomicFile.write(Array(text.replacingOccurrences(of: "eta: { ko: 도착 예정,", with: "eta: { ko: 도착 예정 시각,").utf8), to: layout)
        let delivery = first.entries.filter { $0.cell.layout == "delivery" }
        #expect(delivery.count > 12)

        let part = try builder.build(GallerySource.load(folders), into: out, renderFirst: 12)
        #expect(part.rendered == 12 && part.deferred == delivery.count - 12)
        #expect(part.entries.filter(\.rendered).map(\.cell.anchor) == Array(delivery.prefix(12).map(\.cell.anchor)))
        #expect(part.entries.count == first.entries.count, "every image is on the page, the deferred ones as they were")
        let waiting = part.entries.filter { $0.cell.layout == "delivery" && !$0.rendered }
        #expect(waiting.allSatisfy { e in first.entries.first { $0.cell.anchor == e.cell.anchor }?.record == e.record })

        let rest = try builder.build(GallerySource.load(folders), into: out, renderFirst: nil)
        #expect(rest.rendered == delivery.count - 12 && rest.deferred == 0)
        let again = try builder.build(GallerySource.load(folders), into: out)
        #expect(again.rendered == 0)
    }

    @Test("the served page carries its version; a page's first event says which version is current")
    func versionStamp() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let folders = ProjectFolders(root: project.root)
        let gallery = LiveGallery(folders: folders, pool: RendererPool(fonts: try FontLibrary(directory: folders.fonts)),
                                  options: GalleryOptions(imageBase: "gallery/", live: true), watching: false,
                                  directory: project.root + "/out")
        let page = await gallery.currentPage()
        #expect(page.contains("<body data-version=1 data-live=1>"))
        var events = gallery.events().makeAsyncIterator()
        let hello = await events.next()
        // The version, and whether a build is still under way (the first one may still be writing
        // its files after its page is out).
        #expect(hello?.name == "hello")
        #expect(hello?.data == "{\"version\":1,\"building\":false}" || hello?.data == "{\"version\":1,\"building\":true}", "\(String(describing: hello?.data))")
    }
}

private final class ChangeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [LayoutChange] = []
    func add(_ c: LayoutChange) { lock.withLock { changes.append(c) } }
    var all: [LayoutChange] { lock.withLock { changes } }
}
