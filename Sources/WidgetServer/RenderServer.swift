import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import WidgetGallery
import WidgetShot

/// The HTTP endpoint: answers `GET /v1/render/{layout}/{surface}.png?…` and `POST /v1/render` with a
/// PNG from the same `WidgetRenderer.render` the CLI uses, plus `GET /health`, `GET /v1/layouts` and
/// `GET /v1/openapi.json` (the document of all of them). The unversioned paths (`/render/…`,
/// `/layouts`) are aliases of the `/v1` ones, kept for existing clients.
/// Layouts and fonts are loaded once, in `init`; a bad layout file stops the server from starting.
///
/// Every bound on what a client can make it do comes from `serverLimits` (connections, timeouts,
/// request sizes, event streams, the render queue, the render deadline, the shutdown deadline, the
/// response cache) and from `limits` (what a layout, data, a JSON body or a push may cause).
public struct RenderServer: Sendable {
    public var folders: ProjectFolders
    public var host: String
    /// 0 asks the system for a free port; `run(onListening:)` says which one it got.
    public var port: Int
    /// Threads that render (each with its own renderer).
    public var workerThreads: Int
    public var logger: Logger
    /// What layouts, data, request bodies' JSON and pushes may cause (the render limits).
    public var limits: Limits
    /// The server's own knobs: request sizes, connections, event streams, timeouts, the render
    /// queue and deadline, the shutdown deadline, the response cache.
    public var serverLimits: ServerLimits
    /// Tokens and signing keys; `.open` (the default) lets every request through.
    public var access: AccessPolicy
    /// `GET /` re-renders the gallery when a file under Layouts/ or Fonts/ changes and open pages update.
    public var watch = false
    /// The gallery's documents drawn elsewhere (a team's Swift source) and the folders to watch for them.
    public var gallerySource: (@Sendable () -> GallerySourceExtra)?
    public var galleryWatched: [String] = []
    /// The project's Swift source, whose widgets the render routes draw with the widget runner; its
    /// first build starts with the server.
    public var swiftSource: SwiftRouteSource?

    let layouts: LoadedLayouts
    let renderers: RendererPool
    let keyer: RenderKeyer

    public init(folders: ProjectFolders, host: String = "127.0.0.1", port: Int = 8080,
                workerThreads: Int = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4)),
                limits: Limits = .default, serverLimits: ServerLimits = .default, access: AccessPolicy = .open,
                logger: Logger = Logger(label: "widgetshot.server", factory: BufferedLogHandler.standardError)) throws {
        self.folders = folders
        self.host = host
        self.port = port
        self.workerThreads = max(1, workerThreads)
        self.logger = logger
        self.limits = limits
        self.serverLimits = serverLimits
        self.access = access
        self.layouts = try LoadedLayouts(catalog: LayoutCatalog(directory: folders.layouts), limits: limits)
        self.renderers = RendererPool(fonts: try folders.fontLibrary())
        self.keyer = RenderKeyer(fonts: renderers.fonts)
    }

    /// Serves until the process gets SIGINT/SIGTERM or the calling task is cancelled; either way the
    /// server stops accepting connections and lets requests in flight finish for up to
    /// `serverLimits.shutdownDeadline` seconds, then cancels them (a render stops at its next deadline
    /// check) and returns. `onListening` gets the bound port once connections are accepted.
    public func run(onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) async throws {
        // The default logger holds lines for up to 100 ms (BufferedLogHandler): none is lost on a stop.
        defer { BufferedLogHandler.flushStandardError() }
        let threads = NIOThreadPool(numberOfThreads: workerThreads)
        threads.start()
        let workers = RenderWorkers(threads: threads, threadCount: workerThreads, renderers: renderers, limits: serverLimits)
        let metrics = ServerMetrics()
        let cache = ResponseCache(budget: serverLimits.responseCacheBytes, events: metrics.cacheEvents)
        var routes = RenderRoutes(layouts: layouts, workers: workers, limits: limits, serverLimits: serverLimits,
                                  keyer: keyer, cache: cache, metrics: metrics)
        routes.swift = swiftSource
        swiftSource?.prewarm()
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.addMiddleware {
            RequestLogMiddleware(logger: logger, metrics: metrics)
            JSONErrorMiddleware(limits: serverLimits)
            HostCheckMiddleware(allowed: HostAllowList.forBinding(host))
            AccessMiddleware(policy: access)
        }
        routes.add(to: router)
        routes.add(to: router.group("v1"))
        routes.addMetrics(to: router)
        Self.addOpenAPIRoute(to: router)
        PushRoutes(layouts: layouts, workers: workers, limits: limits, serverLimits: serverLimits, swift: swiftSource).add(to: router)
        let gallery = GalleryRoutes(server: self).add(to: router); defer { gallery.stop() }
        // The router matches canonical paths (CanonicalPathResponder), as signatures read them.
        let app = Application(
            responder: CanonicalPathResponder(inner: router.buildResponder()),
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: serverLimits) },
            configuration: .init(address: .hostname(host, port: port), serverName: "widgetshot"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        var configuration = ServiceGroupConfiguration(services: [.init(service: app)],
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = Duration.milliseconds(
            CheckedNumber.int(serverLimits.shutdownDeadline * 1000, clampedTo: 0...(86_400 * 1000)))
        // Once cancelled, a render stops at its next check (per node) within milliseconds, but
        // Hummingbird's services take up to a second more to wind down (its date cache ticks once a
        // second). Past this bound ServiceLifecycle ends the process with a fatalError: it exists
        // only for a task that ignores cancellation.
        configuration.maximumCancellationDuration = Duration.seconds(5)
        let group = ServiceGroup(configuration: configuration)
        // The group runs in a task of its own so that cancelling ours asks it to shut down
        // gracefully instead of cancelling its connections mid-response.
        let serving = Task { try await group.run() }
        do {
            try await withTaskCancellationHandler {
                try await serving.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
        try await threads.shutdownGracefully()
    }

    static func addOpenAPIRoute(to router: Router<BasicRequestContext>) {
        let document = ByteBuffer(string: OpenAPIDocument.json)
        router.get("v1/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: document))
        }
        for method in [HTTPRequest.Method.post, .put, .delete, .patch] {
            router.on("v1/openapi.json", method: method) { request, _ -> Response in
                var error = APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path); use GET")
                error.headers[.allow] = "GET, HEAD"
                throw error
            }
        }
    }
}
