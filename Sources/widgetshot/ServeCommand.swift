import ArgumentParser
import Foundation
import WidgetServer
import WidgetShot

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP: a URL or a JSON body in, a PNG out.",
        usage: """
            widgetshot serve [--config <file>] [--host <host>] [--port <port>] [--project <project>]
                             [--render-deadline <s>] [--queue <n>] [--workers <n>]
                             [--max-connections <n>] [--idle-timeout <s>]
                             [--max-event-streams <n>] [--event-stream-lifetime <s>]
                             [--header-timeout <s>] [--body-timeout <s>]
                             [--shutdown-deadline <s>] [--cache-bytes <n>]
                             [--token <token> ...] [--token-file <file>]
                             [--signing-key <key> ...] [--signing-key-file <file>]
                             [--protect-metrics] [--watch]
            """,
        discussion: """
        Layouts and fonts are loaded once at start (restart to pick up edits); \
        the gallery at / can follow edits live with --watch.

        The routes live under /v1; /layouts, /render/… and POST /render are aliases \
        of the /v1 routes, kept for existing clients. GET /v1/openapi.json describes \
        every route, parameter, status and error body (OpenAPI 3.0).

        GET /
          the preview gallery (as `widgetshot gallery` writes it), built on first
          request into a private folder (made with mkdtemp, mode 0700, removed
          when the server stops); its images under /gallery/…. With --watch it
          is built at start, rebuilt (only what changed) whenever a file under
          Layouts/ or Fonts/ changes, and an open page updates itself
          (server-sent events on /gallery-events, only with --watch: at most
          --max-event-streams at once, each ending after
          --event-stream-lifetime, the page then reconnects); a layout that
          fails to load shows its file:line:col.
        GET /health  (also /v1/health; always open, for probes)
          {"status":"ok","version":"\(WidgetShotVersion.current)"}
        GET /v1/layouts
          each layout's surfaces and previews; the devices and their surfaces
        GET /v1/render/LAYOUT/SURFACE.png?preview=NAME&scheme=dark&scale=2
            &device=iphone15pro&locale=ko&now=ISO8601&ios=26&placeholder=true
          a preview as image/png. Every parameter is optional; ios (18 or 26)
          picks the widget sizes and system colors of that iOS, the device's
          own when absent (26 for iphone17, iphone17pro, iphone17promax,
          iphoneair), per request so that a URL stays a pure function of
          itself. The ETag is a hash of every input (layout file and its
          folder's images, preview, parameters, device, fonts, engine
          version), so If-None-Match is answered 304 without rendering.
          Cache-Control: immutable for a year when the URL gives both preview
          and now, else max-age=60.
        POST /v1/render  with a JSON body (at most 1 MB):
          {"layout": "delivery", "surface": "lockScreen",
           "data": {...} or "preview": "onTheWay", "scheme": "dark",
           "scale": 3, "device": "iphone15pro", "locale": "en",
           "now": "2026-11-22T12:27:00+09:00", "ios": 26, "placeholder": false}
          binds data, else the preview, else the layout's first preview.
          With data and no now, the current second is used. An If-None-Match
          naming its ETag is answered 412, not 304 (RFC 9110 13.1.2: 304 is
          for GET and HEAD), and nothing is rendered.
        GET /metrics
          Prometheus text: requests by route and status, render phase
          latencies, queue, 429s, cache hits/misses/bytes/evictions.

        Renders are kept in memory (--cache-bytes, LRU) and identical requests \
        in flight share one render; X-Render-Cache says hit, miss or coalesced. \
        Every answer has an X-Request-Id (the client's, if sane, else new), \
        also in the access log line.

        Access control (off by default: with no token and no signing key every \
        route is open, as on a private network; the start-up line says which):
          --token T (repeatable) or --token-file F (one a line, # comments):
            every route but /health, /v1/health, /v1/openapi.json (and /metrics
            unless --protect-metrics) needs "Authorization: Bearer T".
          --signing-key K or --signing-key-file F: a GET may instead carry
            expires=UNIX&sig=HMAC, made by `widgetshot sign URL --signing-key K`;
            it opens the render routes only, unless signed with a scope
            (sign --scope layouts,gallery).
          A setting that is there but empty (--token "", WIDGETSHOT_TOKEN= or
            ",", token: [] in the file) stops the server from starting (exit 2)
            instead of leaving every route open.
          401 no credentials or a wrong token (WWW-Authenticate: Bearer);
          403 a bad or expired signature (the body says which).
          An answer given on a token is Cache-Control: private (no CDN keeps
          it for others); one given on a signed URL stays public.
          POST needs a token (its body is not covered by a signature).

        Errors are JSON, {"error": "...", "field": "..."}:
          400 a bad value (scale=abc, scheme=blue, a malformed body) or a
              malformed request (request line, chunked body, headers)
          401/403 see access control above
          404 an unknown layout, surface, preview, device or route
          405 a wrong method; 408 headers or body sent too slowly
          413 a body over 1 MB; 431 request line + headers over 16 KB
          422 a surface the device lacks (islandCompact on iphonese)
          429 every render thread and queue place taken (Retry-After)
          405 also CONNECT (this is not a proxy)
          503 a render past --render-deadline; --max-connections open and
              every one answering a request (an idle one is closed to make
              room); --max-event-streams open

        Configuration: every option below can also come from its environment \
        variable (listed with it) or from a config file (--config FILE or \
        $WIDGETSHOT_CONFIG; JSON if it ends in .json, else YAML) holding the \
        option names as keys, e.g.
          port: 8080
          render-deadline: 0.5
          token-file: /run/secrets/widgetshot-tokens
        Precedence: flag > environment variable > config file > default. An \
        unknown key in the file is an error naming it.

        Example:
          widgetshot serve --port 8080 &
          curl -o small.png \\
            'http://127.0.0.1:8080/v1/render/delivery/systemSmall.png?scale=2'
          curl -o lock.png http://127.0.0.1:8080/v1/render -d '{"layout":
            "delivery", "surface": "lockScreen", "preview": "onTheWay"}'
        """)

    static func help(_ text: String, _ option: String, _ valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp("\(text) \(ServeOption.helpSuffix(option))", valueName: valueName)
    }

    @Option(name: .long, help: ArgumentHelp("A JSON or YAML file of serve options (keys: the option names). Env: WIDGETSHOT_CONFIG.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: help("The address to listen on (0.0.0.0 for every interface; default 127.0.0.1).", "host", "host"))
    var host: String?

    @Option(name: .long, help: help("The port to listen on (0: any free port; default 8080).", "port", "port"))
    var port: Int?

    @Option(name: .long, help: help("Seconds one render may take before the answer is 503 (queue wait not counted; default \(ServerLimits.default.renderDeadline)).", "render-deadline", "s"))
    var renderDeadline: Double?

    @Option(name: .long, help: help("Open connections at once; one more is answered 503 and closed (default \(ServerLimits.default.maxConnections)).", "max-connections", "n"))
    var maxConnections: Int?

    @Option(name: .long, help: help("Event streams (/gallery-events, with --watch) open at once; one more gets 503 (default \(ServerLimits.default.maxEventStreams)).", "max-event-streams", "n"))
    var maxEventStreams: Int?

    @Option(name: .long, help: help("Seconds an event stream stays open before it ends and the page reconnects (default \(ServerLimits.default.eventStreamLifetime)).", "event-stream-lifetime", "s"))
    var eventStreamLifetime: Double?

    @Option(name: .long, help: help("Renders waiting per render thread; past them a request gets 429 at once (default \(ServerLimits.default.queuePerWorker)).", "queue", "n"))
    var queue: Int?

    @Option(name: .long, help: help("Render threads; by default one per core, at most 4.", "workers", "n"))
    var workers: Int?

    @Option(name: .long, help: help("Seconds a keep-alive connection may sit idle (default \(ServerLimits.default.idleTimeout)).", "idle-timeout", "s"))
    var idleTimeout: Double?

    @Option(name: .long, help: help("Seconds a client has to send the request line and headers (408; default \(ServerLimits.default.headerTimeout)).", "header-timeout", "s"))
    var headerTimeout: Double?

    @Option(name: .long, help: help("Seconds a client has to send the body (408; default \(ServerLimits.default.bodyTimeout)).", "body-timeout", "s"))
    var bodyTimeout: Double?

    @Option(name: .long, help: help("Seconds SIGTERM/SIGINT waits for requests in flight, then cancels them (default \(ServerLimits.default.shutdownDeadline)).", "shutdown-deadline", "s"))
    var shutdownDeadline: Double?

    @Option(name: .long, help: help("Bytes of rendered PNGs kept in memory (LRU); 0 keeps none (default \(ServerLimits.default.responseCacheBytes)).", "cache-bytes", "n"))
    var cacheBytes: Int?

    @Option(name: .long, help: help("A bearer token that is accepted (repeatable). Turns access control on.", "token", "token"))
    var token: [String] = []

    @Option(name: .long, help: help("A file of accepted tokens, one a line (# comments, blank lines skipped).", "token-file", "file"))
    var tokenFile: String?

    @Option(name: .long, help: help("An HMAC key for signed URLs, at least 16 bytes (repeatable: the first signs, all verify).", "signing-key", "key"))
    var signingKey: [String] = []

    @Option(name: .long, help: help("A file holding the signing key (its bytes, without a trailing newline).", "signing-key-file", "file"))
    var signingKeyFile: String?

    @Flag(name: .long, inversion: .prefixedNo, help: help("Put /metrics behind the token too (default: /metrics stays open).", "protect-metrics"))
    var protectMetrics: Bool?

    @Flag(name: .long, help: ArgumentHelp("Re-render the gallery at / when a layout, asset or font changes; open pages update themselves. \(ServeOption.helpSuffix("watch"))",
                                          discussion: "Edit Layouts/NAME.yaml, save, and the page shows the new images (or the error) within a fraction of a second."))
    var watch = false

    @OptionGroup var project: ProjectOptions

    /// The options given as flags, by their names in `ServeOption.all`.
    var givenFlags: [String: [String]] {
        var flags: [String: [String]] = [:]
        func put(_ name: String, _ value: (some CustomStringConvertible)?) { if let value { flags[name] = [value.description] } }
        put("host", host); put("port", port); put("project", project.projectRoot)
        put("workers", workers); put("queue", queue); put("render-deadline", renderDeadline)
        put("max-connections", maxConnections); put("idle-timeout", idleTimeout)
        put("max-event-streams", maxEventStreams); put("event-stream-lifetime", eventStreamLifetime)
        put("header-timeout", headerTimeout); put("body-timeout", bodyTimeout)
        put("shutdown-deadline", shutdownDeadline); put("cache-bytes", cacheBytes); put("token-file", tokenFile)
        put("signing-key-file", signingKeyFile); put("protect-metrics", protectMetrics)
        if watch { put("watch", true) }
        if !token.isEmpty { flags["token"] = token }
        if !signingKey.isEmpty { flags["signing-key"] = signingKey }
        return flags
    }

    func run() throws {
        let settings: ServeSettings
        let resolved: ServeConfiguration
        do {
            settings = try ServeSettings(flags: givenFlags, environment: ProcessInfo.processInfo.environment, configFile: config)
            resolved = try ServeConfiguration(settings)
            for warning in settings.warnings { note("warning: \(warning)") }
        } catch let error as ConfigurationError {
            throw CLIError(error.description)
        } catch let error as AccessFileError {
            throw CLIError(error.description)
        }
        let folders: ProjectFolders
        do { folders = try resolved.project.map { try ProjectFolders.at($0) } ?? project.folders() } catch let error as ProjectError {
            throw CLIError(error.description)
        }
        var server: RenderServer
        do {
            server = try RenderServer(folders: folders, host: resolved.host, port: resolved.port, workerThreads: resolved.workers,
                                      serverLimits: resolved.serverLimits, access: resolved.access)
            server.watch = resolved.watch
        } catch {
            throw CLIError("cannot start the server: \(error)")
        }
        let host = resolved.host
        let access = resolved.access.summary
        // The other commands are synchronous, so main stays synchronous too: the server runs in a
        // task and this thread waits for it (it stops on SIGINT/SIGTERM).
        let outcome = ServeOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { port in
                    let line = "widgetshot \(WidgetShotVersion.current) serving \(folders.layouts) on http://\(host):\(port)/ (gallery at /\(watch ? ", watching for edits" : ""); "
                        + "\(access); Ctrl-C stops)\n"
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
