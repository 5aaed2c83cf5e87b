import Foundation
import Synchronization
import WidgetModel
import WidgetRender
import WidgetTemplate
#if canImport(Glibc)
import Glibc
#endif

/// A SHA-256 over everything a render depends on, so two requests with the same key draw the same
/// bytes: the server's ETag, its response cache and its request coalescing are keyed by it, and it
/// is known before anything is rendered (a matching `If-None-Match` costs no render).
///
/// It covers: the engine version (`RenderKeyer.engineVersion`), the fonts (a digest of every font
/// file, once per FontLibrary), the layout (name, the digest of its text, the limits it was loaded
/// with) and every file an `image:` could read (the regular files in the layout's folder tree, see
/// `RenderKeyer`), the data (a canonical encoding: object keys sorted, numbers by their bits), the
/// surface, device (id, every number of its profile, its iOS generation), scale, scheme, locale, `now`, the time
/// zone (identifier and offset at `now`), placeholder, color generation, PNG preset, the
/// rendering mode (only when it is not the surface's default, so keys made before modes existed
/// still name the same renders), and on a control surface the control and its state.
/// The encoding is fixed (no dictionary order, no hashing seed), so every process and every replica
/// computes the same key for the same inputs.
public struct RenderKey: Hashable, Sendable, CustomStringConvertible {
    /// 64 lowercase hex digits.
    public let hex: String
    public var description: String { hex }
    public init(hex: String) { self.hex = hex }
}

/// Computes RenderKeys for renders drawn with one FontLibrary. Thread-safe; make one per process
/// (or per server) and keep it: the font digest is computed once, in `init`.
public final class RenderKeyer: Sendable {
    /// Bump when a change to the renderer changes pixels (or bytes) for unchanged inputs, so caches
    /// keyed by RenderKey (browsers, CDNs, the server's own) stop serving the old images.
    public static let engineVersion = "widgetshot-engine-4"

    /// SHA-256 (hex) over the font files' names and bytes.
    public let fontDigest: String
    /// How long a folder's asset digest is trusted before the folder is looked at again.
    public let assetRecheckSeconds: Double
    private let state = Mutex(State())

    private struct State {
        var folders: [String: FolderDigest] = [:]
        var limits: [(Limits, String)] = []
    }

    private struct FolderDigest {
        var identity: [UInt8]
        var digest: String
        var checked: UInt64
    }

    public convenience init(fonts: FontLibrary, assetRecheckSeconds: Double = 1) {
        self.init(fontDigest: Self.digest(files: fonts.stampFiles), assetRecheckSeconds: assetRecheckSeconds)
    }

    /// For a digest computed elsewhere (tests).
    public init(fontDigest: String, assetRecheckSeconds: Double = 1) {
        self.fontDigest = fontDigest
        self.assetRecheckSeconds = assetRecheckSeconds
    }

    /// How much of the layout file a key covers.
    public enum LayoutScope: Sendable {
        /// The whole text: any edit to the file changes every key (the server's ETags).
        case file
        /// What a render of the request's surface reads (`LayoutDocument.renderDigest(for:)`): an
        /// edit to another surface's view keeps the key (the gallery's incremental rebuild).
        case surface
    }

