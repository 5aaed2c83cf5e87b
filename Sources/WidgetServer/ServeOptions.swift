import Foundation

/// One option of `widgetshot serve`, from wherever it comes: the flag `--NAME`, its environment
/// variable (`WIDGETSHOT_` + NAME in capitals, dashes as underscores) or the key NAME in a config
/// file (`--config`).
///
/// `ServeOption.all` is the one table of them. Everything else follows from its rows: the help of
/// each flag in `serve --help` (`helpText`, `valueName`, `discussion`), the variables and file keys
/// `ServeSettings` reads and checks (unknown ones, empty ones, secrets), the merge into the server's
/// settings (`ServeConfiguration`: each row says where its value goes and what range it must be in),
/// and the options table of docs/server.md (checked against the table by ServeConfigurationTests,
/// as is `serve`'s own list of flags). A new option is a row here plus one line in ServeCommand,
/// `@Option(help: .serve("NAME")) var name: String?`.
public struct ServeOption: Sendable {
    public enum Kind: Sendable {
        case string, int, seconds, flag
        /// Repeatable flag; in the environment a comma-separated list; in a file a list or a string.
        case list
    }

    public let name: String
    public let kind: Kind
    /// The help sentence, without the default or the variable (`helpText` adds them).
    public let help: String
    /// What `--help` and docs/server.md say the default is; nil when there is none.
    public let defaultText: String?
    /// The placeholder of the value in `--help` (`--port <port>`); nil for a flag.
    public let valueName: String?
    /// More help, printed under the option in `--help`.
    public let discussion: String?
    public let environmentVariable: String
    /// Its key in a config file.
    public let fileKey: String
    /// Never printed (tokens, keys); in a config file it must be a string.
    public let isSecret: Bool
    /// Puts the option's value (or its default) into the configuration, checked.
    let apply: @Sendable (ServeSettings, inout ServeConfiguration) throws(ConfigurationError) -> Void

    public var flag: String { "--\(name)" }

    /// The key swift-configuration looks it up by: the variable's name, which the environment
    /// provider reads as it is and the file's values are stored under.
    var configKey: [String] { [environmentVariable] }

    /// Options that decide who may call what: an empty one must never leave the server open.
    var controlsAccess: Bool { ["token", "token-file", "signing-key", "signing-key-file"].contains(name) }

    /// The help `serve --help` prints: the sentence, the default, the variable.
    public var helpText: String {
        let sentence = help + (defaultText.map { " (default: \($0))" } ?? "") + "."
        return sentence + " Env: \(environmentVariable)" + (kind == .list ? " (comma-separated)." : ".")
    }

    public static func named(_ name: String) -> ServeOption? { all.first { $0.name == name } }

    public static let all: [ServeOption] = [
        .string("host", \.host, default: "127.0.0.1", value: "host",
                help: "The address to listen on; 0.0.0.0 for every interface"),
        .int("port", \.port, default: 8080, in: 0...65535, value: "port",
             help: "The port to listen on; 0 for any free port"),
        .string("project", \.project, value: "project", variable: "WIDGETSHOT_HOME",
                help: "The project folder; by default the nearest folder at or above the working directory holding "
                    + "widgetshot.yaml or both Fonts/ and Layouts/"),
        .int("workers", \.workers, default: ServeConfiguration.defaultWorkers, shown: "one per core, at most 4", in: 1...256,
             help: "Render threads"),
        .int("queue", \.serverLimits.queuePerWorker, default: ServerLimits.default.queuePerWorker, in: 0...Int.max,
             help: "Renders waiting per render thread; past them a request gets 429 at once"),
        .seconds("render-deadline", \.serverLimits.renderDeadline, default: ServerLimits.default.renderDeadline,
                 help: "Seconds one render may take, queue wait not counted, before the answer is 503"),
        .int("max-connections", \.serverLimits.maxConnections, default: ServerLimits.default.maxConnections, in: 1...Int.max,
             help: "Open connections at once; one more is answered 503 and closed"),
        .int("max-event-streams", \.serverLimits.maxEventStreams, default: ServerLimits.default.maxEventStreams, in: 0...Int.max,
             help: "Event streams (/gallery-events, with --watch) open at once; one more gets 503"),
        .seconds("event-stream-lifetime", \.serverLimits.eventStreamLifetime, default: ServerLimits.default.eventStreamLifetime,
                 help: "Seconds an event stream stays open before it ends and the page reconnects"),
        .seconds("idle-timeout", \.serverLimits.idleTimeout, default: ServerLimits.default.idleTimeout, help: "Seconds a keep-alive connection may sit idle"),
        .seconds("header-timeout", \.serverLimits.headerTimeout, default: ServerLimits.default.headerTimeout,
                 help: "Seconds a client has to send the request line and headers, else 408"),
        .seconds("body-timeout", \.serverLimits.bodyTimeout, default: ServerLimits.default.bodyTimeout, help: "Seconds a client has to send the body, else 408"),
        .seconds("shutdown-deadline", \.serverLimits.shutdownDeadline, default: ServerLimits.default.shutdownDeadline,
                 help: "Seconds SIGTERM/SIGINT waits for requests in flight, then cancels them"),
        .int("cache-bytes", \.serverLimits.responseCacheBytes, default: ServerLimits.default.responseCacheBytes, in: 0...Int.max,
             help: "Bytes of rendered PNGs kept in memory (LRU); 0 keeps none"),
        .list("token", \.tokens, value: "token", help: "A bearer token that is accepted (repeatable); turns access control on"),
        .file("token-file", \.tokens, read: { try AccessPolicy.readTokenFile($0) },
              help: "A file of accepted tokens, one a line (# comments, blank lines skipped)"),
        .list("signing-key", \.signingKeys, value: "key",
              help: "An HMAC key for signed URLs, at least 16 bytes (repeatable: the first signs, all verify)") { key throws(ConfigurationError) in
            let bytes = Array(key.utf8)
            guard bytes.count >= 16 else { throw ConfigurationError("a signing key must be at least 16 bytes, got \(bytes.count)") }
            return bytes
        },
        .file("signing-key-file", \.signingKeys, read: { [try AccessPolicy.readKeyFile($0)] },
              help: "A file holding the signing key (its bytes, without a trailing newline)"),
        .flag("protect-metrics", \.protectMetrics, shown: "/metrics stays open", help: "Put /metrics behind the token too"),
        .flag("watch", \.watch,
              help: "Re-render the gallery at / when a layout, asset or font changes; open pages update themselves",
              discussion: "Edit Layouts/NAME.yaml, save, and the page shows the new images (or the error) within a fraction of a second."),
    ]
}

