import Foundation
import Hummingbird

/// A request the server refuses, answered as `{"error": "...", "field": "..."}` with its status.
/// `field` names the parameter (or body key) at fault, when one is.
public struct APIError: Error, HTTPResponseError, CustomStringConvertible, Sendable {
    public var status: HTTPResponse.Status
    public var message: String
    public var field: String?
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ message: String, field: String? = nil) {
        self.status = status; self.message = message; self.field = field
    }

    public var description: String { "\(status.code) \(message)" + (field.map { " (\($0))" } ?? "") }

    static func badValue(_ field: String, _ message: String) -> APIError { APIError(.badRequest, message, field: field) }
    static func notFound(_ field: String, _ message: String) -> APIError { APIError(.notFound, message, field: field) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONBody.response(ErrorBody(error: message, field: field), status: status)
        for field in headers { response.headers.append(field) }
        return response
    }

    struct ErrorBody: Encodable {
        var error: String
        var field: String?
    }
}

enum JSONBody {
    /// Keys sorted, so a response is the same bytes every time.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = (try? encoder.encode(value)) ?? Data(#"{"error":"cannot encode the response"}"#.utf8)
        bytes.append(0x0A)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
