import Foundation

/// The colours and images of a team's Xcode asset catalogs (`.xcassets`), as `Color("Name")`,
/// `Image("name")` and the symbols Xcode generates (`Color(.name)`, `.name`) read them: colour sets
/// with their light and dark appearances, image sets by their largest PNG or JPEG. Read once per run,
/// bounded: a catalog that cannot be read is a warning naming its file, never a crash.
public struct AssetCatalog: Sendable, Equatable {
    public struct ColorAsset: Sendable, Equatable {
        public var light: RGBA
        /// The `luminosity: dark` appearance, when the set has one.
        public var dark: RGBA?
        public init(light: RGBA, dark: RGBA?) { self.light = light; self.dark = dark }
        public func color(for scheme: ColorScheme) -> RGBA { scheme == .dark ? dark ?? light : light }
    }

    public struct ImageAsset: Sendable, Equatable {
        /// The PNG or JPEG drawn (absolute): the set's largest scale; nil for a set of SVG or PDF files only
        /// (not read yet: its symbol exists, and it is drawn as a placeholder with a warning).
        public var path: String?
        /// Its size in points (pixels over its scale).
        public var size: Size
        /// `template-rendering-intent: template`: drawn in the foreground colour.
        public var isTemplate: Bool
        public init(path: String?, size: Size, isTemplate: Bool) { self.path = path; self.size = size; self.isTemplate = isTemplate }
    }

    /// By asset name (a namespace folder's name before it: `Domain/light`).
    public var colors: [String: ColorAsset] = [:]
    public var images: [String: ImageAsset] = [:]
    /// What could not be read, with the file.
    public var warnings: [String] = []

    /// The most sets one run reads, and the largest `Contents.json`.
    public static let maxSets = 5_000
    public static let maxContentsBytes = 256 * 1024

    public init() {}

    /// Reads the `.xcassets` folders at `paths`.
    public init(catalogs paths: [String]) {
        for path in paths { read(catalog: path) }
    }

    public var isEmpty: Bool { colors.isEmpty && images.isEmpty }

    /// The colour named `name` (as written, or its last path component).
    public func color(named name: String) -> ColorAsset? { colors[name] ?? colors.first { $0.key.split(separator: "/").last.map(String.init) == name }?.value }
    public func image(named name: String) -> ImageAsset? { images[name] ?? images.first { $0.key.split(separator: "/").last.map(String.init) == name }?.value }

