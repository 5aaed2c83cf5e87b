import ArgumentParser
import Foundation
import WidgetServer
import WidgetShot

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP: a URL or a JSON body in, a PNG out.",
        discussion: """
        Layouts and fonts are loaded once at start (restart to pick up edits).

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
          400 a bad value (scale=abc, scheme=blue, a malformed body)
          404 an unknown layout, surface, preview, device or route
          405 a wrong method; 413 a body over 1 MB
          422 a surface the device lacks (islandCompact on iphonese)

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

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
    }

    func run() throws {
        let folders = try project.folders()
        let server: RenderServer
        do { server = try RenderServer(folders: folders, host: host, port: port) } catch {
            throw CLIError("cannot start the server: \(error)")
        }
        let host = self.host
        // The other commands are synchronous, so main stays synchronous too: the server runs in a
        // task and this thread waits for it (it stops on SIGINT/SIGTERM).
        let outcome = ServeOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { port in
                    let line = "widgetshot serving \(folders.layouts) on http://\(host):\(port)/ (Ctrl-C stops)\n"
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
