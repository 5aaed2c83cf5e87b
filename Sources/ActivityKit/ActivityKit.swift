import Foundation

// The part of ActivityKit a Live Activity's views are written with, for Linux: Apple's names and
// signatures (developer.apple.com/documentation/activitykit). See docs/swift.md.

/// What a Live Activity shows and how it changes (ActivityKit's `ActivityAttributes`): the static
/// attributes are the type itself, the changing part its `ContentState`, decoded from a push as
/// the app decodes it.
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// The presentation a Live Activity is drawn in on Apple Watch and CarPlay (ActivityKit's
/// `ActivityFamily`).
public enum ActivityFamily: Hashable, Sendable {
    case small, medium
}

/// A Live Activity's content: its state and when it goes stale (ActivityKit's `ActivityContent`).
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Hashable {
    public let state: State
    public let staleDate: Date?
    public let relevanceScore: Double
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state; self.staleDate = staleDate; self.relevanceScore = relevanceScore
    }
}

/// Whether the user allows Live Activities (ActivityKit's `ActivityAuthorizationInfo`): allowed,
/// in a preview.
public final class ActivityAuthorizationInfo: @unchecked Sendable {
    public init() {}
    public var areActivitiesEnabled: Bool { true }
    public var frequentPushesEnabled: Bool { true }
}

/// How a Live Activity is updated remotely (ActivityKit's `PushType`).
public struct PushType: Hashable, Sendable {
    let name: String
    public static let token = PushType(name: "token")
    public static func channel(_ channelId: String) -> PushType { PushType(name: "channel:" + channelId) }
}

/// When an ended Live Activity leaves the Lock Screen (ActivityKit's `ActivityUIDismissalPolicy`).
public struct ActivityUIDismissalPolicy: Hashable, Sendable {
    let after: Date?
    let immediately: Bool
    public static let `default` = ActivityUIDismissalPolicy(after: nil, immediately: false)
    public static let immediate = ActivityUIDismissalPolicy(after: nil, immediately: true)
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy(after: date, immediately: false) }
}

/// Where a Live Activity is in its life (ActivityKit's `ActivityState`).
public enum ActivityState: Hashable, Sendable { case active, ended, dismissed, stale, pending }

/// The alert an update shows (ActivityKit's `AlertConfiguration`). Apple's title and body are
/// `LocalizedStringResource`s, a Foundation type swift-corelibs-foundation lacks and ActivityKit
/// cannot reach here (it is declared in AppIntents): a string literal or interpolation works alike.
public struct AlertConfiguration: Sendable {
    public struct AlertSound: Hashable, Sendable {
        let name: String?
        public static let `default` = AlertSound(name: nil)
        public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
    }
    public let title: String
    public let body: String
    public let sound: AlertSound
    public init(title: String, body: String, sound: AlertSound) { self.title = title; self.body = body; self.sound = sound }
}

/// A Live Activity (ActivityKit's `Activity`). On Linux nothing reaches the system: `request`
/// makes the value the app would hold, `update` and `end` change it, no push token arrives.
public final class Activity<Attributes: ActivityAttributes>: Identifiable, @unchecked Sendable {
    public let id: String
    public let attributes: Attributes
    public private(set) var content: ActivityContent<Attributes.ContentState>
    public private(set) var activityState: ActivityState = .active
    /// No token on Linux.
    public var pushToken: Data? { nil }
    /// No tokens arrive on Linux: the sequence ends at once.
    public var pushTokenUpdates: AsyncStream<Data> { AsyncStream { $0.finish() } }
    public var contentUpdates: AsyncStream<ActivityContent<Attributes.ContentState>> { AsyncStream { $0.finish() } }
    public var activityStateUpdates: AsyncStream<ActivityState> { AsyncStream { $0.finish() } }

    init(attributes: Attributes, content: ActivityContent<Attributes.ContentState>) {
        id = UUID().uuidString; self.attributes = attributes; self.content = content
    }

    /// None are running on Linux.
    public static var activities: [Activity<Attributes>] { [] }

    public static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
                               pushType: PushType? = nil) throws -> Activity<Attributes> {
        Activity(attributes: attributes, content: content)
    }

    public func update(_ content: ActivityContent<Attributes.ContentState>) async { self.content = content }

    public func update(_ content: ActivityContent<Attributes.ContentState>, alertConfiguration: AlertConfiguration?) async {
        self.content = content
    }

    public func end(_ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        if let content { self.content = content }
        activityState = .ended
    }
}
