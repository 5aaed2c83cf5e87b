import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import WidgetShot

/// The routes: plain functions from a request to a response over the loaded layouts and the
/// render workers. Every bad input is an APIError (a JSON body with its 4xx), never a crash.
package struct RenderRoutes: Sendable {
    let layouts: LoadedLayouts
    let workers: RenderWorkers
    /// What a JSON body may cause once parsed (the render limits).
    let limits: Limits
    /// The body's size (`requestBodyBytes`).
    let serverLimits: ServerLimits
    let keyer: RenderKeyer
    let cache: ResponseCache
    let metrics: ServerMetrics
    /// The project's Swift source, whose widgets the runner draws (nil without widgetshot.yaml's `swift:`).
    var swift: SwiftRouteSource? = nil
    /// GET render URLs already read, with their request and key (URLKeyMemo).
    let memo = URLKeyMemo()

    /// `X-Render-Cache: hit | miss | coalesced`: how the PNG was found (not sent on 304s).
    static let cacheHeader = HTTPField.Name("X-Render-Cache")!
    /// `X-Render-Warning`: one per date in the data that reads decades from `now` in the layout's
    /// `dateEncoding:` (the binder's check, `LayoutDocument.dateEncodingWarnings`), at most 8, so a
    /// Swift-encoded date is named on this route as on the CLI's; sent on hits as on misses.
    static let warningHeader = HTTPField.Name("X-Render-Warning")!
    /// A GET whose URL pins every input (`preview` and `now` given): the same URL always draws the
    /// same picture until the layout file, its images, the fonts or the engine change.
    static let immutable = "public, max-age=31536000, immutable"
    /// Any other GET: the first preview and the preview's `now:` are defaults that a layout edit may
    /// change, so caches revalidate after a minute (a 304 costs no render).
    static let shortLived = "public, max-age=60"

    /// `GET /health`'s answer, encoded once (the probes and load balancers call it often).
    static var healthResponse: Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: healthBody))
    }
    private static let healthBody = ByteBuffer(string: "{\"status\":\"ok\",\"version\":\"\(WidgetShotVersion.current)\"}\n")

    /// Called twice: on the router (the unversioned aliases) and on its `v1` group.
    func add(to router: some RouterMethods<BasicRequestContext>) {
        router.get("health") { _, _ in Self.healthResponse }
        router.get("layouts") { _, _ in try await listing() }
        router.get("render/{layout}/{surface}.png") { request, context in try await renderURL(request, context) }
        router.post("render") { request, _ in try await renderBody(request) }

        for (path, allowed) in [("health", HTTPRequest.Method.get), ("layouts", .get),
                                ("render/{layout}/{surface}.png", .get), ("render", .post)] {
            Self.refuseOtherMethods(on: path, allowed: allowed, in: router)
        }
    }

    /// `GET /layouts`: with a Swift source, its widgets too (built first if the build at start is not done).
    func listing() async throws -> Response {
        guard let swift else { return JSONBody.response(layouts.listing()) }
        let built = try await workers.run { swift.loaded() }
        return JSONBody.response(layouts.listing(swift: built.project?.documents ?? []))
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
        // A URL seen before is not read, resolved and hashed again (the key alone was about
        // 150,000 instructions of a cached answer, callgrind): its request and key are remembered,
        // checked against the layout folder's current asset digest (the one input that can change
        // while the server runs).
        let target = request.uri.string
        if let known = memo.entry(for: target, keyer: keyer) {
            return try await answer(request, known.request, key: known.key, etag: known.etag,
                                    headers: [.cacheControl: known.cacheControl])
        }
        // The path is canonical (CanonicalPathResponder): its parameters decode; the query is read
        // as a signature reads it.
        let query = try RequestTarget.pairs(request.uri.query)
        let layout = context.parameters.get("layout") ?? ""
        let surface = context.parameters.get("surface") ?? ""
        let parameters = try RenderParameters(layout: RequestTarget.decode(layout) ?? layout,
                                              surface: RequestTarget.decode(surface) ?? surface, query: query)
        if let swift, layouts.document(named: parameters.spec.layout) == nil {
            let cacheControl = parameters.spec.pinsEverything ? Self.immutable : Self.shortLived
            return try await swiftAnswer(request, parameters.spec, swift, headers: [.cacheControl: cacheControl])
        }
        var readTheClock = false
        let renderRequest = try parameters.request(in: layouts, clock: { readTheClock = true; return Date() })
        let key = keyer.key(for: renderRequest)
        let cacheControl = parameters.spec.pinsEverything ? Self.immutable : Self.shortLived
        let etag = Self.etag(key)
        // A request that depends on the time of day is a new one every second: not remembered.
        if !readTheClock {
            memo.remember(target, URLKeyMemo.Entry(request: renderRequest, key: key, etag: etag, cacheControl: cacheControl,
                                                   assets: keyer.assetDigest(directory: renderRequest.layout.directory)))
        }
        return try await answer(request, renderRequest, key: key, etag: etag, headers: [.cacheControl: cacheControl])
    }

    /// `POST /render` with a JSON body; `data` is bound instead of a preview. It has an ETag as a
    /// GET has; a matching `If-None-Match` is answered 412 Precondition Failed without a render
    /// (RFC 9110 §13.1.2: a false If-None-Match is 304 for GET and HEAD only, 412 for every other
    /// method; see `answer`). No Cache-Control (POST answers are not kept by shared caches). With
    /// `data` and no `now`, the time used is the current second, so such answers are cached and
    /// coalesced within that second only.
    /// The request's body, all of it: a body that ends before its Content-Length (its connection
    /// closed, as when ConnectionGuard answers 408 to a body that did not arrive in time) is never
    /// parsed as if it were whole; it is a 408 naming how much came.
    static func wholeBody(_ request: Request, upTo limit: Int) async throws -> ByteBuffer {
        let buffer = try await request.body.collect(upTo: limit)
        if let length = request.headers[.contentLength].flatMap({ CheckedNumber.int($0) }), buffer.readableBytes < length {
            throw APIError(.requestTimeout, "the body ended after \(buffer.readableBytes) of its \(length) bytes (Content-Length)", field: "body")
        }
        return buffer
    }

    func renderBody(_ request: Request) async throws -> Response {
        let maxBodyBytes = serverLimits.requestBodyBytes
        if let length = request.headers[.contentLength].flatMap({ CheckedNumber.int($0) }), length > maxBodyBytes {
            throw APIError(.contentTooLarge, "the body is \(length) bytes; at most \(maxBodyBytes) are accepted (ServerLimits.requestBodyBytes)",
                           field: "body")
        }
        let buffer = try await Self.wholeBody(request, upTo: maxBodyBytes)
        guard buffer.readableBytes > 0 else {
            throw APIError.badValue("body", "the body is empty; send a JSON object such as {\"layout\": \"delivery\", \"surface\": \"systemSmall\"}")
        }
        let layouts = self.layouts
        let keyer = self.keyer
        let limits = self.limits
        // Parsing up to a megabyte of JSON, and hashing it into the key, is CPU work too: the
        // workers do it, not the event loop.
        let hasSwift = swift != nil
        let prepared = try await workers.run { () throws -> Prepared in
            guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                throw APIError.badValue("body", "the body is not UTF-8 text")
            }
            let parameters = try RenderParameters(body: try Self.parseJSON(text, limits: limits))
            if hasSwift, layouts.document(named: parameters.spec.layout) == nil { return .swift(parameters.spec) }
            let renderRequest = try parameters.request(in: layouts)
            return .layout(KeyedRequest(request: renderRequest, key: keyer.key(for: renderRequest)))
        }
        switch prepared {
        case .layout(let keyed):
            return try await answer(request, keyed.request, key: keyed.key, etag: Self.etag(keyed.key), headers: [:])
        case .swift(let spec):
            return try await swiftAnswer(request, spec, swift!, headers: [:])
        }
    }

    /// A POST body read: a layout's request with its key, or a call for the Swift source.
    enum Prepared: Sendable {
        case layout(KeyedRequest)
        case swift(RenderSpec)
    }

    struct KeyedRequest: Sendable {
        var request: RenderRequest
        var key: RenderKey
    }

    /// `If-None-Match` naming the key (or `*`): 304 on GET and HEAD; on any other method (POST)
    /// 412 with a JSON body and the ETag. RFC 9110 §13.1.2 leaves no choice: when the condition is
    /// false the server "MUST NOT perform the requested method" and answers 304 for GET/HEAD, 412
    /// for all other methods; a 304 to a POST would also tell a cache to reuse a stored answer that
    /// no cache may keep for POST. Either way nothing is rendered. Otherwise the PNG from the cache
    /// or a render.
    private func answer(_ request: Request, _ renderRequest: RenderRequest, key: RenderKey, etag: String,
                        headers given: HTTPFields) async throws -> Response {
        // The date check is asked only for a 200 (not for a 304), on hits as on misses.
        let warnings = { renderRequest.layout.dateEncodingWarnings(in: renderRequest.data, near: renderRequest.now).map { "\($0.path): \($0.message)" } }
        return try await answer(request, key: key, etag: etag, headers: given, warnings: warnings) { [workers, metrics] in
            try await Self.render(renderRequest, workers: workers, metrics: metrics)
        }
    }

    /// The conditional request, the response cache and the headers, whatever draws the PNG (the
    /// engine for a layout, the widget runner for a Swift widget); `warnings` is asked once the PNG
    /// is there, on hits as on misses.
    func answer(_ request: Request, key: RenderKey, etag: String, headers given: HTTPFields, warnings: () -> [String],
                render: @escaping @Sendable () async throws -> ByteBuffer) async throws -> Response {
        var headers = given
        headers[.eTag] = etag
        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, etag) {
            guard request.method == .get || request.method == .head else {
                var error = APIError(.preconditionFailed,
                                     "If-None-Match matches the current ETag \(etag): this render is the one you have "
                                         + "(a POST is answered 412, not 304; RFC 9110 §13.1.2)", field: "If-None-Match")
                error.headers[.eTag] = etag
                throw error
            }
            return Response(status: .notModified, headers: headers)
        }
        let (png, outcome) = try await cache.png(for: key, render: render)
        headers[.contentType] = "image/png"
        headers[Self.cacheHeader] = outcome.rawValue
        for warning in warnings().prefix(Self.warningHeaders) {
            // Header values are visible ASCII: anything else in a data path becomes '?'.
            let text = warning.unicodeScalars.map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" }
            headers.append(HTTPField(name: Self.warningHeader, value: String(text)))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: png))
    }

    /// At most this many `X-Render-Warning` headers on one answer.
    static let warningHeaders = 8

    /// The ETag header's value for a key: the key's hex digits, quoted (a strong validator).
    static func etag(_ key: RenderKey) -> String { "\"\(key.hex)\"" }

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
            case .tooManyPixels: throw APIError(.unprocessableContent, error.description, field: "canvas")
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
        // The JSON reader skips one leading byte-order mark; this look at the first character must too.
        let utf8 = text.utf8
        let first = utf8.dropFirst(ByteOrderMark.length(in: utf8)).firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let first, utf8[first] == UInt8(ascii: "{") else {
            let found = first.map { ", found \(CharacterText.describe(byteAt: utf8.distance(from: utf8.startIndex, to: $0), in: Array(utf8)))" } ?? ""
            throw APIError.badValue("body", "malformed JSON body: expected a JSON object such as {\"layout\": \"delivery\", \"surface\": \"systemSmall\"}\(found)")
        }
        do { return try DataValue.parse(text, file: "body", limits: limits) } catch {
            let problems = error.diagnostics.map { d in
                (d.location.map { "line \($0.line), column \($0.column): " } ?? "") + d.message
            }
            throw APIError.badValue("body", "malformed JSON body: \(problems.joined(separator: "; "))")
        }
    }

    /// `If-None-Match: "a", W/"b"` or `*`, compared byte by byte (no Foundation trimming: every
    /// 304 goes through here).
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        let isSpace = { (c: UInt8) in c == 0x20 || c == 0x09 }
        for candidate in ifNoneMatch.utf8.split(separator: UInt8(ascii: ",")) {
            var tag = candidate.drop(while: isSpace)
            while let last = tag.last, isSpace(last) { tag = tag.dropLast() }
            if tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
            if tag.elementsEqual("*".utf8) || tag.elementsEqual(etag.utf8) { return true }
        }
        return false
    }
}

