import ActivityKit
import DeveloperToolsSupport
import Foundation
import SwiftUI
import WidgetKit
import WidgetModel
import WidgetShot

/// `--data` and push payloads for a Swift source (docs/swift.md, "Data from JSON"): a JSON file
/// decoded by the team's own types, with their own `Decodable` conformances and a plain
/// `JSONDecoder()` (its default date strategy: a `Date` is a number of seconds since 2001-01-01,
/// as Swift's default `JSONEncoder` writes it and ActivityKit decodes a push's content-state), and
/// drawn by the team's own views.
///
/// - a widget's entry: the whole file is the entry, decoded as the type its provider's
///   `placeholder(in:)` returns (it must be `Decodable`);
/// - a Live Activity: `{"attributes": …, "content-state": …}`, or an APNs payload
///   `{"aps": {"content-state": …, "attributes": …}}`; attributes left out come from
///   `attributesData` (a start push, or the attributes alone: `--attributes`), else from a
///   `#Preview` of the activity.
///
/// A file the app would fail to decode is an error at the decoder's path
/// (`state.json: content-state.minutesLeft: expected Int, found String "soon"`).
struct RunnerDataFile {
    let bytes: Data
    /// How messages name it (`entry.json`, `sequence.json[2]`).
    let name: String
    /// The file as a tree of JSON values, to say what the decoder found where it failed.
    let tree: JSONTree?

    init(path: String, name: String?, limits: Limits = .default) throws {
        let shown = name ?? path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > limits.documentBytes {
            throw RunnerDataError(file: shown, path: "", message: "\(size) bytes; a data file may have at most \(limits.documentBytes) (Limits.documentBytes)")
        }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw RunnerDataError(file: shown, path: "", message: "cannot read \(path)")
        }
        self.bytes = bytes
        self.name = shown
        tree = try? JSONDecoder().decode(JSONTree.self, from: bytes)
    }

    /// The file decoded as `T` by a default `JSONDecoder`; a failure at the decoder's path.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do { return try JSONDecoder().decode(T.self, from: bytes) } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && tree != nil {
            // Linux's Foundation refuses a number that does not fit the integer type asked for
            // (3.5 or 1e20 for an Int) as "not valid JSON", without its path: the candidates are named.
            let numbers = tree?.oddNumbers() ?? []
            throw RunnerDataError(file: name, path: numbers.count == 1 ? numbers[0].path : "",
                                  message: numbers.count == 1 ? "expected an integer, found Number \(numbers[0].text) (Linux's Foundation says only \"\(context.debugDescription)\": the one number here no integer type holds)"
                                      : "\(context.debugDescription)" + (numbers.isEmpty ? "" : " (a number that does not fit an integer type the app declares? "
                                          + numbers.prefix(5).map { "\($0.path): \($0.text)" }.joined(separator: ", ") + ")"))
        } catch let error as DecodingError {
            throw RunnerDataError(error, file: name, tree: tree)
        } catch {
            throw RunnerDataError(file: name, path: "", message: "\(error)")
        }
    }

    /// True when the file's top level is an object with an `aps` key (an APNs payload).
    var isPush: Bool {
        if case .object(let keys)? = tree { return keys["aps"] != nil }
        return false
    }
}

/// Why a data file could not be drawn: where (the decoder's path) and what. `typeName` is set when
/// the widget's entry type is not `Decodable` at all (the CLI names its declaration).
struct RunnerDataError: Error, CustomStringConvertible, Encodable {
    let file: String
    let path: String
    let message: String
    var typeName: String? = nil

    var description: String { "\(file): \(path.isEmpty ? "" : path + ": ")\(message)" }

    init(file: String, path: String, message: String, typeName: String? = nil) {
        self.file = file; self.path = path; self.message = message; self.typeName = typeName
    }

