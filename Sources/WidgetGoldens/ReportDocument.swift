import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot

/// `report.json`: everything the report page, the JUnit file, the GitHub annotations and
/// `merge-reports` need, so a merged report is rebuilt from shard JSON alone.
///
/// A report one shard wrote carries `shard`; a merged report does not, and equals the report of an
/// unsharded run except for `seconds`.
public struct ReportDocument: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case verify, record }

    public var kind: Kind
    /// How many cells the whole (unsharded) selection holds.
    public var cells: Int
    public var passed: Int
    /// Failed and error cells.
    public var failed: Int
    public var missing: Int
    public var stale: Int
    /// `record` only.
    public var created: Int?
    public var updated: Int?
    public var unchanged: Int?
    /// Wall time; the one field that differs between two runs of the same tree.
    public var seconds: Double
    public var shard: MatrixShard?
    /// The device and scale the goldens are rendered at (for the command that reproduces one).
    public var device: String?
    public var scale: Double?
    /// The iOS generation of the goldens when it is not the device's own (Golden/iosNN/, `--ios N`).
    public var ios: Int?
    /// The gallery page the report links each image to (a URL relative to the report folder).
    public var gallery: String?
    /// The library stack that recorded the goldens against the one that ran (verify only; nil in
    /// reports written before stacks were recorded).
    public var stack: ReportStack?
    /// Failures grouped by cause, largest group first; see `FailureGroups`.
    public var groups: [FailureGroup]
    /// One record per cell this run looked at (passed ones too, for JUnit), in matrix order,
    /// then stale goldens.
    public var results: [ReportRecord]

    public init(kind: Kind, cells: Int, results: [ReportRecord], seconds: Double, shard: MatrixShard? = nil, gallery: String? = nil) {
        self.kind = kind; self.cells = cells; self.seconds = seconds; self.shard = shard; self.gallery = gallery
        self.results = results.sorted { ($0.index, $0.name) < ($1.index, $1.name) }
        passed = results.filter { $0.status == .passed }.count
        failed = results.filter { $0.status == .failed || $0.status == .error }.count
        missing = results.filter { $0.status == .missing }.count
        stale = results.filter { $0.status == .stale }.count
        if kind == .record {
            created = results.filter { $0.status == .created }.count
            updated = results.filter { $0.status == .updated }.count
            unchanged = results.filter { $0.status == .unchanged }.count
        }
        groups = FailureGroups.group(self.results)
    }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [10]
    }

    /// `DIRECTORY/report.json`, e.g. for the gallery to mark and link the images a verify run failed.
    public static func load(directory: String) throws -> ReportDocument {
        let path = directory + "/report.json"
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: GoldenFileError.maxBytes) } catch { throw ReportError("\(path): \(error)") }
        return try decode(data, file: path)
    }

    /// The cells a reviewer must look at, by name (`delivery/systemSmall/onTheWay-light`).
    /// Puts each picture's render warnings (by its cell's relative path) on its record.
    public mutating func attach(warnings: [String: [String]]) {
        guard !warnings.isEmpty else { return }
        for i in results.indices {
            if let found = results[i].cell.flatMap({ warnings[$0.relativePath] }), !found.isEmpty { results[i].warnings = found }
        }
    }

    public var attentionNames: Set<String> { Set(results.filter { $0.status.needsAttention }.map(\.name)) }

    /// The records a reviewer must look at, by their `ImageAnchor` id (what the gallery calls the
    /// same image): the gallery marks these and links each to `REPORT/index.html#ID`. Records of a
    /// report written before anchors were shared get theirs from their cell and the report's device.
    public var attentionByAnchor: [String: ReportRecord] {
        var out: [String: ReportRecord] = [:]
        for r in results where r.status.needsAttention && r.status != .stale {
            out[r.anchorID(device: device ?? DeviceProfile.default.id)] = r
        }
        return out
    }

    public static func decode(_ bytes: [UInt8], file: String) throws -> ReportDocument {
        do { return try JSONDecoder().decode(ReportDocument.self, from: Data(bytes)) } catch {
            throw ReportError("\(file): not a widgetshot report.json: \(Self.describe(error))")
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return "\(context.debugDescription) at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default: return "\(error)"
        }
    }
}

