import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

/// What the runner says a team's Swift holds (`describe`).
public struct SwiftDescription: Decodable, Sendable {
    public struct Widget: Decodable, Sendable { public let name: String; public let kind: String; public let families: [String] }
    public struct Preview: Decodable, Sendable {
        public let symbol: String, file: String, line: Int, name: String?, kind: String, surface: String, pictures: Int
        public let widget: String?
    }
    public let widgets: [Widget]
    public let previews: [Preview]
    public let failures: [String]
}

/// One picture the runner draws, as its request names it.
public struct SwiftPicture: Sendable, Hashable {
    public enum Subject: Sendable, Hashable {
        /// A widget for one of its provider's entries (`placeholder`, `snapshot`, `timeline-N`), in
        /// the family of the cell it is drawn for.
        case widget(name: String, entry: String)
        /// One picture (entry or content state, in order) of a `#Preview`, by the symbol its expansion exports.
        case preview(symbol: String, index: Int)
    }
    public var subject: Subject
}

/// A team's Swift as documents of the matrix (docs/swift.md, "Goldens of a Swift folder"): each
/// widget and Live Activity is a document drawn elsewhere, named after its type, whose previews are
/// its provider's `placeholder` (in every family it supports) and the pictures of its `#Preview`s
/// (named after the preview — `preview`, `preview2`, … when unnamed — with `-N` for each entry or
/// content state after the first); a `#Preview`
/// of a plain view belongs to a document named after its file. Goldens, reports, filters and stale
/// files then work as for a layout; only the pixels come from the runner.
/// A picture the runner drew for a cell: its PNG and its warnings, at the team's paths
/// (`DeliveryWidgets/Card.swift:12:1: warning: …`).
public struct SwiftDrawing: Sendable {
    public let path: String
    public let warnings: [String]
    public init(path: String, warnings: [String]) { self.path = path; self.warnings = warnings }
}

public struct SwiftProject: Sendable {
    public let build: SwiftWidgetBuild
    public let description: SwiftDescription
    public let documents: [LayoutDocument]
    /// Document name → preview name → the picture.
    public let pictures: [String: [String: SwiftPicture]]

