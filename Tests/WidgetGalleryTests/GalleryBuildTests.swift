import Foundation
import Testing
import TestSupport
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
        let e = try #require(build.entries.first { $0.cell.anchor == "delivery/systemSmall/onTheWay/dark/iphone15pro" })
        #expect(html.contains("id=\"delivery/systemSmall/onTheWay/dark/iphone15pro\""))
        #expect(html.contains("widgetshot render delivery --surface systemSmall --preview onTheWay --scheme dark -o delivery-systemSmall-onTheWay-dark.png"))
        #expect(html.contains("GET /v1/render/delivery/systemSmall.png?preview=onTheWay&amp;scheme=dark"))
        #expect(html.contains("158×158 pt · \(e.record.pixelWidth)×\(e.record.pixelHeight) px"))
        #expect(html.contains("/v1/render/delivery/systemSmall.png?preview=onTheWay&amp;scheme=light&amp;placeholder=true"))
        // No network assets: nothing is loaded from another host.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//fonts."))
        let warned = build.entries.filter { !$0.record.warnings.isEmpty }
        if let w = warned.first { #expect(html.contains(MarkupText.escape(w.record.warnings[0]).replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: ""))) }
    }

    @Test("an edit to one surface's view re-renders that surface alone; a comment nothing; a shared table every surface")
    func surfaceScopedKeys() throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let layout = project.root + "/Layouts/delivery.yaml"
        try FileManager.default.copyItem(atPath: Project.folders.layouts + "/delivery.yaml", toPath: layout)
        let folders = ProjectFolders(root: project.root)
        let out = project.root + "/out"
        let pool = RendererPool(fonts: try FontLibrary(directory: folders.fonts))
        let builder = GalleryBuilder(folders: folders, pool: pool,
                                     options: GalleryOptions(surfaces: [.systemSmall, .systemMedium, .accessoryInline], filmstrips: false))
        func edit(_ from: String, _ to: String) throws {
            let text = try String(contentsOfFile: layout, encoding: .utf8)
            try #require(text.components(separatedBy: from).count == 2, "'\(from)' once in delivery.yaml")
            try AtomicFile.write(Array(text.replacingOccurrences(of: from, with: to).utf8), to: layout)
        }
        let first = try builder.build(GallerySource.load(folders), into: out)
        let delivery = first.entries.filter { $0.cell.layout == "delivery" }
        let small = delivery.filter { $0.cell.surface == .systemSmall }
        #expect(!small.isEmpty && small.count < delivery.count)

        try edit("  systemSmall:\n    view:\n", "  systemSmall:\n    # only a comment\n    view:\n")
        #expect(try builder.build(GallerySource.load(folders), into: out).rendered == 0, "a comment changes no image")

        // A value inside systemSmall's view, and a line added to it (every surface below moves down).
        try edit("              lineLimit: 1\n              padding: { top: 2 }\n            - spacer:\n            - use: outcome",
                 "              lineLimit: 1\n              padding: { top: 4 }\n            - spacer:\n              minLength: 2\n            - use: outcome")
        let second = try builder.build(GallerySource.load(folders), into: out)
        #expect(second.rendered == small.count)
        #expect(second.entries.filter(\.rendered).allSatisfy { $0.cell.layout == "delivery" && $0.cell.surface == .systemSmall })
        // Warnings of reused images name their lines as they are now (taken afresh, not re-rendered).
        for e in second.entries where !e.rendered {
            for w in e.record.warnings where w.contains("delivery.yaml:") {
                let line = Int(w.split(separator: ":")[1]) ?? 0
                let text = try String(contentsOfFile: layout, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                #expect(line > 0 && line <= text.count, "\(w)")
            }
        }

        // A table every surface reads: all of the layout's images.
        try edit("  eta: { ko: 도착 예정, en: Arriving }", "  eta: { ko: 도착 예정 시각, en: Arriving }")
        let third = try builder.build(GallerySource.load(folders), into: out)
        #expect(third.rendered == delivery.count)
    }

    @Test("an unchanged rebuild writes no file: the page and the manifest stay as they are")
    func unchangedWritesNothing() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        let folders = ProjectFolders(root: project.root)
        let out = project.root + "/out"
        let pool = RendererPool(fonts: try FontLibrary(directory: folders.fonts))
        let builder = GalleryBuilder(folders: folders, pool: pool)
        _ = try builder.build(GallerySource.load(folders), into: out)
        func stamp(_ name: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.modificationDate] as? Date
        }
        let page = try stamp("index.html"), manifest = try stamp(GalleryManifest.fileName)
        try? await Task.sleep(for: .milliseconds(20))
        let again = try builder.build(GallerySource.load(folders), into: out)
        #expect(again.rendered == 0)
        #expect(try stamp("index.html") == page && stamp(GalleryManifest.fileName) == manifest)
    }

    @Test("the push and timeline section: a filmstrip per sample sequence and timeline, drawn once, anchored, filterable")
    func filmstrips() throws {
        let build = BuiltGallery.built
        let names = build.filmstrips.map(\.name)
        #expect(names.contains("delivery/sequence") && names.contains("delivery/timeline-medium") && names.contains("delivery/timeline-policy"))
        for s in build.filmstrips {
            #expect(FileManager.default.fileExists(atPath: BuiltGallery.directory + "/push/" + s.name + ".png"))
            #expect(FileManager.default.fileExists(atPath: BuiltGallery.directory + "/push/" + s.name + ".html"))
            #expect(s.pixelWidth > 0 && s.pixelHeight > 0)
            #expect(build.html.contains("id=\"push/\(s.name)\""))
        }
        #expect(build.filmstrips.first { $0.name == "delivery/sequence" }?.errors == 0, "the sample sequence is valid")
        #expect(build.html.contains("data-section=pushes data-layout=\"delivery\" data-surface=\"lockScreen standBy islandCompact islandMinimal islandExpanded\""))
        // Unchanged inputs: not drawn again.
        let pool = RendererPool(fonts: try FontLibrary(directory: Project.folders.fonts))
        let again = try GalleryBuilder(folders: Project.folders, pool: pool).build(GallerySource.load(Project.folders), into: BuiltGallery.directory)
        #expect(!again.filmstripsDrawn && again.filmstrips.map(\.name) == names && again.rendered == 0)
    }

    @Test("one anchor per image: every dimension, URL-safe, the same on both pages")
    func anchors() throws {
        let cell = MatrixCell(layout: "delivery", surface: .systemSmall, preview: "onTheWay", scheme: .dark)
        #expect(ImageAnchor(cell: cell, device: "iphone15pro").id == "delivery/systemSmall/onTheWay/dark/iphone15pro")
        #expect(ImageAnchor(cell: cell, device: "iphonese", placeholder: true).id == "delivery/systemSmall/placeholder/dark/iphonese")
        var spanned = cell
        spanned.axisValues = ["dynamicType": "accessibility3", "locale": "ko"]
        #expect(ImageAnchor(cell: spanned, device: "iphone15pro").id == "delivery/systemSmall/onTheWay/dark/iphone15pro/locale=ko/dynamicType=accessibility3")
        let odd = MatrixCell(layout: "a b", surface: .lockScreen, preview: "x/y#1%", scheme: .light)
        #expect(ImageAnchor(cell: odd, device: "iphone15pro").id == "a%20b/lockScreen/x%2Fy%231%25/light/iphone15pro")
        // The gallery's anchor of an image is the verify report's anchor of its golden.
        let entry = try #require(BuiltGallery.built.entries.first { $0.cell.matrixCell == cell && !$0.cell.placeholder })
        #expect(entry.cell.anchor == ImageAnchor(cell: cell, device: DeviceProfile.default.id).id)
        #expect(GalleryVerifyMarks.relativeURL(from: "/p/out", to: "/p/.build/verify-report") == "../.build/verify-report/")
    }
}
