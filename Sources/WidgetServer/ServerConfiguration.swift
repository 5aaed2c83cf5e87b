import Configuration
import Foundation
import WidgetShot
import Yams

/// A bad setting: which option, from where, and why.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The values of the `serve` options after precedence: flag > environment > config file > default
/// (the default is the caller's: a nil here means "not set anywhere").
public struct ServeSettings: Sendable {
    let flags: [String: [String]]
    let environment: [String: String]
    let fileValues: [String: ConfigContent]
    public let configFile: String?
    let reader: ConfigReader
    /// `WIDGETSHOT_*` variables that no part of widgetshot reads: printed when the server starts.
    public let warnings: [String]

    /// `WIDGETSHOT_*` variables read outside `serve`'s options (tests, record, builds, the cache).
    static let otherVariables: Set<String> = [
        "WIDGETSHOT_CONFIG", "WIDGETSHOT_RECORD", "WIDGETSHOT_TESTS", "WIDGETSHOT_BIN", "WIDGETSHOT_FONT_CACHE",
        "WIDGETSHOT_CACHE", "WIDGETSHOT_TRACE", "WIDGETSHOT_FUZZ", "WIDGETSHOT_VERSION", "WIDGETSHOT_TARBALL_URL",
        "WIDGETSHOT_TIMING_BINARY", "WIDGETSHOT_BENCH_OUT",
    ]

    /// A misspelled variable would be ignored, and for access control that means an open server
    /// (`WIDGETSHOT_TOKENS=…` left every route open): an unknown `WIDGETSHOT_*` variable whose name
    /// speaks of tokens, keys, secrets or passwords is an error; any other is a warning.
    static func unknownVariables(_ environment: [String: String]) throws(ConfigurationError) -> [String] {
        let known = Set(ServeOption.all.map(\.environmentVariable)).union(otherVariables)
        var warnings: [String] = []
        for name in environment.keys.sorted() where name.hasPrefix("WIDGETSHOT_") && !known.contains(name) {
            let upper = name.uppercased()
            // A hint only for a name of ordinary length (the edit distance costs its length squared).
            let nearest = upper.utf8.count > 64 ? "" : known.sorted().min { distance($0, upper) < distance($1, upper) } ?? ""
            let hint = !nearest.isEmpty && distance(nearest, upper) <= 3 ? " (did you mean $\(nearest)?)" : ""
            if ["TOKEN", "KEY", "SECRET", "PASS", "AUTH", "SIGN", "CRED"].contains(where: upper.contains) {
                throw ConfigurationError("$\(name) is not a setting widgetshot reads\(hint), and its name speaks of access control: "
                                         + "refusing to start a server that may be open; rename or unset it")
            }
            warnings.append("$\(name) is not a setting widgetshot reads\(hint); it is ignored")
        }
        return warnings
    }

