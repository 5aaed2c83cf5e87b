import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import WidgetShot

/// Hummingbird's HTTP/1 channel with WidgetShot's protection around it: a cap on open connections
/// (`Limits.maxConnections`; one more is answered 503 and closed at accept), the `RequestGuard`
/// (timeouts, size limits, parser errors as JSON) and Hummingbird's idle timeout
/// (`Limits.idleTimeout`); a connection whose client has gone is cancelled (ClientGone).
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    struct Value: ServerChildChannelValue {
        let connection: HTTP1Channel.Value
        let clientGone: EventLoopFuture<Void>
        var channel: any Channel { connection.channel }
    }

    let responder: HTTPChannelHandler.Responder
    let limits: Limits
    let connections: ConnectionCount

    init(responder: @escaping HTTPChannelHandler.Responder, limits: Limits) {
        self.responder = responder
        self.limits = limits
        self.connections = ConnectionCount(limit: limits.maxConnections)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let admitted = connections.enter()
        let guardHandler = RequestGuard(limits: limits, logger: logger)
        let (watcher, clientGone) = ClientGone.watch(channel)
        do {
            try channel.pipeline.syncOperations.addHandler(watcher)
            if admitted {
                let connections = self.connections
                channel.closeFuture.whenComplete { _ in connections.leave() }
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
            idleTimeout: .nanoseconds(Int64(limits.idleTimeout * 1e9)),
            httpDecoderConfiguration: decoder)
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
            .map { Value(connection: $0, clientGone: clientGone) }
    }

    func handle(value: Value, logger: Logger) async {
        await ClientGone.serve(until: value.clientGone) { await handleHTTP(asyncChannel: value.connection, logger: logger) }
    }
}
