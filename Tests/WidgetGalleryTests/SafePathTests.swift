import Foundation
import Testing
import TestSupport
import WidgetGallery
import WidgetShot

/// No name from a layout or a manifest writes or deletes outside the gallery's folder, a layout
/// file is read only from inside the layouts folder, and the live gallery's folder is private.
/// Real folders and files in the temporary directory; each test has its own.
@Suite("Safe paths in the gallery")
struct SafePathTests {
    /// A project folder (Layouts/, the repository's fonts linked in), a gallery folder OUT inside
    /// `base`, and `victim/`, a folder beside it holding `keep.png` and `keep.txt`.
    struct Sandbox {
        let base: String
        var root: String { base + "/project" }
        var out: String { base + "/out" }
        var victim: String { base + "/victim" }
        var folders: ProjectFolders { ProjectFolders(root: root) }

        init() throws {
            base = NSTemporaryDirectory() + "/ws-safepaths-\(UUID().uuidString)"
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: victim, withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
            try Data("precious".utf8).write(to: URL(fileURLWithPath: victim + "/keep.png"))
            try Data("precious".utf8).write(to: URL(fileURLWithPath: victim + "/keep.txt"))
        }

        func layout(_ file: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/" + file))
        }

        static func small(name: String? = nil, preview: String = "one") -> String {
            """
            \(name.map { "name: \"\($0)\"\n" } ?? "")surfaces:
              systemSmall:
                view:
                  text: "{{title}}"
            previews:
              "\(preview)":
                data: { title: Hi }

            """
        }

        func build() throws -> GalleryBuild {
            let options = GalleryOptions(surfaces: [.systemSmall], placeholders: false, filmstrips: false)
            let builder = GalleryBuilder(folders: folders, pool: RendererPool(fonts: try FontLibrary(directory: folders.fonts)),
                                         options: options)
            return try builder.build(GallerySource.load(folders), into: out)
        }

        /// Every file under `folder`, relative, sorted.
        func files(under folder: String) -> [String] {
            (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    /// A manifest as an earlier build writes it, listing `paths` as images.
    static func plantManifest(_ paths: [String], in out: String) throws {
        let record = #"{"key":"k","pixelWidth":1,"pixelHeight":1,"pointWidth":1,"pointHeight":1,"warnings":[]}"#
        let images = paths.map { "\"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\":\(record)" }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("{\"version\":3,\"images\":{\(images.joined(separator: ","))}}".utf8)
            .write(to: URL(fileURLWithPath: out + "/" + GalleryManifest.fileName))
    }

    @Test("a planted manifest's entries outside the folder, through a link or naming a folder are skipped, not deleted")
    func plantedManifestDeletesNothingOutside() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", Sandbox.small())
        // A link inside OUT to the victim folder, and a folder inside OUT that an entry names.
        try FileManager.default.createDirectory(atPath: box.out + "/sub", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: box.out + "/sub/inner.txt"))
        try FileManager.default.createSymbolicLink(atPath: box.out + "/link", withDestinationPath: box.victim)
        try Self.plantManifest(["../victim/keep.png", "../victim", box.victim + "/keep.txt", "link/keep.png",
                                "sub", "./../victim/keep.txt", "card//../../victim/keep.png"], in: box.out)

        let build = try box.build()

        #expect(box.files(under: box.victim) == ["keep.png", "keep.txt"])
        #expect(FileManager.default.fileExists(atPath: box.out + "/sub/inner.txt"))
        #expect(FileManager.default.fileExists(atPath: box.out + "/card/systemSmall/one-light.png"))
        // Each refused entry is reported, naming it and the rule.
        #expect(build.skipped.count == 7, "\(build.skipped)")
        #expect(build.skipped.contains { $0.contains("'../victim/keep.png'") && $0.contains("'..'") }, "\(build.skipped)")
        #expect(build.skipped.contains { $0.contains("is absolute") }, "\(build.skipped)")
        #expect(build.skipped.contains { $0.contains("link") && $0.contains("symbolic link") }, "\(build.skipped)")
        #expect(build.skipped.contains { $0.contains("sub is a folder") }, "\(build.skipped)")
    }

    @Test("an image that is gone is still removed: the rule keeps the incremental gallery's own deletes")
    func staleImageOfOurOwnIsRemoved() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", Sandbox.small(preview: "first"))
        _ = try box.build()
        #expect(FileManager.default.fileExists(atPath: box.out + "/card/systemSmall/first-light.png"))
        try box.layout("card.yaml", Sandbox.small(preview: "second"))
        let build = try box.build()
        #expect(!FileManager.default.fileExists(atPath: box.out + "/card/systemSmall/first-light.png"))
        #expect(FileManager.default.fileExists(atPath: box.out + "/card/systemSmall/second-light.png"))
        #expect(build.skipped.isEmpty, "\(build.skipped)")
    }

