import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import WidgetShot

/// The HTTP endpoint: answers `GET /render/{layout}/{surface}.png?…` and `POST /render` with a PNG
/// from the same `WidgetRenderer.render` the CLI uses, plus `GET /health` and `GET /layouts`.
/// Layouts and fonts are loaded once, in `init`; a bad layout file stops the server from starting.
public struct RenderServer: Sendable {
    public var folders: ProjectFolders
    public var host: String
    /// 0 asks the system for a free port; `run(onListening:)` says which one it got.
    public var port: Int
    /// Threads that render (each with its own renderer).
    public var workerThreads: Int
    public var logger: Logger

    let layouts: LoadedLayouts
    let renderers: RendererPool

    public init(folders: ProjectFolders, host: String = "127.0.0.1", port: Int = 8080,
                workerThreads: Int = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4)),
                logger: Logger = Logger(label: "widgetshot.server")) throws {
        self.folders = folders
        self.host = host
        self.port = port
        self.workerThreads = max(1, workerThreads)
        self.logger = logger
        self.layouts = try LoadedLayouts(catalog: LayoutCatalog(directory: folders.layouts))
        self.renderers = RendererPool(fonts: try FontLibrary(directory: folders.fonts))
    }

    /// Serves until the process gets SIGINT/SIGTERM or the calling task is cancelled; either way the
    /// server shuts down gracefully (requests in flight finish). `onListening` gets the bound port
    /// once connections are accepted.
    public func run(onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) async throws {
        let threads = NIOThreadPool(numberOfThreads: workerThreads)
        threads.start()
        let routes = RenderRoutes(layouts: layouts, workers: RenderWorkers(threads: threads, renderers: renderers))
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.addMiddleware {
            RequestLogMiddleware(logger: logger)
            JSONErrorMiddleware()
        }
        routes.add(to: router)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "widgetshot"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        let group = ServiceGroup(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
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
}