// The kinds of row: each reads its value through `ServeSettings` (flag > environment > file), falls
// back to the default, checks it and stores it at its key path. A value out of range is an error
// naming where it came from (`ServeSettings.source`).
extension ServeOption {
    typealias Path<Value> = WritableKeyPath<ServeConfiguration, Value> & Sendable

    private init(_ name: String, _ kind: Kind, help: String, defaultText: String?, valueName: String?, discussion: String? = nil,
                 variable: String? = nil, isSecret: Bool = false,
                 apply: @escaping @Sendable (ServeSettings, inout ServeConfiguration) throws(ConfigurationError) -> Void) {
        self.name = name
        self.kind = kind
        self.help = help
        self.defaultText = defaultText
        self.valueName = valueName
        self.discussion = discussion
        self.environmentVariable = variable ?? "WIDGETSHOT_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        self.fileKey = name
        self.isSecret = isSecret
        self.apply = apply
    }

    static func string(_ name: String, _ path: Path<String>, default value: String, value valueName: String, help: String) -> ServeOption {
        ServeOption(name, .string, help: help, defaultText: value, valueName: valueName) { settings, configuration in
            configuration[keyPath: path] = settings.string(name) ?? value
        }
    }

    static func string(_ name: String, _ path: Path<String?>, value valueName: String, variable: String, help: String) -> ServeOption {
        ServeOption(name, .string, help: help, defaultText: nil, valueName: valueName, variable: variable) { settings, configuration in
            configuration[keyPath: path] = settings.string(name)
        }
    }

    static func int(_ name: String, _ path: Path<Int>, default value: Int, shown: String? = nil, in range: ClosedRange<Int>,
                    value valueName: String = "n", help: String) -> ServeOption {
        ServeOption(name, .int, help: help, defaultText: shown ?? String(value), valueName: valueName) { settings, configuration throws(ConfigurationError) in
            let given = try settings.int(name) ?? value
            guard range.contains(given) else {
                let bound = range.upperBound < Int.max ? "between \(range.lowerBound) and \(range.upperBound)"
                    : range.lowerBound == 0 ? "0 or more" : "at least \(range.lowerBound)"
                throw ConfigurationError("\(settings.source(name)) must be \(bound), got \(given)")
            }
            configuration[keyPath: path] = given
        }
    }

    /// Seconds above 0 and at most a day.
    static func seconds(_ name: String, _ path: Path<Double>, default value: Double, help: String) -> ServeOption {
        let shown = value == value.rounded() ? String(Int(value)) : String(value)
        return ServeOption(name, .seconds, help: help, defaultText: shown, valueName: "s") { settings, configuration throws(ConfigurationError) in
            let given = try settings.seconds(name) ?? value
            guard given > 0, given <= 86_400 else {
                throw ConfigurationError("\(settings.source(name)) must be a number of seconds above 0 and at most 86400, got \(given)")
            }
            configuration[keyPath: path] = given
        }
    }

    static func flag(_ name: String, _ path: Path<Bool>, shown: String? = nil, help: String, discussion: String? = nil) -> ServeOption {
        ServeOption(name, .flag, help: help, defaultText: shown, valueName: nil, discussion: discussion) { settings, configuration throws(ConfigurationError) in
            configuration[keyPath: path] = try settings.flag(name)
        }
    }

    /// A repeatable secret: each item made into what the configuration keeps (`item`), appended.
    static func list<Item>(_ name: String, _ path: Path<[Item]>, value valueName: String, help: String,
                           item: @escaping @Sendable (String) throws(ConfigurationError) -> Item) -> ServeOption {
        ServeOption(name, .list, help: help, defaultText: nil, valueName: valueName, isSecret: true) { settings, configuration throws(ConfigurationError) in
            for text in settings.list(name) {
                do throws(ConfigurationError) { configuration[keyPath: path].append(try item(text)) } catch {
                    throw ConfigurationError("\(settings.source(name)): \(error)")
                }
            }
        }
    }

    static func list(_ name: String, _ path: Path<[String]>, value valueName: String, help: String) -> ServeOption {
        list(name, path, value: valueName, help: help) { $0 }
    }

    /// A file of more items for a list option (tokens, keys), read when the option is set.
    static func file<Item>(_ name: String, _ path: Path<[Item]>, read: @escaping @Sendable (String) throws -> [Item], help: String) -> ServeOption {
        ServeOption(name, .string, help: help, defaultText: nil, valueName: "file") { settings, configuration throws(ConfigurationError) in
            guard let file = settings.string(name) else { return }
            do { configuration[keyPath: path] += try read(file) } catch {
                throw ConfigurationError("\(settings.source(name)): \(error)")
            }
        }
    }
}
