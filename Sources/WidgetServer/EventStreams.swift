import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import Synchronization
import WidgetGallery
import WidgetShot

/// Server-sent event streams (the live gallery's `GET /gallery-events`). A stream holds its
/// connection for as long as it lasts, and a connection answering a request is never closed to make
/// room for another (`ConnectionTable`), so streams are bounded in number and in time:
///
/// - at most `ServerLimits.maxEventStreams` at once; one more is answered 503 with `Retry-After: 1` (the
///   page's EventSource tries again a second later);
/// - each ends after `ServerLimits.eventStreamLifetime` seconds, or when the signature of the URL that
///   opened it expires if that comes first (`SignedAccess`); the browser reconnects by itself, so
///   a client that is gone or no longer allowed gives its place back.
final class EventStreams: Sendable {
    let limit: Int
    let lifetime: Double
    private let open = Mutex(0)

    /// The longest any stream is kept, whatever the limits say: a year, in milliseconds.
    private static let longestMilliseconds = 365 * 86_400 * 1000

    init(limits: ServerLimits) {
        limit = max(0, limits.maxEventStreams)
        lifetime = limits.eventStreamLifetime
    }

    /// Streams open now.
    var count: Int { open.withLock { $0 } }

    /// The `text/event-stream` answer that relays `events` until the stream's end, or a 503 when
    /// `limit` streams are open (then `events` is never asked for). `onGracefulShutdown` is called
    /// when the server starts shutting down (the stream then ends at once instead of holding the
    /// shutdown up).
    func response(_ makeEvents: @autoclosure () -> AsyncStream<GalleryEvent>,
                  onGracefulShutdown: @escaping @Sendable () -> Void) throws(APIError) -> Response {
        guard let place = Place(in: self) else {
            var error = APIError(.serviceUnavailable, "the server has \(limit) event streams open, its limit (ServerLimits.maxEventStreams); retry shortly")
            error.headers[.retryAfter] = "1"
            throw error
        }
        var seconds = lifetime
        if let left = SignedAccess.secondsLeft { seconds = min(seconds, left) }
        let connection = ConnectionScope.channel
        let events = makeEvents()
        let duration = Duration.milliseconds(CheckedNumber.int(seconds * 1000, clampedTo: 0...Self.longestMilliseconds))
        let body = ResponseBody { writer in
            defer { place.release() }
            // The events, ended early by the stream's end or a shutdown.
            let (relayed, input) = AsyncStream<GalleryEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
            let forwarding = Task {
                for await event in events { input.yield(event) }
                input.finish()
            }
            let ending = Task {
                try? await Task.sleep(for: duration)
                input.finish()
            }
            // A client that has gone (its connection closed: see RequestGuard.inputClosed) gives
            // its place back now, not at the next keep-alive write.
            let leaving = Task {
                try? await connection?.closeFuture.get()
                input.finish()
            }
            defer {
                forwarding.cancel()
                ending.cancel()
                leaving.cancel()
            }
            try await withGracefulShutdownHandler {
                for await event in relayed {
                    try await writer.write(ByteBuffer(string: event.name.isEmpty ? ": keep-alive\n\n" : event.wire))
                }
            } onGracefulShutdown: {
                input.finish()
                onGracefulShutdown()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// One stream's place, given back once: when its body has been written, or, should the body
    /// never be written (a HEAD, a connection gone first), when the response is dropped.
    private final class Place: Sendable {
        private let streams: EventStreams
        private let held = Atomic(true)

        init?(in streams: EventStreams) {
            let taken = streams.open.withLock { open in
                guard open < streams.limit else { return false }
                open += 1
                return true
            }
            guard taken else { return nil }
            self.streams = streams
        }

        func release() {
            if held.exchange(false, ordering: .acquiringAndReleasing) { streams.open.withLock { $0 -= 1 } }
        }

        deinit { release() }
    }
}
