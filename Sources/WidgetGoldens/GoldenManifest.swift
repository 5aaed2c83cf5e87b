import Foundation
import WidgetRender
import WidgetShot

/// `Golden/manifest.json`: for each golden, a hash of the PNG file and of its decoded pixels, so
/// an unchanged render is confirmed by hashing its pixels alone (no golden decode). The file
/// hash proves the PNG on disk is the one the pixel hash describes. Keys are sorted, so the file
/// diffs cleanly when goldens change.
///
/// Version 2 adds `stack`: the cairo, pango, freetype, harfbuzz, fontconfig and pixman versions
/// that recorded the goldens (`record` writes it; `verify` names the libraries that differ from the
/// running ones). Version 1 files (no stack) are still read: their stack is unknown.
public struct GoldenManifest: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public var file: String
        public var pixels: String
        public init(file: String, pixels: String) { self.file = file; self.pixels = pixels }
    }
    /// The version `write` writes.
    public static let currentVersion = 2
    /// The versions `load` reads.
    public static let readableVersions = [1, 2]

    public var version = GoldenManifest.currentVersion
    /// The library stack that recorded the goldens; nil when unknown (a version 1 manifest).
    public var stack: LibraryStack?
    /// Relative path (`delivery/systemSmall/onTheWay-light.png`) → entry.
    public var entries: [String: Entry] = [:]

    public init(entries: [String: Entry] = [:], stack: LibraryStack? = nil) {
        self.entries = entries; self.stack = stack
    }

    /// An absent manifest is an empty one: verify then decodes every golden. One that is there but
    /// empty, truncated or not a manifest is an error naming the file, the place and the problem:
    /// silently ignoring it would hide that a record run broke it.
    public static func load(_ path: String) throws -> GoldenManifest {
        guard let data = try GoldenFileError.contents(of: path) else { return GoldenManifest() }
        let manifest = try GoldenFileError.decode(GoldenManifest.self, from: data, path: path)
        guard readableVersions.contains(manifest.version) else {
            let known = readableVersions.map(String.init).joined(separator: ", ")
            throw GoldenFileError(path: path, message: "version \(manifest.version) is not one this widgetshot reads (\(known))")
        }
        return manifest
    }

    /// Always as the current version (a version 1 manifest read and written again becomes version
    /// 2, with the stack it has: none until a `record` run sets it).
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var current = self
        current.version = Self.currentVersion
        var data = try encoder.encode(current)
        data.append(0x0A)
        try OutputFolder((path as NSString).deletingLastPathComponent).write([UInt8](data), to: (path as NSString).lastPathComponent)
    }
}

/// `Golden/ignore.json`: rectangles in points that comparisons skip, per golden or per group of
/// goldens, e.g. `{"delivery/systemMedium/*": [{"x": 200, "y": 16, "width": 122, "height": 126}]}`
/// for a map drawn from live tiles. A key is a relative path without `.png`, where `*` matches
/// any run of characters.
public struct GoldenIgnoreList: Sendable, Equatable {
    public struct Rect: Sendable, Codable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }
    public var rules: [(pattern: String, rects: [Rect])]

    public init(rules: [(pattern: String, rects: [Rect])] = []) { self.rules = rules }

    public static func == (a: GoldenIgnoreList, b: GoldenIgnoreList) -> Bool {
        a.rules.map(\.pattern) == b.rules.map(\.pattern) && a.rules.map(\.rects) == b.rules.map(\.rects)
    }

    /// `DIRECTORY/ignore.json`; none is an empty list, a malformed one an error naming it.
    public static func load(from directory: String) throws -> GoldenIgnoreList {
        let path = directory + "/ignore.json"
        guard let data = try GoldenFileError.contents(of: path) else { return GoldenIgnoreList() }
        let map = try GoldenFileError.decode([String: [Rect]].self, from: data, path: path)
        return GoldenIgnoreList(rules: map.keys.sorted().map { ($0, map[$0]!) })
    }

    public func regions(for cell: MatrixCell) -> [Rect] {
        let key = cell.relativePath.replacingOccurrences(of: ".png", with: "")
        return rules.filter { Self.matches(key, $0.pattern) }.flatMap(\.rects)
    }

    /// `*` matches any run of characters; everything else literally.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 { return text == pattern }
        guard text.hasPrefix(parts[0]) else { return false }
        var rest = text.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let r = rest.range(of: part) else { return false }
            rest = rest[r.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }
}

