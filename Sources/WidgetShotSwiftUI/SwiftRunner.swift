public import DeveloperToolsSupport
import Foundation
public import SwiftUI
public import WidgetKit
public import WidgetShot
import WidgetModel

/// The program `widgetshot` builds from a team's widget folder (docs/swift.md, "A folder of widget
/// code as a source"): a generated `main.swift` lists the folder's widgets and `#Preview`s and
/// hands them here. The CLI talks to it in JSON:
///
/// - `describe` prints `{"widgets": [{"name", "kind", "families"}], "previews": [{"symbol", "file",
///   "line", "name", "kind", "surface", "pictures"}], "failures": [...]}`;
/// - `render REQUEST.json` draws the pictures a request names into PNG files and prints what it
///   wrote (sizes, warnings) or why not.
///
/// The runner knows nothing of projects or goldens: those stay in the CLI, which turns each answer
/// into the same names, reports and galleries as a layout's.
public enum SwiftRunner {
    /// A widget type of the team's, by its Swift name.
    public struct WidgetEntry {
        public let name: String
        public let type: any Widget.Type
        public init(_ name: String, _ type: any Widget.Type) { self.name = name; self.type = type }
    }

    /// A `#Preview` of the team's: the symbol its expansion exports, where it is written, and the call.
    public struct PreviewEntry {
        public let symbol: String
        public let file: String
        public let line: Int
        public let make: @MainActor () throws -> DeveloperToolsSupport.Preview
        public init(symbol: String, file: String, line: Int, make: @escaping @MainActor () throws -> DeveloperToolsSupport.Preview) {
            self.symbol = symbol; self.file = file; self.line = line; self.make = make
        }
    }

    /// One picture to draw: a widget in a family for one of its provider's entries, or one picture
    /// of a preview (by index: its entries and content states in order).
    public struct Picture: Codable, Sendable {
        public var widget: String?
        public var family: String?
        public var entry: String?
        public var preview: String?
        public var index: Int?
        public var output: String
        /// A JSON file the widget's entry, or a Live Activity's attributes and content state, are
        /// decoded from by the team's own types (RunnerData.swift); `dataName` is how messages name it.
        public var data: String?
        public var dataName: String?
        /// A Live Activity's attributes when `data` has none: a file holding them (an APNs payload's
        /// `aps.attributes`, or the attributes alone), else those of the #Preview with this symbol.
        public var attributesData: String?
        public var attributesName: String?
        public var attributesPreview: String?
        /// The Live Activity surface a `data` picture is drawn on (default lockScreen), its `now`
        /// (ISO 8601, over the request's look) and whether it is shown stale.
        public var surface: String?
        public var now: String?
        public var stale: Bool?
        /// True: the look's `mode` applies on the surfaces that have it, the others drawn in their
        /// default mode (a push's rule: `--mode vibrant` is StandBy's night mode).
        public var modeWhereSupported: Bool?
    }

    public struct Request: Codable, Sendable {
        /// The font folders to draw with, in order (the project's, then those `fonts:` adds).
        public var fonts: [String]
        /// The widget folder's string catalogs (`.xcstrings`) and asset catalogs (`.xcassets`).
        public var catalogs: [String]?
        public var assets: [String]?
        /// The look, as the CLI's options name it (`scheme`, `locale`, `dynamicType`, `now`, …).
        public var look: [String: String]
        public var pictures: [Picture]
    }

    struct Described: Encodable {
        struct WidgetInfo: Encodable { let name: String; let kind: String; let families: [String] }
        struct PreviewInfo: Encodable {
            let symbol: String, file: String, line: Int, name: String?, kind: String, surface: String, pictures: Int
            /// The widget a widget or Live Activity preview draws (its type's name).
            let widget: String?
        }
        let widgets: [WidgetInfo]
        let previews: [PreviewInfo]
        let failures: [String]
    }

    struct Drawn: Encodable {
        let output: String
        let pixelWidth: Int?
        let pixelHeight: Int?
        let warnings: [String]
        let error: String?
        /// The picture's view frames beside it (`PICTURE.png.views.json`), when any view has a source.
        var views: String? = nil
        /// A data file that did not decode: where and why (the `error` says the same in words).
        var dataError: RunnerDataError? = nil
    }

    /// The most view frames written beside one picture (ViewFrames.maxFrames, which reads them).
    static let maxViewFrames = 2_000

