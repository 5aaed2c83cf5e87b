// Stub of IceCubesApp's `Timeline` package for WidgetShot's corpus measurement: the filter values the
// widget extension names.
import Foundation
import Models
import NetworkClient

public enum TimelineFilter: Hashable, Identifiable, Sendable {
    case home, local, federated, trending
    case hashtag(tag: String, accountId: String?)
    case list(list: Models.List)

    public var id: String { title }

    public var title: String {
        switch self {
        case .home: "Home"
        case .local: "Local"
        case .federated: "Federated"
        case .trending: "Trending"
        case .hashtag(let tag, _): "#\(tag)"
        case .list(let list): list.title
        }
    }

    public func endpoint(sinceId: String?, maxId: String?, minId: String?, offset: Int?, limit: Int?) -> any Endpoint {
        StubEndpoint(title)
    }
}
