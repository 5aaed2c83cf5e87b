import Foundation
import Hummingbird
import NIOCore
import WidgetShot

/// The routes: plain functions from a request to a response over the loaded layouts and the
/// render workers. Every bad input is an APIError (a JSON body with its 4xx), never a crash.
package struct RenderRoutes: Sendable {
    let layouts: LoadedLayouts
    let workers: RenderWorkers
    let limits: Limits

    /// Called twice: on the router (the unversioned aliases) and on its `v1` group.
    func add(to router: some RouterMethods<BasicRequestContext>) {
        router.get("health") { _, _ in JSONBody.response(["status": "ok"]) }
        router.get("layouts") { _, _ in JSONBody.response(layouts.listing) }
        router.get("render/{layout}/{surface}.png") { request, context in try await renderURL(request, context) }
        router.post("render") { request, _ in try await renderBody(request) }

        // Hummingbird answers an unrouted method with 404; these paths say which method they take.
        let others: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]
        for (path, allowed) in [("health", HTTPRequest.Method.get), ("layouts", .get),
                                ("render/{layout}/{surface}.png", .get), ("render", .post)] {
            for method in others where method != allowed {
                router.on(RouterPath(path), method: method) { request, _ -> Response in
                    var error = APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path); use \(allowed)")
                    error.headers[.allow] = allowed == .get ? "GET, HEAD" : allowed.rawValue
                    throw error
                }
            }
        }
    }

    /// `GET /render/{layout}/{surface}.png?…`: always a preview, so the PNG is a pure function of the
    /// URL and may be cached; the ETag lets a client revalidate without downloading it again.
    func renderURL(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        let parameters = try RenderParameters(layout: context.parameters.get("layout") ?? "",
                                              surface: context.parameters.get("surface") ?? "", query: query)
        let renderRequest = try parameters.request(in: layouts)
        let png = try await render(renderRequest)
        let etag = "\"\(ImageDiff.bytesHash(png))\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=60"]
        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// `POST /render` with a JSON body; `data` is bound instead of a preview.
    func renderBody(_ request: Request) async throws -> Response {
        let maxBodyBytes = limits.requestBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBodyBytes {
            throw APIError(.contentTooLarge, "the body is \(length) bytes; at most \(maxBodyBytes) are accepted (Limits.requestBodyBytes)",
                           field: "body")
        }
        let buffer = try await request.body.collect(upTo: maxBodyBytes)
        guard buffer.readableBytes > 0 else {
            throw APIError.badValue("body", "the body is empty; send a JSON object such as {\"layout\": \"delivery\", \"surface\": \"systemSmall\"}")
        }
        let layouts = self.layouts
        // Parsing up to a megabyte of JSON is CPU work too: the workers do it, not the event loop.
        let renderRequest = try await workers.run { () throws(APIError) -> RenderRequest in
            guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                throw APIError.badValue("body", "the body is not UTF-8 text")
            }
            return try RenderParameters(body: try Self.parseJSON(text, limits: limits)).request(in: layouts)
        }
        let png = try await render(renderRequest)
        return Response(status: .ok, headers: [.contentType: "image/png"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    private func render(_ request: RenderRequest) async throws -> [UInt8] {
        do {
            return try await workers.render { renderer, deadline in try renderer.render(request, deadline: deadline).png }
        } catch let error as RenderDeadlineExceeded {
            throw APIError(.serviceUnavailable, error.description)
        } catch let error as RenderError {
            switch error {
            case .surfaceNotOnDevice: throw APIError(.unprocessableContent, error.description, field: "surface")
            case .noView: throw APIError(.notFound, error.description, field: "surface")
            case .badScale: throw APIError(.badRequest, error.description, field: "scale")
            case .layoutErrors: throw APIError(.unprocessableContent, error.description)
            case .encode: throw APIError(.internalServerError, error.description)
            }
        }
    }

    /// The body as a DataValue, read as the CLI reads `--data`: text that starts with `{` is strict
    /// JSON (surrogate pairs, no recursion, every limit of `limits`), with the line and column of a
    /// problem. A body must be a JSON object: YAML, which DataValue also reads, is refused here.
    package static func parseJSON(_ text: String, limits: Limits = .default) throws(APIError) -> DataValue {
        let first = text.utf8.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard first == UInt8(ascii: "{") else {
            throw APIError.badValue("body", "malformed JSON body: expected a JSON object such as {\"layout\": \"delivery\", \"surface\": \"systemSmall\"}")
        }
        do { return try DataValue.parse(text, file: "body", limits: limits) } catch {
            let problems = error.diagnostics.map { d in
                (d.location.map { "line \($0.line), column \($0.column): " } ?? "") + d.message
            }
            throw APIError.badValue("body", "malformed JSON body: \(problems.joined(separator: "; "))")
        }
    }

    /// `If-None-Match: "a", W/"b"` or `*`.
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }
}