/// One cell of the report: what it is, how it came out, the numbers, and its image files.
public struct ReportRecord: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, missing, error, stale
        case created, updated, unchanged
        /// Shown on the page (and grouped).
        public var needsAttention: Bool { self != .passed && self != .unchanged }
    }

    public struct Window: Codable, Sendable, Equatable {
        public var x: Int, y: Int, size: Int, pixels: Int
    }

    public struct Images: Codable, Sendable, Equatable {
        /// Paths relative to the report folder.
        public var expected: String?
        public var actual: String?
        public var diff: String?
    }

    /// Position in the whole (unsharded) matrix; stale goldens come after every cell.
    public var index: Int
    /// `delivery/systemSmall/onTheWay-light`: the golden's path without `.png`, and the base name
    /// of the record's image files.
    public var name: String
    /// The image's `ImageAnchor` (`delivery/systemSmall/onTheWay/light/iphone15pro`): its id on the
    /// report page and on the gallery page. Nil for stale goldens (no image) and in reports written
    /// before anchors were shared (then `name` is the id).
    public var anchor: String?
    /// The golden, relative to the working directory when it lies below it.
    public var file: String
    public var layout: String
    public var surface: String
    public var preview: String
    public var scheme: String
    /// The rendering mode when it is not the surface's default (`accented`), else nil.
    public var mode: String?
    /// Control surfaces: the control's id and a toggle's state (absent for every other surface).
    public var control: String?
    public var controlState: String?
    /// The spanned look axes (`MatrixAxis`) where the cell differs from its preview's own look
    /// (`{"locale": "ko"}`); absent for a cell in its preview's look.
    public var axes: [String: String]?
    public var status: Status
    public var message: String?
    /// Where the preview is defined: `Layouts/delivery.yaml:632:3`.
    public var source: String?
    /// Where the view the changed pixels fall in is defined (`ViewFrames.locate`): the layout
    /// file's `Layouts/delivery.yaml:640:7`, or a Swift source's `Widgets/Delivery.swift:42`; nil
    /// when no view with a source holds the change (then `source` is where to look).
    public var view: String?
    public var differingPixels: Int?
    public var antialiasedPixels: Int?
    public var ratio: Double?
    /// The largest change of one color channel (0…255) over the differing pixels.
    public var maxDelta: Int?
    public var worstWindow: Window?
    public var expectedSize: [Int]?
    public var actualSize: [Int]?
    public var regions: [DiffRegion]?
    public var images: Images?
    /// What the picture's render warned of, at the team's lines: a Swift source's runner warnings
    /// (an unsupported modifier, a placeholder, a missing glyph); nil when it warned of nothing.
    public var warnings: [String]?

    public init(index: Int, name: String, file: String, layout: String, surface: String, preview: String,
                scheme: String, status: Status) {
        self.index = index; self.name = name; self.file = file; self.layout = layout; self.surface = surface
        self.preview = preview; self.scheme = scheme; self.status = status
    }

    /// `notifications-off/` for a control cell, "" otherwise (as MatrixCell.controlFolder).
    public var controlPart: String {
        control.map { $0 + (controlState.map { "-" + $0 } ?? "") + "/" } ?? ""
    }

    /// A stale golden, `Golden/delivery/systemSmall/old-light.png`: its name read from its path.
    public static func stale(file: String, relativePath: String, index: Int) -> ReportRecord {
        let name = relativePath.hasSuffix(".png") ? String(relativePath.dropLast(4)) : relativePath
        let parts = name.split(separator: "/").map(String.init)
        let last = parts.count == 3 ? parts[2] : ""
        let dash = last.lastIndex(of: "-")
        var r = ReportRecord(index: index, name: name, file: file, layout: parts.first ?? "",
                             surface: parts.count == 3 ? parts[1] : "",
                             preview: dash.map { String(last[..<$0]) } ?? last,
                             scheme: dash.map { String(last[last.index(after: $0)...]) } ?? "", status: .stale)
        r.message = "stale golden: no preview produces it (run `widgetshot prune`)"
        return r
    }

    /// The diff numbers of a comparison.
    public mutating func take(_ r: DiffResult, windowSize: Int) {
        differingPixels = r.differingPixels
        antialiasedPixels = r.antialiasedPixels
        ratio = r.ratio
        expectedSize = [r.expectedSize.width, r.expectedSize.height]
        actualSize = [r.actualSize.width, r.actualSize.height]
        regions = r.regions
        if let w = r.worstWindow { worstWindow = Window(x: w.x, y: w.y, size: windowSize, pixels: w.pixels) }
        if message == nil { message = r.failureReason }
    }

    /// The id of the record on the report page: its anchor, or for an older report the one its cell
    /// would have on `device`.
    public func anchorID(device: String) -> String {
        if let anchor { return anchor }
        guard let surface = Surface(rawValue: self.surface), let scheme = ColorScheme(rawValue: self.scheme) else { return name }
        return ImageAnchor(cell: MatrixCell(layout: layout, surface: surface, preview: preview, scheme: scheme), device: device).id
    }

    /// The matrix cell the record is about (nil for a record whose surface or scheme is unknown).
    public var cell: MatrixCell? {
        guard let surface = Surface(rawValue: surface), let scheme = ColorScheme(rawValue: scheme) else { return nil }
        return MatrixCell(layout: layout, surface: surface, preview: preview, scheme: scheme,
                          mode: mode.flatMap(RenderingMode.init(rawValue:)), control: control,
                          controlState: controlState.flatMap(ControlState.init(rawValue:)), axisValues: axes ?? [:])
    }

    /// The text a failure is summed up with (CLI line, JUnit message, annotation).
    public var reason: String {
        var text = message ?? status.rawValue
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

public struct ReportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The goldens' library stack against the running one, as report.json carries it:
/// `"stack": {"status": "same|different|unknown", "recorded": {…}|null, "running": {…}, "differs": [{library, recorded, running}]}`.
public struct ReportStack: Codable, Sendable, Equatable {
    public struct Difference: Codable, Sendable, Equatable {
        public var library: String
        public var recorded: String
        public var running: String
    }

    public var status: String
    public var recorded: [String: String]?
    public var running: [String: String]
    public var differs: [Difference]
    /// The sentence for the summary line; nil when the stacks match.
    public var note: String?

    public init(_ check: StackCheck) {
        func table(_ s: LibraryStack) -> [String: String] {
            Dictionary(s.libraries.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a })
        }
        status = !check.isKnown ? "unknown" : check.matches ? "same" : "different"
        recorded = check.recorded.map(table)
        running = table(check.running)
        differs = check.differences.map { Difference(library: $0.library, recorded: $0.recorded, running: $0.running) }
        note = check.note
    }

    /// The libraries in a fixed order, for tables.
    static let order = ["cairo", "pango", "freetype", "harfbuzz", "fontconfig", "pixman"]
}
