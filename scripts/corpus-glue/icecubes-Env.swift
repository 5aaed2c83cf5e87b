// Stub of IceCubesApp's `Env` package for WidgetShot's corpus measurement: the accounts manager the
// app's intent entities ask (one preview account).
import Foundation
import AppAccount

@MainActor public final class AppAccountsManager {
    public static let shared = AppAccountsManager()
    public var availableAccounts: [AppAccount] = [AppAccount(server: "mastodon.social", accountName: "preview")]
    public var currentAccount: AppAccount { availableAccounts[0] }
}
