import Foundation
import Hummingbird
import Logging
import NIOCore
import WidgetShot

/// Turns every error into a JSON response (`{"error": …, "field": …}`), so a client always gets a
/// body it can read: the router's 404, a body over the limit, anything unexpected (500).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let limits: Limits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try APIError(.contentTooLarge, "the body is larger than \(limits.requestBodyBytes) bytes (Limits.requestBodyBytes)",
                                field: "body")
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

/// One line per request: method, path with query, status, milliseconds.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        func log(_ status: HTTPResponse.Status) {
            let elapsed = ContinuousClock.now - start
            let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            logger.info("\(request.method) \(request.uri) \(status.code) \(String(format: "%.1f", ms)) ms")
        }
        do {
            let response = try await next(request, context)
            log(response.status)
            return response
        } catch let error as any HTTPResponseError {
            log(error.status)
            throw error
        } catch {
            log(.internalServerError)
            throw error
        }
    }
}
