import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import WidgetShot

/// Hummingbird's HTTP/1 channel with WidgetShot's protection around it: a table of open connections
/// (`ServerLimits.maxConnections`; at the limit the longest-idle connection makes room, and only when none
/// is idle is a new one answered 503 and closed), the `RequestGuard` (timeouts, size limits, parser
/// errors and CONNECT as JSON), `PersistentConnections` (HTTP/1.0 and `Connection: close` end the
/// connection after their answer) and Hummingbird's idle timeout (`ServerLimits.idleTimeout`); a connection
/// whose client has gone is cancelled (ClientGone).
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    struct Value: ServerChildChannelValue {
        let connection: HTTP1Channel.Value
        let clientGone: EventLoopFuture<Void>
        var channel: any Channel { connection.channel }
    }

    let responder: HTTPChannelHandler.Responder
    let limits: ServerLimits
    let connections: ConnectionTable

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ServerLimits) {
        self.responder = responder
        self.limits = limits
        self.connections = ConnectionTable(limit: limits.maxConnections)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let slot = connections.admit(channel)
        let guardHandler = RequestGuard(limits: limits, logger: logger, slot: slot)
        let (watcher, clientGone) = ClientGone.watch(channel)
        do {
            try channel.pipeline.syncOperations.addHandler(watcher)
            if let slot {
                let connections = self.connections
                channel.closeFuture.whenComplete { _ in connections.leave(slot) }
                try channel.pipeline.syncOperations.addHandler(RawBytesWatcher(reportingTo: guardHandler))
            } else {
                try channel.pipeline.syncOperations.addHandler(OverCapacityResponder(limit: limits.maxConnections))
            }
        } catch {
            watcher.complete()
            return channel.eventLoop.makeFailedFuture(error)
        }
        // The decoder enforces the header limits too (each field and their sum); the guard adds the
        // request line, which the decoder does not bound.
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: limits.requestHeaderBytes, maxHeaderListSize: limits.requestHeaderBytes,
            maxHeaderFieldCount: 1000)
        // Called at once, on this channel's event loop.
        let handlers = NIOLoopBound(guardHandler, eventLoop: channel.eventLoop)
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [handlers.value],
            idleTimeout: RequestGuard.timeAmount(limits.idleTimeout),
            httpDecoderConfiguration: decoder)
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
            .flatMapThrowing { value in
                // Where the HTTP/1 version and Connection header can still be seen: before
                // Hummingbird's codec turns requests into version-less HTTPRequests.
                let pipeline = channel.pipeline.syncOperations
                try pipeline.addHandler(PersistentConnections(), position: .before(try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)))
                return Value(connection: value, clientGone: clientGone)
            }
    }

    func handle(value: Value, logger: Logger) async {
        // The routes run in this task: what they answer for long (event streams) can see the connection.
        await ConnectionScope.$channel.withValue(value.channel) {
            await ClientGone.serve(until: value.clientGone) { await handleHTTP(asyncChannel: value.connection, logger: logger) }
        }
    }
}

/// The connection a request came on, for a response that lasts (an event stream) to end when it closes.
enum ConnectionScope {
    @TaskLocal static var channel: (any Channel)?
}

/// RFC 9112 §9.3: an HTTP/1.0 request keeps its connection only when it asks to
/// (`Connection: keep-alive`), and a request with `Connection: close` ends it. NIO reads that into
/// `isKeepAlive`; Hummingbird answers in HTTP/1.1 and keeps the connection either way. This handler
/// sits between the two codecs: it answers an HTTP/1.0 request in HTTP/1.0 (so a body of unknown
/// length is not sent chunked, which HTTP/1.0 cannot read, but ended by the close), marks the answer
/// `Connection: close` or `keep-alive`, and closes the connection once an answer that ends it is out.
final class PersistentConnections: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The requests read and not yet answered, oldest first (pipelining answers in order).
    private var requests = CircularBuffer<(version: HTTPVersion, keepAlive: Bool, isHead: Bool)>()
    /// Whether the answer being written ends the connection.
    private var closeAfterAnswer = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            requests.append((head.version, head.isKeepAlive, head.method == .HEAD))
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            // An answer with no request before it (the guard refusing a head it could not read)
            // already closes the connection.
            guard let request = requests.first else { return context.write(data, promise: promise) }
            let http10 = request.version.major == 1 && request.version.minor == 0
            // HTTP/1.0 has no chunked encoding: an answer of unknown length ends with the connection
            // (one that has no body at all needs no length).
            let hasBody = !request.isHead && head.status.code >= 200 && head.status != .noContent && head.status != .notModified
            let delimitedByClose = http10 && hasBody && head.headers["content-length"].isEmpty
            // An answer that already says close (the guard's refusals) is closed by whoever wrote it.
            let closedByWriter = head.headers["connection"].contains { $0.lowercased() == "close" }
            closeAfterAnswer = !closedByWriter && (!request.keepAlive || delimitedByClose)
            if http10 { head.version = .http1_0 }
            if closeAfterAnswer {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if http10 && !closedByWriter {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !requests.isEmpty { requests.removeFirst() }
            guard closeAfterAnswer else { return context.write(data, promise: promise) }
            closeAfterAnswer = false
            let written = context.eventLoop.makePromise(of: Void.self)
            if let promise { written.futureResult.cascade(to: promise) }
            written.futureResult.assumeIsolatedUnsafeUnchecked().whenComplete { _ in context.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        }
    }
}
