import CPangoCairo
import Foundation
import WidgetModel

public struct FontLibraryError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// The bundled fonts as a private fontconfig configuration: only the files of one folder, never
/// the system's fonts, so text looks the same on every machine.
///
/// With `sealed` (the default), each file is read once, at `init`, into a sealed in-memory copy
/// (SealedFontFile) that fontconfig, Pango, HarfBuzz and cairo use instead of the file: rewriting,
/// truncating or deleting a file in the folder afterwards changes nothing for renderers made on
/// this library. A process that outlives its font files' stability needs that (the server, `serve
/// --watch`); a one-shot command does not, and skips copying 11 MB at start-up (`sealed: false`:
/// the files are used where they are; the pixels are the same).
///
/// `@unchecked Sendable`: the FcConfig is filled in `init` and only read afterwards (fontconfig
/// lookups on a finished config are thread-safe); every Renderer makes its own Pango font map on it.
public final class FontLibrary: @unchecked Sendable {
    let config: OpaquePointer
    /// The first folder (the bundled fonts, or the project's own that replace them).
    public let directory: String
    /// Every folder, in the order given: `directory` and the folders added to it (`fonts:` in
    /// widgetshot.yaml, docs/project.md). Fonts of a later folder are fallbacks after the earlier ones.
    public let directories: [String]
    public let files: [String]
    public let families: [String]
    /// The families that draw each design of the system font (`fonts.yaml` in the folder, else
    /// the bundled defaults): `FontTable`.
    public let table: FontTable
    /// What a render depends on besides the layout: the font files and the table.
    public var stampFiles: [String] { files + (table.file.map { [$0] } ?? []) }
    /// In-memory copy path (what fontconfig reports as FC_FILE) → the file in `directory`.
    private let originals: [String: String]

    /// `cache`: where an unsealed library keeps fontconfig's description of the folder (nil:
    /// none; default: `FontLibrary.defaultCacheDirectory()`). Sealed copies are never cached.
    public convenience init(directory: String, sealed: Bool = true, cache: String? = FontLibrary.defaultCacheDirectory()) throws {
        try self.init(directories: [directory], sealed: sealed, cache: cache)
    }