    mutating func read(catalog root: String) {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            warnings.append("\(root): cannot read the asset catalog"); return
        }
        var namespaces: [String: Bool] = [:]
        var sets = 0
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let isColor = name.hasSuffix(".colorset"), isImage = name.hasSuffix(".imageset")
            if !isColor && !isImage {
                if !name.contains(".") {
                    // A group: does it put its name before its assets' (`provides-namespace`)?
                    let contents = Self.json(root + "/" + relative + "/Contents.json", warnings: &warnings)
                    let properties = contents?["properties"] as? [String: Any]
                    namespaces[relative] = properties?["provides-namespace"] as? Bool ?? false
                }
                continue
            }
            walker.skipDescendants()
            sets += 1
            guard sets <= Self.maxSets else { warnings.append("\(root): more than \(Self.maxSets) sets: the rest is not read"); return }
            let folder = (relative as NSString).deletingLastPathComponent
            var prefix: [String] = []
            var group = folder
            while !group.isEmpty {
                if namespaces[group] == true { prefix.insert((group as NSString).lastPathComponent, at: 0) }
                group = (group as NSString).deletingLastPathComponent
            }
            let asset = (prefix + [(name as NSString).deletingPathExtension]).joined(separator: "/")
            let path = root + "/" + relative
            if isColor, let color = colorSet(path) { colors[asset] = color }
            if isImage, let image = imageSet(path) { images[asset] = image }
        }
    }

    static func json(_ path: String, warnings: inout [String]) -> [String: Any]? {
        guard let data = try? BoundedFile.read(path, limit: maxContentsBytes) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any] else {
            warnings.append("\(path): not a JSON object; the set is left out")
            return nil
        }
        return object
    }

    mutating func colorSet(_ path: String) -> ColorAsset? {
        guard let contents = Self.json(path + "/Contents.json", warnings: &warnings),
              let entries = contents["colors"] as? [[String: Any]] else { return nil }
        var light: RGBA?, dark: RGBA?
        for entry in entries {
            if let idiom = entry["idiom"] as? String, idiom != "universal", idiom != "iphone" { continue }
            guard let color = entry["color"] as? [String: Any], let rgba = Self.rgba(color) else {
                warnings.append("\(path)/Contents.json: a colour WidgetShot cannot read; the set is left out"); return nil
            }
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            let luminosity = appearances.first { $0["appearance"] as? String == "luminosity" }?["value"] as? String
            if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
            if luminosity == "dark" { dark = rgba } else if luminosity == nil { light = rgba } else if light == nil { light = rgba }
        }
        guard let light = light ?? dark else { return nil }
        return ColorAsset(light: light, dark: dark)
    }

    /// `components` in any of Xcode's spellings (`0.5`, `128`, `0x80`), or a system colour by its
    /// UIKit name (`systemBlueColor`, `labelColor`).
    static func rgba(_ color: [String: Any]) -> RGBA? {
        if let reference = color["reference"] as? String {
            var name = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
            if name.hasPrefix("system"), let first = name.dropFirst(6).first, first.isUppercase,
               SystemColors.color(named: name, scheme: .light) == nil {
                name = first.lowercased() + name.dropFirst(7)
            }
            return SystemColors.color(named: name, scheme: .light)
        }
        guard let components = color["components"] as? [String: Any] else { return nil }
        func value(_ key: String, white: Bool = false) -> Double? {
            let raw = components[key] ?? (white ? components["white"] : nil)
            let text = raw as? String ?? (raw as? NSNumber).map { "\($0)" }
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x"), let n = Int(text.dropFirst(2), radix: 16) { return Double(n) / 255 }
            guard let n = Double(text), n.isFinite else { return nil }
            return text.contains(".") || n <= 1 ? min(max(n, 0), 1) : min(n / 255, 1)
        }
        let alpha = value("alpha") ?? 1
        if let white = components["white"] != nil ? value("white") : nil { return RGBA(r: white, g: white, b: white, a: alpha) }
        guard let r = value("red"), let g = value("green"), let b = value("blue") else { return nil }
        return RGBA(r: r, g: g, b: b, a: alpha)
    }

    mutating func imageSet(_ path: String) -> ImageAsset? {
        guard let contents = Self.json(path + "/Contents.json", warnings: &warnings),
              let entries = contents["images"] as? [[String: Any]] else { return nil }
        let template = (contents["properties"] as? [String: Any])?["template-rendering-intent"] as? String == "template"
        var best: (file: String, scale: Double)?
        for entry in entries {
            guard let file = entry["filename"] as? String, !file.contains("/"),
                  [".png", ".jpg", ".jpeg"].contains(where: file.lowercased().hasSuffix) else { continue }
            if let idiom = entry["idiom"] as? String, idiom != "universal", idiom != "iphone" { continue }
            if entry["appearances"] != nil { continue }
            let scale = Double((entry["scale"] as? String ?? "1x").dropLast()) ?? 1
            if best == nil || scale > best!.scale { best = (file, scale) }
        }
        guard let best, let pixels = Self.imageSize(path + "/" + best.file) else {
            let files = entries.compactMap { $0["filename"] as? String }
            // A vector set: named (its symbol is generated), drawn as a placeholder.
            return files.isEmpty ? nil : ImageAsset(path: nil, size: Size(width: 0, height: 0), isTemplate: template)
        }
        return ImageAsset(path: path + "/" + best.file, size: Size(width: pixels.width / best.scale, height: pixels.height / best.scale),
                          isTemplate: template)
    }

    /// A PNG's or JPEG's size in pixels as shown (a JPEG's EXIF orientation applied), from its
    /// header (ImageHeader).
    static func imageSize(_ path: String) -> Size? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // 24 bytes say a PNG's size; only a JPEG is read further (its frame header may follow an
        // EXIF thumbnail): a catalog of thousands of large PNGs is not read 256 KB a set.
        guard var header = try? handle.read(upToCount: 24) else { return nil }
        if ImageHeader.format([UInt8](header)[...]) == .jpeg, let rest = try? handle.read(upToCount: ImageHeader.jpegScanBytes - 24) {
            header += rest
        }
        guard let (w, h) = ImageHeader.size([UInt8](header)[...]) else { return nil }
        return Size(width: Double(w), height: Double(h))
    }
}
