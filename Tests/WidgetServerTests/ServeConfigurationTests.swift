import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// A suite whose tests write configuration files into a scratch folder of their own (removed with
/// the suite value, when the test ends).
private protocol ConfigFiles { var scratch: ScratchFolder { get } }

extension ConfigFiles {
    /// `text` in a file named `name`, in a folder of its own inside the test's scratch folder.
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = scratch.file(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

@Suite struct ServeConfigurationTests: ConfigFiles {
    let scratch = ScratchFolder("serve-config")

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() throws {
        let file = try temporaryFile("serve.yaml", """
            # every level sets port; only the file and the default set the rest
            port: 7001
            queue: 3
            render-deadline: 0.75
            host: 0.0.0.0
            """)
        let environment = ["WIDGETSHOT_PORT": "7002", "WIDGETSHOT_QUEUE": "5"]
        let all = try ServeConfiguration(ServeSettings(flags: ["port": ["7003"]], environment: environment, configFile: file))
        #expect(all.port == 7003)
        #expect(all.serverLimits.queuePerWorker == 5)
        #expect(all.serverLimits.renderDeadline == 0.75)
        #expect(all.host == "0.0.0.0")
        #expect(all.serverLimits.idleTimeout == ServerLimits.default.idleTimeout)

        let noFlag = try ServeConfiguration(ServeSettings(flags: [:], environment: environment, configFile: file))
        #expect(noFlag.port == 7002)
        let fileOnly = try ServeConfiguration(ServeSettings(flags: [:], environment: [:], configFile: file))
        #expect(fileOnly.port == 7001)
        #expect(fileOnly.serverLimits.queuePerWorker == 3)
        let nothing = try ServeConfiguration(ServeSettings(flags: [:], environment: [:]))
        #expect(nothing.port == 8080)
        #expect(nothing.host == "127.0.0.1")
        #expect(nothing.serverLimits == ServerLimits.default)
        #expect(nothing.access.isOpen)
    }

    /// The server's knobs from a config file land in `ServerLimits` (no render limit is a serve
    /// option: `Limits` is not part of the configuration).
    @Test func aConfigFileValueLandsInServerLimits() throws {
        let one = try temporaryFile("serve.yaml", "max-connections: 7\n")
        let configuration = try ServeConfiguration(ServeSettings(flags: [:], environment: [:], configFile: one))
        var expected = ServerLimits.default
        expected.maxConnections = 7
        #expect(configuration.serverLimits == expected)

        let every = try temporaryFile("serve.yaml", """
            queue: 2
            render-deadline: 1.5
            max-connections: 7
            max-event-streams: 3
            event-stream-lifetime: 60
            idle-timeout: 4
            header-timeout: 5
            body-timeout: 6
            shutdown-deadline: 8
            cache-bytes: 1000
            """)
        let limits = try ServeConfiguration(ServeSettings(flags: [:], environment: [:], configFile: every)).serverLimits
        expected.queuePerWorker = 2
        expected.renderDeadline = 1.5
        expected.maxEventStreams = 3
        expected.eventStreamLifetime = 60
        expected.idleTimeout = 4
        expected.headerTimeout = 5
        expected.bodyTimeout = 6
        expected.shutdownDeadline = 8
        expected.responseCacheBytes = 1000
        #expect(limits == expected)
    }

    @Test func theConfigFileComesFromWIDGETSHOT_CONFIGAndMayBeJSON() throws {
        let file = try temporaryFile("serve.json", #"{"port": 7100, "token": ["one", "two"], "protect-metrics": true, "max-connections": 10}"#)
        let settings = try ServeSettings(flags: [:], environment: ["WIDGETSHOT_CONFIG": file])
        let configuration = try ServeConfiguration(settings)
        #expect(settings.configFile == file)
        #expect(configuration.port == 7100)
        #expect(configuration.serverLimits.maxConnections == 10)
        #expect(settings.list("token") == ["one", "two"])
        #expect(!configuration.access.isOpen)
        #expect(!configuration.access.openPaths.contains("/metrics"))
        #expect(configuration.access.openPaths.contains("/health"))
    }

    @Test func listsComeCommaSeparatedFromTheEnvironment() throws {
        let settings = try ServeSettings(flags: [:], environment: ["WIDGETSHOT_TOKEN": "a, b,c", "WIDGETSHOT_PROTECT_METRICS": "false"])
        #expect(settings.list("token") == ["a", "b", "c"])
        #expect(try settings.flag("protect-metrics") == false)
        let flags = try ServeSettings(flags: ["token": ["x"]], environment: ["WIDGETSHOT_TOKEN": "a,b"])
        #expect(flags.list("token") == ["x"])
    }

    @Test func theProjectFolderKeepsItsOlderVariable() throws {
        let settings = try ServeSettings(flags: [:], environment: ["WIDGETSHOT_HOME": "/srv/widgetshot"])
        #expect(try ServeConfiguration(settings).project == "/srv/widgetshot")
        #expect(ServeOption.named("project")?.environmentVariable == "WIDGETSHOT_HOME")
        #expect(ServeOption.named("render-deadline")?.environmentVariable == "WIDGETSHOT_RENDER_DEADLINE")
    }

    @Test func anUnknownKeyInTheFileIsAnErrorNamingTheKeyAndTheFile() throws {
        let file = try temporaryFile("serve.yaml", "port: 8080\nrender_deadline: 2\n")
        let error = try #require(throws: ConfigurationError.self) { try ServeSettings(flags: [:], environment: [:], configFile: file) }
        #expect(error.description.contains(file))
        #expect(error.description.contains("unknown key 'render_deadline'"))
        #expect(error.description.contains("did you mean 'render-deadline'"))
    }

    /// Found by fuzzing the config reader: a key that is itself a list or a map (`? - a`) made
    /// Yams' constructor trap, so `serve --config` of such a file crashed instead of refusing it.
    @Test(arguments: ["signing-key:\n? - 0123456-17\n", "? [port]\n: 8080\n", "token:\n  ? {a: 1}\n  : 2\n"])
    func aKeyThatIsNotANameIsAnErrorNotATrap(_ text: String) throws {
        let file = try temporaryFile("serve.yaml", text)
        let error = try #require(throws: ConfigurationError.self) { try ServeSettings(flags: [:], environment: [:], configFile: file) }
        #expect(error.description.contains(file))
        #expect(error.description.contains("a key must be a name"), "\(error)")
    }

    @Test func aBadValueNamesWhereItCameFrom() throws {
        let file = try temporaryFile("serve.yaml", "workers: many\n")
        let fromFile = try #require(throws: ConfigurationError.self) {
            try ServeConfiguration(ServeSettings(flags: [:], environment: [:], configFile: file))
        }
        #expect(fromFile.description.contains("'workers' in \(file)"))
        let fromEnvironment = try #require(throws: ConfigurationError.self) {
            try ServeConfiguration(ServeSettings(flags: [:], environment: ["WIDGETSHOT_RENDER_DEADLINE": "-1"]))
        }
        #expect(fromEnvironment.description.contains("$WIDGETSHOT_RENDER_DEADLINE"))
        let shortKey = try #require(throws: ConfigurationError.self) {
            try ServeConfiguration(ServeSettings(flags: ["signing-key": ["short"]], environment: [:]))
        }
        #expect(shortKey.description.contains("--signing-key"))
        let streams = try #require(throws: ConfigurationError.self) {
            try ServeConfiguration(ServeSettings(flags: ["max-event-streams": ["7"]], environment: ["WIDGETSHOT_MAX_CONNECTIONS": "7"]))
        }
        #expect(streams.description == "--max-event-streams must be from 0 to max-connections - 1 (6), got 7: a stream holds its connection")
        #expect(throws: ConfigurationError.self) {
            try ServeSettings(flags: [:], environment: [:], configFile: try temporaryFile("list.yaml", "- 1\n- 2\n"))
        }
    }

    @Test func everyServeOptionHasOneVariableAndTheyDiffer() {
        let variables = ServeOption.all.map(\.environmentVariable)
        #expect(Set(variables).count == variables.count)
        #expect(variables.allSatisfy { $0.hasPrefix("WIDGETSHOT_") && $0.allSatisfy { $0.isUppercase || $0 == "_" } })
        let keys = ServeOption.all.map(\.fileKey)
        #expect(Set(keys).count == keys.count)
    }

    /// Each row's value goes where the row says, from each source: every option set through its
    /// variable moves the configuration away from the defaults, and the same value in the file
    /// gives the same configuration.
    @Test func everyRowOfTheTableReachesTheConfiguration() throws {
        let values: [String: String] = [
            "host": "0.0.0.0", "port": "9", "project": "/srv/p", "workers": "3", "queue": "7", "render-deadline": "2",
            "max-connections": "40", "max-event-streams": "5", "event-stream-lifetime": "9", "idle-timeout": "3",
            "header-timeout": "4", "body-timeout": "6", "shutdown-deadline": "7", "cache-bytes": "12",
            "token": "t1", "signing-key": "k-0123456789abcdef", "protect-metrics": "true", "watch": "true",
        ]
        let files = ["token-file", "signing-key-file"]
        #expect(Set(values.keys).union(files) == Set(ServeOption.all.map(\.name)), "a row without a value here")
        func fields(_ c: ServeConfiguration) -> String {
            "\(c.host) \(c.port) \(c.project ?? "-") \(c.workers) \(c.serverLimits) \(c.watch) \(c.tokens) \(c.signingKeys) \(c.protectMetrics)"
        }
        let defaults = fields(try ServeConfiguration(ServeSettings(flags: [:], environment: [:])))
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let option = try #require(ServeOption.named(name))
            let fromEnvironment = fields(try ServeConfiguration(ServeSettings(flags: [:], environment: [option.environmentVariable: value])))
            #expect(fromEnvironment != defaults, "\(option.environmentVariable)=\(value) changed nothing")
            let file = try temporaryFile("serve.yaml", "\(option.fileKey): \"\(value)\"\n")
            let fromFile = fields(try ServeConfiguration(ServeSettings(flags: [:], environment: [:], configFile: file)))
            #expect(fromFile == fromEnvironment, "\(name)")
            let fromFlag = fields(try ServeConfiguration(ServeSettings(flags: [name: [value]], environment: [:])))
            #expect(fromFlag == fromEnvironment, "\(name)")
        }
    }

    /// docs/server.md's options table is the table: one row per option, in its order, with its
    /// variable, default and help sentence.
    @Test func theServerDocumentsOptionsTableIsServeOptionAll() throws {
        let document = try String(contentsOfFile: Project.root + "/docs/server.md", encoding: .utf8)
        let section = try #require(document.components(separatedBy: "\n### ").first { $0.hasPrefix("Options\n") },
                                   "docs/server.md has no '### Options' section")
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `--") }.map(String.init)
        let expected = ServeOption.all.map { option in
            let flag = option.flag + (option.valueName.map { " <\($0)>" } ?? "")
            let variable = "`\(option.environmentVariable)`" + (option.kind == .list ? " (comma-separated)" : "")
            return "| `\(flag)` | \(variable) | \(option.defaultText ?? "—") | \(option.help) |"
        }
        #expect(rows == expected, "docs/server.md's options table should read:\n\(expected.joined(separator: "\n"))")
    }

    /// `serve`'s flags are the table's rows, in its order, each with the help and value name of its
    /// row (`--project`, shared with the other commands, keeps ProjectOptions' help).
    @Test(.childProcess) func serveDeclaresEachRowOfTheTableAndNoOtherOption() async throws {
        let run = try await ServerCLI.run(["serve", "--experimental-dump-help"], seconds: 30)
        #expect(run.status == 0, "\(run)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let arguments = try #require((root["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        let notRows: Set = ["config", "no-protect-metrics", "allow-empty", "version", "help", "h"]
        var named: [String: [String: Any]] = [:]
        var order: [String] = []
        for argument in arguments {
            guard let name = (argument["preferredName"] as? [String: Any])?["name"] as? String, !notRows.contains(name) else { continue }
            named[name] = argument
            order.append(name)
        }
        #expect(order.filter { $0 != "project" } == ServeOption.all.map(\.name).filter { $0 != "project" })
        for option in ServeOption.all {
            let argument = try #require(named[option.name], "serve has no --\(option.name)")
            #expect(argument["valueName"] as? String == option.valueName ?? option.name, "--\(option.name)")
            #expect((argument["kind"] as? String == "flag") == (option.kind == .flag), "--\(option.name)")
            #expect((argument["isRepeating"] as? Bool == true) == (option.kind == .list), "--\(option.name)")
            if option.name != "project" {
                #expect(argument["abstract"] as? String == option.helpText, "--\(option.name)")
            }
        }
    }
}

/// Access control fails closed: a setting that is there but empty (an unset variable expanded, an
/// empty Kubernetes secret, `token: []`) stops the server from starting, naming the option and where
/// it came from, instead of starting one with every route open.
@Suite struct FailClosedConfigurationTests: ConfigFiles {
    let scratch = ScratchFolder("serve-config")

    private func refusal(flags: [String: [String]] = [:], environment: [String: String] = [:],
                         configFile: String? = nil) throws -> String {
        do {
            let configuration = try ServeConfiguration(ServeSettings(flags: flags, environment: environment, configFile: configFile))
            return "started, access \(configuration.access.isOpen ? "open" : "closed")"
        } catch let error as ConfigurationError {
            return error.description
        }
    }

    @Test(arguments: [
        ("WIDGETSHOT_TOKEN", ""), ("WIDGETSHOT_TOKEN", ","), ("WIDGETSHOT_TOKEN", " "), ("WIDGETSHOT_TOKEN", " , ,"),
        ("WIDGETSHOT_SIGNING_KEY", ""), ("WIDGETSHOT_SIGNING_KEY", ","),
        ("WIDGETSHOT_TOKEN_FILE", ""), ("WIDGETSHOT_SIGNING_KEY_FILE", " "),
        ("WIDGETSHOT_CONFIG", ""), ("WIDGETSHOT_HOST", ""), ("WIDGETSHOT_PROTECT_METRICS", ""),
    ])
    func anEmptyVariableIsAStartUpErrorNamingIt(_ variable: String, _ value: String) throws {
        let message = try refusal(environment: [variable: value])
        #expect(message.contains("$\(variable)"), "\(message)")
        #expect(message.contains("empty"), "\(message)")
    }

    @Test(arguments: ["token: \"\"\n", "token: []\n", "token: [\"\", \" \"]\n", "token:\n", "signing-key: \"\"\n",
                      "signing-key: []\n", "token-file: \"\"\n", "signing-key-file:\n", "port:\n"])
    func anEmptyKeyInTheConfigFileIsAStartUpErrorNamingTheKeyAndTheFile(_ text: String) throws {
        let file = try temporaryFile("serve.yaml", text)
        let message = try refusal(configFile: file)
        let key = String(text.prefix { $0 != ":" })
        #expect(message.contains("'\(key)' in \(file)"), "\(message)")
        #expect(message.contains("empty"), "\(message)")
    }

    @Test func anEmptyFlagIsAStartUpErrorNamingIt() throws {
        for (name, values) in [("token", [""]), ("token", ["ok-token", " "]), ("signing-key", [""]), ("token-file", [""])] {
            let message = try refusal(flags: [name: values])
            #expect(message.contains("--\(name)"), "\(message)")
            #expect(message.contains("empty"), "\(message)")
        }
        let message = try refusal(flags: [:], environment: [:], configFile: "")
        #expect(message.contains("--config"), "\(message)")
    }

    @Test func realTokensAndKeysStillStartAServerWithAccessControlOn() throws {
        let configuration = try ServeConfiguration(ServeSettings(
            flags: [:], environment: ["WIDGETSHOT_TOKEN": "one, two", "WIDGETSHOT_SIGNING_KEY": "a-key-of-sixteen-bytes-or-more"]))
        #expect(!configuration.access.isOpen)
        #expect(configuration.access.summary == "access control on: tokens: 2, signing keys: 1")
        #expect(try ServeConfiguration(ServeSettings(flags: [:], environment: [:])).access.summary
            == "access control OFF: every route is open")
    }
}

/// `serve` as started from a shell: empty settings exit 2 before listening; the start-up line says
/// whether access control is on and how.
@Suite(.timeLimit(.minutes(2)))
struct ServeStartupTests {
    @Test(.childProcess) func serveWithAnEmptyTokenVariableExits2InsteadOfServingOpen() async throws {
        for (variable, value) in [("WIDGETSHOT_TOKEN", ""), ("WIDGETSHOT_SIGNING_KEY", ","), ("WIDGETSHOT_TOKEN", " ")] {
            let run = try await ServerCLI.run(["serve", "--port", "0", "--project", TinyProject.folders.root], environment: [variable: value], seconds: 6)
            #expect(run.status == 2, "\(variable)=\"\(value)\": \(run)")
            #expect(run.stderr.contains("$\(variable)"), "\(run)")
            #expect(!run.stdout.contains("serving"), "\(run)")
        }
    }

    @Test(.childProcess) func theStartUpLineSaysHowAccessIsControlled() async throws {
        let project = ["serve", "--port", "0", "--project", TinyProject.folders.root]
        let open = try await ServerCLI.firstLine(project)
        #expect(open.line.contains("access control OFF: every route is open"), "\(open.line) \(open.run)")
        let closed = try await ServerCLI.firstLine(project + ["--token", "t1"], environment: ["WIDGETSHOT_SIGNING_KEY": "k-0123456789abcdef,k-fedcba9876543210"])
        #expect(closed.line.contains("access control on: tokens: 1, signing keys: 2"), "\(closed.line) \(closed.run)")
    }
}
