import Foundation
import WidgetShot

/// What an image depends on besides its cell: the layout file's bytes, the other files in the
/// layouts folder (image assets, data), the fonts and the renderer itself. An image whose key is
/// the one in the manifest is not rendered again.
///
/// The hash is 128 bits of FNV-1a (two 64-bit lanes with different offsets): this is a change
/// detector over our own files, not a defence against an adversary.
/// TODO(s2-cache): use RenderRequest's SHA-256 cache key once it is on main.
public struct GalleryInputs: Sendable {
    /// Per layout name: a digest of its file's bytes.
    public var layoutDigests: [String: String]
    /// Every non-layout file under the layouts folder (path and bytes).
    public var assetsDigest: String
    /// Every font file (path, size and modification time: fonts are large and never edited in place).
    public var fontsDigest: String
    /// The running executable (path, size, modification time): a rebuilt renderer renders again.
    public var engineDigest: String

    public init(layoutDigests: [String: String], assetsDigest: String, fontsDigest: String, engineDigest: String) {
        self.layoutDigests = layoutDigests; self.assetsDigest = assetsDigest
        self.fontsDigest = fontsDigest; self.engineDigest = engineDigest
    }

    /// Reads the digests for `documents` (their files) and the project's folders.
    public static func read(documents: [LayoutDocument], folders: ProjectFolders) -> GalleryInputs {
        var layouts: [String: String] = [:]
        for d in documents {
            var h = ContentHasher()
            h.add(FileManager.default.contents(atPath: d.path) ?? Data())
            layouts[d.name] = h.hex
        }
        var assets = ContentHasher()
        for file in files(under: folders.layouts) where !["yaml", "yml", "json"].contains((file as NSString).pathExtension)
            || file.dropFirst(folders.layouts.count + 1).contains("/") {
            assets.add(file)
            assets.add(FileManager.default.contents(atPath: file) ?? Data())
        }
        var fonts = ContentHasher()
        for file in files(under: folders.fonts) { fonts.addIdentity(of: file) }
        var engine = ContentHasher()
        engine.add(GalleryBuilder.pageVersion)
        if let exe = Bundle.main.executablePath { engine.addIdentity(of: exe) }
        return GalleryInputs(layoutDigests: layouts, assetsDigest: assets.hex, fontsDigest: fonts.hex, engineDigest: engine.hex)
    }

    /// The key of one image.
    public func key(for cell: GalleryCell, options: GalleryOptions) -> String {
        var h = ContentHasher()
        for part in [engineDigest, fontsDigest, assetsDigest, layoutDigests[cell.layout] ?? "?",
                     cell.layout, cell.surface.rawValue, cell.preview, cell.scheme.rawValue,
                     cell.placeholder ? "placeholder" : "-", Self.describe(cell.device, cell.surface),
                     options.scale.map { "\($0)" } ?? "device-scale"] {
            h.add(part)
        }
        return h.hex
    }

    /// The device's numbers this surface uses, in a fixed order (a dictionary's description is not:
    /// its order changes from process to process).
    static func describe(_ d: DeviceProfile, _ s: Surface) -> String {
        "\(d.id)|\(d.screen)|\(d.scale)|\(d.widgetSizes[s].map { "\($0)" } ?? "-")|\(d.liveActivityWidth ?? 0)|\(d.island.map { "\($0)" } ?? "-")|\(d.widgetCornerRadius)"
    }

    /// Files under `directory`, sorted, hidden ones and temporary files skipped.
    static func files(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let rel = walker.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if name.hasPrefix(".") { walker.skipDescendants(); continue }
            var isDir: ObjCBool = false
            let path = directory + "/" + rel
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue { found.append(path) }
        }
        return found.sorted()
    }
}

/// FNV-1a over two 64-bit lanes.
struct ContentHasher {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = b &+ (b >> 29)
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        a = (a ^ 0xff) &* 0x0000_0100_0000_01b3
        b = (b ^ 0xfe) &* 0x0000_0100_0000_01b3
    }

    mutating func add(_ string: String) { add(string.utf8) }

    mutating func addIdentity(of path: String) {
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        add("\(path)|\(size)|\(modified)")
    }

    var hex: String { String(format: "%016llx%016llx", a, b) }
}