/// The manifest on disk during a `record` or `prune` run. Each change to a golden is made
/// together with its manifest entry: the golden is written (or deleted), then the manifest is
/// rewritten atomically, both under one lock and inside `AtomicFile.uninterrupted`, so SIGINT or
/// SIGTERM never leaves a golden the manifest does not describe. (A harder kill between the two
/// renames leaves a golden whose file hash does not match its entry, which verify then decodes
/// and compares, never passes on trust.)
public final class GoldenManifestFile: @unchecked Sendable {
    public let path: String
    private var manifest: GoldenManifest
    private let lock = NSLock()

    public init(path: String) throws {
        self.path = path
        manifest = try GoldenManifest.load(path)
    }

    public var current: GoldenManifest { lock.withLock { manifest } }

    /// Records the stack that recorded the goldens (a `record` run, once its goldens are written);
    /// writes the manifest only if that changes it. Returns the stack recorded before.
    @discardableResult
    public func setStack(_ stack: LibraryStack) throws -> LibraryStack? {
        try lock.withLock {
            try AtomicFile.uninterrupted {
                let before = manifest.stack
                guard before != stack || manifest.version != GoldenManifest.currentVersion else { return before }
                manifest.stack = stack
                try manifest.write(to: path)
                manifest.version = GoldenManifest.currentVersion
                return before
            }
        }
    }

    /// Runs `change` (writes or deletes the golden at `key`), then records `entry` for it (nil
    /// removes it) and writes the manifest if that changed it.
    public func update(_ key: String, to entry: GoldenManifest.Entry?, _ change: () throws -> Void = {}) throws {
        try lock.withLock {
            try AtomicFile.uninterrupted {
                try change()
                guard manifest.entries[key] != entry else { return }
                manifest.entries[key] = entry
                try manifest.write(to: path)
            }
        }
    }
}

/// The goldens' library stack (from the manifest) against the one running: what `verify` reports.
public struct StackCheck: Sendable, Equatable {
    /// nil: the manifest predates stacks (version 1) or has none.
    public var recorded: LibraryStack?
    public var running: LibraryStack

    public init(recorded: LibraryStack?, running: LibraryStack = .running) {
        self.recorded = recorded; self.running = running
    }

    /// Empty when the stacks match or the recorded one is unknown.
    public var differences: [LibraryDifference] { recorded?.differences(running: running) ?? [] }

    public var isKnown: Bool { recorded != nil }
    public var matches: Bool { recorded == running }

    /// One sentence for the summary line, nil when the stacks match:
    /// "goldens recorded on another library stack: pango 1.50.12 → 1.56.3, cairo 1.16.0 → 1.18.4"
    /// or "the goldens' library stack is unknown (…)".
    public var note: String? {
        guard let recorded else {
            return "the goldens' library stack is unknown (the manifest has none; `widgetshot record --mode failed` over every golden writes it)"
        }
        guard recorded != running else { return nil }
        return "goldens recorded on another library stack: "
            + differences.map(\.description).joined(separator: ", ")
    }
}

/// A golden file (`manifest.json`, `ignore.json`) that cannot be read: where and why.
public struct GoldenFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path; self.line = line; self.column = column; self.message = message
    }

    public var description: String {
        guard let line, let column else { return "\(path): \(message)" }
        return "\(path):\(line):\(column): \(message)"
    }

    /// Bytes a manifest, an ignore list or a report may hold: 100,000 goldens' entries are about 20 MB.
    public static let maxBytes = 64 * 1024 * 1024

    /// The file's bytes (at most `maxBytes`, checked before reading); nil when there is no such file.
    static func contents(of path: String) throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return Data(try BoundedFile.read(path, limit: maxBytes)) } catch {
            throw GoldenFileError(path: path, message: "\(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws -> T {
        let text = String(decoding: data, as: UTF8.self)
        if text.allSatisfy(\.isWhitespace) {
            throw GoldenFileError(path: path, line: 1, column: 1, message: "the file is empty (expected a JSON object)")
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let (line, column) = position(in: text, of: detail)
            throw GoldenFileError(path: path, line: line, column: column, message: "invalid JSON: \(detail)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw GoldenFileError(path: path, message: describe(error))
        } catch {
            throw GoldenFileError(path: path, message: "\(error)")
        }
    }

    /// Foundation names a UTF-8 offset ("around character 35") or the end of the file.
    static func position(in text: String, of message: String) -> (Int, Int) {
        var offset = text.utf8.count
        if let match = message.range(of: #"character \d+"#, options: .regularExpression),
           let n = Int(message[match].dropFirst("character ".count)) {
            offset = min(n, offset)
        }
        var line = 1, column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the top level" : path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let c): return "\(at(c.codingPath)): expected \(type)"
        case .valueNotFound(let type, let c): return "\(at(c.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, let c): return "\(at(c.codingPath + [key])): missing"
        case .dataCorrupted(let c): return "\(at(c.codingPath)): \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