    /// Edits (insert, delete, replace) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        var row = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var next = [i] + [Int](repeating: 0, count: y.count)
            for j in 1...max(y.count, 1) where !y.isEmpty {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            row = next
        }
        return row[y.count]
    }

    /// `flags`: the options given on the command line, by name (a flag option as ["true"]).
    /// `environment`: the process's (tests pass their own). `configFile`: the `--config` path, else
    /// `WIDGETSHOT_CONFIG` from `environment`; JSON (`.json`) or YAML (anything else), a flat map of
    /// option names to values.
    ///
    /// A setting that is there but empty, wherever it is (`--token ""`, `WIDGETSHOT_TOKEN=` or `=","`,
    /// `token: []` or `token:` in the file, `WIDGETSHOT_CONFIG=`), is an error naming it and its
    /// source: it is what an unset variable or an empty secret looks like, and reading it as "not
    /// set" would start a server with access control off.
    public init(flags: [String: [String]], environment: [String: String], configFile: String? = nil) throws(ConfigurationError) {
        for name in flags.keys where ServeOption.named(name) == nil {
            throw ConfigurationError("unknown serve option '\(name)'")
        }
        self.flags = flags
        self.environment = environment
        self.warnings = try Self.unknownVariables(environment)
        if let configFile, Self.isBlank(configFile) {
            throw ConfigurationError("--config is given an empty value; name a file, or leave --config out")
        }
        if let variable = environment["WIDGETSHOT_CONFIG"], Self.isBlank(variable) {
            throw ConfigurationError("$WIDGETSHOT_CONFIG is set but empty; name a file, or unset it "
                + "(a config file that is not read may be where access control was set)")
        }
        let path = configFile ?? environment["WIDGETSHOT_CONFIG"]
        self.configFile = path
        self.fileValues = try path.map(Self.readFile) ?? [:]
        try Self.refuseEmptySettings(flags: flags, environment: environment, fileValues: fileValues, configFile: path)
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, content) in fileValues {
            let option = ServeOption.all.first { $0.fileKey == key }!
            values[AbsoluteConfigKey(option.configKey)] = ConfigValue(content, isSecret: option.isSecret)
        }
        let secrets = Set(ServeOption.all.filter(\.isSecret).map(\.environmentVariable))
        reader = ConfigReader(providers: [
            EnvironmentVariablesProvider(environmentVariables: environment, secretsSpecifier: .specific(secrets)),
            InMemoryProvider(name: path, values: values),
        ])
    }

    private static func isBlank(_ text: some StringProtocol) -> Bool { text.allSatisfy(\.isWhitespace) }

    /// The empty-setting rule of `init`, for every option and every source it was given in.
    private static func refuseEmptySettings(flags: [String: [String]], environment: [String: String],
                                            fileValues: [String: ConfigContent], configFile: String?) throws(ConfigurationError) {
        for option in ServeOption.all {
            let why = option.controlsAccess ? " (read as unset, it would leave every route open)" : ""
            if let values = flags[option.name], values.isEmpty || values.contains(where: isBlank) {
                throw ConfigurationError("\(option.flag) is given an empty value; give it one, or leave \(option.flag) out\(why)")
            }
            if let text = environment[option.environmentVariable] {
                // A list is comma-separated: "a,b," is two items, "," none.
                let items = option.kind == .list ? text.split(separator: ",").filter { !isBlank($0) } : (isBlank(text) ? [] : [Substring(text)])
                if items.isEmpty {
                    let what = option.kind == .list && !isBlank(text) ? "set but empty (nothing between its commas)" : "set but empty"
                    throw ConfigurationError("$\(option.environmentVariable) is \(what); give it a value, or unset it\(why)")
                }
            }
            if let content = fileValues[option.fileKey], let configFile {
                let empty: Bool = switch content {
                case .string(let text): isBlank(text)
                case .stringArray(let items): items.isEmpty || items.contains(where: isBlank)
                default: false
                }
                if empty {
                    throw ConfigurationError("'\(option.fileKey)' in \(configFile) is empty; give it a value, or remove the key\(why)")
                }
            }
        }
    }

    /// Where the value of `name` comes from, for error messages.
    public func source(_ name: String) -> String {
        let option = ServeOption.named(name)!
        if flags[name] != nil { return option.flag }
        if environment[option.environmentVariable] != nil { return "$\(option.environmentVariable)" }
        if fileValues[option.fileKey] != nil, let configFile { return "'\(option.fileKey)' in \(configFile)" }
        return option.flag
    }

    public func string(_ name: String) -> String? {
        let option = ServeOption.named(name)!
        if let given = flags[name]?.last { return given }
        return reader.string(forKey: ConfigKey(option.configKey), isSecret: option.isSecret)
    }

    public func list(_ name: String) -> [String] {
        let option = ServeOption.named(name)!
        if let given = flags[name] { return given }
        if let values = reader.stringArray(forKey: ConfigKey(option.configKey), isSecret: option.isSecret) {
            return values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return reader.string(forKey: ConfigKey(option.configKey), isSecret: option.isSecret).map { [$0] } ?? []
    }

    public func int(_ name: String) throws(ConfigurationError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = CheckedNumber.int(text.trimmingCharacters(in: .whitespaces)) else {
            throw ConfigurationError("\(source(name)) must be a whole number, got '\(text)'")
        }
        return value
    }

    public func seconds(_ name: String) throws(ConfigurationError) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw ConfigurationError("\(source(name)) must be a number of seconds, got '\(text)'")
        }
        return value
    }

    public func flag(_ name: String) throws(ConfigurationError) -> Bool {
        guard let text = string(name) else { return false }
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off", "": return false
        default: throw ConfigurationError("\(source(name)) must be true or false, got '\(text)'")
        }
    }

    /// Deepest nesting a config file may have (it needs two levels: a map of options, a list).
    static let maxConfigDepth = 32

    /// Every map key in `node` is a scalar, and the nesting is at most `maxConfigDepth` deep.
    static func checkKeys(_ node: Node, path: String, depth: Int = 0) throws(ConfigurationError) {
        func place(_ n: Node) -> String { n.mark.map { "\(path):\($0.line):\($0.column)" } ?? path }
        guard depth < maxConfigDepth else { throw ConfigurationError("\(place(node)): nested more than \(maxConfigDepth) levels deep") }
        if let mapping = node.mapping {
            for (key, value) in mapping {
                guard key.scalar != nil else {
                    throw ConfigurationError("\(place(key)): a key must be a name (e.g. port), got a \(key.sequence != nil ? "list" : "map")")
                }
                try checkKeys(value, path: path, depth: depth + 1)
            }
        } else if let sequence = node.sequence {
            for item in sequence { try checkKeys(item, path: path, depth: depth + 1) }
        }
    }

    /// A flat map of option names to scalars (or lists, for list options). Unknown keys are errors
    /// naming the key and the file.
    /// A config file names a few dozen options; anything larger is not one.
    static let maxConfigBytes = 256 * 1024

    static func readFile(_ path: String) throws(ConfigurationError) -> [String: ConfigContent] {
        let text: String
        do { text = try BoundedFile.text(path, limit: maxConfigBytes) } catch {
            throw ConfigurationError("the config file \(path): \(error)")
        }
        // JSON is read as YAML (a JSON object is a YAML map): one parser, native Swift values.
        let parsed: Any?
        do {
            // Yams' constructor (load) traps on a map whose key is a list or a map; the composed tree
            // is checked first, so such a file is an error naming the place.
            if let tree = try Yams.compose(yaml: text) { try checkKeys(tree, path: path) }
            parsed = try Yams.load(yaml: text)
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError("\(path): malformed \(path.lowercased().hasSuffix(".json") ? "JSON" : "YAML"): \(error)")
        }
        if parsed == nil || parsed is NSNull { return [:] }
        guard let map = parsed as? [String: Any] else {
            throw ConfigurationError("\(path): expected a map of serve options (e.g. port: 8080), got \(type(of: parsed!))")
        }
        var values: [String: ConfigContent] = [:]
        for key in map.keys.sorted() {
            guard let option = ServeOption.all.first(where: { $0.fileKey == key }) else {
                let known = ServeOption.all.map(\.fileKey)
                let hint = known.first { $0.replacingOccurrences(of: "-", with: "") == key.lowercased().replacingOccurrences(of: "_", with: "") }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                throw ConfigurationError("\(path): unknown key '\(key)'\(hint); keys: \(known.joined(separator: ", "))")
            }
            let value = map[key]!
            // A secret is text as written: YAML reads `on` as true and `0x1F` as 31, so an unquoted
            // token of that shape would accept another string than the one in the file.
            if option.isSecret {
                let items = (value as? [Any]) ?? [value]
                if let bad = items.first(where: { !($0 is String) && !($0 is NSNull) }) {
                    throw ConfigurationError("\(path): '\(key)' must be a string, and YAML reads \(String(describing: bad)) as a \(type(of: bad)); quote it")
                }
            }
            if option.kind == .list, let items = value as? [Any] {
                values[key] = .stringArray(try items.map { item throws(ConfigurationError) in
                    guard let scalar = scalarText(item) else { throw ConfigurationError("\(path): '\(key)' must be a list of strings") }
                    return scalar
                })
            } else if let scalar = scalarText(value) {
                values[key] = option.kind == .list ? .stringArray([scalar]) : .string(scalar)
            } else if value is NSNull {
                // `token:` with nothing after it: there, and empty (refused by the caller, by name).
                values[key] = option.kind == .list ? .stringArray([]) : .string("")
            } else {
                throw ConfigurationError("\(path): '\(key)' must be a single value, got \(type(of: value))")
            }
        }
        return values
    }

    private static func scalarText(_ value: Any) -> String? {
        if type(of: value) == Bool.self, let bool = value as? Bool { return bool ? "true" : "false" }
        switch value {
        case let string as String: return string
        case let int as Int: return String(int)
        case let double as Double: return String(double)
        default: return nil
        }
    }
}

