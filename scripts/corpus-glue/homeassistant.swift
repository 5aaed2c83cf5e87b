// Ours: minimal stand-ins for the parts of home-assistant's `Shared` framework whose real files
// drag in the app's world (AppEnvironment/`Current` reaches GRDB, PromiseKit, HAKit, Realm,
// XCGLogger; `Server` reaches HAKit and the keychain), for scripts/swift-corpus. Shapes follow
// the real declarations (Shared/Environment/Environment.swift, HANetworking/Sources/Server.swift,
// ServerManager.swift, Shared/Environment/LocalizedManager.swift): only the members the widget
// extension touches, with inert bodies. The real Shared files that compile standalone (L10n,
// WidgetsKind, Domain, AppConstants, TodoListItem, MagicItem, …) are given with --app.
@_exported import HADesignSystem
@_exported import HAIconic
import Foundation

/// Shared's `AppEnvironment`, the type of `Current`.
public final class AppEnvironment {
    public var date: () -> Date = Date.init
    public var calendar: () -> Calendar = { Calendar.autoupdatingCurrent }
    public var servers: ServerManager = CorpusServerManager()
    public var settingsStore = SettingsStore()
    public var localized = LocalizedManager()
    public var isCatalyst = false
    public var Log = CorpusLogger()
    public var connectivity = ConnectivityWrapper()
    public lazy var webhooks = WebhookManager()
    /// The real provider (Shared/MagicItem/MagicItemProvider.swift, given with --app).
    public var magicItemProvider: () -> MagicItemProviderProtocol = { MagicItemProvider() }
    public var apis: [HomeAssistantAPI] { servers.all.compactMap(api(for:)) }
    public func api(for server: Server) -> HomeAssistantAPI? { nil }
}

public var Current = AppEnvironment()

/// XCGLogger's calls as the extension makes them (`Current.Log.error(…)`).
public final class CorpusLogger {
    public func verbose(_ message: @autoclosure () -> Any?, file: StaticString = #file, line: Int = #line) {}
    public func debug(_ message: @autoclosure () -> Any?, file: StaticString = #file, line: Int = #line) {}
    public func info(_ message: @autoclosure () -> Any?, file: StaticString = #file, line: Int = #line) {}
    public func warning(_ message: @autoclosure () -> Any?, file: StaticString = #file, line: Int = #line) {}
    public func error(_ message: @autoclosure () -> Any?, file: StaticString = #file, line: Int = #line) {}
}

public struct SettingsStore {
    public var widgetAuthenticityToken = "corpus"
}

/// The strings are the keys unless a table is given (scripts/ha-calibrate gives the app's English
/// `.strings`: table name → key → text).
public final class LocalizedManager {
    public var tables: [String: [String: String]] = [:]
    public func string(_ key: String, _ table: String) -> String { tables[table]?[key] ?? key }
    public func frontend(_ key: String) -> String? { nil }
    public func core(_ key: String) -> String? { nil }
}

public final class ConnectivityWrapper {
    public func refreshNetworkInformation() {}
}

public final class WebhookManager {
    public func handleBackground(for identifier: String, completionHandler: @escaping () -> Void) { completionHandler() }
}

public final class HomeAssistantAPI {
    public let server: Server
    public init(server: Server) { self.server = server }
}

public struct ServerInfo: Codable, Equatable {
    public var name: String
    public var version: String?
    public init(name: String) { self.name = name }
}

/// HANetworking's `Server`: an identifier and its info.
public final class Server: Hashable, Comparable {
    public let identifier: Identifier<Server>
    public var info: ServerInfo
    public init(identifier: Identifier<Server>, info: ServerInfo) { self.identifier = identifier; self.info = info }
    public static func == (lhs: Server, rhs: Server) -> Bool { lhs.identifier == rhs.identifier }
    public static func < (lhs: Server, rhs: Server) -> Bool { lhs.identifier.rawValue < rhs.identifier.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

public protocol ServerManager {
    var all: [Server] { get }
    func server(for identifier: Identifier<Server>) -> Server?
}

public extension ServerManager {
    func server(forServerIdentifier identifier: String?) -> Server? { all.first { $0.identifier.rawValue == identifier } }
}

struct CorpusServerManager: ServerManager {
    var all: [Server] { [] }
    func server(for identifier: Identifier<Server>) -> Server? { nil }
}
