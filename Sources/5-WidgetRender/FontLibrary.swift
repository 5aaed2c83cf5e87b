import CPangoCairo
import Foundation

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
    public let directory: String
    public let files: [String]
    public let families: [String]
    /// The families that draw each design of the system font (`fonts.yaml` in the folder, else
    /// the bundled defaults): `FontTable`.
    public let table: FontTable
    /// What a render depends on besides the layout: the font files and the table.
    public var stampFiles: [String] { files + (table.file.map { [$0] } ?? []) }
    /// In-memory copy path (what fontconfig reports as FC_FILE) → the file in `directory`.
    private let originals: [String: String]

    public init(directory: String, sealed: Bool = true) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        guard let names = try? fm.contentsOfDirectory(atPath: url.path) else {
            throw FontLibraryError(description: "font directory \(directory) cannot be read")
        }
        let fontFiles = names.filter { ["ttf", "otf"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
            .map { url.appendingPathComponent($0).path }
        guard !fontFiles.isEmpty else {
            throw FontLibraryError(description: "font directory \(directory) holds no .ttf or .otf file")
        }
        guard let config = FcConfigCreate() else {
            throw FontLibraryError(description: "FcConfigCreate failed")
        }
        // One file at a time: adding the folder makes fontconfig look for a cache directory and
        // warn; per file it does not.
        var originals: [String: String] = [:]
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
        self.config = config
        self.originals = originals
        self.directory = url.path
        self.files = fontFiles
        self.families = Self.families(in: config)
        do { self.table = try FontTable.load(directory: url.path, families: families) } catch {
            FcConfigDestroy(config)
            throw error
        }
    }

    deinit { FcConfigDestroy(config) }

    /// The file in `directory` that a font path reported by fontconfig or Pango was copied from.
    public func originalFile(of fontPath: String) -> String {
        originals[fontPath] ?? fontPath
    }

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
