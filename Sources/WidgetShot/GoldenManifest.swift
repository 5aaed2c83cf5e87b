import Foundation

/// `Golden/manifest.json`: for each golden, a hash of the PNG file and of its decoded pixels, so
/// an unchanged render is confirmed by hashing its pixels alone (no golden decode). The file
/// hash proves the PNG on disk is the one the pixel hash describes. Keys are sorted, so the file
/// diffs cleanly when goldens change.
public struct GoldenManifest: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public var file: String
        public var pixels: String
        public init(file: String, pixels: String) { self.file = file; self.pixels = pixels }
    }
    public var version = 1
    /// Relative path (`delivery/systemSmall/onTheWay-light.png`) → entry.
    public var entries: [String: Entry] = [:]

    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    /// An absent or unreadable manifest is an empty one: verify then decodes every golden.
    public static func load(_ path: String) -> GoldenManifest {
        guard let data = FileManager.default.contents(atPath: path),
              let m = try? JSONDecoder().decode(GoldenManifest.self, from: data) else { return GoldenManifest() }
        return m
    }

    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        try AtomicFile.write([UInt8](data), to: path)
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

    public static func load(from directory: String) -> GoldenIgnoreList {
        guard let data = FileManager.default.contents(atPath: directory + "/ignore.json"),
              let map = try? JSONDecoder().decode([String: [Rect]].self, from: data) else { return GoldenIgnoreList() }
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
