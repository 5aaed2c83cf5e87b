import Foundation
import Hummingbird
import Logging
import NIOCore
import WidgetShot

/// Turns every error into a JSON response (`{"error": …, "field": …}`), so a client always gets a
/// body it can read: the router's 404, a body over the limit, anything unexpected (500).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let limits: ServerLimits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try APIError(.contentTooLarge, "the body is larger than \(limits.requestBodyBytes) bytes (ServerLimits.requestBodyBytes)",
                                field: "body")
                .response(from: request, context: context)
        } catch let error as RenderDeadlineExceeded {
            // A render the routes did not answer themselves (a body being parsed on a worker):
            // cancelled means its connection ended first, as when ConnectionGuard answered 408 to a
            // body that did not arrive in time; it is counted and logged as that, not as a 500.
            let status: HTTPResponse.Status = error.cancelled ? .requestTimeout : .serviceUnavailable
            return try APIError(status, error.description).response(from: request, context: context)
        } catch is CancellationError {
            // The same, caught while the body was still being read.
            return try APIError(.requestTimeout, "the request was cancelled before it was answered (its connection ended, or its body did not arrive in time)")
                .response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            return try APIError(.notFound, "no route for \(request.method) \(request.uri.path); see GET /layouts")
                .response(from: request, context: context)
        } catch let error as HTTPError {
            return try APIError(error.status, error.body ?? error.status.reasonPhrase).response(from: request, context: context)
        } catch {
            context.logger.error("\(request.method) \(request.uri): \(error)")
            return try APIError(.internalServerError, "internal error: \(error)").response(from: request, context: context)
        }
    }
}

/// One structured access-log line per request (request id, method, path with query, status,
/// milliseconds, how the render cache answered), the `X-Request-Id` on every response (the
/// client's when sane, else a new one; RequestId), and the per-route request metrics.
///
/// Cheap on purpose, since it runs for every request: the metadata values are the strings
/// themselves (no interpolation, no `String(format:)`), the method label comes from a switch.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    var metrics: ServerMetrics? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let id = RequestId.of(request)
        func log(_ status: HTTPResponse.Status, cache: String?) {
            let elapsed = DispatchTime.now().uptimeNanoseconds &- start
            // Hummingbird names no route "NotFound"; a path a client made up never becomes a label.
            let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
            let method = Self.methodLabel(request.method)
            metrics?.answered(route: route, method: method, status: status.code, nanoseconds: elapsed)
            if status == .tooManyRequests { metrics?.rejections.increment() }
            if status == .notModified { metrics?.notModified.increment() }
            guard logger.logLevel <= .info else { return }
            var metadata: Logger.Metadata = [
                "request_id": .string(id), "method": .string(request.method.rawValue), "path": .string(request.uri.string),
                "status": .string(Self.statusText(status.code)), "ms": .string(Self.milliseconds(elapsed)),
            ]
            if let cache { metadata["cache"] = .string(cache) }
            logger.info("request", metadata: metadata)
        }
        do {
            var response = try await next(request, context)
            response.headers[RequestId.header] = id
            log(response.status, cache: response.headers[RenderRoutes.cacheHeader])
            return response
        } catch let error as any HTTPResponseError {
            log(error.status, cache: nil)
            throw error
        } catch {
            log(.internalServerError, cache: nil)
            throw error
        }
    }

    /// The method as a metrics label: the usual ones by name, anything else "other" (so a client
    /// cannot add series).
    static func methodLabel(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .patch: "PATCH"
        case .options: "OPTIONS"
        default: "other"
        }
    }

    /// 200 → "200", made once per code.
    static func statusText(_ code: Int) -> String {
        code >= 100 && code < 600 ? StatusTexts.all[code - 100] : String(code)
    }

    /// Nanoseconds as milliseconds with two decimals ("0.07", "12.50"), rounded half up.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let hundredths = (nanoseconds &+ 5_000) / 10_000
        let fraction = hundredths % 100
        return String(hundredths / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }
}

/// "100" … "599", made once (a generic type cannot hold a static stored property).
enum StatusTexts {
    static let all = (100..<600).map(String.init)
}

/// The host names a server answers to. A server bound to the loopback (a preview on a laptop,
/// `serve --watch`) answers only to loopback names, so a web page cannot read it through DNS
/// rebinding (a name of the attacker's that resolves to 127.0.0.1 sends its own Host). A server
/// bound to another address sits behind whatever routes to it, and answers to any Host.
public struct HostAllowList: Sendable, Equatable {
    /// nil: any host.
    public var names: Set<String>?

    public init(names: Set<String>?) { self.names = names }

    public static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

    /// For a server bound to `bindHost`.
    public static func forBinding(_ bindHost: String) -> HostAllowList {
        let h = bindHost.lowercased()
        let loopback = loopbackNames.contains(h) || h.hasPrefix("127.")
        return HostAllowList(names: loopback ? loopbackNames.union([h]) : nil)
    }

    /// Whether a request's Host (or `:authority`), port and all, names an allowed host. A request
    /// with no Host at all (HTTP/1.0, a hand-made probe) passes: browsers always send one.
    public func allows(_ authority: String?) -> Bool {
        guard let names else { return true }
        guard let authority, !authority.isEmpty else { return true }
        var host = authority.lowercased()
        if host.hasPrefix("[") {
            if let close = host.firstIndex(of: "]") { host = String(host[...close]) }
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            host = String(host[..<colon])
        }
        if host.hasSuffix(".") { host.removeLast() }
        return names.contains(host) || host.hasSuffix(".localhost")
    }
}

/// Refuses a request whose Host the server does not answer to (`HostAllowList`), before any
/// other work: 421 Misdirected Request with the JSON error body.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowed: HostAllowList

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard allowed.allows(request.head.authority) else {
            let shown = String((request.head.authority ?? "none").prefix(80))
            throw APIError(.misdirectedRequest,
                           "Host '\(shown)' is not one this server answers to: bound to the loopback, it answers to localhost and 127.0.0.1 only (a page on another name must not read a local preview)",
                           field: "Host")
        }
        return try await next(request, context)
    }
}