/// The GET render URLs already read: the request target as sent (path and query, a signature
/// already taken off) → its RenderRequest, RenderKey, ETag and Cache-Control. A GET render is a
/// function of its URL, the layouts (loaded once, at start), the fonts (idem) and the files in the
/// layout's folder; the last can change while the server runs, so an entry is used only while the
/// folder's asset digest (RenderKeyer.assetDigest, looked at again at most once a second) is the
/// one it was made with. Requests that read the clock are never remembered.
///
/// Bounded: at most `capacity` entries of targets up to `maxTargetBytes` (longer ones are read
/// every time); when full it starts over empty, which costs only the re-reading. So it holds at
/// most about 4,096 × (512 + a few hundred) bytes, whatever URLs clients make up.
final class URLKeyMemo: Sendable {
    struct Entry: Sendable {
        var request: RenderRequest
        var key: RenderKey
        var etag: String
        var cacheControl: String
        /// The layout folder's asset digest when the key was made.
        var assets: String
    }

    static let capacity = 4096
    static let maxTargetBytes = 512
    private let entries = Mutex<[String: Entry]>([:])

    var count: Int { entries.withLock { $0.count } }

    /// The entry for `target` if there is one and the layout's assets are unchanged since.
    func entry(for target: String, keyer: RenderKeyer) -> Entry? {
        guard target.utf8.count <= Self.maxTargetBytes, let entry = entries.withLock({ $0[target] }) else { return nil }
        guard keyer.assetDigest(directory: entry.request.layout.directory) == entry.assets else {
            entries.withLock { $0[target] = nil }
            return nil
        }
        return entry
    }

    func remember(_ target: String, _ entry: Entry) {
        guard target.utf8.count <= Self.maxTargetBytes else { return }
        entries.withLock { table in
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[target] = entry
        }
    }
}
