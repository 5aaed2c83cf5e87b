import Foundation
import Hummingbird
import WidgetShot

/// A render call's fields as a URL query or a JSON body gives them, read into the library's
/// RenderSpec (which checks them against the loaded layouts: one set of rules for the CLI and the
/// server). This file only knows the two wire forms; a RenderSpecError becomes a 4xx APIError.
package struct RenderParameters: Sendable {
    package var spec: RenderSpec

    /// The look's fields (LookSpec.fields) and the render's own.
    static let queryFields: Set<String> = LookSpec.fieldNames.union(["preview", "control", "controlState", "png"])
    static let bodyFields: Set<String> = queryFields.union(["layout", "surface", "data"])

    init(layout: String, surface: String) { spec = RenderSpec(layout: layout, surface: surface) }

    package func request(in layouts: LoadedLayouts, clock: () -> Date = Date.init) throws(APIError) -> RenderRequest {
        do { return try spec.request(in: layouts.documents, clock: clock) } catch { throw APIError(error) }
    }
}

extension APIError {
    /// 404 for a name that does not exist, 400 for a bad value, 422 for values that do not go together.
    init(_ error: RenderSpecError) {
        let status: HTTPResponse.Status = switch error.kind {
        case .notFound: .notFound
        case .badValue: .badRequest
        case .unprocessable: .unprocessableContent
        }
        self.init(status, error.message, field: error.field)
    }
}

extension RenderParameters {
    /// `GET /render/{layout}/{surface}.png?preview=…&scheme=…&scale=…&device=…&locale=…&now=…&ios=…&placeholder=…&mode=…&control=…&controlState=…&png=…`
    package init(layout: String, surface: String, query: [(name: String, value: String)]) throws(APIError) {
        self.init(layout: layout, surface: surface)
        for (name, value) in try RequestTarget.checked(query, fields: Self.queryFields) {
            do { if try spec.look.set(name, text: value) { continue } } catch { throw APIError(error) }
            switch name {
            case "preview": spec.preview = value
            case "control": spec.control = value
            case "controlState": spec.controlState = value
            case "png": spec.pngPreset = try Self.preset(value)
            default: break
            }
        }
    }

    /// `POST /render` with `{"layout": …, "surface": …, "data": {…} | "preview": …, …}`, already
    /// parsed into a DataValue (so a malformed body is reported with its line and column).
    package init(body: DataValue) throws(APIError) {
        guard case .object(let fields) = body else {
            throw .badValue("body", "the body must be a JSON object such as {\"layout\": \"delivery\", \"surface\": \"systemSmall\"}")
        }
        for key in fields.keys.sorted() where !Self.bodyFields.contains(key) {
            throw .badValue(key, "unknown field '\(key)'; fields: \(Self.bodyFields.sorted().joined(separator: ", "))")
        }
        func string(_ key: String) throws(APIError) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw .badValue(key, "'\(key)' must be a string")
            }
        }
        guard let layout = try string("layout") else { throw .badValue("layout", "'layout' is required") }
        guard let surface = try string("surface") else { throw .badValue("surface", "'surface' is required") }
        self.init(layout: layout, surface: surface)
        spec.preview = try string("preview")
        spec.control = try string("control")
        spec.controlState = try string("controlState")
        if let png = try string("png") { spec.pngPreset = try Self.preset(png) }
        for key in fields.keys.sorted() {
            do { _ = try spec.look.set(key, json: fields[key]!) } catch { throw APIError(error) }
        }
        if let d = fields["data"], d != .null { spec.data = d }
    }

    /// `png`: `fast` (the default) or `small` (about 4 % fewer bytes for about 4 ms more per widget
    /// at 3x: docs/speed.md).
    static func preset(_ value: String) throws(APIError) -> PNGPreset {
        guard let preset = PNGPreset(rawValue: value) else {
            throw .badValue("png", "png must be one of \(PNGPreset.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
        }
        return preset
    }
}