    public init(build: SwiftWidgetBuild, description: SwiftDescription) {
        self.build = build
        self.description = description
        var documents: [LayoutDocument] = []
        var pictures: [String: [String: SwiftPicture]] = [:]
        var previewsOf: [String: [(WidgetTemplate.Preview, SwiftPicture)]] = [:]
        var fileOf: [String: String] = [:]
        var surfacesOf: [String: [Surface]] = [:]
        for widget in description.widgets {
            let file = build.folder.widgets.first { $0.name == widget.name }
            fileOf[widget.name] = file?.file ?? ""
            if widget.kind == "widget" {
                let families = widget.families.compactMap(Surface.init(rawValue:))
                surfacesOf[widget.name] = families
                let source = file.map { SourceLocation(file: $0.file, line: $0.line, column: 1) }
                if !families.isEmpty {
                    previewsOf[widget.name, default: []].append(
                        (WidgetTemplate.Preview(name: "placeholder", source: source, surfaces: Set(families)),
                         SwiftPicture(subject: .widget(name: widget.name, entry: "placeholder"))))
                }
            }
        }
        // An unnamed #Preview is `preview`, `preview2`, … in file order within its document: a name
        // that survives lines added above it (Xcode's canvas labels it by line instead).
        var unnamed: [String: Int] = [:]
        for preview in description.previews.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            guard let surface = Surface(rawValue: preview.surface), preview.pictures > 0 else { continue }
            let owner = preview.widget ?? Self.fileName(((preview.file as NSString).lastPathComponent as NSString).deletingPathExtension) + "-views"
            let base: String
            if let name = preview.name {
                base = Self.fileName(name)
            } else {
                unnamed[owner, default: 0] += 1
                base = unnamed[owner]! == 1 ? "preview" : "preview\(unnamed[owner]!)"
            }
            if fileOf[owner] == nil { fileOf[owner] = preview.file }
            if !(surfacesOf[owner]?.contains(surface) ?? false) { surfacesOf[owner, default: []].append(surface) }
            for index in 0..<preview.pictures {
                let name = index == 0 ? base : "\(base)-\(index)"
                let source = SourceLocation(file: preview.file, line: preview.line, column: 1)
                previewsOf[owner, default: []].append((WidgetTemplate.Preview(name: name, source: source, surfaces: [surface]),
                                                       SwiftPicture(subject: .preview(symbol: preview.symbol, index: index))))
            }
        }
        for (owner, entries) in previewsOf.sorted(by: { $0.key < $1.key }) {
            // Preview names unique (a second #Preview of the same name is left out).
            var seen = Set<String>()
            var previews: [WidgetTemplate.Preview] = []
            var byName: [String: SwiftPicture] = [:]
            for (preview, picture) in entries where seen.insert(preview.name).inserted {
                previews.append(preview)
                byName[preview.name] = picture
            }
            let surfaces = Surface.allCases.filter { (surfacesOf[owner] ?? []).contains($0) }
            documents.append(LayoutDocument.drawnElsewhere(name: owner, path: fileOf[owner] ?? "", surfaces: surfaces, previews: previews))
            pictures[owner] = byName
        }
        self.documents = documents
        self.pictures = pictures
    }

    /// Changes whenever a file of the source changes (FNV-1a over every file's path and bytes).
    public var digest: String {
        var hash: UInt64 = 0xcbf29ce484222325
        for file in build.folder.files {
            for byte in Array(file.path.utf8) + Array(FileManager.default.contents(atPath: file.path) ?? Data()) {
                hash = (hash ^ UInt64(byte)) &* 0x100000001b3
            }
        }
        return String(hash, radix: 16)
    }

    /// `Two ETAs` → `Two-ETAs`: a preview's name as a part of a file name.
    static func fileName(_ text: String) -> String {
        let mapped = text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        let name = String(mapped).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return name.isEmpty ? "preview" : String(name.prefix(80))
    }

    /// The look a cell is drawn in: the suite's device and scale, the cell's scheme, mode and axes.
    public static func look(for cell: MatrixCell, device: DeviceProfile, scale: Double?, placeholder: Bool = false) -> LookSpec {
        var spec = LookSpec(device: device.id, ios: String(device.ios.number), scale: scale, scheme: cell.scheme.rawValue,
                            placeholder: placeholder, mode: cell.isDefaultMode ? nil : cell.mode.rawValue)
        for (axis, value) in cell.axisValues { _ = try? spec.set(axis, text: value) }
        return spec
    }

    /// Draws `cells` (of this project's documents) into `folder`, one runner call per look: the
    /// PNG's path and the runner's warnings for each cell's relative path, or why it could not be drawn.
    public func render(_ cells: [MatrixCell], device: DeviceProfile, scale: Double?, placeholder: Bool = false, fonts: [String],
                       into folder: String) throws -> [String: Result<SwiftDrawing, SwiftWidgetBuild.BuildError>] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var out: [String: Result<SwiftDrawing, SwiftWidgetBuild.BuildError>] = [:]
        var groups: [[String: String]: [(MatrixCell, SwiftPicture, String)]] = [:]
        for (index, cell) in cells.enumerated() {
            guard let picture = pictures[cell.layout]?[cell.preview] else {
                out[cell.relativePath] = .failure(.init(description: "\(cell.layout)/\(cell.preview) is not a picture of the Swift source"))
                continue
            }
            // The provider's placeholder entry is drawn as WidgetKit draws it: redacted.
            let isPlaceholder: Bool = if case .widget(_, "placeholder") = picture.subject { true } else { placeholder }
            let settings = Self.look(for: cell, device: device, scale: scale, placeholder: isPlaceholder).settings
            groups[settings, default: []].append((cell, picture, folder + "/\(index).png"))
        }
        for (settings, members) in groups.sorted(by: { $0.value[0].2 < $1.value[0].2 }) {
            var look = LookSpec()
            for (name, value) in settings { _ = try? look.set(name, text: value) }
            let requests: [[String: Any]] = members.map { cell, picture, path in
                var request: [String: Any] = ["output": path]
                switch picture.subject {
                case .widget(let name, let entry): request["widget"] = name; request["family"] = cell.surface.rawValue; request["entry"] = entry
                case .preview(let symbol, let index): request["preview"] = symbol; request["index"] = index
                }
                return request
            }
            let drawn = try build.render(requests, look: look, fonts: fonts)
            for ((cell, _, path), result) in zip(members, drawn) {
                out[cell.relativePath] = result.error.map { .failure(.init(description: $0)) }
                    ?? .success(SwiftDrawing(path: path, warnings: result.warnings))
            }
        }
        return out
    }
}
