import NIOPosix
import WidgetShot

/// Renders on a few threads of their own. A render is 5–20 ms of synchronous Cairo/Pango work:
/// run on the event loop or Swift's cooperative pool it would stall every other connection. Each
/// job takes a renderer from the RendererPool, so no renderer is ever used by two threads.
struct RenderWorkers: Sendable {
    let threads: NIOThreadPool
    let renderers: RendererPool

    /// Runs `job` on a worker thread with a renderer of its own.
    func run<T: Sendable>(_ job: @escaping @Sendable (WidgetRenderer) throws -> T) async throws -> T {
        let renderers = self.renderers
        return try await threads.runIfActive { try renderers.withRenderer(job) }
    }

    /// Any CPU-bound work that is not a render (parsing a large body).
    func run<T: Sendable>(_ job: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.runIfActive(job)
    }
}
