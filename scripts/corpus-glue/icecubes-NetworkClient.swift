// Stub of IceCubesApp's `NetworkClient` package for WidgetShot's corpus measurement: the client and
// endpoints the widget extension calls, answering nothing (a render never reaches a server).
import Foundation
import Models

public protocol Endpoint: Sendable { func path() -> String }

public enum Accounts: Endpoint {
    case verifyCredentials
    public func path() -> String { "accounts/verify_credentials" }
}

public enum Notifications: Endpoint {
    case notifications(minId: String?, maxId: String?, types: [String]?, limit: Int)
    public func path() -> String { "notifications" }
}

public enum Lists: Endpoint {
    case lists
    public func path() -> String { "lists" }
}

public struct StubEndpoint: Endpoint {
    public let value: String
    public init(_ value: String) { self.value = value }
    public func path() -> String { value }
}

public struct ClientError: Error {}

public final class MastodonClient: @unchecked Sendable {
    public let server: String
    public init(server: String, oauthToken: OauthToken? = nil) { self.server = server }
    public func get<Entity: Decodable>(endpoint: any Endpoint) async throws -> Entity { throw ClientError() }
}

public struct OauthToken: Codable, Hashable, Sendable {
    public let accessToken: String
    public init(accessToken: String) { self.accessToken = accessToken }
}
