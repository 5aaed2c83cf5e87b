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

public struct GalleryManifest: Codable, Sendable {
    public static let fileName = ".gallery-manifest.json"
    /// Raised when what a record holds changes: an older manifest is then ignored (all re-rendered).
    public static let currentVersion = 2
    public var version = currentVersion
    /// By relative path.
    public var images: [String: GalleryRecord] = [:]

    public init(images: [String: GalleryRecord] = [:]) { self.images = images }

    /// The manifest in `directory`, or an empty one when there is none or it cannot be read.
    public static func load(from directory: String) -> GalleryManifest {
        guard let data = FileManager.default.contents(atPath: directory + "/" + fileName),
              let manifest = try? JSONDecoder().decode(GalleryManifest.self, from: data), manifest.version == currentVersion
        else { return GalleryManifest() }
        return manifest
    }

    public func write(to directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(self)), to: directory + "/" + Self.fileName)
    }
}
