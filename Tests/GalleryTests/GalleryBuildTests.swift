import Foundation
import Testing
import WidgetGallery
import WidgetShot

@Suite("Gallery build: incremental, manifest, page")
struct GalleryBuildTests {
    @Test("an unchanged rebuild renders nothing; an edited layout renders only its own images")
    func incremental() throws {
        let project = try WatchedProject()
        defer { project.remove() }
        try FileManager.default.copyItem(atPath: Project.folders.layouts + "/delivery.yaml", toPath: project.root + "/Layouts/delivery.yaml")
        let folders = ProjectFolders(root: project.root)
        let out = project.root + "/out"
        let pool = RendererPool(fonts: try FontLibrary(directory: folders.fonts))
        let options = GalleryOptions(surfaces: [.systemMedium, .systemSmall])
        let builder = GalleryBuilder(folders: folders, pool: pool, options: options)

        let first = try builder.build(GallerySource.load(folders), into: out)
        #expect(first.rendered == first.entries.count && first.reused == 0 && first.failed == 0)
        let manifest = GalleryManifest.load(from: out)
        #expect(manifest.images.count == first.entries.count)
        for e in first.entries { #expect(FileManager.default.fileExists(atPath: out + "/" + e.cell.relativePath)) }

        let second = try builder.build(GallerySource.load(folders), into: out)
        #expect(second.rendered == 0 && second.reused == first.entries.count)
        #expect(second.html == first.html, "same inputs, same page")

        try project.edit { $0.replacingOccurrences(of: "fill: \"#FF9500\"", with: "fill: \"#0A84FF\"") }
        let third = try builder.build(GallerySource.load(folders), into: out)
        let referenceCount = first.entries.filter { $0.cell.layout == "reference" }.count
        #expect(third.rendered == referenceCount && referenceCount > 0)
        #expect(third.entries.filter(\.rendered).allSatisfy { $0.cell.layout == "reference" })

        // A removed image file is rendered again even though its key is unchanged.
        let victim = first.entries[0].cell.relativePath
        try FileManager.default.removeItem(atPath: out + "/" + victim)
        let fourth = try builder.build(GallerySource.load(folders), into: out)
        #expect(fourth.changedPaths == [victim])
    }

    @Test("a layout that fails to load is a problem on the page, with file:line:col, and the rest still renders")
    func brokenLayout() throws {
        let project = try WatchedProject()
        defer { project.remove() }
        try AtomicFile.write(Array("name: broken\nsurfaces:\n  systemSmall: [\n".utf8), to: project.root + "/Layouts/broken.yaml")
        let folders = ProjectFolders(root: project.root)
        let source = GallerySource.load(folders)
        #expect(source.documents.map(\.name) == ["reference"])
        #expect(source.problems.count == 1)
        #expect(source.problems.first?.message.range(of: #"broken\.yaml:\d+:\d+"#, options: .regularExpression) != nil)
        let pool = RendererPool(fonts: try FontLibrary(directory: folders.fonts))
        let build = try GalleryBuilder(folders: folders, pool: pool).build(source, into: project.root + "/out")
        #expect(build.html.contains("class=problem") && build.html.contains("broken.yaml"))
        #expect(build.failed == 0 && !build.entries.isEmpty)
    }

    @Test("every image has a stable anchor, its sizes, the command and the URL that reproduce it")
    func pageContent() throws {
        let build = BuiltGallery.built
        let html = build.html
        let anchors = build.entries.map(\.cell.anchor)
        #expect(Set(anchors).count == anchors.count, "anchors are unique")
        let e = try #require(build.entries.first { $0.cell.anchor == "delivery.systemSmall.onTheWay.dark.iphone15pro" })
        #expect(html.contains("id=\"delivery.systemSmall.onTheWay.dark.iphone15pro\""))
        #expect(html.contains("widgetshot render delivery --surface systemSmall --preview onTheWay --scheme dark -o delivery-systemSmall-onTheWay-dark.png"))
        #expect(html.contains("GET /render/delivery/systemSmall.png?preview=onTheWay&amp;scheme=dark"))
        #expect(html.contains("158×158 pt · \(e.record.pixelWidth)×\(e.record.pixelHeight) px"))
        #expect(html.contains("/render/delivery/systemSmall.png?preview=onTheWay&amp;scheme=light&amp;placeholder=true"))
        // No network assets: nothing is loaded from another host.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//fonts."))
        let warned = build.entries.filter { !$0.record.warnings.isEmpty }
        if let w = warned.first { #expect(html.contains(GalleryPage.escape(w.record.warnings[0]).replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: ""))) }
    }
}