    /// Writes where each view with a source is (its frame in the picture's points and its
    /// initialiser's `#fileID:line`) beside the picture, outer views first, at most `maxViewFrames`;
    /// returns the file, or nil when no view has a source. The CLI reads it as `ViewFrames`.
    static func writeViews(_ result: RenderResult, beside output: String) throws -> String? {
        struct Frame: Encodable { let x: Double, y: Double, width: Double, height: Double, source: String }
        struct Frames: Encodable { let frames: [Frame]; let truncated: Bool? }
        guard let root = result.placed else { return nil }
        let m = result.magnification
        var frames: [Frame] = [], stack = [root], truncated = false
        while let node = stack.popLast() {
            if let s = node.source {
                guard frames.count < maxViewFrames else { truncated = true; break }
                let f = node.frame
                frames.append(Frame(x: f.minX * m, y: f.minY * m, width: f.width * m, height: f.height * m, source: "\(s.file):\(s.line)"))
            }
            stack.append(contentsOf: node.children.reversed())
        }
        guard !frames.isEmpty else { return nil }
        let path = output + ".views.json"
        try AtomicFile.write(Array(try JSONEncoder().encode(Frames(frames: frames, truncated: truncated ? true : nil))), to: path)
        return path
    }

    /// Runs the command in `arguments` (`describe`, or `render FILE`) and returns the exit status.
    @MainActor
    public static func main(widgets: [WidgetEntry], previews: [PreviewEntry], arguments: [String] = CommandLine.arguments) async -> Int32 {
        let command = arguments.dropFirst().first ?? ""
        switch command {
        case "describe":
            emit(await describe(widgets: widgets, previews: previews))
            return 0
        case "render" where arguments.count == 3:
            do {
                let request = try JSONDecoder().decode(Request.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2])))
                let drawn = try await render(request, widgets: widgets, previews: previews)
                emit(drawn)
                return drawn.contains { $0.error != nil } ? 1 : 0
            } catch {
                FileHandle.standardError.write(Data("widget runner: \(error)\n".utf8))
                return 2
            }
        default:
            FileHandle.standardError.write(Data("usage: runner describe | runner render REQUEST.json\n".utf8))
            return 2
        }
    }

    static func emit(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let data = try? encoder.encode(value) {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
    }

    @MainActor
    static func describe(widgets: [WidgetEntry], previews: [PreviewEntry]) async -> Described {
        var failures: [String] = []
        let widgetInfo = widgets.map { entry -> Described.WidgetInfo in
            let configuration = entry.type.init().body
            let isActivity = Configurations.unwrap(configuration).base is any ActivityViews
            return Described.WidgetInfo(name: entry.name, kind: isActivity ? "activity" : "widget",
                                        families: Configurations.families(of: configuration).map(\.rawValue))
        }
        var previewInfo: [Described.PreviewInfo] = []
        for entry in previews {
            do {
                let preview = try entry.make()
                let (kind, surface, count) = await shape(of: preview)
                let widget = preview.widgetPreview.map { "\(type(of: $0.widget()))" } ?? preview.activityPreview.map { "\(type(of: $0.widget()))" }
                previewInfo.append(Described.PreviewInfo(symbol: entry.symbol, file: entry.file, line: entry.line, name: preview.displayName,
                                                         kind: kind, surface: surface, pictures: count, widget: widget))
            } catch {
                failures.append("\(entry.file):\(entry.line): the #Preview threw: \(error)")
            }
        }
        return Described(widgets: widgetInfo, previews: previewInfo, failures: failures)
    }

    /// What a preview is, where it is drawn, and how many pictures it gives.
    @MainActor
    static func shape(of preview: DeveloperToolsSupport.Preview) async -> (String, String, Int) {
        if preview.viewPreview != nil { return ("view", Surface.systemMedium.rawValue, 1) }
        if let widget = preview.widgetPreview {
            let surface = Surface(rawValue: widget.family.rawValue) ?? .systemSmall
            let context = SwiftUIRender.providerContext(family: widget.family, surface: surface, isPreview: true, look: Look())
            return ("widget", surface.rawValue, await widget.entries(context).count)
        }
        if let activity = preview.activityPreview {
            return ("activity", activity.viewKind.surface.rawValue, await activity.contentStates().count)
        }
        return ("unknown", "", 0)
    }

    @MainActor
    static func render(_ request: Request, widgets: [WidgetEntry], previews: [PreviewEntry]) async throws -> [Drawn] {
        var spec = LookSpec(scale: 2)
        for (name, value) in request.look.sorted(by: { $0.key < $1.key }) {
            guard try spec.set(name, text: value) else { throw SwiftUIRender.WidgetError(description: "no look option named '\(name)'") }
        }
        let renderer = WidgetRenderer(fonts: try FontLibrary(directories: request.fonts, sealed: false))
        let resources = AppResources(strings: try AppStrings(catalogs: request.catalogs ?? []),
                                     assets: AssetCatalog(catalogs: request.assets ?? []))
        return try await AppResources.$current.withValue(resources) {
            var drawn = try await draw(request, spec: spec, renderer: renderer, widgets: widgets, previews: previews)
            // What the catalogs could not give is said with the first picture.
            if !resources.assets.warnings.isEmpty, !drawn.isEmpty {
                drawn[0] = Drawn(output: drawn[0].output, pixelWidth: drawn[0].pixelWidth, pixelHeight: drawn[0].pixelHeight,
                                 warnings: resources.assets.warnings + drawn[0].warnings, error: drawn[0].error,
                                 views: drawn[0].views, dataError: drawn[0].dataError)
            }
            return drawn
        }
    }

    @MainActor
    static func draw(_ request: Request, spec: LookSpec, renderer: WidgetRenderer, widgets: [WidgetEntry],
                     previews: [PreviewEntry]) async throws -> [Drawn] {
        var drawn: [Drawn] = []
        var previewImages: [String: [PreviewImage]] = [:]
        for picture in request.pictures {
            do {
                let result: RenderResult
                if let data = picture.data {
                    result = try await drawData(picture, data, spec: spec, renderer: renderer, widgets: widgets, previews: previews)
                } else if let symbol = picture.preview {
                    guard let entry = previews.first(where: { $0.symbol == symbol }) else {
                        throw SwiftUIRender.WidgetError(description: "no #Preview \(symbol) in this build")
                    }
                    if previewImages[symbol] == nil {
                        let preview = try entry.make()
                        let surface: Surface = preview.widgetPreview.flatMap { Surface(rawValue: $0.family.rawValue) }
                            ?? preview.activityPreview?.viewKind.surface ?? .systemMedium
                        let look = try spec.resolve(for: surface, preview: nil)
                        previewImages[symbol] = try await SwiftUIRender.render(preview: preview, look: look, pngPreset: .small,
                                                                               renderer: renderer)
                    }
                    let images = previewImages[symbol]!
                    let index = picture.index ?? 0
                    guard images.indices.contains(index) else {
                        throw SwiftUIRender.WidgetError(description: "\(entry.file):\(entry.line): the #Preview gives \(images.count) pictures; no picture \(index)")
                    }
                    result = images[index].result
                } else if let name = picture.widget {
                    guard let entry = widgets.first(where: { $0.name == name }) else {
                        throw SwiftUIRender.WidgetError(description: "no widget named \(name) (widgets: \(widgets.map(\.name).joined(separator: ", ")))")
                    }
                    guard let family = picture.family.flatMap(WidgetFamily.init(rawValue:)) else {
                        throw SwiftUIRender.WidgetError(description: "\(name): '\(picture.family ?? "")' is not a widget family")
                    }
                    let surface = Surface(rawValue: family.rawValue) ?? .systemSmall
                    let look = try spec.resolve(for: surface, preview: nil)
                    result = try await SwiftUIRender.render(entry.type, family: family, entry: try entryChoice(picture.entry), look: look,
                                                      pngPreset: .small, renderer: renderer)
                } else {
                    throw SwiftUIRender.WidgetError(description: "a picture names neither a widget nor a preview")
                }
                try AtomicFile.write(result.png, to: picture.output)
                drawn.append(Drawn(output: picture.output, pixelWidth: result.pixelWidth, pixelHeight: result.pixelHeight,
                                   warnings: result.warnings.map(\.description), error: nil,
                                   views: try writeViews(result, beside: picture.output)))
            } catch {
                drawn.append(Drawn(output: picture.output, pixelWidth: nil, pixelHeight: nil, warnings: [], error: "\(error)",
                                   dataError: error as? RunnerDataError))
            }
        }
        return drawn
    }

    /// `placeholder`, `snapshot` (the default), `timeline-N`.
    static func entryChoice(_ text: String?) throws -> SwiftUIRender.Entry {
        switch text ?? "snapshot" {
        case "placeholder": return .placeholder
        case "snapshot": return .snapshot
        case let t where t.hasPrefix("timeline-"):
            if let index = Int(t.dropFirst("timeline-".count)), index >= 0 { return .timeline(index) }
        default: break
        }
        throw SwiftUIRender.WidgetError(description: "entry '\(text ?? "")' is not placeholder, snapshot or timeline-N")
    }
}
