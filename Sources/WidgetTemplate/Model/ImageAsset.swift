import Foundation
import Synchronization
import WidgetModel
import Yams

/// Finds the PNG an `image:` names and reads just enough of it to size it (the IHDR chunk).
///
/// A path, written in the layout or bound from data (`image: '{{path}}'`), must name a file inside
/// the layout's own folder: `..` that climbs out, an absolute path elsewhere and a symlink whose
/// target lies elsewhere are all refused, before anything outside is opened, so data can never make
/// the renderer read (or report on) other files. A file larger than `Limits.imageBytes` or with more
/// pixels than `Limits.imagePixels` is refused from its size and header, before it is decoded.
/// Messages name the image as the layout wrote it, never the folder's place on the machine.
enum ImageAsset {
    enum Failure: Error {
        case unreadable(String), notPNG(String), outside(String), tooLarge(String)

        var message: String {
            switch self {
            case .unreadable(let m), .notPNG(let m), .outside(let m), .tooLarge(let m): m
            }
        }
    }

    struct Located {
        /// Absolute, symlinks resolved, inside the folder.
        var path: String
        var width: Int
        var height: Int
    }

    static func locate(_ path: String, in directory: String, limits: Limits = .default) -> Result<Located, Failure> {
        let folder = directory.isEmpty ? "." : directory
        let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
        let lexical = resolve(path, against: folder)
        // Judged on the text first, so nothing outside the folder is ever opened or even looked up.
        guard isInside(lexical, folderURL.path) else {
            return .failure(.outside("image path '\(path)' is outside the layout's folder: images must be files in that folder"))
        }
        guard let realFolder = BoundedFile.realPath(folderURL.path) else {
            return .failure(.unreadable("image not found: \(path) (the layout's folder cannot be read)"))
        }
        guard let real = BoundedFile.realPath(lexical) else {
            return .failure(.unreadable("image not found: \(path) in the layout's folder"))
        }
        guard isInside(real, realFolder) else {
            return .failure(.outside("image path '\(path)' leads outside the layout's folder through a symbolic link: images must be files in that folder"))
        }
        return header(real, shown: path, limits).map { Located(path: real, width: $0.width, height: $0.height) }
    }

    /// `path` made absolute against `directory`, with `.` and `..` resolved as text.
    static func resolve(_ path: String, against directory: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: directory.isEmpty ? "." : directory).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(base) && path.count > base.count
    }

    private static func header(_ path: String, shown: String, _ limits: Limits) -> Result<(width: Int, height: Int), Failure> {
        // Non-blocking: a FIFO in the folder must not hang the render.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable("image cannot be opened: \(shown)")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unreadable("image is not a regular file: \(shown)"))
        }
        guard Int(info.st_size) <= limits.imageBytes else {
            return .failure(.tooLarge("image \(shown) is \(info.st_size) bytes, more than the limit of \(limits.imageBytes) (Limits.imageBytes)"))
        }
        var head = [UInt8](repeating: 0, count: 24)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 24) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard count == 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else {
            return .failure(.notPNG("not a PNG image (no PNG signature and IHDR header): \(shown)"))
        }
        func u32(_ i: Int) -> Int { Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3]) }
        let w = u32(16), h = u32(20)
        guard w > 0, h > 0 else {
            return .failure(.notPNG("corrupt PNG (size \(w)×\(h)): \(shown)"))
        }
        guard w <= limits.imagePixels / h else {
            return .failure(.tooLarge("image \(shown) is \(w)×\(h) pixels, more than the limit of \(limits.imagePixels) (Limits.imagePixels)"))
        }
        return .success((w, h))
    }
}

/// A project's own symbol artwork: `Icons/NAME.svg` in the layout's folder, named as the SF Symbol
/// it stands for (`bicycle`, `location.fill`), as the SF Symbols app exports them. Confined as
/// images are: the name is a symbol name (letters, digits, `.`, `-`, `_`; no path), the file a
/// regular file inside the folder (a link out of it is refused), at most `Limits.imageBytes`.
public enum SymbolAsset {
    public static let folder = "Icons"

    /// The SVG for `name`, absolute and resolved, or nil when the folder has none.
    public static func locate(_ name: String, in directory: String, limits: Limits = .default) -> Result<String, ImageAssetFailure>? {
        guard !name.isEmpty, name.count <= 100, name.first != ".",
              name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) }) else {
            return nil
        }
        let folder = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL.appendingPathComponent(Self.folder).path
        let path = folder + "/" + name + ".svg"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let realFolder = realpath(folder, nil).map({ p in defer { free(p) }; return String(cString: p) }),
              let real = realpath(path, nil).map({ p in defer { free(p) }; return String(cString: p) }) else { return nil }
        guard real.hasPrefix(realFolder + "/"), insideLayoutFolder(realFolder, directory) else {
            return .failure(ImageAssetFailure(message: "symbol \(name): \(Self.folder)/\(name).svg leads outside the folder through a symbolic link"))
        }
        if let problem = SymbolCheck.problem(atPath: real, limits: limits) {
            return .failure(ImageAssetFailure(message: "symbol \(name): \(Self.folder)/\(name).svg \(problem)"))
        }
        return .success(real)
    }

    /// Whether the (resolved) icons folder lies inside the layout's folder: an `Icons` that is a
    /// link elsewhere is refused like a file that is.
    static func insideLayoutFolder(_ realIcons: String, _ directory: String) -> Bool {
        let layoutFolder = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL.path
        guard let real = realpath(layoutFolder, nil).map({ p in defer { free(p) }; return String(cString: p) }) else { return false }
        return realIcons.hasPrefix(real.hasSuffix("/") ? real : real + "/")
    }

    /// The symbol names the folder has artwork for, sorted.
    public static func names(in directory: String) -> [String] {
        let folder = URL(fileURLWithPath: directory.isEmpty ? "." : directory).appendingPathComponent(Self.folder).path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.filter { locate($0, in: directory) != nil }.sorted()
    }
}