    /// Font folders one library holds at most (`fonts:` adds folders to the bundled ones).
    public static let maxDirectories = 16
    /// The font files a folder's fonts are read from: TrueType, OpenType and their collections
    /// (`.ttc`/`.otc`, as Debian's Noto CJK ships).
    public static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The fonts of every folder of `directories`, in that order (a folder named twice, links
    /// resolved, is read once). The first folder's fonts come first in fontconfig's set; fonts of
    /// later folders draw what the earlier ones lack (Arabic, Hebrew …) and never replace them.
    public init(directories: [String], sealed: Bool = true, cache: String? = FontLibrary.defaultCacheDirectory()) throws {
        let fm = FileManager.default
        guard let directory = directories.first else { throw FontLibraryError(description: "no font folder given") }
        guard directories.count <= Self.maxDirectories else {
            throw FontLibraryError(description: "\(directories.count) font folders given; at most \(Self.maxDirectories) (FontLibrary.maxDirectories)")
        }
        var urls: [URL] = [], named: [String] = [], seen = Set<String>()
        for dir in directories {
            let url = URL(fileURLWithPath: dir, isDirectory: true).standardizedFileURL
            if seen.insert(url.resolvingSymlinksInPath().path).inserted { urls.append(url); named.append(dir) }
        }
        let url = urls[0]
        var fontFiles: [String] = []
        for (folder, given) in zip(urls, named) {
            guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else {
                throw FontLibraryError(description: "font directory \(given) cannot be read")
            }
            let files = names.filter { Self.fontExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted()
                .map { folder.appendingPathComponent($0).path }
            guard !files.isEmpty else {
                throw FontLibraryError(description: "font directory \(given) holds no .ttf, .otf or .ttc file")
            }
            fontFiles += files
        }
        var originals: [String: String] = [:]
        var made: OpaquePointer?
        // Unsealed (a one-shot command), the folder goes in whole through fontconfig's own cache of
        // it, kept in a folder of ours: reading the cache costs a sixth of scanning the 18 bundled
        // files (3.4 → 0.6 ms of a cold start). The cache is dropped and rebuilt when any font
        // file's name, size, inode or times differ from those it was built from (fontconfig alone
        // would only notice the folder's time), and not used at all when it does not list exactly
        // our files: then they are added one at a time, as for sealed copies.
        if !sealed, let cache, let config = Self.cachedConfig(urls.map(\.path), files: fontFiles, cache: cache) {
            made = config
            for file in fontFiles { originals[file] = file }
        }
        if made == nil {
            guard let config = FcConfigCreate() else { throw FontLibraryError(description: "FcConfigCreate failed") }
            // One file at a time: adding the folder makes fontconfig look for a cache directory and
            // warn; per file it does not.
            for file in fontFiles {
                var copy = file
                if sealed {
                    do { copy = try SealedFontFile.copy(of: file) } catch {
                        FcConfigDestroy(config)
                        throw FontLibraryError(description: "\(error)")
                    }
                }
                guard FcConfigAppFontAddFile(config, copy) != 0 else {
                    FcConfigDestroy(config)
                    throw FontLibraryError(description: "font file \(file) could not be loaded by fontconfig")
                }
                originals[copy] = file
            }
            made = config
        }
        let config = made!
        let families = Self.families(in: config)
        // Read before `self` is whole: a throw after that would run deinit, destroying the config twice.
        let table: FontTable
        do { table = try FontTable.load(directories: urls.map(\.path), families: families) } catch {
            FcConfigDestroy(config)
            throw error
        }
        self.config = config
        self.originals = originals
        self.directory = url.path
        self.directories = urls.map(\.path)
        self.files = fontFiles
        self.families = families
        self.table = table
    }

    deinit { FcConfigDestroy(config) }

    /// The file in `directory` that a font path reported by fontconfig or Pango was copied from.
    public func originalFile(of fontPath: String) -> String {
        originals[fontPath] ?? fontPath
    }

    /// `$WIDGETSHOT_CACHE/fontconfig`, else `$XDG_CACHE_HOME/widgetshot/fontconfig`, else
    /// `~/.cache/widgetshot/fontconfig`; nil with `WIDGETSHOT_FONT_CACHE=0` (then no cache). Only
    /// named here: an unsealed library makes it (mode 700) when it first uses it, so a sealed one
    /// (the server) leaves no folder behind.
    public static func defaultCacheDirectory() -> String? {
        let env = ProcessInfo.processInfo.environment
        guard env["WIDGETSHOT_FONT_CACHE"] != "0" else { return nil }
        let base = env["WIDGETSHOT_CACHE"] ?? env["XDG_CACHE_HOME"].map { $0 + "/widgetshot" }
            ?? env["HOME"].map { $0 + "/.cache/widgetshot" }
        guard let base, base.hasPrefix("/") else { return nil }
        return base + "/fontconfig"
    }

    /// A config holding `directories` through fontconfig's cache in `cache` (made if missing), or nil
    /// (nothing left behind) when the cache cannot be used.
    private static func cachedConfig(_ directories: [String], files: [String], cache: String) -> OpaquePointer? {
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        guard access(cache, W_OK) == 0 else { return nil }
        guard let config = FcConfigCreate() else { return nil }
        let xml = "<?xml version=\"1.0\"?><fontconfig><cachedir>\(Self.xmlEscaped(cache))</cachedir></fontconfig>"
        guard FcConfigParseAndLoadFromMemory(config, xml, 0) != 0 else { FcConfigDestroy(config); return nil }
        // What the cache was built from, as we see it: a change fontconfig would miss (a file
        // rewritten in place) drops its cache first.
        let stamp = files.map { file -> String in
            var s = stat()
            guard stat(file, &s) == 0 else { return file + " missing" }
            let t = FileTimes(s)
            return "\(file) \(s.st_size) \(s.st_ino) \(t.modified) \(t.changed)"
        }.joined(separator: "\n")
        // One folder hashes as it always did (its stamp file keeps its name); more, joined by a newline.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in directories.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let stampFile = cache + "/" + String(hash, radix: 16) + ".stamp"
        let known = (try? String(contentsOfFile: stampFile, encoding: .utf8)) == stamp
        if !known { for directory in directories { FcDirCacheUnlink(directory, config) } }
        for directory in directories where FcConfigAppFontAddDir(config, directory) == 0 {
            FcConfigDestroy(config); return nil
        }
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { FcConfigDestroy(config); return nil }
        // The cache must list exactly our files (no file of a subfolder, none missing).
        var listed = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(set.pointee.fonts[i], FC_FILE, 0, &value) == FcResultMatch, let value else {
                FcConfigDestroy(config); return nil
            }
            listed.insert(String(cString: value))
        }
        guard listed == Set(files) else { FcConfigDestroy(config); return nil }
        if !known {
            let temp = stampFile + ".\(getpid()).tmp"
            if (try? stamp.write(toFile: temp, atomically: false, encoding: .utf8)) != nil { rename(temp, stampFile) }
        }
        return config
    }

    private static func xmlEscaped(_ s: String) -> String { MarkupText.escape(s) }

    private static func families(in config: OpaquePointer) -> [String] {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var found = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            var value: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(set.pointee.fonts[i], FC_FAMILY, 0, &value) == FcResultMatch, let value {
                found.insert(String(cString: value))
            }
        }
        return found.sorted()
    }
}
