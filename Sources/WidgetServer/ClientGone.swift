import HummingbirdCore
import Logging
import NIOCore

/// Stops a connection's work once its client has gone. Hummingbird answers a connection's
/// requests in one task and only notices a client that left when it next writes; until then a
/// render for nobody would hold a worker to its deadline. `ClientGone.handler` watches the
/// connection for its input closing (the client closed it, or shut down its sending side) and
/// `ClientGone.serve` then cancels the connection's task: a render in RenderWorkers stops at its
/// next deadline check (or leaves the queue unstarted), and a render shared by several requests
/// (ResponseCache) stops once every request waiting for it is gone.
///
/// A client that shuts down its sending side after a request and still waits for the answer is
/// treated as gone too (HTTP/1.1 allows it, few clients do it, and the server cannot tell it from
/// a close; Go's net/http does the same).
enum ClientGone {
    /// The handler to put in a connection's pipeline, and what completes when its client is gone
    /// (or the connection is closed by the server: then nothing is left to cancel).
    static func watch(_ channel: any Channel) -> (handler: Watcher, gone: EventLoopFuture<Void>) {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        return (Watcher(promise), promise.futureResult)
    }

    /// Runs `connection` (all of one connection's requests) and cancels it once `gone` completes.
    static func serve(until gone: EventLoopFuture<Void>, _ connection: @escaping @Sendable () async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await connection() }
            // Completes when the client goes, and at the latest when the connection closes.
            group.addTask { _ = try? await gone.get() }
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// Completes its promise on the connection's input closing, the connection going inactive, or
    /// the handler being removed, whichever comes first; passes everything on unchanged.
    final class Watcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        private let promise: EventLoopPromise<Void>
        private var done = false

        init(_ promise: EventLoopPromise<Void>) { self.promise = promise }

        /// Also for a connection whose pipeline could not be set up (then no event will come).
        func complete() {
            guard !done else { return }
            done = true
            promise.succeed(())
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? ChannelEvent, event == .inputClosed { complete() }
            context.fireUserInboundEventTriggered(event)
        }

        func channelInactive(context: ChannelHandlerContext) {
            complete()
            context.fireChannelInactive()
        }

        func handlerRemoved(context: ChannelHandlerContext) { complete() }
    }
}
