// Stub of IceCubesApp's `AppAccount` package for WidgetShot's corpus measurement.
import Foundation
import NetworkClient

public struct AppAccount: Codable, Identifiable, Hashable, Sendable {
    public let server: String
    public var accountName: String?
    public let oauthToken: OauthToken?
    public var id: String { "\(server):\(accountName ?? "")" }
    public init(server: String, accountName: String?, oauthToken: OauthToken? = nil) {
        self.server = server; self.accountName = accountName; self.oauthToken = oauthToken
    }
}
