import Foundation
import FuzzSupport
import WidgetGallery
import WidgetShot

/// Bytes → OUT/.gallery-manifest.json of a small output folder → GalleryManifest.load, then the
/// incremental build's delete step (`removeFiles(notIn:from:)`) against a fixed current manifest.
/// Asserted after every input (a broken one is a finding like a crash): nothing outside OUT/ is
/// touched (a sentinel file beside it, a folder a link in OUT/ points to), no link and no folder
/// is removed, and a file goes only when the old manifest lists it and the current one does not.
/// The folder is made once per process, and what an input removed is put back.
@main enum FuzzManifest {
    static let base = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        + "/fuzz-manifest-\(getpid())"
    static let out = base + "/out"

    enum Kind { case outside, link, folder, kept, removable }
    /// Paths under `base`, what each is, and a file's bytes (a link's target).
    static let fixtures: [(path: String, kind: Kind, content: String)] = [
        ("sentinel", .outside, "beside OUT/"),
        ("outside/keep.png", .outside, "outside OUT/, reached by a link in it"),
        ("out/index.html", .removable, "<html>"),
        ("out/delivery/systemSmall/onTheWay-light.png", .kept, "kept"),
        ("out/delivery/systemSmall/onTheWay-dark.png", .removable, "stale"),
        ("out/push/delivery/sequence.png", .removable, "strip"),
        ("out/push/delivery/sequence.html", .removable, "strip page"),
        ("out/push/kept.png", .kept, "kept strip"),
        ("out/push/kept.html", .kept, "kept strip page"),
        ("out/folder.png/inner.png", .removable, "in a folder named like an image"),
        ("out/escape", .link, "../outside"),
        ("out/delivery/link.png", .link, "../../sentinel"),
        ("out/folder.png", .folder, ""),
        ("out/delivery/systemSmall", .folder, ""),
    ]

    /// The current build's: one image and one filmstrip kept.
    static let current = try! JSONDecoder().decode(GalleryManifest.self, from: Data(#"""
        {"version": \#(GalleryManifest.currentVersion),
         "images": {"delivery/systemSmall/onTheWay-light.png":
                    {"key": "k", "pixelWidth": 1, "pixelHeight": 1, "pointWidth": 1, "pointHeight": 1, "warnings": []}},
         "filmstrips": {"key": "k", "strips": [{"name": "kept", "title": "", "layout": "delivery", "kind": "pushes",
                        "surfaces": [], "errors": 0, "pixelWidth": 1, "pixelHeight": 1, "scale": 1}]}}
        """#.utf8))

    static func makeFolder() {
        try? FileManager.default.removeItem(atPath: base)
        for fixture in fixtures { restore(fixture) }
        atexit { try? FileManager.default.removeItem(atPath: FuzzManifest.base) }
    }

    static func restore(_ fixture: (path: String, kind: Kind, content: String)) {
        let path = base + "/" + fixture.path
        let parent = (path as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        switch fixture.kind {
        case .link: try! FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fixture.content)
        case .folder: try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        default: precondition(FileManager.default.createFile(atPath: path, contents: Data(fixture.content.utf8)))
        }
    }

    /// The relative paths the old manifest asks to remove: what it lists and the current one does not.
    static func listed(_ previous: GalleryManifest) -> Set<String> {
        var paths = Set(previous.images.keys.filter { current.images[$0] == nil })
        for strip in previous.filmstrips?.strips ?? [] where !(current.filmstrips?.strips.contains { $0.name == strip.name } ?? false) {
            paths.insert("push/" + strip.name + ".png")
            paths.insert("push/" + strip.name + ".html")
        }
        return paths
    }

    static func main() {
        makeFolder()
        FuzzHarness.main(target: "manifest") { bytes in
            guard FileManager.default.createFile(atPath: out + "/" + GalleryManifest.fileName, contents: Data(bytes)) else {
                fatalError("cannot write the manifest into \(out)")
            }
            let previous = GalleryManifest.load(from: out)
            _ = previous.removeFiles(notIn: current, from: out)
            let asked = listed(previous)
            for fixture in fixtures {
                let path = base + "/" + fixture.path
                var info = stat()
                let there = lstat(path, &info) == 0
                let type = info.st_mode & S_IFMT
                switch fixture.kind {
                case .outside:
                    guard there, type == S_IFREG, FileManager.default.contents(atPath: path) == Data(fixture.content.utf8) else {
                        fatalError("\(fixture.path), outside the gallery folder, was touched by the manifest:\n\(String(decoding: bytes, as: UTF8.self))")
                    }
                case .link, .folder:
                    guard there, type == (fixture.kind == .link ? S_IFLNK : S_IFDIR) else {
                        fatalError("\(fixture.path) (a \(fixture.kind == .link ? "link" : "folder")) was removed:\n\(String(decoding: bytes, as: UTF8.self))")
                    }
                case .kept, .removable:
                    // A kept file may still be asked for under the other kind (an image entry
                    // `push/kept.png` beside the kept filmstrip `kept`): the manifest says to.
                    guard !there else { continue }
                    let relative = String(fixture.path.dropFirst("out/".count))
                    guard asked.contains(relative) else {
                        fatalError("\(relative)\(fixture.kind == .kept ? ", which the current build keeps," : "") was removed though "
                            + "the manifest does not ask for it:\n\(String(decoding: bytes, as: UTF8.self))")
                    }
                    restore(fixture)
                }
            }
        }
    }
}
