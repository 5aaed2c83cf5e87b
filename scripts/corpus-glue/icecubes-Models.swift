// Stub of IceCubesApp's `Models` package (scripts/swift-corpus measure --module Models=…): only the
// members its widget extension reads, written small for WidgetShot's corpus measurement. Not the
// app's code: the real package decodes Mastodon's API.
import Foundation

public struct HTMLString: Codable, Hashable, Sendable {
    public var asRawText: String
    public var asSafeMarkdownAttributedString: AttributedString { AttributedString(asRawText) }
    public init(_ text: String) { asRawText = text }
}

public final class Account: Codable, Identifiable, Hashable, @unchecked Sendable {
    public let id: String
    public let username: String
    public let displayName: String?
    public let avatar: URL
    public let followersCount: Int?
    public var safeDisplayName: String { displayName ?? username }
    public init(id: String, username: String, displayName: String?, avatar: URL, followersCount: Int?) {
        self.id = id; self.username = username; self.displayName = displayName; self.avatar = avatar
        self.followersCount = followersCount
    }
    public static func placeholder() -> Account {
        Account(id: "1", username: "dimillian", displayName: "Thomas", avatar: URL(string: "https://example.com/a.png")!, followersCount: 120)
    }
    public static func == (a: Account, b: Account) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

public final class Status: Codable, Identifiable, Hashable, @unchecked Sendable {
    public let id: String
    public let content: HTMLString
    public let account: Account
    public let url: String?
    public let reblog: Status?
    public init(id: String, content: HTMLString, account: Account, url: String?, reblog: Status? = nil) {
        self.id = id; self.content = content; self.account = account; self.url = url; self.reblog = reblog
    }
    public static func placeholder() -> Status {
        Status(id: UUID().uuidString, content: HTMLString("Here's to the crazy ones."), account: .placeholder(),
               url: "https://example.com/@dimillian/1")
    }
    public static func == (a: Status, b: Status) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

public struct Notification: Codable, Identifiable, Sendable {
    public enum NotificationType: String, CaseIterable, Codable, Sendable {
        case follow, follow_request, mention, reblog, status, favourite, poll, update
    }
    public let id: String
    public let type: String
    public let status: Status?
}

public struct List: Codable, Identifiable, Hashable, Sendable {
    public let id: String
    public let title: String
    public init(id: String, title: String) { self.id = id; self.title = title }
}
