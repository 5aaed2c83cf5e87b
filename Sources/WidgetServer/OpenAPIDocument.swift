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
/// The unversioned aliases (`/layouts`, `/render/…`) and `/v1/health` answer exactly as their
/// other path does, so the document states each operation once (`canonical`) and `aliases` makes
/// their entries from it (the same entry under the alias path, its `operationId` + "Alias").
///
/// The look's options (LookSpec.fields: device, ios, scale, scheme, locale, now, placeholder, mode)
/// are written from the same table the server reads them with (`withLookFields`): the file holds
/// a marker where they go, `{"$ref": "#/components/parameters/LookFields"}` in a parameter list and
/// `"$lookFields": {}` among a body's properties.
enum OpenAPIDocument {
    static let json = withAliases(withLookFields(canonical))

    /// alias path → the path whose entry it repeats.
    static let aliases: [(alias: String, of: String)] = [
        ("/v1/health", "/health"),
        ("/layouts", "/v1/layouts"),
        ("/render/{layout}/{surface}.png", "/v1/render/{layout}/{surface}.png"),
        ("/render", "/v1/render"),
    ]

    /// `text` with an entry for every alias, each right after the entry it copies. The file is
    /// pretty-printed with two-space indents (keep it so), so a path's entry runs from its
    /// `    "/path": {` line to the next line that is `    }` or `    },`. A path missing from `canonical` stops
    /// the program at once (OpenAPIConformanceTests loads the document, so no build ships it).
    static func withAliases(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (alias, of) in aliases {
            guard let start = lines.firstIndex(of: "    \"\(of)\": {"),
                  let end = lines[start...].firstIndex(where: { $0 == "    }" || $0 == "    }," }) else {
                preconditionFailure("OpenAPIDocument: no entry for \(of), which \(alias) repeats")
            }
            var copy = Array(lines[start...end])
            copy[0] = "    \"\(alias)\": {"
            for i in copy.indices where copy[i].hasPrefix("        \"operationId\": \"") && copy[i].hasSuffix("\",") {
                copy[i] = String(copy[i].dropLast(2)) + "Alias\","
            }
            // The copy takes the original's place in the list (its comma or its lack of one).
            copy[copy.count - 1] = lines[end]
            lines[end] = "    },"
            lines.insert(contentsOf: copy, at: end + 1)
        }
        return lines.joined(separator: "\n")
    }

    static let parameterMarker = ##"{"$ref": "#/components/parameters/LookFields"}"##
    static let propertyMarker = #""$lookFields": {},"#

    /// `text` with each marker line replaced by the look's fields at the marker's indent: query
    /// parameters in a parameter list, properties in a body schema.
    static func withLookFields(_ text: String) -> String {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " }
            let indent = String(repeating: " ", count: line.count - body.count)
            if body.hasPrefix(parameterMarker) {
                let comma = body.hasSuffix(",")
                for (i, field) in LookSpec.fields.enumerated() {
                    let last = i == LookSpec.fields.count - 1
                    out += lines(parameter(field), indent: indent, comma: !last || comma)
                }
            } else if body == propertyMarker {
                for field in LookSpec.fields {
                    let entry = schema(field.kind) + [("description", .text(field.description))]
                    out += lines(.object(entry), indent: indent, name: field.name, comma: true)
                }
            } else {
                out.append(String(line))
            }
        }
        return out.joined(separator: "\n")
    }

    /// A small ordered JSON value, printed as the file is (two-space indents, `"key": value`).
    indirect enum Value {
        case text(String), number(Double), bool(Bool), list([Value]), object([(String, Value)])
    }

    static func parameter(_ field: LookSpec.Field) -> Value {
        .object([("name", .text(field.name)), ("in", .text("query")), ("required", .bool(false)),
                 ("schema", .object(schema(field.kind))), ("description", .text(field.description))])
    }

    static func schema(_ kind: LookSpec.Field.Kind) -> [(String, Value)] {
        switch kind {
        case .text: [("type", .text("string"))]
        case .words(let words): [("type", .text("string")), ("enum", .list(words.map(Value.text)))]
        case .number(let range): [("type", .text("number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))]
        case .flag: [("type", .text("boolean"))]
        case .dateTime: [("type", .text("string")), ("format", .text("date-time"))]
        case .pattern(let p): [("type", .text("string")), ("pattern", .text(p))]
        }
    }

    static func lines(_ value: Value, indent: String, name: String? = nil, comma: Bool) -> [String] {
        let head = indent + (name.map { quoted($0) + ": " } ?? "")
        let tail = comma ? "," : ""
        switch value {
        case .text(let s): return [head + quoted(s) + tail]
        case .number(let n): return [head + String(format: "%g", n) + tail]
        case .bool(let b): return [head + (b ? "true" : "false") + tail]
        case .list(let items):
            return [head + "["] + items.enumerated().flatMap { i, v in
                lines(v, indent: indent + "  ", comma: i < items.count - 1)
            } + [indent + "]" + tail]
        case .object(let entries):
            return [head + "{"] + entries.enumerated().flatMap { i, e in
                lines(e.1, indent: indent + "  ", name: e.0, comma: i < entries.count - 1)
            } + [indent + "}" + tail]
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// The document without the aliases' entries: the file as it is.
    static let canonical = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