    public func key(for request: RenderRequest, scope: LayoutScope = .file) -> RenderKey {
        var e = KeyEncoder()
        e.field("engine", Self.engineVersion)
        e.field("fonts", fontDigest)
        let layout = request.layout
        e.field("layout", layout.name)
        switch scope {
        case .file: e.field("source", layout.sourceDigest)
        case .surface: e.field("surfaceSource", layout.renderDigest(for: request.surface))
        }
        e.field("limits", limitsText(layout.limits))
        e.field("assets", assetDigest(directory: layout.directory))
        e.field("surface", request.surface.rawValue)
        e.device(request.device)
        // Only when not 18 and only for the small surface, so every key made before the iOS 26
        // table and the small family existed stays the same.
        if request.device.ios != .ios18 { e.field("ios", String(request.device.ios.number)) }
        if request.surface == .activitySmall, let small = request.device.smallActivity {
            e.tag("smallActivity")
            e.double(small.size.width); e.double(small.size.height)
        }
        e.field("scale", request.scale.map { String($0.bitPattern) } ?? "device")
        e.field("scheme", request.scheme.rawValue)
        e.field("locale", request.locale)
        e.field("now", String(request.now.timeIntervalSince1970.bitPattern))
        e.field("timeZone", request.timeZone.identifier)
        e.field("offset", String(request.timeZone.secondsFromGMT(for: request.now)))
        e.field("placeholder", request.placeholder ? "1" : "0")
        // Only when set, so every key made before Live Activity staleness existed stays the same.
        if request.isStale { e.field("isStale", "1") }
        if request.effectiveMode != request.surface.defaultRenderingMode { e.field("mode", request.effectiveMode.rawValue) }
        // Only on control surfaces, so the keys of every other render stay as they were.
        if request.surface.family == .control {
            e.field("control", request.control ?? "")
            e.field("controlState", request.controlState?.rawValue ?? "")
        }
        // A preview's misfitting bound value draws the default; the same data given as data fails.
        if request.isPreview { e.field("isPreview", "1") }
        e.field("colors", request.colors.rawValue)
        for (name, value) in request.look.laterKeyFields { e.field(name, value) }
        e.field("png", request.pngPreset.rawValue)
        e.tag("data")
        e.value(request.data)
        return RenderKey(hex: Self.hex(SHA256Hash.hash(data: e.bytes)))
    }

    // MARK: - Inputs that are files

    /// SHA-256 (hex) of a text.
    public static func digest(text: String) -> String { hex(SHA256Hash.hash(data: Array(text.utf8))) }

    /// SHA-256 (hex) over the relative names and bytes of every regular file below `folder`
    /// (a samples folder: small files), sorted by name.
    public static func digest(folder: String) -> String {
        let hasher = SHA256Hash()
        for f in assetFiles(in: folder, includingDocuments: true) {
            var e = KeyEncoder()
            e.field("file", f.relative)
            hasher.update(data: e.bytes)
            let bytes = f.size <= Limits.default.imageBytes ? ((try? Data(contentsOf: URL(fileURLWithPath: f.path))) ?? Data()) : Data()
            hasher.update(data: Array(String(bytes.count).utf8) + [0])
            hasher.update(data: bytes)
        }
        return hex(hasher.finalize())
    }

    /// SHA-256 over the names and bytes of `files` (font files: each read once).
    public static func digest(files: [String]) -> String {
        let hasher = SHA256Hash()
        for file in files {
            var e = KeyEncoder()
            e.field("file", (file as NSString).lastPathComponent)
            hasher.update(data: e.bytes)
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            hasher.update(data: Array(String(bytes.count).utf8) + [0])
            hasher.update(data: bytes)
        }
        return hex(hasher.finalize())
    }

    /// A digest of every regular file an `image:` of a layout in `directory` could read: images must
    /// lie inside the layout's folder (ImageAsset), and a path may come from data, so the whole folder
    /// tree counts (layout files excepted: each layout's own text is in its key through
    /// `sourceDigest`). Remembered per folder and looked at again (names, sizes, change times) at most
    /// every `assetRecheckSeconds`; the bytes are read again only when that look finds a change.
    /// Files larger than `Limits.imageBytes` (which no render reads) count by name and size only.
    public func assetDigest(directory: String) -> String {
        let now = DispatchTime.now().uptimeNanoseconds
        // Configured seconds, up to 10^9; NaN or negative rechecks every time.
        let recheck = UInt64(CheckedNumber.int(min(assetRecheckSeconds, 1e9) * 1e9, clampedTo: 0...1_000_000_000_000_000_000))
        let known = state.withLock { $0.folders[directory] }
        if let known, now &- known.checked < recheck { return known.digest }
        let files = Self.assetFiles(in: directory)
        var identity = KeyEncoder()
        for f in files {
            identity.field("file", f.relative)
            identity.field("stat", "\(f.size) \(f.inode) \(f.modified) \(f.changed)")
        }
        let digest: String
        if let known, known.identity == identity.bytes {
            digest = known.digest
        } else {
            let hasher = SHA256Hash()
            for f in files {
                var e = KeyEncoder()
                e.field("file", f.relative)
                e.field("size", String(f.size))
                hasher.update(data: e.bytes)
                if f.size <= Limits.default.imageBytes, let bytes = try? Data(contentsOf: URL(fileURLWithPath: f.path)) {
                    hasher.update(data: bytes)
                }
            }
            digest = Self.hex(hasher.finalize())
        }
        state.withLock { $0.folders[directory] = FolderDigest(identity: identity.bytes, digest: digest, checked: now) }
        return digest
    }

