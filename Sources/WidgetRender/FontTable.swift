import Foundation
import WidgetModel
import Yams

/// Which font families draw the system font's designs: the fonts folder's `fonts.yaml`, so a team
/// points WidgetShot at the fonts it may use (Apple's SF Pro on its own machines, say) without
/// changing code. Keys: `system`, `system-rounded`, `system-mono`, `system-serif`; each a family or
/// a list of families in fallback order, as fontconfig names them (`fc-scan --format
/// '%{family}\n' FILE`). A design the file leaves out uses the bundled defaults when their fonts are
/// in the folder, else `system`'s families.
///
/// `system-display` names the system font's families at display sizes. iOS draws one continuous
/// design: since iOS 14, SF Pro's Text and Display optical sizes are interpolated as the point size
/// goes from 17 to 28 (HIG, Typography: "the system fonts support dynamic optical sizes, merging a
/// font's discrete optical sizes — such as Text and Display for SF Pro — into a single, continuous
/// design"; WWDC20 "The details of UI typography": smoothly between 17 and 28 points). With two
/// static faces, WidgetShot draws the nearer one's glyphs and sets the text as wide as the two
/// faces' widths interpolated at that size (`Renderer.opticalSizeTracking`). The bundled default is
/// Inter Display, Inter's own display optical size; a table that names `system` but not
/// `system-display` draws every size in `system`'s families (no interpolation).
public struct FontTable: Sendable, Equatable {
    public var families: [FontDesign: [String]]
    /// The system font's display families (drawn from halfway along `opticalSizes`, their width
    /// interpolated from its start); nil: `families(for: .default)` at every size.
    public var display: [String]?
    /// The table's file, when the folder has one.
    public var file: String?

    public init(families: [FontDesign: [String]], display: [String]? = nil, file: String? = nil) {
        self.families = families; self.display = display; self.file = file
    }

    public static let displayKey = "system-display"
    /// The point sizes over which the system font goes from its text to its display optical size.
    public static let opticalSizes: ClosedRange<Double> = 17...28
    /// The bundled display families (Fonts/InterDisplay-*.otf).
    public static let defaultDisplay = ["Inter Display", "NanumGothic"]

    public static let fileName = "fonts.yaml"
    /// Bytes of `fonts.yaml` read at most, and families per design.
    public static let maxBytes = 65_536, maxFamilies = 16

    /// The bundled open fonts (Fonts/): Inter for the system font, Quicksand for rounded, JetBrains
    /// Mono for monospaced, Noto Serif for serif; NanumGothic after each for Hangul.
    public static let defaults: [FontDesign: [String]] = [
        .default: FontSpec.textFamilies,
        .rounded: ["Quicksand", "NanumGothic"],
        .monospaced: ["JetBrains Mono", "NanumGothic"],
        .serif: ["Noto Serif", "NanumGothic"],
    ]

    public func families(for design: FontDesign) -> [String] {
        families[design] ?? families[.default] ?? FontSpec.textFamilies
    }

    /// How far `size` is from the text optical size (0) to the display one (1); nil when the table
    /// has no display families or `design` is not the default one.
    public func opticalPosition(design: FontDesign, size: Double) -> Double? {
        guard design == .default, display != nil, size.isFinite else { return nil }
        let r = Self.opticalSizes
        return min(max((size - r.lowerBound) / (r.upperBound - r.lowerBound), 0), 1)
    }

    /// The families whose glyphs draw the system font of `design` at `size` points: the display
    /// families from halfway along `opticalSizes` (the nearer optical size).
    public func families(for design: FontDesign, size: Double) -> [String] {
        if let position = opticalPosition(design: design, size: size), position >= 0.5, let display { return display }
        return families(for: design)
    }

    /// The table of the one folder of `directories` that has a `fonts.yaml` (two is an error naming
    /// both), checked against the families the folders' fonts have.
    static func load(directories: [String], families available: [String]) throws(FontLibraryError) -> FontTable {
        let holding = directories.filter { FileManager.default.fileExists(atPath: $0 + "/" + fileName) }
        guard holding.count <= 1 else {
            throw FontLibraryError(description: "\(holding.map { $0 + "/" + fileName }.joined(separator: " and ")): "
                                   + "two font folders name the system font's families; keep one \(fileName)")
        }
        return try load(directory: holding.first ?? directories[0], families: available, folders: directories.count)
    }

    /// The table in `directory`, checked against the families the folder's fonts have (and, with
    /// `folders` above 1, those of the folders added to it).
    static func load(directory: String, families available: [String], folders: Int = 1) throws(FontLibraryError) -> FontTable {
        let path = directory + "/" + fileName
        let known = Set(available)
        func usable(_ list: [String]) -> Bool { list.first.map(known.contains) ?? false }
        var table = FontTable(families: [:], display: nil, file: nil)
        for (design, list) in defaults where usable(list) { table.families[design] = list.filter { known.contains($0) } }
        if usable(defaultDisplay), table.families[.default] == FontSpec.textFamilies.filter(known.contains) {
            table.display = defaultDisplay.filter { known.contains($0) }
        }
        guard FileManager.default.fileExists(atPath: path) else { return table }
        table.file = path
        func fail(_ message: String, _ mark: Mark? = nil) -> FontLibraryError {
            let place = mark.map { "\(path):\($0.line):\($0.column)" } ?? path
            return FontLibraryError(description: "\(place): \(message)")
        }
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: maxBytes, within: (path as NSString).deletingLastPathComponent) } catch { throw fail("\(error)") }
        let node: Node?
        do { node = try Yams.compose(yaml: String(decoding: data, as: UTF8.self)) } catch {
            throw fail("invalid YAML: \(error)")
        }
        guard let node else { return table }
        guard case .mapping(let mapping) = node else { throw fail("expected a mapping of designs to families", node.mark) }
        let keys = FontDesign.allCases.map(\.tableKey) + [displayKey]
        var namesDisplay = false, namesSystem = false
        for (key, value) in mapping {
            let design = key.string.flatMap { k in FontDesign.allCases.first(where: { $0.tableKey == k }) }
            guard case .scalar(let k) = key, design != nil || k.string == displayKey else {
                throw fail("unknown key \(key.string.map { "'\($0)'" } ?? "here"); expected one of \(keys.joined(separator: ", "))", key.mark)
            }
            var list: [String] = []
            switch value {
            case .scalar(let s): list = [s.string]
            case .sequence(let seq):
                for item in seq {
                    guard case .scalar(let s) = item else { throw fail("expected a family name", item.mark) }
                    list.append(s.string)
                }
            default: throw fail("expected a family or a list of families for '\(k.string)'", value.mark)
            }
            guard !list.isEmpty, list.count <= maxFamilies else {
                throw fail("'\(k.string)' needs 1…\(maxFamilies) families, has \(list.count)", value.mark)
            }
            for family in list where !known.contains(family) {
                throw fail("family '\(family)' for '\(k.string)' is in no font file of \(directory)\(folders > 1 ? " or the folders added to it" : "") (its families: \(available.joined(separator: ", ")))", value.mark)
            }
            if let design {
                table.families[design] = list
                if design == .default { namesSystem = true }
            } else {
                table.display = list
                namesDisplay = true
            }
        }
        // A team's own system font is drawn at every size in its families unless the table
        // names display families too: Inter Display is no optical size of SF Pro.
        if namesSystem && !namesDisplay { table.display = nil }
        return table
    }
}