    @Test("a layout name or preview name with ../ is a located error and writes nothing outside OUT", arguments: [
        ("card.yaml", Sandbox.small(name: "../escaped"), "Layouts/card.yaml:1:7", "layout name (name:) '../escaped'"),
        ("card.yaml", Sandbox.small(preview: "../../escaped"), "Layouts/card.yaml:6:3", "preview name '../../escaped'"),
        ("card.yaml", Sandbox.small(name: "/tmp/escaped"), "Layouts/card.yaml:1:7", "layout name (name:) '/tmp/escaped'"),
    ])
    func unsafeNamesAreLocatedErrors(file: String, text: String, location: String, what: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.layout(file, text)
        let source = GallerySource.load(box.folders)
        #expect(source.documents.isEmpty)
        let message = try #require(source.problems.first?.message)
        #expect(message.contains("\(location): error: \(what) is not safe as a file name"), "\(message)")
        _ = try box.build()
        // Nothing beside OUT but the project and the untouched victim, nothing in /tmp/escaped.
        #expect(box.files(under: box.base).filter { !$0.hasPrefix("project") && !$0.hasPrefix("out") } == ["victim", "victim/keep.png", "victim/keep.txt"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped/systemSmall/one-light.png"))
    }

    @Test("the writer checks names again: a document named ../ past the parser, or a link planted as a folder, writes nothing outside")
    func writerRefusesWhatTheParserWouldHave() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", Sandbox.small())
        try box.layout("planted.yaml", Sandbox.small())
        var source = GallerySource.load(box.folders)
        let index = try #require(source.documents.firstIndex { $0.name == "card" })
        source.documents[index].name = "../escaped"
        try FileManager.default.createDirectory(atPath: box.out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.out + "/planted", withDestinationPath: box.victim)
        let options = GalleryOptions(surfaces: [.systemSmall], placeholders: false, filmstrips: false)
        let builder = GalleryBuilder(folders: box.folders, pool: RendererPool(fonts: try FontLibrary(directory: box.folders.fonts)),
                                     options: options)
        let build = try builder.build(source, into: box.out)
        let errors = build.entries.compactMap(\.record.error)
        #expect(errors.count == build.entries.count && !errors.isEmpty, "\(errors)")
        #expect(errors.contains { $0.contains("'../escaped/systemSmall/one-light.png' is not a safe relative path: it has a component '..'") }, "\(errors)")
        #expect(errors.contains { $0.contains("/out/planted: a symbolic link where a folder is expected") }, "\(errors)")
        #expect(box.files(under: box.victim) == ["keep.png", "keep.txt"])
        #expect(!FileManager.default.fileExists(atPath: box.base + "/escaped"))
    }

    @Test("a layout file linked to a secret outside the layouts folder is an error that shows none of it")
    func symlinkedLayoutLeaksNothing() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let secret = "ghp_SECRETTOKEN0123456789abcdefghijklmnopqrstuvwxyz"
        // One scalar: a parse error would quote its first 40 characters ("found string '…'").
        try Data("\(secret)\n".utf8).write(to: URL(fileURLWithPath: box.victim + "/token.yaml"))
        try FileManager.default.createSymbolicLink(atPath: box.root + "/Layouts/leak.yaml", withDestinationPath: box.victim + "/token.yaml")
        try box.layout("card.yaml", Sandbox.small())
        // A link that stays inside the folder is fine.
        try FileManager.default.createSymbolicLink(atPath: box.root + "/Layouts/alias.yaml", withDestinationPath: "card.yaml")

        let source = GallerySource.load(box.folders)
        #expect(Set(source.documents.map(\.name)) == ["card", "alias"])
        let problem = try #require(source.problems.first)
        #expect(problem.file == "Layouts/leak.yaml")
        #expect(problem.message.contains("Layouts/leak.yaml:1:1: error: a symlink to a file outside the layouts folder"), "\(problem.message)")
        let build = try box.build()
        #expect(build.html.contains("a symlink to a file outside the layouts folder"))
        for page in [problem.message, build.html] {
            #expect(!page.contains("SECRET") && !page.contains("ghp_"))
        }
        // The live gallery's cached loader reads under the same rule.
        let cached = GallerySourceCache().load(box.folders)
        #expect(cached.problems.first?.message == problem.message)
    }

    @Test("the page names files relative to the project folder, never where the project sits")
    func pageShowsProjectRelativePaths() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", Sandbox.small())
        try box.layout("broken.yaml", "surfaces:\n  systemSmall:\n    view:\n      text: 3 +\n  nope: 1\n")
        let build = try box.build()
        #expect(build.html.contains("Layouts/broken.yaml:5:3"), "\(build.problems)")
        #expect(build.html.contains("Layouts/card.yaml"))
        #expect(!build.html.contains(box.root), "the page shows \(box.root)")
    }
}

