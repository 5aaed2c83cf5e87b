import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WidgetShot

/// The routes: plain functions from a request to a response over the loaded layouts and the
/// render workers. Every bad input is an APIError (a JSON body with its 4xx), never a crash.
package struct RenderRoutes: Sendable {
    let layouts: LoadedLayouts
    let workers: RenderWorkers
    let limits: Limits
    let keyer: RenderKeyer
    let cache: ResponseCache
    let metrics: ServerMetrics

    /// `X-Render-Cache: hit | miss | coalesced`: how the PNG was found (not sent on 304s).
    static let cacheHeader = HTTPField.Name("X-Render-Cache")!
    /// A GET whose URL pins every input (`preview` and `now` given): the same URL always draws the
    /// same picture until the layout file, its images, the fonts or the engine change.
    static let immutable = "public, max-age=31536000, immutable"
    /// Any other GET: the first preview and the preview's `now:` are defaults that a layout edit may
    /// change, so caches revalidate after a minute (a 304 costs no render).
    static let shortLived = "public, max-age=60"

    /// Called twice: on the router (the unversioned aliases) and on its `v1` group.
    func add(to router: some RouterMethods<BasicRequestContext>) {
        router.get("health") { _, _ in JSONBody.response(["status": "ok"]) }
        router.get("layouts") { _, _ in JSONBody.response(layouts.listing) }
        router.get("render/{layout}/{surface}.png") { request, context in try await renderURL(request, context) }
        router.post("render") { request, _ in try await renderBody(request) }

        for (path, allowed) in [("health", HTTPRequest.Method.get), ("layouts", .get),
                                ("render/{layout}/{surface}.png", .get), ("render", .post)] {
            Self.refuseOtherMethods(on: path, allowed: allowed, in: router)
        }
    }

    /// `GET /metrics`, on the root router only (an operator's route, not part of the /v1 API).
    func addMetrics(to router: some RouterMethods<BasicRequestContext>) {
        router.get("metrics") { _, _ in metricsResponse() }
        Self.refuseOtherMethods(on: "metrics", allowed: .get, in: router)
    }

    /// Hummingbird answers an unrouted method with 404; 405 with `Allow` says which method a path takes.
    static func refuseOtherMethods(on path: String, allowed: HTTPRequest.Method, in router: some RouterMethods<BasicRequestContext>) {
        let others: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]
        for method in others where method != allowed {
            router.on(RouterPath(path), method: method) { request, _ -> Response in
                var error = APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path); use \(allowed)")
                error.headers[.allow] = allowed == .get ? "GET, HEAD" : allowed.rawValue
                throw error
            }
        }
    }

    /// `GET /render/{layout}/{surface}.png?…`: always a preview, so the PNG is a pure function of the
    /// URL and the files behind it. The ETag is the RenderKey of the inputs, known before rendering:
    /// a matching `If-None-Match` is answered 304 without a render; otherwise the response cache.
    func renderURL(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        let parameters = try RenderParameters(layout: context.parameters.get("layout") ?? "",
                                              surface: context.parameters.get("surface") ?? "", query: query)
        let renderRequest = try parameters.request(in: layouts)
        let key = keyer.key(for: renderRequest)
        let cacheControl = parameters.spec.pinsEverything ? Self.immutable : Self.shortLived
        return try await answer(request, renderRequest, key: key, headers: [.cacheControl: cacheControl])
    }

    /// `POST /render` with a JSON body; `data` is bound instead of a preview. Its ETag works as a
    /// GET's (a matching `If-None-Match` is 304, no render); no Cache-Control (POST answers are not
    /// kept by shared caches). With `data` and no `now`, the time used is the current second, so
    /// such answers are cached and coalesced within that second only.
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
        let keyer = self.keyer
        let limits = self.limits
        // Parsing up to a megabyte of JSON, and hashing it into the key, is CPU work too: the
        // workers do it, not the event loop.
        let prepared = try await workers.run { () throws -> KeyedRequest in
            guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                throw APIError.badValue("body", "the body is not UTF-8 text")
            }
            let renderRequest = try RenderParameters(body: try Self.parseJSON(text, limits: limits)).request(in: layouts)
            return KeyedRequest(request: renderRequest, key: keyer.key(for: renderRequest))
        }
        return try await answer(request, prepared.request, key: prepared.key, headers: [:])
    }

    struct KeyedRequest: Sendable {
        var request: RenderRequest
        var key: RenderKey
    }

    /// 304 when `If-None-Match` names the key; else the PNG from the cache or a render.
    private func answer(_ request: Request, _ renderRequest: RenderRequest, key: RenderKey, headers given: HTTPFields) async throws -> Response {
        var headers = given
        let etag = "\"\(key.hex)\""
        headers[.eTag] = etag
        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, etag) {
            return Response(status: .notModified, headers: headers)
        }
        let (png, outcome) = try await cache.png(for: key) { [workers, metrics] in
            try await Self.render(renderRequest, workers: workers, metrics: metrics)
        }
        headers[.contentType] = "image/png"
        headers[Self.cacheHeader] = outcome.rawValue
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: png))
    }

    private static func render(_ request: RenderRequest, workers: RenderWorkers, metrics: ServerMetrics) async throws -> ByteBuffer {
        do {
            let ((png, timings), wait) = try await workers.renderTimed { renderer, deadline in
                let result = try renderer.render(request, deadline: deadline)
                return (result.png, result.timings)
            }
            metrics.rendered(timings, queueWait: wait)
            return ByteBuffer(bytes: png)
        } catch let error as APIError {
            throw error  // 429: refused before it started, not a render
        } catch let error as RenderDeadlineExceeded {
            metrics.rendersFailed.increment()
            throw APIError(.serviceUnavailable, error.description)
        } catch let error as RenderError {
            metrics.rendersFailed.increment()
            switch error {
            case .surfaceNotOnDevice: throw APIError(.unprocessableContent, error.description, field: "surface")
            case .noView: throw APIError(.notFound, error.description, field: "surface")
            case .badScale: throw APIError(.badRequest, error.description, field: "scale")
            case .modeNotOnSurface: throw APIError(.unprocessableContent, error.description, field: "mode")
            case .layoutErrors: throw APIError(.unprocessableContent, error.description)
            case .encode: throw APIError(.internalServerError, error.description)
            }
        } catch {
            metrics.rendersFailed.increment()
            throw error
        }
    }

    /// `GET /metrics`: Prometheus' text exposition format.
    func metricsResponse() -> Response {
        let text = metrics.exposition(workers: workers, cache: cache)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
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
