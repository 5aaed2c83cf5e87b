/// The HTTP server's own bounds: request sizes, connections, event streams, timeouts, the render
/// queue, the render deadline, the shutdown deadline and the response cache.
///
/// These bound what a client can make a running server do; they change no picture, so they live
/// here rather than in `Limits` (what layouts, data and pushes may cause, which every stage of the
/// pipeline reads and the render key describes). Going past one is a JSON error with its 4xx or 503
/// that names the limit (`ServerLimits.requestBodyBytes`). `widgetshot serve` sets each from its
/// option, environment variable or config file key (`ServeOption.all`, `ServeConfiguration`);
/// docs/limits.md lists them with their defaults.
public struct ServerLimits: Sendable, Equatable {
    /// Bytes in one request body (`POST /render`).
    public var requestBodyBytes = 1024 * 1024
    /// Bytes in the request line plus headers of one request.
    public var requestHeaderBytes = 16 * 1024
    /// Open connections at once; one more is answered 503 (JSON, `Retry-After`) as soon as it is
    /// accepted, then closed.
    public var maxConnections = 512
    /// Server-sent event streams (`GET /gallery-events`, with `serve --watch`) open at once; one more
    /// is answered 503 (JSON, `Retry-After`). A stream holds its connection for as long as it lasts,
    /// and a held connection is never closed to make room for a new one, so this stays far below
    /// `maxConnections`.
    public var maxEventStreams = 32
    /// Seconds one event stream stays open; then it ends and the page's EventSource reconnects (and
    /// the server sees the client again). A stream opened with a signed URL ends when the signature
    /// expires, if that comes first.
    public var eventStreamLifetime = 300.0
    /// Seconds a keep-alive connection may sit idle between requests.
    public var idleTimeout = 15.0
    /// Seconds a client has to send the request line and headers, once it starts a request.
    public var headerTimeout = 10.0
    /// Seconds a client has to send the whole body.
    public var bodyTimeout = 10.0
    /// Renders waiting for a worker per worker thread; a request beyond it gets 429 at once.
    public var queuePerWorker = 4
    /// Seconds one render may take (queue wait not included) before the server answers 503. The
    /// `Limits` bound memory and stack depth, not time alone (hundreds of translucent full-surface
    /// fills at 4x stay within every one and take seconds): this is what stops such a render.
    public var renderDeadline = 0.5
    /// Seconds SIGTERM/SIGINT waits for requests in flight before cancelling them.
    public var shutdownDeadline = 5.0
    /// Bytes of rendered PNGs the server keeps in memory (least recently used out first), keyed by
    /// RenderKey; 0 keeps none. A PNG counts its size plus 256 bytes; one larger than this is not kept.
    public var responseCacheBytes = 64 * 1024 * 1024

    public init() {}

    public static let `default` = ServerLimits()
}
