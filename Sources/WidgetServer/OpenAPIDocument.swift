import Foundation
import WidgetShot

/// The OpenAPI 3.0 description of every route, status and error body, served at
/// `GET /v1/openapi.json`. The document is `Resources/openapi.json`, compiled into the binary
/// (`.embedInCode` in Package.swift), so a binary always carries the document of its own routes and
/// can be moved anywhere (no resource bundle to ship next to it). `OpenAPIConformanceTests` drives
/// the real server through every route and status and checks each answer is described there;
/// `scripts/api-check` runs schemathesis against a real server from it. An error answer many
/// operations share is written once, under `components/responses`, and named by `$ref`.
///
/// The file is read as data (JSONSerialization), completed as data, and written back out as JSON
/// (sorted keys, two-space indents): no step looks at its text.
///
/// - The look's options (LookSpec.fields: device, ios, scale, scheme, locale, now, placeholder,
///   mode) are made from the same table the server reads them with (`withLookFields`): the file
///   holds a marker where they go, `{"$ref": "#/components/parameters/LookFields"}` in a parameter
///   list and `"$lookFields": {}` among a body's properties.
/// - The unversioned aliases (`/layouts`, `/render/…`) and `/v1/health` answer exactly as their
///   other path does, so the file states each operation once and `aliases` makes their entries from
///   it (the same entry under the alias path, its `operationId` + "Alias").
enum OpenAPIDocument {
    /// The document as served.
    static let json = served(fromFile: PackageResources.openapi_json)

    /// The file's text as it is: the document without the look's fields and the aliases' entries.
    static let canonical = String(decoding: PackageResources.openapi_json, as: UTF8.self)

    /// alias path → the path whose entry it repeats.
    static let aliases: [(alias: String, of: String)] = [
        ("/v1/health", "/health"),
        ("/layouts", "/v1/layouts"),
        ("/render/{layout}/{surface}.png", "/v1/render/{layout}/{surface}.png"),
        ("/render", "/v1/render"),
    ]

    /// The served document made from the bytes of `Resources/openapi.json`. A file that is not a
    /// JSON object, or lacks a path an alias repeats, stops the program at once
    /// (OpenAPIConformanceTests loads the document, so no build ships it).
    static func served(fromFile file: [UInt8]) -> String {
        guard let root = try? JSONSerialization.jsonObject(with: Data(file)) as? [String: Any] else {
            preconditionFailure("OpenAPIDocument: Resources/openapi.json is not a JSON object")
        }
        let document = withAliases(withLookFields(root) as! [String: Any])
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { preconditionFailure("OpenAPIDocument: the document cannot be written as JSON") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `root` with an entry under `paths` for every alias: a copy of the entry it repeats, each
    /// operation's `operationId` + "Alias".
    static func withAliases(_ root: [String: Any]) -> [String: Any] {
        var root = root
        var paths = root["paths"] as? [String: Any] ?? [:]
        for (alias, of) in aliases {
            guard var entry = paths[of] as? [String: Any] else {
                preconditionFailure("OpenAPIDocument: no entry for \(of), which \(alias) repeats")
            }
            for case let (method, operation as [String: Any]) in entry {
                guard let id = operation["operationId"] as? String else { continue }
                var copy = operation
                copy["operationId"] = id + "Alias"
                entry[method] = copy
            }
            paths[alias] = entry
        }
        root["paths"] = paths
        return root
    }

    static let parameterMarker = "#/components/parameters/LookFields"
    static let propertyMarker = "$lookFields"

    /// `value` with each marker replaced by the look's fields: the parameter marker (an object
    /// whose `$ref` is `parameterMarker`, in a list) by a query parameter per field, in the table's
    /// order; the key `propertyMarker` (among a schema's properties) by a property per field.
    static func withLookFields(_ value: Any) -> Any {
        if let list = value as? [Any] {
            return list.flatMap { item -> [Any] in
                if let object = item as? [String: Any], object.count == 1, object["$ref"] as? String == parameterMarker {
                    return LookSpec.fields.map(parameter)
                }
                return [withLookFields(item)]
            }
        }
        if var object = value as? [String: Any] {
            for (key, item) in object { object[key] = withLookFields(item) }
            if object.removeValue(forKey: propertyMarker) != nil {
                for field in LookSpec.fields {
                    var property = schema(field.kind)
                    property["description"] = field.description
                    object[field.name] = property
                }
            }
            return object
        }
        return value
    }

    static func parameter(_ field: LookSpec.Field) -> [String: Any] {
        ["name": field.name, "in": "query", "required": false, "schema": schema(field.kind), "description": field.description]
    }

    static func schema(_ kind: LookSpec.Field.Kind) -> [String: Any] {
        switch kind {
        case .text: ["type": "string"]
        case .words(let words): ["type": "string", "enum": words]
        case .number(let range): ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .flag: ["type": "boolean"]
        case .dateTime: ["type": "string", "format": "date-time"]
        case .pattern(let p): ["type": "string", "pattern": p]
        }
    }
}