/// `serve`'s options after flag > environment > file > default, checked: what each row of
/// `ServeOption.all` puts where (its default when it is set nowhere), in the table's order.
public struct ServeConfiguration: Sendable {
    public static let defaultWorkers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

    public var host = ""
    public var port = 0
    public var project: String?
    public var workers = 1
    /// The server's knobs the options set (`--queue`, `--render-deadline`, `--max-connections`, …);
    /// the rest keep their defaults. No serve option sets a render limit (`Limits`).
    public var serverLimits = ServerLimits.default
    /// Rebuild the gallery at / when a file under Layouts/ or Fonts/ changes.
    public var watch = false
    /// `--token` and the lines of `--token-file`; `--signing-key` and `--signing-key-file`.
    var tokens: [String] = []
    var signingKeys: [[UInt8]] = []
    var protectMetrics = false
    /// Who may call what, from the tokens, keys and `--protect-metrics`.
    public private(set) var access = AccessPolicy()

    public init(_ settings: ServeSettings) throws {
        for option in ServeOption.all { try option.apply(settings, &self) }
        // The one rule between two options, when the streams are set: an event stream holds its
        // connection.
        if settings.string("max-event-streams") != nil, serverLimits.maxEventStreams >= serverLimits.maxConnections {
            throw ConfigurationError("\(settings.source("max-event-streams")) must be from 0 to max-connections - 1 "
                + "(\(serverLimits.maxConnections - 1)), got \(serverLimits.maxEventStreams): a stream holds its connection")
        }
        access = AccessPolicy(tokens: tokens, signingKeys: signingKeys, openPaths: AccessPolicy.defaultOpenPaths(protectMetrics: protectMetrics))
    }
}
