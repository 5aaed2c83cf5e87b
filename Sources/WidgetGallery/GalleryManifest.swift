import Foundation
import WidgetShot

/// What the gallery knows about each image it wrote, kept in OUT/.gallery-manifest.json so that a
/// rebuild reuses every image whose content key has not changed.
public struct GalleryRecord: Codable, Sendable, Equatable {
    public var key: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var pointWidth: Double
    public var pointHeight: Double
    /// Lint warnings of this render, `file:line:col: warning: message`.
    public var warnings: [String]
    /// Why it could not be rendered (then there is no file).
    public var error: String?
}

public struct GalleryManifest: Codable, Sendable, Equatable {
    public static let fileName = ".gallery-manifest.json"
    /// A manifest larger than this is not read (the build renders everything): about 300 bytes an
    /// image, so room for some 200,000 images.
    static let maxBytes = 64 * 1024 * 1024
    /// Raised when what a record holds changes: an older manifest is then ignored (all re-rendered).
    /// 3: image keys cover only the part of the layout a surface reads (RenderKeyer.LayoutScope.surface).
    public static let currentVersion = 3
    public var version = currentVersion
    /// By relative path.
    public var images: [String: GalleryRecord] = [:]
    /// The push and timeline section's filmstrips, and the key they were drawn for.
    public var filmstrips: GalleryFilmstrips?
    /// Each layout's text digest when its images were last keyed: the warnings of a reused image
    /// name lines, and are taken afresh only when its layout's text changed.
    public var layouts: [String: String]?
    /// The font files as last seen and the digest of their bytes then: a later build whose font
    /// files look the same (names, sizes, inodes, change times) skips reading them.
    public var fonts: GalleryFontStamp?
    /// SHA-256 of the index.html last written, so an unchanged page is not written again.
    public var page: String?

    public init(images: [String: GalleryRecord] = [:]) { self.images = images }

    /// The manifest in `directory`, or an empty one when there is none or it cannot be read.
    public static func load(from directory: String) -> GalleryManifest {
        // Not through a link, and bounded: what it lists is checked again before any of it is removed.
        guard let bytes = OutputFolder(directory).read(fileName, hidden: true, maxBytes: maxBytes),
              let manifest = try? JSONDecoder().decode(GalleryManifest.self, from: Data(bytes)), manifest.version == currentVersion
        else { return GalleryManifest() }
        return manifest
    }

    /// Removes from `out` the files this manifest (the previous build's) lists and `current` does
    /// not: images, and the filmstrips' PNG and HTML. This manifest is a file anyone who can write
    /// OUT/ may have edited: each of its paths passes the safe-path rule and is removed only as a
    /// regular file inside OUT/, never through a link; any other entry is left alone, and the
    /// warnings returned say why.
    public func removeFiles(notIn current: GalleryManifest, from out: String) -> [String] {
        let folder = OutputFolder(out)
        var skipped: [String] = []
        func remove(_ relative: String) {
            if case .skipped(let why) = folder.remove(relative) { skipped.append("not removed from the gallery folder: \(why)") }
        }
        for path in images.keys.sorted() where current.images[path] == nil { remove(path) }
        for old in filmstrips?.strips ?? [] where !(current.filmstrips?.strips.contains { $0.name == old.name } ?? false) {
            remove("push/" + old.name + ".png")
            remove("push/" + old.name + ".html")
        }
        return skipped
    }

    public func write(to directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try OutputFolder(directory).write(Array(try encoder.encode(self)), to: Self.fileName, hidden: true)
    }
}

/// The filmstrips of the push and timeline section as last drawn (OUT/push/…).
public struct GalleryFilmstrips: Codable, Sendable, Equatable {
    /// Over the engine, the fonts, the scale, and each layout with samples: its text and every
    /// file of its samples folder.
    public var key: String
    public var strips: [GalleryStrip]
    /// Why they could not be drawn (then there are none).
    public var error: String?
}

public struct GalleryStrip: Codable, Sendable, Equatable {
    /// `delivery/sequence`: the files are OUT/push/NAME.png and .html, the anchor `push/NAME`.
    public var name: String
    public var title: String
    public var layout: String
    /// `pushes` or `timelines`.
    public var kind: String
    /// The surfaces its rows show.
    public var surfaces: [String]
    public var errors: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Double
}

/// Font files by `name size inode mtime ctime`, and the SHA-256 of their names and bytes.
public struct GalleryFontStamp: Codable, Sendable, Equatable {
    public var files: [String]
    public var digest: String
}
