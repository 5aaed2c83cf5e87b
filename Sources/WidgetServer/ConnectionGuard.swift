import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import WidgetShot

/// Protects one connection from a client that sends too slowly, too much or garbage. It sits after
/// the HTTP decoder, sees each request's head, body and end and each response part, and:
///
/// - gives the request line and headers `ServerLimits.headerTimeout` from their first byte, and the body
///   `ServerLimits.bodyTimeout` from the head: past either the client gets 408 and the connection closes;
/// - bounds the request line plus headers by `ServerLimits.requestHeaderBytes` (431) and the body by
///   `ServerLimits.requestBodyBytes` (413), whatever route the request is for;
/// - answers every error the HTTP parser raises (a malformed request line, NUL in the path, an
///   unknown method, conflicting Content-Length and Transfer-Encoding, bad chunked encoding) with
///   a 4xx JSON body, `{"error": …, "field": "request"}`, and closes the connection. Without it
///   Hummingbird writes an empty 400, or a 500 when the error comes while a route reads the body.
///
/// - answers `CONNECT` (a tunnel, which this server is not) 405 with a JSON body and `Allow`, and
///   closes the connection. NIO's encoder writes any answer to CONNECT without a body (right for
///   the 2xx that opens a tunnel), so this one goes out as raw bytes, like the over-capacity 503;
/// - keeps the connection's `ConnectionSlot` up to date: busy from the end of a complete request
///   (its body too) to the end of the last response owed; free otherwise, and so among the first to
///   go when the table is full;
/// - closes a connection whose client has closed its side while an event stream is being sent to
///   it: the stream (which only writes when something happens) then ends at once.
///
/// `RawBytesWatcher`, in front of the decoder, tells it when a request's first byte arrives and
/// how many bytes its head has taken so far, which the decoder does not bound by itself (the URL).
/// Idle keep-alive connections are closed by Hummingbird's own `idleTimeout`.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Reading { case betweenRequests, head, body }

    private let limits: ServerLimits
    private let logger: Logger
    /// Nil for a connection over the limit (it is answered 503 before any of this runs).
    private let slot: ConnectionSlot?
    private var context: ChannelHandlerContext?
    private var reading = Reading.betweenRequests
    private var headBytes = 0
    private var bodyBytes = 0
    /// Requests read (their head) and not yet answered (their response's end).
    private var owed = 0
    /// Whether the response to the oldest owed request has begun.
    private var responseStarted = false
    /// Whether that response is an event stream (`text/event-stream`).
    private var streaming = false
    private var closed = false
    private var timer: Scheduled<Void>?

    init(limits: ServerLimits, logger: Logger, slot: ConnectionSlot? = nil) {
        self.limits = limits
        self.logger = logger
        self.slot = slot
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        closed = true
        context.fireChannelInactive()
    }

    // MARK: Raw bytes (from RawBytesWatcher, before they are decoded)

    func rawBytesArriving(_ count: Int) {
        guard !closed else { return }
        if reading == .betweenRequests {
            reading = .head
            headBytes = 0
            startTimer(seconds: limits.headerTimeout) { handler in
                handler.refuse(.requestTimeout, "the request line and headers took longer than "
                    + "\(Self.seconds(handler.limits.headerTimeout)) (ServerLimits.headerTimeout)")
            }
        }
        if reading == .head { headBytes += count }
    }

    /// The client closed its side of the connection (the server's side stays open for an answer
    /// still being written, as HTTP allows). An event stream is never finished, so that client is
    /// gone: the connection closes.
    func inputClosed() {
        guard !closed, streaming, let context else { return }
        closed = true
        cancelTimer()
        context.close(promise: nil)
    }

    /// After the decoder has seen the bytes: a head still incomplete past the limit is refused.
    func rawBytesDecoded() {
        if !closed, reading == .head, headBytes > limits.requestHeaderBytes {
            refuseHeadTooLarge()
        }
    }

    // MARK: Decoded request parts

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closed else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Closed to make room for a newer connection while this head was on its way: the
            // close is under way, the request must not start.
            if let slot, slot.isEvicted {
                closed = true
                context.close(promise: nil)
                return
            }
            reading = .body
            bodyBytes = 0
            owed += 1
            if Self.size(of: head) > limits.requestHeaderBytes { return refuseHeadTooLarge() }
            if head.method == .connect { return refuseConnect(context) }
            if let length = head.headerFields[.contentLength].flatMap({ CheckedNumber.int($0) }), length > limits.requestBodyBytes {
                return refuseBodyTooLarge()
            }
            startTimer(seconds: limits.bodyTimeout) { handler in
                handler.refuse(.requestTimeout, "the request body took longer than "
                    + "\(Self.seconds(handler.limits.bodyTimeout)) (ServerLimits.bodyTimeout)")
            }
        case .body(let bytes):
            bodyBytes += bytes.readableBytes
            if bodyBytes > limits.requestBodyBytes { return refuseBodyTooLarge() }
        case .end:
            reading = .betweenRequests
            cancelTimer()
            // The request is complete: until its answer is out (unless it already is) the
            // connection is not closed to make room.
            if owed > 0, let slot, !slot.markBusy() {
                closed = true
                context.close(promise: nil)
                return
            }
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError {
            let (status, message) = Self.describe(error, limits: limits)
            refuse(status, message)
        } else if error is HTTP1TypeConversionError {
            refuse(.badRequest, "the request cannot be read as HTTP: \(error)")
        } else {
            context.fireErrorCaught(error)
        }
    }

    // MARK: Response parts

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            responseStarted = true
            streaming = head.headerFields[.contentType] == "text/event-stream"
        case .body: break
        case .end:
            owed = max(0, owed - 1)
            responseStarted = false
            streaming = false
            if owed == 0 { slot?.markFree() }
        }
        context.write(data, promise: promise)
    }

    // MARK: Refusing

    /// Writes raw bytes in front of the HTTP codecs (set by GuardedHTTP1Channel).
    weak var rawWriter: RawBytesWatcher?

    private func refuseConnect(_ context: ChannelHandlerContext) {
        closed = true
        cancelTimer()
        let message = "CONNECT is not allowed: this server is not a proxy; use GET, HEAD or POST on its routes "
            + "(GET /v1/openapi.json lists them)"
        let peer = context.channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        logger.info("\(peer) refused: 405 \(message)")
        guard let rawWriter, owed == 1, !responseStarted else {
            context.close(promise: nil)
            return
        }
        rawWriter.answerAndClose(Self.rawResponse("405 Method Not Allowed", headers: ["Allow: GET, HEAD, POST"],
                                                  body: Self.errorBody(message, field: "method")))
    }

    /// A whole HTTP/1.1 answer with a JSON body, as bytes for the wire, ending the connection.
    static func rawResponse(_ status: String, headers: [String], body: ByteBuffer) -> ByteBuffer {
        var bytes = ByteBuffer()
        bytes.writeString("HTTP/1.1 \(status)\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.readableBytes)\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n")
        bytes.writeImmutableBuffer(body)
        return bytes
    }

    private func refuseHeadTooLarge() {
        refuse(.init(code: 431, reasonPhrase: "Request Header Fields Too Large"),
               "the request line and headers are larger than \(limits.requestHeaderBytes) bytes (ServerLimits.requestHeaderBytes)")
    }

    private func refuseBodyTooLarge() {
        refuse(.contentTooLarge, "the body is larger than \(limits.requestBodyBytes) bytes (ServerLimits.requestBodyBytes)",
               field: "body")
    }

    /// Answers `status` with a JSON body when no response is under way on this connection, then
    /// closes it. A request the guard refuses goes no further, so no route answers it too.
    func refuse(_ status: HTTPResponse.Status, _ message: String, field: String = "request") {
        guard !closed, let context else { return }
        closed = true
        cancelTimer()
        // The routes' log line (RequestLogMiddleware) never sees these requests.
        let peer = context.channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        logger.info("\(peer) refused: \(status.code) \(message)")
        // Responses go out in request order: only a refusal of the first owed request can be sent.
        let owedBefore = reading == .body ? owed - 1 : owed
        guard owedBefore == 0, !responseStarted else {
            context.close(promise: nil)
            return
        }
        let body = Self.errorBody(message, field: field)
        let head = HTTPResponse(status: status, headerFields: [
            .contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes),
            .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        // A lingering close: the write side first, so a client still sending (a body over the
        // limit) reads this answer instead of a reset; what it goes on sending is read and dropped
        // (`closed`) for at most `lingerSeconds`, then the socket closes.
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolatedUnsafeUnchecked().whenComplete { _ in
            let halfClosed = context.eventLoop.makePromise(of: Void.self)
            halfClosed.futureResult.assumeIsolatedUnsafeUnchecked().whenFailure { _ in context.close(promise: nil) }
            context.close(mode: .output, promise: halfClosed)
            loop.scheduleTask(in: Self.timeAmount(Self.lingerSeconds)) { context.close(promise: nil) }
        }
    }

    /// How long a refused connection is still read (and what arrives dropped) after its answer.
    static let lingerSeconds = 1.0

    // MARK: Timers

    /// One deadline at a time (the head's or the body's), checked by at most one scheduled task.
    /// Setting or clearing a deadline does not touch the event loop's timer queue unless the new
    /// deadline is earlier than the scheduled check: the check, when it comes early, finds the
    /// later deadline and schedules itself again. On a keep-alive connection that makes one timer
    /// per timeout period instead of a schedule and a cancel per request, which cost about 10,000
    /// instructions of every cached answer (callgrind).
    private var deadline: NIODeadline?
    private var onExpiry: ((RequestGuard) -> Void)?
    private var checkAt: NIODeadline?

    private func startTimer(seconds: Double, _ fire: @escaping (RequestGuard) -> Void) {
        let due = NIODeadline.now() + Self.timeAmount(seconds)
        deadline = due
        onExpiry = fire
        if let checkAt, checkAt <= due, timer != nil { return }
        scheduleCheck(at: due)
    }

    private func cancelTimer() {
        deadline = nil
        onExpiry = nil
    }

    private func scheduleCheck(at due: NIODeadline) {
        timer?.cancel()
        timer = nil
        checkAt = nil
        guard let context else { return }
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        checkAt = due
        timer = loop.scheduleTask(deadline: due) { [self] in
            timer = nil
            checkAt = nil
            guard let deadline, let fire = onExpiry else { return }
            if NIODeadline.now() >= deadline {
                self.deadline = nil
                onExpiry = nil
                fire(self)
            } else {
                scheduleCheck(at: deadline)
            }
        }
    }

    // MARK: Helpers

    /// Bytes of the head as sent: the request line and every `name: value` line.
    static func size(of head: HTTPRequest) -> Int {
        var total = head.method.rawValue.utf8.count + (head.path?.utf8.count ?? 0) + 12
        for field in head.headerFields { total += field.name.rawName.utf8.count + field.value.utf8.count + 4 }
        return total
    }

    static func describe(_ error: HTTPParserError, limits: ServerLimits) -> (HTTPResponse.Status, String) {
        switch error {
        case .headerOverflow:
            return (.init(code: 431, reasonPhrase: "Request Header Fields Too Large"),
                    "the request line and headers are larger than \(limits.requestHeaderBytes) bytes (ServerLimits.requestHeaderBytes)")
        case .invalidMethod: return (.badRequest, "malformed request: unknown or invalid method")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost, .invalidPort:
            return (.badRequest, "malformed request: invalid characters in the request target")
        case .invalidVersion: return (.badRequest, "malformed request: not HTTP/1.x")
        case .unexpectedContentLength, .invalidContentLength:
            return (.badRequest, "malformed request: invalid Content-Length, or both Content-Length and Transfer-Encoding")
        case .invalidChunkSize: return (.badRequest, "malformed request: invalid chunked encoding in the body")
        case .invalidEOFState: return (.badRequest, "malformed request: the connection ended inside a request")
        case .paused: return (.badRequest, "malformed request: this server speaks HTTP/1.1 only")
        default:
            // llhttp reports a Content-Length together with Transfer-Encoding this way, among others.
            return (.badRequest, "malformed request: the HTTP parser rejected it (\(error)); "
                + "for example, Content-Length and Transfer-Encoding together")
        }
    }

    static func errorBody(_ message: String, field: String?) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = (try? encoder.encode(APIError.ErrorBody(error: message, field: field))) ?? Data(#"{"error":"refused"}"#.utf8)
        bytes.append(0x0A)
        return ByteBuffer(bytes: bytes)
    }

    static func seconds(_ value: Double) -> String {
        if value == value.rounded(), let whole = CheckedNumber.int(value) { return "\(whole) s" }
        return "\(value) s"
    }

    /// Seconds from `ServerLimits` as a NIO time amount: negative and NaN are 0, and anything past a year
    /// is a year (`ServerLimits` comes from configuration, and a Double past Int64's nanoseconds would trap).
    static func timeAmount(_ seconds: Double) -> TimeAmount {
        .milliseconds(Int64(CheckedNumber.int(seconds * 1000, clampedTo: 0...(365 * 86_400 * 1000))))
    }
}

