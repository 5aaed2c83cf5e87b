import ArgumentParser
import Foundation
import WidgetServer
import WidgetShot

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP: a URL or a JSON body in, a PNG out.",
        usage: usage,
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
        A project whose widgetshot.yaml has swift: (a widget extension's \
        folder) serves its widgets on the same routes: LAYOUT is a widget or \
        Live Activity type (GET /v1/layouts lists them), its previews the \
        provider's placeholder and the #Previews' pictures, POST data is \
        decoded by the team's own entry or ContentState type (422 at the \
        decoder's path). The source is built at start (and on each save with \
        --watch); a picture is one widget runner call, about 65 ms.

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

    @Option(name: .long, help: ArgumentHelp("A JSON or YAML file of serve options (keys: the option names). Env: WIDGETSHOT_CONFIG.", valueName: "file"))
    var config: String?

    // Every other option is a row of ServeOption.all (WidgetServer), which gives its help, its
    // variable, its file key, its default and where its value goes; a property here only names the
    // row, as ArgumentParser names the flag (camelCase → kebab-case). Values stay text: the row's
    // kind reads them, as it reads the environment and the file.
    @Option(help: .serve("host")) var host: String?
    @Option(help: .serve("port")) var port: String?
    @Option(help: .serve("workers")) var workers: String?
    @Option(help: .serve("queue")) var queue: String?
    @Option(help: .serve("render-deadline")) var renderDeadline: String?
    @Option(help: .serve("max-connections")) var maxConnections: String?
    @Option(help: .serve("max-event-streams")) var maxEventStreams: String?
    @Option(help: .serve("event-stream-lifetime")) var eventStreamLifetime: String?
    @Option(help: .serve("idle-timeout")) var idleTimeout: String?
    @Option(help: .serve("header-timeout")) var headerTimeout: String?
    @Option(help: .serve("body-timeout")) var bodyTimeout: String?
    @Option(help: .serve("shutdown-deadline")) var shutdownDeadline: String?
    @Option(help: .serve("cache-bytes")) var cacheBytes: String?
    @Option(help: .serve("token")) var token: [String] = []
    @Option(help: .serve("token-file")) var tokenFile: String?
    @Option(help: .serve("signing-key")) var signingKey: [String] = []
    @Option(help: .serve("signing-key-file")) var signingKeyFile: String?
    @Flag(inversion: .prefixedNo, help: .serve("protect-metrics")) var protectMetrics: Bool?
    @Flag(help: .serve("watch")) var watch = false

    /// `--project` (shared with the other commands, so its help is ProjectOptions'; its row gives
    /// the variable and the file key).
    @OptionGroup var project: ProjectOptions

    /// The options given as flags, by their names in `ServeOption.all`: each property above that
    /// ArgumentParser set, under the flag's name.
    var givenFlags: [String: [String]] {
        var flags: [String: [String]] = [:]
        if let root = project.projectRoot { flags["project"] = [root] }
        for case let (label?, wrapper) in Mirror(reflecting: self).children where label.hasPrefix("_") && label != "_config" {
            let values: [String]?
            switch wrapper {
            case let option as Option<String?>: values = option.wrappedValue.map { [$0] }
            case let option as Option<[String]>: values = option.wrappedValue.isEmpty ? nil : option.wrappedValue
            case let flag as Flag<Bool?>: values = flag.wrappedValue.map { [String($0)] }
            case let flag as Flag<Bool>: values = flag.wrappedValue ? ["true"] : nil
            default: continue
            }
            let name = Self.flagName(label.dropFirst())
            precondition(ServeOption.named(name) != nil, "serve's --\(name) is not a row of ServeOption.all")
            if let values { flags[name] = values }
        }
        return flags
    }

    /// The usage line: `--config`, then every row of ServeOption.all, wrapped.
    static var usage: String {
        let words = ["[--config <file>]"] + ServeOption.all.map { option in
            switch option.kind {
            case .flag: "[\(option.flag)]"
            case .list: "[\(option.flag) <\(option.valueName ?? "value")> ...]"
            default: "[\(option.flag) <\(option.valueName ?? "value")>]"
            }
        }
        let head = "widgetshot serve"
        var lines = [head]
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > 96 { lines.append(String(repeating: " ", count: head.count)) }
            lines[lines.count - 1] += " " + word
        }
        return lines.joined(separator: "\n")
    }

    /// `renderDeadline` → `render-deadline`, as ArgumentParser names a property's flag.
    static func flagName(_ property: Substring) -> String { String(LookSpec.optionName(String(property)).dropFirst(2)) }

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
            Self.addSwiftSource(to: &server, folders: folders, project: project)
        } catch {
            throw CLIError("cannot start the server: \(error)")
        }
        let host = resolved.host
        let watching = resolved.watch
        let served = Self.served(folders)
        let access = resolved.access.summary
        // The other commands are synchronous, so main stays synchronous too: the server runs in a
        // task and this thread waits for it (it stops on SIGINT/SIGTERM, which shut it down rather
        // than run the handlers that stop a build); then a widget folder's build still running stops.
        let outcome = ServeOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { port in
                    let line = "widgetshot \(WidgetShotVersion.current) serving \(served) on http://\(host):\(port)/ (gallery at /\(watching ? ", watching for edits" : ""); "
                        + "\(access); Ctrl-C stops)\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
            } catch {
                outcome.error = error
            }
            done.signal()
        }
        done.wait()
        AtomicFile.stopChildren()
        if let error = outcome.error { throw CLIError("server stopped: \(error)") }
    }
}

extension ServeCommand {
    /// The project's `swift:` folders in the live gallery: rebuilt and drawn at each build, watched.
    static func addSwiftSource(to server: inout RenderServer, folders: ProjectFolders, project: ProjectOptions) {
        guard !folders.swiftWidgets.isEmpty else { return }
        let source = SwiftSource.routeSource(folders)
        server.swiftSource = source
        server.gallerySource = SwiftSource.liveGallerySource(folders, source: source)
        server.galleryWatched = folders.swiftWidgets + folders.swiftInclude
    }

    /// What the start-up line says is served: the layouts folder and the Swift folders of `swift:`
    /// (a Swift-only project has no layouts folder).
    static func served(_ folders: ProjectFolders) -> String {
        let swift = folders.swiftWidgets.joined(separator: ", ")
        if swift.isEmpty { return folders.layouts }
        return FileManager.default.fileExists(atPath: folders.layouts) ? folders.layouts + ", " + swift : swift
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

extension ArgumentHelp {
    /// The help of `serve`'s option `name`: its row of ServeOption.all.
    static func serve(_ name: String) -> ArgumentHelp {
        guard let option = ServeOption.named(name) else { preconditionFailure("no serve option '\(name)' in ServeOption.all") }
        return ArgumentHelp(option.helpText, discussion: option.discussion ?? "", valueName: option.valueName)
    }
}
