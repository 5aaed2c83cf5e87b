import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// One answer the real server gave.
private struct Observation: CustomStringConvertible {
    var method: String
    var path: String
    var status: Int
    /// Without parameters (`application/json`), nil when the answer had no body.
    var contentType: String?
    var description: String { "\(method) \(path) → \(status) \(contentType ?? "(no body)")" }
}

/// The OpenAPI document as served, with the lookups the check needs.
private struct APIDocument {
    let root: [String: Any]

    init(_ bytes: [UInt8]) throws {
        root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    var paths: [String: [String: Any]] { root["paths"] as? [String: [String: Any]] ?? [:] }

    /// `/v1/render/{layout}/{surface}.png` matches `/v1/render/delivery/systemSmall.png`.
    func template(for path: String) -> String? {
        let concrete = path.split(separator: "?", omittingEmptySubsequences: false)[0].split(separator: "/", omittingEmptySubsequences: false)
        return paths.keys.sorted().first { template in
            let segments = template.split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count == concrete.count else { return false }
            return zip(segments, concrete).allSatisfy { pattern, segment in
                guard let open = pattern.firstIndex(of: "{"), let close = pattern.firstIndex(of: "}") else { return pattern == segment }
                let prefix = pattern[..<open], suffix = pattern[pattern.index(after: close)...]
                return segment.count > prefix.count + suffix.count && segment.hasPrefix(prefix) && segment.hasSuffix(suffix)
            }
        }
    }

    func resolve(_ value: Any?) -> [String: Any]? {
        guard var object = value as? [String: Any] else { return nil }
        while let ref = object["$ref"] as? String {
            var node: Any? = root
            for part in ref.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] }
            guard let next = node as? [String: Any] else { return nil }
            object = next
        }
        return object
    }

    /// Nil when the observation is described; else what is missing.
    func problem(with observation: Observation) -> String? {
        guard let template = template(for: observation.path), let item = paths[template] else { return "no path matches" }
        let method = observation.method == "HEAD" ? "get" : observation.method.lowercased()
        let operations: [[String: Any]]
        if let operation = item[method] as? [String: Any] {
            operations = [operation]
        } else if observation.status == 405 {
            // The document lists the methods a path takes; every other method is answered 405,
            // which each operation of the path documents.
            operations = item.values.compactMap { $0 as? [String: Any] }
        } else {
            return "\(template) has no \(method) operation"
        }
        for operation in operations {
            guard let responses = operation["responses"] as? [String: Any],
                  let response = resolve(responses[String(observation.status)]) else { continue }
            let content = response["content"] as? [String: Any]
            guard let contentType = observation.contentType else {
                return content == nil ? nil : "\(observation.status) documents a body, the server sent none"
            }
            if content?[contentType] != nil { return nil }
            return "\(observation.status) on \(template) documents \(content.map { Array($0.keys) } ?? []), not \(contentType)"
        }
        return "status \(observation.status) is not documented on \(method) \(template)"
    }
}

@Suite(.timeLimit(.minutes(3)))
struct OpenAPIConformanceTests {
    private func observe(_ method: String, _ server: RunningServer, _ path: String, body: String? = nil,
                         headers: [String: String] = [:]) async throws -> Observation {
        let reply = try await Client.send(method, server.url(path), body: body.map { Array($0.utf8) }, headers: headers)
        return Observation(method: method, path: path, status: reply.status, contentType: Self.mediaType(reply.header("Content-Type"), reply.body))
    }

    private func observeRaw(_ server: RunningServer, _ method: String, _ path: String, _ request: String) async throws -> Observation {
        let bytes = try await onThread {
            let socket = try RawSocket(port: server.port)
            _ = socket.send(request)
            return socket.readUntilClosed(seconds: 5).bytes
        }
        let response = try #require(RawResponse(bytes), "no response to \(method) \(path)")
        return Observation(method: method, path: path, status: response.status, contentType: Self.mediaType(response.headers["content-type"], response.body))
    }

    private static func mediaType(_ header: String?, _ body: [UInt8]) -> String? {
        guard !body.isEmpty else { return nil }
        return header?.split(separator: ";")[0].trimmingCharacters(in: .whitespaces) ?? "(none)"
    }