public struct ImageAssetFailure: Error, Sendable {
    public var message: String
}

/// Symbols drawn from an icon font a project bundles (apps often ship one, e.g. Material Design
/// Icons): `Icons/icons.yaml` beside the layout maps a symbol name to a font family in the fonts
/// folder and a code point,
///
///     cart.badge: { font: Material Design Icons, codepoint: F0111 }
///
/// Looked up after `Icons/NAME.svg` and before the bundled stand-in. Read once per file version
/// (size and modification time); at most `maxBytes` and `maxEntries`.
public enum SymbolFontTable {
    public static let fileName = "icons.yaml"
    public static let maxBytes = 262_144, maxEntries = 10_000

    public struct Entry: Sendable, Equatable {
        public var family: String
        public var glyph: String
    }

    /// The table beside `directory`'s layouts: empty when there is none; an error naming
    /// `Icons/icons.yaml:line:col` when it is malformed.
    public static func table(in directory: String) -> Result<[String: Entry], ImageAssetFailure> {
        let path = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL
            .appendingPathComponent(SymbolAsset.folder).appendingPathComponent(fileName).path
        var info = stat()
        guard lstat(path, &info) == 0 else { return .success([:]) }
        let iconsFolder = (path as NSString).deletingLastPathComponent
        let realIcons = realpath(iconsFolder, nil).map { p in defer { free(p) }; return String(cString: p) }
        guard info.st_mode & S_IFMT == S_IFREG, let realIcons, SymbolAsset.insideLayoutFolder(realIcons, directory) else {
            return .failure(ImageAssetFailure(message: "\(SymbolAsset.folder)/\(fileName) is not a regular file in the layout's folder"))
        }
        let stamp = "\(path) \(info.st_size) \(FileTimes(info).modified)"
        if let known = cache.withLock({ $0[stamp] }) { return known }
        let result = read(path, size: Int(info.st_size))
        cache.withLock { store in
            if store.count > 64 { store.removeAll() }
            store[stamp] = result
        }
        return result
    }

    private static let cache = Mutex<[String: Result<[String: Entry], ImageAssetFailure>]>([:])

    private static func read(_ path: String, size: Int) -> Result<[String: Entry], ImageAssetFailure> {
        let shown = SymbolAsset.folder + "/" + fileName
        func fail(_ message: String, _ mark: Mark? = nil) -> Result<[String: Entry], ImageAssetFailure> {
            .failure(ImageAssetFailure(message: "\(shown)\(mark.map { ":\($0.line):\($0.column)" } ?? ""): \(message)"))
        }
        guard size <= maxBytes else { return fail("is \(size) bytes, more than \(maxBytes)") }
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: maxBytes, within: (path as NSString).deletingLastPathComponent) } catch { return fail("\(error)") }
        let root: Node?
        do { root = try Yams.compose(yaml: String(decoding: data, as: UTF8.self)) } catch { return fail("invalid YAML: \(error)") }
        guard let root else { return .success([:]) }
        guard case .mapping(let mapping) = root else { return fail("expected a mapping of symbol names to {font, codepoint}", root.mark) }
        guard mapping.count <= maxEntries else { return fail("has \(mapping.count) symbols, more than \(maxEntries)") }
        var table: [String: Entry] = [:]
        for (key, value) in mapping {
            guard case .scalar(let name) = key, !name.string.isEmpty else { return fail("expected a symbol name", key.mark) }
            guard case .mapping(let fields) = value, let font = fields["font"]?.string, !font.isEmpty,
                  let code = fields["codepoint"]?.string else {
                return fail("'\(name.string)' needs { font: FAMILY, codepoint: HEX }", value.mark)
            }
            guard let scalar = UInt32(code.hasPrefix("U+") ? String(code.dropFirst(2)) : code, radix: 16).flatMap(Unicode.Scalar.init) else {
                return fail("codepoint '\(code)' of '\(name.string)' is not a hexadecimal Unicode code point", fields["codepoint"]?.mark)
            }
            table[name.string] = Entry(family: font, glyph: String(Character(scalar)))
        }
        return .success(table)
    }
}
