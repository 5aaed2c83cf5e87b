import ArgumentParser
import Foundation
import WidgetServer
import WidgetShot

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP: a URL or a JSON body in, a PNG out.",
        usage: """
            widgetshot serve [--host <host>] [--port <port>] [--project <project>]
                             [--render-deadline <s>] [--queue <n>] [--workers <n>]
                             [--max-connections <n>] [--idle-timeout <s>]
                             [--header-timeout <s>] [--body-timeout <s>]
                             [--shutdown-deadline <s>] [--watch]
            """,
        discussion: """
        Layouts and fonts are loaded once at start (restart to pick up edits);
        the gallery at / can follow edits live with --watch.

        GET /
          the preview gallery (as `widgetshot gallery` writes it), built on first
          request; its images under /gallery/…. With --watch it is built at start,
          rebuilt (only what changed) whenever a file under Layouts/ or Fonts/
          changes, and an open page updates itself (server-sent events on
          /gallery-events); a layout that fails to load shows its file:line:col.
        GET /health
          {"status":"ok"}
        GET /layouts
          each layout's surfaces and previews; the devices and their surfaces
        GET /render/LAYOUT/SURFACE.png?preview=NAME&scheme=dark&scale=2
            &device=iphone15pro&locale=ko&now=ISO8601&placeholder=true
          a preview as image/png; Cache-Control: public, max-age=60; an ETag
          (If-None-Match answers 304). Every parameter is optional.
        POST /render  with a JSON body (at most 1 MB):
          {"layout": "delivery", "surface": "lockScreen",
           "data": {...} or "preview": "onTheWay", "scheme": "dark",
           "scale": 3, "device": "iphone15pro", "locale": "en",
           "now": "2026-11-22T12:27:00+09:00", "placeholder": false}
          binds data, else the preview, else the layout's first preview.

        Errors are JSON, {"error": "...", "field": "..."}:
          400 a bad value (scale=abc, scheme=blue, a malformed body) or a
              malformed request (request line, chunked body, headers)
          404 an unknown layout, surface, preview, device or route
          405 a wrong method; 408 headers or body sent too slowly
          413 a body over 1 MB; 431 request line + headers over 16 KB
          422 a surface the device lacks (islandCompact on iphonese)
          429 every render thread and queue place taken (Retry-After)
          503 a render past --render-deadline; --max-connections open

        Example:
          widgetshot serve --port 8080 &
          curl -o small.png \\
            'http://127.0.0.1:8080/render/delivery/systemSmall.png?scale=2'
          curl -o lock.png http://127.0.0.1:8080/render -d '{"layout":
            "delivery", "surface": "lockScreen", "preview": "onTheWay"}'
        """)

    @Option(name: .long, help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("Seconds one render may take before the answer is 503 (queue wait not counted).", valueName: "s"))
    var renderDeadline = Limits.default.renderDeadline

    @Option(name: .long, help: ArgumentHelp("Open connections at once; one more is answered 503 and closed.", valueName: "n"))
    var maxConnections = Limits.default.maxConnections

    @Option(name: .long, help: ArgumentHelp("Renders waiting per render thread; past them a request gets 429 at once.", valueName: "n"))
    var queue = Limits.default.queuePerWorker

    @Option(name: .long, help: ArgumentHelp("Render threads; by default one per core, at most 4.", valueName: "n"))
    var workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

    @Option(name: .long, help: ArgumentHelp("Seconds a keep-alive connection may sit idle.", valueName: "s"))
    var idleTimeout = Limits.default.idleTimeout

    @Option(name: .long, help: ArgumentHelp("Seconds a client has to send the request line and headers (408).", valueName: "s"))
    var headerTimeout = Limits.default.headerTimeout

    @Option(name: .long, help: ArgumentHelp("Seconds a client has to send the body (408).", valueName: "s"))
    var bodyTimeout = Limits.default.bodyTimeout

    @Option(name: .long, help: ArgumentHelp("Seconds SIGTERM/SIGINT waits for requests in flight, then cancels them.", valueName: "s"))
    var shutdownDeadline = Limits.default.shutdownDeadline

    @Flag(name: .long, help: ArgumentHelp("Re-render the gallery at / when a layout, asset or font changes; open pages update themselves.",
                                          discussion: "Edit Layouts/NAME.yaml, save, and the page shows the new images (or the error) within a fraction of a second."))
    var watch = false

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
        for (name, value) in [("--render-deadline", renderDeadline), ("--idle-timeout", idleTimeout),
                              ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout),
                              ("--shutdown-deadline", shutdownDeadline)] {
            guard value.isFinite, value > 0, value <= 86_400 else {
                throw ValidationError("\(name) must be a number of seconds above 0 and at most 86400, got \(value)")
            }
        }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1, got \(maxConnections)") }
        guard queue >= 0 else { throw ValidationError("--queue must be 0 or more, got \(queue)") }
        guard (1...256).contains(workers) else { throw ValidationError("--workers must be between 1 and 256, got \(workers)") }
    }

    var limits: Limits {
        var limits = Limits.default
        limits.renderDeadline = renderDeadline
        limits.maxConnections = maxConnections
        limits.queuePerWorker = queue
        limits.idleTimeout = idleTimeout
        limits.headerTimeout = headerTimeout
        limits.bodyTimeout = bodyTimeout
        limits.shutdownDeadline = shutdownDeadline
        return limits
    }

    func run() throws {
        let folders = try project.folders()
        var server: RenderServer
        do { server = try RenderServer(folders: folders, host: host, port: port, workerThreads: workers, limits: limits) } catch {
            throw CLIError("cannot start the server: \(error)")
        }
        server.watch = watch
        let host = self.host
        // The other commands are synchronous, so main stays synchronous too: the server runs in a
        // task and this thread waits for it (it stops on SIGINT/SIGTERM).
        let outcome = ServeOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { port in
                    let line = "widgetshot serving \(folders.layouts) on http://\(host):\(port)/ (gallery at /\(watch ? ", watching for edits" : ""); Ctrl-C stops)\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
            } catch {
                outcome.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw CLIError("server stopped: \(error)") }
    }
}

private final class ServeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var _error: (any Error)?
    var error: (any Error)? {
        get { lock.withLock { _error } }
        set { lock.withLock { _error = newValue } }
    }
}
