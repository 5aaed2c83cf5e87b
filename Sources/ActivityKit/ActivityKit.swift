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