/// In front of the HTTP decoder: reports raw bytes to the connection's `RequestGuard`, which the
/// decoder alone cannot tell it (when a request's first byte arrives, how long its head is so far).
final class RawBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let guardHandler: RequestGuard
    private var context: ChannelHandlerContext?

    init(reportingTo guardHandler: RequestGuard) {
        self.guardHandler = guardHandler
        guardHandler.rawWriter = self
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes `bytes` straight to the socket, then closes the connection as `RequestGuard.refuse`
    /// does: the write side first, the whole a moment later.
    func answerAndClose(_ bytes: ByteBuffer) {
        guard let context else { return }
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        context.writeAndFlush(NIOAny(bytes)).assumeIsolatedUnsafeUnchecked().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            loop.scheduleTask(in: RequestGuard.timeAmount(RequestGuard.lingerSeconds)) { context.close(promise: nil) }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guardHandler.rawBytesArriving(unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
        guardHandler.rawBytesDecoded()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Seen here first: NIO's HTTP pipeline holds a half-close back while a response is out.
        if case .inputClosed? = event as? ChannelEvent { guardHandler.inputClosed() }
        context.fireUserInboundEventTriggered(event)
    }
}

/// The whole of a connection over the limit: one 503 with a JSON body, written as soon as it is
/// accepted, then the connection is closed. Anything the client sends is dropped. The write side
/// is closed first and the socket a moment later, so a client that has already sent its request
/// still reads the answer instead of a reset.
final class OverCapacityResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: Int
    private var answered = false

    init(limit: Int) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { answer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        answer(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    private func answer(_ context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let body = RequestGuard.errorBody(
            "the server has \(limit) connections open, its limit (ServerLimits.maxConnections), each of them answering a request; retry shortly",
            field: nil)
        let bytes = RequestGuard.rawResponse("503 Service Unavailable", headers: ["Retry-After: 1"], body: body)
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        context.writeAndFlush(NIOAny(bytes)).assumeIsolatedUnsafeUnchecked().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            loop.scheduleTask(in: .milliseconds(500)) { context.close(promise: nil) }
        }
    }
}