/// The live gallery of `widgetshot serve`: a folder only we can reach, made fresh, removed at stop.
@Suite("Live gallery folder", .serialized)
struct LiveGalleryFolderTests {
    /// The folder main used: NSTemporaryDirectory()/widgetshot-gallery-FNV1a(root), predictable by
    /// anyone who knows the project's path.
    static func predictableFolder(_ root: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in root.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return NSTemporaryDirectory() + "/widgetshot-gallery-" + String(hash, radix: 16)
    }

    @Test("a link planted at the predictable folder is not followed; the folder is private and removed at stop")
    func plantedLinkIsNotFollowed() async throws {
        let box = try SafePathTests.Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", SafePathTests.Sandbox.small())
        let planted = Self.predictableFolder(box.root)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: box.victim)
        defer { try? FileManager.default.removeItem(atPath: planted) }

        let gallery = LiveGallery(folders: box.folders, pool: RendererPool(fonts: try FontLibrary(directory: box.folders.fonts)),
                                  options: GalleryOptions(surfaces: [.systemSmall], placeholders: false, filmstrips: false),
                                  watching: false)
        let page = await gallery.currentPage()
        #expect(page.contains("card"))
        #expect(box.files(under: box.victim) == ["keep.png", "keep.txt"])
        #expect(gallery.directory != planted)
        var info = stat()
        #expect(lstat(gallery.directory, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(info.st_uid == geteuid())
        #expect(FileManager.default.fileExists(atPath: gallery.directory + "/card/systemSmall/one-light.png"))
        gallery.stop()
        // Removed on the build queue, right after.
        let deadline = Date().addingTimeInterval(10)
        while FileManager.default.fileExists(atPath: gallery.directory), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!FileManager.default.fileExists(atPath: gallery.directory))
    }

    @Test("a given folder that others can enter, or that is a link, is not used: the page says why", arguments: ["open", "link"])
    func givenFolderMustBePrivate(kind: String) async throws {
        let box = try SafePathTests.Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", SafePathTests.Sandbox.small())
        let folder = box.base + "/gallery"
        if kind == "open" {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o755])
        } else {
            try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: box.victim)
        }
        let gallery = LiveGallery(folders: box.folders, pool: RendererPool(fonts: try FontLibrary(directory: box.folders.fonts)),
                                  options: GalleryOptions(surfaces: [.systemSmall], placeholders: false, filmstrips: false),
                                  watching: false, directory: folder)
        let page = await gallery.currentPage()
        #expect(page.contains("cannot use the gallery folder"), "\(page.prefix(2000))")
        #expect(page.contains(kind == "open" ? "mode 755" : "symbolic link"))
        #expect(box.files(under: box.victim) == ["keep.png", "keep.txt"])
        #expect(box.files(under: folder).isEmpty || kind == "link")
        gallery.stop()
        // A folder it did not make is kept.
        #expect(FileManager.default.fileExists(atPath: kind == "open" ? folder : box.victim))
    }

    @Test("a private folder of ours is used and kept")
    func givenPrivateFolderIsUsed() async throws {
        let box = try SafePathTests.Sandbox()
        defer { box.remove() }
        try box.layout("card.yaml", SafePathTests.Sandbox.small())
        let folder = box.base + "/gallery"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let gallery = LiveGallery(folders: box.folders, pool: RendererPool(fonts: try FontLibrary(directory: box.folders.fonts)),
                                  options: GalleryOptions(surfaces: [.systemSmall], placeholders: false, filmstrips: false),
                                  watching: false, directory: folder)
        _ = await gallery.currentPage()
        #expect(FileManager.default.fileExists(atPath: folder + "/card/systemSmall/one-light.png"))
        gallery.stop()
        try await Task.sleep(for: .milliseconds(200))
        #expect(FileManager.default.fileExists(atPath: folder + "/card/systemSmall/one-light.png"))
    }
}