    /// `content-state.minutesLeft: expected Int, found String "soon"` from the decoder's own error.
    init(_ error: DecodingError, file: String, tree: JSONTree?) {
        self.file = file
        func dotted(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        func found(_ keys: [any CodingKey]) -> String { tree?.value(at: keys)?.summary ?? "something else" }
        switch error {
        case .typeMismatch(let type, let context):
            path = dotted(context.codingPath)
            message = "expected \(JSONTree.name(of: type)), found \(found(context.codingPath))"
        case .valueNotFound(let type, let context):
            path = dotted(context.codingPath)
            message = "expected \(JSONTree.name(of: type)), found \(found(context.codingPath))"
        case .keyNotFound(let key, let context):
            path = dotted(context.codingPath + [key])
            message = "missing"
        case .dataCorrupted(let context):
            path = dotted(context.codingPath)
            message = context.debugDescription
        @unknown default:
            path = ""
            message = "\(error)"
        }
    }
}

/// A JSON value as the file holds it: what a decoding error found at its path.
indirect enum JSONTree: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var out: [String: JSONTree] = [:]
            for key in keyed.allKeys { out[key.stringValue] = try keyed.decode(JSONTree.self, forKey: key) }
            self = .object(out)
        } else if var list = try? decoder.unkeyedContainer() {
            var out: [JSONTree] = []
            while !list.isAtEnd { out.append(try list.decode(JSONTree.self)) }
            self = .array(out)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let b = try? single.decode(Bool.self) { self = .bool(b) }
            else if let n = try? single.decode(Double.self) { self = .number(n) }
            else { self = .string(try single.decode(String.self)) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func value(at keys: [any CodingKey]) -> JSONTree? {
        var current = self
        for key in keys {
            switch current {
            case .object(let members): guard let next = members[key.stringValue] else { return nil }; current = next
            case .array(let items): guard let i = key.intValue, items.indices.contains(i) else { return nil }; current = items[i]
            default: return nil
            }
        }
        return current
    }

    /// The numbers that are no integer (a fraction, or past Int's range), with their paths.
    func oddNumbers(_ path: String = "") -> [(path: String, text: String)] {
        switch self {
        case .number(let n) where n != n.rounded() || abs(n) >= 9.2e18: return [(path, String(n))]
        case .object(let members):
            return members.sorted { $0.key < $1.key }.flatMap { $0.value.oddNumbers(path.isEmpty ? $0.key : path + "." + $0.key) }
        case .array(let items): return items.enumerated().flatMap { $0.element.oddNumbers(path + "[\($0.offset)]") }
        default: return []
        }
    }

    /// `String "soon"`, `Number 3.5`, `null`, `an object`.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "Bool \(b)"
        case .number(let n): return "Number \(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n))"
        case .string(let s): return "String \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// What a decoding error's expected type is called: `Int`, `Double`, `an object`, `an array`.
    static func name(of type: Any.Type) -> String {
        let text = String(describing: type)
        if text.hasPrefix("Dictionary<") { return "an object" }
        if text.hasPrefix("Array<") { return "an array" }
        return text
    }
}

/// An activity configuration's attributes type, to decode a payload without a preview's value.
protocol ActivityAttributesTyped {
    var attributesType: any ActivityAttributes.Type { get }
}

extension ActivityConfiguration: ActivityAttributesTyped {
    var attributesType: any ActivityAttributes.Type { Attributes.self }
}

/// `{"attributes", "content-state"}`, the shape `--data` takes for a Live Activity.
struct ActivityData<A: ActivityAttributes>: Decodable {
    var attributes: A?
    var state: A.ContentState?
    enum CodingKeys: String, CodingKey {
        case attributes
        case state = "content-state"
    }
}

/// An APNs payload: the same under `aps`.
struct ActivityPush<A: ActivityAttributes>: Decodable {
    var aps: ActivityData<A>
}

extension SwiftRunner {
    /// The type's name without its module (`DeliveryAttributes.ContentState`).
    static func typeName(_ type: Any.Type) -> String {
        let full = String(reflecting: type)
        guard let dot = full.firstIndex(of: ".") else { return full }
        return String(full[full.index(after: dot)...])
    }

    /// A widget's entry decoded from `file` as the type of `sample` (its provider's placeholder).
    static func decodeEntry(_ file: RunnerDataFile, like sample: any TimelineEntry) throws -> any TimelineEntry {
        let type = Swift.type(of: sample)
        guard let decodable = type as? any Decodable.Type else {
            throw RunnerDataError(file: file.name, path: "", message: "\(typeName(type)) is not Decodable", typeName: typeName(type))
        }
        guard let entry = try file.decode(decodable) as? any TimelineEntry else {
            throw RunnerDataError(file: file.name, path: "", message: "did not decode as a TimelineEntry")
        }
        return entry
    }

    /// A Live Activity's attributes and content state from `file` (the state, and the attributes
    /// unless left out), else its attributes from `attributesFile`, else `fallback`'s.
    static func decodeActivity<A: ActivityAttributes>(_ type: A.Type, _ file: RunnerDataFile, attributesFile: RunnerDataFile?,
                                                      fallback: (any ActivityAttributes)?) throws -> (attributes: A, state: A.ContentState) {
        func read(_ f: RunnerDataFile) throws -> ActivityData<A> {
            f.isPush ? try f.decode(ActivityPush<A>.self).aps : try f.decode(ActivityData<A>.self)
        }
        let data = try read(file)
        guard let state = data.state else {
            throw RunnerDataError(file: file.name, path: file.isPush ? "aps.content-state" : "content-state",
                                  message: "missing: the \(typeName(A.ContentState.self)) to draw")
        }
        // The attributes file is a push (a start push's aps.attributes) or the attributes alone.
        if let attributes = try data.attributes ?? attributesFile.flatMap({ $0.isPush ? try read($0).attributes : try $0.decode(A.self) })
            ?? (fallback as? A) {
            return (attributes, state)
        }
        throw RunnerDataError(file: file.name, path: file.isPush ? "aps.attributes" : "attributes",
                              message: "missing: the \(typeName(A.self)) to draw with (\"attributes\" beside the content-state; for push, a start push or --attributes FILE)")
    }

    /// One picture of a data file: a widget's entry in its family, or a Live Activity on its surface.
    @MainActor
    static func drawData(_ picture: Picture, _ path: String, spec: LookSpec, renderer: WidgetRenderer, widgets: [WidgetEntry],
                         previews: [PreviewEntry]) async throws -> RenderResult {
        var spec = spec
        if let now = picture.now { _ = try spec.set("now", text: now) }
        let file = try RunnerDataFile(path: path, name: picture.dataName)
        let attributesFile = try picture.attributesData.map { try RunnerDataFile(path: $0, name: picture.attributesName) }
        guard let name = picture.widget, let entry = widgets.first(where: { $0.name == name }) else {
            throw SwiftUIRender.WidgetError(description: "no widget named \(picture.widget ?? "") (widgets: \(widgets.map(\.name).joined(separator: ", ")))")
        }
        let base = Configurations.unwrap(entry.type.init().body).base
        if let activity = base as? any ActivityViews, let typed = base as? any ActivityAttributesTyped {
            let surface = picture.surface.flatMap(Surface.init(rawValue:)) ?? .lockScreen
            if picture.modeWhereSupported == true, let mode = try spec.resolvedMode(), !surface.renderingModes.contains(mode) { spec.mode = nil }
            var fallback: (any ActivityAttributes)?
            if let symbol = picture.attributesPreview, let made = try previews.first(where: { $0.symbol == symbol })?.make() {
                fallback = made.activityPreview?.attributes
            }
            let (attributes, state) = try decodeActivity(typed.attributesType, file, attributesFile: attributesFile, fallback: fallback)
            return try SwiftUIRender.render(activity: activity, attributes: attributes, state: state, surface: surface,
                                            isStale: picture.stale ?? false, look: try spec.resolve(for: surface, preview: nil),
                                            strings: AppStrings(), pngPreset: .small, renderer: renderer)
        }
        guard let views = base as? any EntryViews else {
            throw SwiftUIRender.WidgetError(description: "\(name)'s configuration is not one WidgetShot draws yet")
        }
        guard let family = picture.family.flatMap(WidgetFamily.init(rawValue:)), let surface = Surface(rawValue: family.rawValue) else {
            throw SwiftUIRender.WidgetError(description: "\(name): '\(picture.family ?? "")' is not a widget family")
        }
        let look = try spec.resolve(for: surface, preview: nil)
        let context = SwiftUIRender.providerContext(family: family, surface: surface, isPreview: true, look: look)
        let value = try decodeEntry(file, like: views.placeholder(in: context))
        return try SwiftUIRender.render(entry: value, of: views, surface: surface, look: look, strings: AppStrings(),
                                        pngPreset: .small, renderer: renderer)
    }
}
