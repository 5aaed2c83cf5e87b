import Hummingbird

/// Puts every request's path in RequestTarget's canonical form before the router matches it, so
/// the router reads a path as a signature does: `/v1/%72ender/my%20layout/…` and
/// `/v1/render/my layout/…` are one route, and path parameters come out in canonical form, read
/// back with `RequestTarget.decode`. A path whose escapes are malformed is answered 400 (JSON).
/// The query is left as sent: each route reads it with `RequestTarget.query`.
struct CanonicalPathResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context: RequestContext {
    typealias Context = Inner.Context
    let inner: Inner

    func respond(to request: Request, context: Context) async throws -> Response {
        let raw = request.uri.path
        switch RequestTarget.canonicalPath(raw) {
        case .success(let path) where path == raw:
            return try await inner.respond(to: request, context: context)
        case .success(let path):
            var head = request.head
            head.path = path + (request.uri.query.map { "?" + $0 } ?? "")
            return try await inner.respond(to: Request(head: head, body: request.body), context: context)
        case .failure(let malformed):
            return try APIError(.badRequest, "\(malformed)", field: "path").response(from: request, context: context)
        }
    }
}
