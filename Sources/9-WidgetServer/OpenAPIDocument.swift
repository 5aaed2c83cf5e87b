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
enum OpenAPIDocument {
    static let json = withAliases(canonical)

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

    /// The document without the aliases' entries: the file as it is.
    static let canonical = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