    /// Every route × every status it gives, each produced for real, each checked against the
    /// document the server serves.
    @Test func everyAnswerTheServerGivesIsInTheDocument() async throws {
        var limits = ServerLimits.default
        limits.renderDeadline = 30
        limits.queuePerWorker = 64
        limits.requestBodyBytes = 2_000
        limits.bodyTimeout = 0.5
        let open = try await RunningServer.start(serverLimits: limits)
        defer { Task { try? await open.stop() } }
        let document = try APIDocument(try await Client.send(open.url("/v1/openapi.json")).body)
        #expect(document.root["openapi"] as? String == "3.0.3")

        let body = #"{"layout":"delivery","surface":"systemSmall","preview":"onTheWay"}"#
        var seen: [Observation] = []
        for prefix in ["/v1", ""] {
            let render = "\(prefix)/render/delivery/systemSmall.png"
            seen.append(try await observe("GET", open, "\(prefix)/layouts"))
            seen.append(try await observe("POST", open, "\(prefix)/layouts"))
            let ok = try await observe("GET", open, render + "?preview=onTheWay")
            seen.append(ok)
            let etag = try #require(try await Client.send(open.url(render + "?preview=onTheWay")).header("ETag"))
            seen.append(try await observe("GET", open, render + "?preview=onTheWay", headers: ["If-None-Match": etag]))
            seen.append(try await observe("GET", open, render + "?scale=abc"))
            seen.append(try await observe("GET", open, "\(prefix)/render/nosuch/systemSmall.png"))
            seen.append(try await observe("GET", open, "\(prefix)/render/delivery/islandCompact.png?device=iphonese"))
            seen.append(try await observe("PUT", open, render))
            seen.append(try await observe("POST", open, "\(prefix)/render", body: body))
            // A POST naming its own ETag in If-None-Match: 412 (RFC 9110 §13.1.2), described too.
            let postETag = try #require(try await Client.send("POST", open.url("\(prefix)/render"), body: Array(body.utf8)).header("ETag"))
            seen.append(try await observe("POST", open, "\(prefix)/render", body: body, headers: ["If-None-Match": postETag]))
            seen.append(try await observe("POST", open, "\(prefix)/render", body: "{"))
            seen.append(try await observe("POST", open, "\(prefix)/render", body: #"{"layout":"nosuch","surface":"systemSmall"}"#))
            seen.append(try await observe("POST", open, "\(prefix)/render", body: #"{"layout":"delivery","surface":"islandCompact","device":"iphonese"}"#))
            seen.append(try await observe("GET", open, "\(prefix)/render"))
            seen.append(try await observeRaw(open, "POST", "\(prefix)/render",
                                             "POST \(prefix)/render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n\r\n"))
            seen.append(try await observeRaw(open, "POST", "\(prefix)/render",
                                             "POST \(prefix)/render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{\"lay"))
            seen.append(try await observeRaw(open, "GET", render,
                                             "GET \(render) HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n"))
        }
        for path in ["/health", "/v1/health", "/v1/openapi.json"] {
            seen.append(try await observe("GET", open, path))
            seen.append(try await observe("DELETE", open, path))
        }
        // CONNECT (405 on any path) and a path whose percent-encoding is malformed (400).
        seen.append(try await observeRaw(open, "CONNECT", "/v1/layouts", "CONNECT /v1/layouts HTTP/1.1\r\nHost: localhost\r\n\r\n"))
        seen.append(try await observe("GET", open, "/v1/render/deliver%zz/systemSmall.png"))

        // Access control.
        var policy = AccessPolicy(tokens: ["t0ken"], signingKeys: [Array("a-signing-key-of-32-bytes-length".utf8)],
                                  openPaths: AccessPolicy.defaultOpenPaths(protectMetrics: true))
        policy.now = { Date(timeIntervalSince1970: 2_000_000_000) }
        let guarded = try await RunningServer.start(serverLimits: limits, access: policy)
        defer { Task { try? await guarded.stop() } }
        for prefix in ["/v1", ""] {
            let render = "\(prefix)/render/delivery/systemSmall.png?preview=onTheWay"
            seen.append(try await observe("GET", guarded, render))
            seen.append(try await observe("GET", guarded, "\(prefix)/layouts"))
            seen.append(try await observe("POST", guarded, "\(prefix)/render", body: body))
            seen.append(try await observe("GET", guarded, try URLSigner(key: "a-signing-key-of-32-bytes-length").sign(render, expires: 1_000_000_000)))
            seen.append(try await observe("GET", guarded, render + "&expires=2100000000&sig=AAAA"))
            seen.append(try await observe("GET", guarded, try URLSigner(key: "a-signing-key-of-32-bytes-length").sign(render, expires: 2_100_000_000)))
            // A signature opens the listing only with its scope.
            let listing = "\(prefix)/layouts"
            seen.append(try await observe("GET", guarded, try URLSigner(key: "a-signing-key-of-32-bytes-length").sign(listing, expires: 2_100_000_000)))
            seen.append(try await observe("GET", guarded, try URLSigner(key: "a-signing-key-of-32-bytes-length").sign(listing, expires: 2_100_000_000,
                                                                                                                     scope: "layouts")))
        }
        seen.append(try await observe("GET", guarded, "/metrics"))

        // Load shedding and deadlines (a layout slow enough to hold the only worker).
        var tight = ServerLimits.default
        tight.queuePerWorker = 0
        tight.renderDeadline = 1
        let slow = try await RunningServer.start(folders: SlowProject.folders, workerThreads: 1, serverLimits: tight)
        defer { Task { try? await slow.stop() } }
        let busy = Task { try await observe("GET", slow, SlowProject.slowPath) }
        try await Task.sleep(for: .milliseconds(300))
        var refused: Observation?
        for _ in 0..<100 where refused == nil {
            let attempt = try await observe("GET", slow, SlowProject.quickPath)
            if attempt.status == 429 { refused = attempt } else { try await Task.sleep(for: .milliseconds(20)) }
        }
        seen.append(try #require(refused))
        seen.append(try await busy.value)

        let statuses = Set(seen.map(\.status))
        #expect(statuses.isSuperset(of: [200, 304, 400, 401, 403, 404, 405, 408, 412, 413, 422, 429, 431, 503]), "\(statuses.sorted())")
        for observation in seen {
            #expect(document.problem(with: observation) == nil, "\(observation): \(document.problem(with: observation) ?? "")")
        }
    }

    /// The check itself: answers the document does not describe are caught.
    @Test func anUndescribedAnswerIsReported() throws {
        let document = try APIDocument(Array(OpenAPIDocument.json.utf8))
        let png = "/v1/render/delivery/systemSmall.png"
        #expect(document.problem(with: Observation(method: "GET", path: png + "?scale=2", status: 200, contentType: "image/png")) == nil)
        #expect(document.problem(with: Observation(method: "DELETE", path: png, status: 405, contentType: "application/json")) == nil)
        #expect(document.problem(with: Observation(method: "GET", path: "/v1/health", status: 304, contentType: nil)) != nil)
        #expect(document.problem(with: Observation(method: "GET", path: png, status: 200, contentType: "application/json")) != nil)
        #expect(document.problem(with: Observation(method: "GET", path: png, status: 413, contentType: "application/json")) != nil)
        #expect(document.problem(with: Observation(method: "PUT", path: "/v1/layouts", status: 200, contentType: "application/json")) != nil)
        #expect(document.problem(with: Observation(method: "GET", path: "/v1/nosuch", status: 200, contentType: "application/json")) != nil)
        #expect(document.problem(with: Observation(method: "GET", path: png, status: 304, contentType: "text/plain")) != nil)
    }

    /// The served document is the file in the source tree with the aliases' entries, so a binary
    /// that embedded a missing or stale copy fails here; and an answer is written once: no two
    /// response objects of the file are the same, and each shared error answer's description
    /// stands once in what is served (every operation names it by `$ref`).
    @Test func theServedDocumentIsTheResourceFileWithEachAnswerWrittenOnce() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send(server.url("/v1/openapi.json"))
        let file = try String(contentsOfFile: Project.root + "/Sources/WidgetServer/Resources/openapi.json", encoding: .utf8)
        #expect(reply.status == 200)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.served(fromFile: Array(file.utf8)).utf8)) as? NSDictionary)
        let servedObject = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? NSDictionary)
        #expect(servedObject.isEqual(expected), "GET /v1/openapi.json is not Resources/openapi.json with the look's fields and the aliases: the build embedded another copy")

        func responses(_ document: APIDocument) -> [(place: String, object: [String: Any])] {
            var all: [(String, [String: Any])] = []
            for (path, item) in document.paths {
                for case let (method, operation as [String: Any]) in item {
                    for case let (status, response as [String: Any]) in operation["responses"] as? [String: Any] ?? [:] {
                        all.append(("\(method) \(path) \(status)", response))
                    }
                }
            }
            let components = document.root["components"] as? [String: Any]
            for case let (name, response as [String: Any]) in components?["responses"] as? [String: Any] ?? [:] {
                all.append(("components/responses/\(name)", response))
            }
            return all.filter { $0.1["$ref"] == nil }
        }
        var places: [String: [String]] = [:]
        for (place, object) in responses(try APIDocument(Array(file.utf8))) {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            places[text, default: []].append(place)
        }
        for (_, same) in places where same.count > 1 { Issue.record("the same response is written \(same.count) times: \(same.sorted())") }

        let served = try APIDocument(reply.body)
        let shared = try #require(((served.root["components"] as? [String: Any])?["responses"] as? [String: [String: Any]]))
        #expect(shared.count >= 10, "\(shared.keys.sorted())")
        let descriptions = responses(served).compactMap { $0.object["description"] as? String }
        for (name, response) in shared {
            let description = try #require(response["description"] as? String, "\(name)")
            #expect(descriptions.filter { $0 == description }.count == 1, "\(name): \(description)")
        }
    }

    /// The other way round: every documented operation exists (answers something but 404/405).
    @Test func everyDocumentedOperationIsARoute() async throws {
        let server = try await SharedServer.get()
        let document = try APIDocument(Array(OpenAPIDocument.json.utf8))
        for (template, item) in document.paths where template != "/metrics" {
            let path = template.replacingOccurrences(of: "{layout}", with: "delivery").replacingOccurrences(of: "{surface}", with: "systemSmall")
            for method in item.keys where ["get", "post"].contains(method) {
                let reply = try await Client.send(method.uppercased(), server.url(path), body: method == "post" ? Array("{}".utf8) : nil)
                #expect(![404, 405].contains(reply.status) || reply.json?["field"] != nil, "\(method) \(template): \(reply.status) \(reply.text)")
            }
        }
    }

    /// The look's options are written from LookSpec.fields, the table the server reads them with:
    /// each is a query parameter of the render and push routes and a property of the render body,
    /// with the table's type, and no other parameter or property repeats one.
    @Test func theLooksFieldsAreDocumentedFromTheOneTable() throws {
        let document = try APIDocument(Array(OpenAPIDocument.json.utf8))
        let body = try #require(document.resolve(["$ref": "#/components/schemas/RenderBody"]))
        let properties = try #require(body["properties"] as? [String: Any])
        for route in ["/v1/render/{layout}/{surface}.png", "/render/{layout}/{surface}.png", "/v1/live-activity/preview"] {
            let operation = try #require((document.paths[route]?["get"] ?? document.paths[route]?["post"]) as? [String: Any], "\(route)")
            let parameters = (operation["parameters"] as? [Any] ?? []).compactMap { document.resolve($0) }
            let names = parameters.compactMap { $0["name"] as? String }
            #expect(names.count == Set(names).count, "\(route) lists a parameter twice: \(names)")
            for field in LookSpec.fields {
                let p = try #require(parameters.first { $0["name"] as? String == field.name }, "\(route) lacks \(field.name)")
                let schema = try #require(p["schema"] as? [String: Any])
                let type: String = switch field.kind {
                case .number: "number"
                case .flag: "boolean"
                default: "string"
                }
                #expect(schema["type"] as? String == type, "\(route) \(field.name)")
                #expect(p["description"] as? String == field.description)
            }
        }
        for field in LookSpec.fields {
            #expect(properties[field.name] != nil, "RenderBody lacks \(field.name)")
        }
        #expect(properties["$lookFields"] == nil)
        #expect(!OpenAPIDocument.json.contains("LookFields"), "a marker was left in the served document")
    }
}
