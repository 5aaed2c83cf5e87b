// Stubs (ours) for what Mastodon's WidgetExtension gets from its packages (MastodonCore,
// MastodonSDK, MetaTextKit/MastodonMeta, LightChart) and from its .intentdefinition.
import Foundation
import SwiftUI

// Generated from WidgetExtension.intentdefinition
class FollowersCountIntent { var account: String?; var showChart: NSNumber?; required init() {} }
class HashtagIntent { var hashtag: String?; var ignoreContentWarnings: NSNumber?; required init() {} }
class LatestFollowersIntent { required init() {} }
class MultiFollowersCountIntent { var accounts: [String]?; required init() {} }

// MastodonSDK
enum Mastodon {
    enum Entity {
        struct Account {
            var followersCount = 0, displayNameWithFallback = "", acct = "", note = "", header = ""
            var acctWithDomain: String { acct }
            func acctWithDomainIfMissing(_ domain: String) -> String { acct.contains("@") ? acct : acct + "@" + domain }
            func avatarImageURLWithFallback(domain: String) -> URL { URL(string: "https://" + domain)! }
        }
        struct Status {
            var account = Account(), content: String? = nil, reblogsCount = 0, favouritesCount = 0
            var createdAt = Date(), sensitive: Bool? = false
        }
        struct SearchResult { var accounts: [Account] = [] }
    }
    enum API { enum V2 { enum Search {
        enum SearchType { case accounts, hashtags, statuses }
        struct Query { init(q: String, type: SearchType) {} }
    } } }
    enum Response { struct Content<T> { let value: T } }
}

// MastodonCore
struct MastodonAuthentication { func account() -> Mastodon.Entity.Account? { nil } }
struct MastodonAuthenticationBox { var authentication = MastodonAuthentication(), domain = "mastodon.social", userID = "" }
final class AuthenticationService { var mastodonAuthenticationBoxes: [MastodonAuthenticationBox] = [] }
final class APIService {
    func search(query: Mastodon.API.V2.Search.Query, authenticationBox: MastodonAuthenticationBox) async throws -> Mastodon.Response.Content<Mastodon.Entity.SearchResult> { .init(value: .init()) }
    func hashtagTimeline(limit: Int, hashtag: String, authenticationBox: MastodonAuthenticationBox) async throws -> Mastodon.Response.Content<[Mastodon.Entity.Status]> { .init(value: []) }
    func followers(userID: String, maxID: String?, authenticationBox: MastodonAuthenticationBox) async throws -> Mastodon.Response.Content<[Mastodon.Entity.Account]> { .init(value: []) }
}
final class AppContext { let authenticationService = AuthenticationService(); let apiService = APIService() }
final class AuthenticationServiceProvider { static let shared = AuthenticationServiceProvider(); func restore() {} }
extension Int { func asAbbreviatedCountString() -> String { self >= 1000 ? "\(self / 1000)K" : "\(self)" } }
extension Date { func localizedShortTimeAgo(since date: Date) -> String { "\(Int(date.timeIntervalSince(self) / 60))m" } }

// MetaTextKit / MastodonMeta
enum Meta { struct Entity { var range = NSRange(location: 0, length: 0); var primaryText = "" } }
struct MetaContent { var string = ""; var entities: [Meta.Entity] = [] }
struct MastodonContent { init(content: String, emojis: [String: String]) { self.content = content }; let content: String }
enum MastodonMetaContent { static func convert(text: MastodonContent) -> MetaContent { MetaContent(string: text.content) } }

// LightChart
enum ChartType { case line, curved }
enum ChartVisualType { case outline(color: Color, lineWidth: CGFloat), filled(color: Color, lineWidth: CGFloat) }
struct LightChartView: View {
    init(data: [Double], type: ChartType = .line, visualType: ChartVisualType = .outline(color: .red, lineWidth: 2), offset: Double = 0) {}
    var body: some View { Rectangle().fill(Color.gray.opacity(0.2)) }
}

// MastodonAsset (SwiftGen's Assets.swift declares its types under `#if os(iOS)`, so on Linux
// from its own source it declares none)
final class ColorAsset { let name: String; init(name: String) { self.name = name }; var swiftUIColor: Color { Color(name) } }
enum Asset { enum Colors { enum Brand { static let blurple = ColorAsset(name: "Colors/Brand/blurple") } } }
extension Collection { subscript(safe index: Index) -> Element? { indices.contains(index) ? self[index] : nil } }
