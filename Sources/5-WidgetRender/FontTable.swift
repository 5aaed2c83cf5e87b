import Foundation
import WidgetModel
import Yams

/// Which font families draw the system font's designs: the fonts folder's `fonts.yaml`, so a team
/// points WidgetShot at the fonts it may use (Apple's SF Pro on its own machines, say) without
/// changing code. Keys: `system`, `system-rounded`, `system-mono`, `system-serif`; each a family or
/// a list of families in fallback order, as fontconfig names them (`fc-scan --format
/// '%{family}\n' FILE`). A design the file leaves out uses the bundled defaults when their fonts are
/// in the folder, else `system`'s families.
public struct FontTable: Sendable, Equatable {
    public var families: [FontDesign: [String]]
    /// The table's file, when the folder has one.
    public var file: String?

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

    /// The table in `directory`, checked against the families the folder's fonts have.
    static func load(directory: String, families available: [String]) throws(FontLibraryError) -> FontTable {
        let path = directory + "/" + fileName
        let known = Set(available)
        func usable(_ list: [String]) -> Bool { list.first.map(known.contains) ?? false }
        var table = FontTable(families: [:], file: nil)
        for (design, list) in defaults where usable(list) { table.families[design] = list.filter { known.contains($0) } }
        guard FileManager.default.fileExists(atPath: path) else { return table }
        table.file = path
        func fail(_ message: String, _ mark: Mark? = nil) -> FontLibraryError {
            let place = mark.map { "\(path):\($0.line):\($0.column)" } ?? path
            return FontLibraryError(description: "\(place): \(message)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot be read") }
        guard data.count <= maxBytes else { throw fail("is \(data.count) bytes, more than \(maxBytes)") }
        let node: Node?
        do { node = try Yams.compose(yaml: String(decoding: data, as: UTF8.self)) } catch {
            throw fail("invalid YAML: \(error)")
        }
        guard let node else { return table }
        guard case .mapping(let mapping) = node else { throw fail("expected a mapping of designs to families", node.mark) }
        let keys = FontDesign.allCases.map(\.tableKey)
        for (key, value) in mapping {
            guard case .scalar(let k) = key, let design = FontDesign.allCases.first(where: { $0.tableKey == k.string }) else {
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
                throw fail("family '\(family)' for '\(k.string)' is in no font file of \(directory) (its families: \(available.joined(separator: ", ")))", value.mark)
            }
            table.families[design] = list
        }
        return table
    }
}