    struct AssetFile { var relative: String; var path: String; var size: Int; var inode: UInt64; var modified: Int; var changed: Int }

    /// Regular files under `directory` (symbolic links not followed: ImageAsset refuses those that
    /// lead outside), sorted, at most 10,000 entries looked at.
    static func assetFiles(in directory: String, includingDocuments: Bool = false) -> [AssetFile] {
        let root = directory.isEmpty ? "." : directory
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [AssetFile] = []
        var seen = 0
        while let relative = walker.nextObject() as? String, seen < 10_000 {
            seen += 1
            let ext = (relative as NSString).pathExtension.lowercased()
            let path = root + "/" + relative
            var s = stat()
            guard lstat(path, &s) == 0, s.st_mode & S_IFMT == S_IFREG else { continue }
            if !includingDocuments && ["yaml", "yml", "json"].contains(ext) && !relative.contains("/") { continue }
            let times = FileTimes(s)
            files.append(AssetFile(relative: relative, path: path, size: Int(s.st_size), inode: UInt64(s.st_ino),
                                   modified: times.modified, changed: times.changed))
        }
        return files.sorted { $0.relative < $1.relative }
    }

    /// The limits that can change what a render draws or refuses. The server's own knobs (timeouts,
    /// connections, queue, cache size) are not part of `Limits` (they are `ServerLimits`, in
    /// WidgetServer), so they never reach a key; only the age of stale temporary files, which
    /// `gallery`/`record` read, is set back to its default here: it changes no picture either.
    private func limitsText(_ given: Limits) -> String {
        var limits = given
        limits.staleTempFileSeconds = Limits.default.staleTempFileSeconds
        if let known = state.withLock({ s in s.limits.first { $0.0 == limits }?.1 }) { return known }
        let text = String(describing: limits)
        state.withLock { s in if s.limits.count < 16 { s.limits.append((limits, text)) } }
        return text
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in digest { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// An unambiguous byte encoding: every string is length-prefixed, every value tagged.
struct KeyEncoder {
    var bytes: [UInt8] = []

    mutating func tag(_ name: String) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(0)
    }

    mutating func string(_ text: String) {
        let utf8 = text.utf8
        integer(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func integer(_ n: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(n)).bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ d: Double) {
        withUnsafeBytes(of: d.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func field(_ name: String, _ value: String) {
        tag(name)
        string(value)
    }

    mutating func device(_ d: DeviceProfile) {
        field("device", d.id)
        string(d.name)
        double(d.screen.width); double(d.screen.height); double(d.scale)
        for surface in Surface.allCases {
            guard let size = d.widgetSizes[surface] else { continue }
            string(surface.rawValue); double(size.width); double(size.height)
        }
        tag("liveActivity")
        double(d.liveActivityWidth ?? -1)
        if let island = d.island {
            tag("island")
            double(island.compactWidth); double(island.compactSide.width); double(island.compactSide.height)
            double(island.expandedWidth)
        }
        double(d.widgetCornerRadius)
    }

    /// DataValue, canonically: object keys in sorted order (by their UTF-8 bytes), numbers by
    /// their bit pattern. Iterative, so deep data cannot exhaust the stack.
    mutating func value(_ root: DataValue) {
        var stack: [DataValue] = [root]
        while let v = stack.popLast() {
            switch v {
            case .null: bytes.append(0x6E)
            case .bool(let b): bytes.append(b ? 0x74 : 0x66)
            case .number(let n): bytes.append(0x64); double(n)
            case .string(let s): bytes.append(0x73); string(s)
            case .array(let items):
                bytes.append(0x61); integer(items.count)
                stack.append(contentsOf: items.reversed())
            case .object(let fields):
                bytes.append(0x6F); integer(fields.count)
                let keys = fields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                // Pushed so that they pop in order: key, value, next key…
                for key in keys.reversed() {
                    stack.append(fields[key]!)
                    stack.append(.string(key))
                }
            }
        }
    }
}
