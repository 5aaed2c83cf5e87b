import Foundation
import WidgetModel
import WidgetTemplate
import WidgetShot

/// An ActivityKit push notification (the JSON an app server sends to APNs for a Live Activity),
/// read from its `aps` dictionary. Key names and meanings follow Apple's "Starting and updating Live
/// Activities with ActivityKit push notifications"
/// (developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications):
/// `timestamp` and the dates are UNIX seconds; `event` is start, update or end.
public struct PushPayload: Sendable, Equatable {
    public enum Event: String, Sendable, CaseIterable { case start, update, end }

    public var event: Event
    /// `aps.timestamp`: when the server made the content; ActivityKit shows the newest.
    public var timestamp: Date
    /// `aps.content-state`: the activity's dynamic data (ActivityAttributes.ContentState).
    public var contentState: DataValue?
    /// `aps.stale-date`: past it the system marks the content out of date (`context.isStale`).
    public var staleDate: Date?
    /// `aps.dismissal-date`: with `end`, when the system removes the ended activity.
    public var dismissalDate: Date?
    /// `aps.relevance-score`: orders several activities of one app.
    public var relevanceScore: Double?
    public var alert: PushAlert?
    /// `aps.attributes-type` and `aps.attributes`: only on `start` (push-to-start).
    public var attributesType: String?
    public var attributes: DataValue?
    /// Bytes of the payload as written (APNs counts these against its 4,096-byte limit).
    public var byteCount: Int
}

/// `aps.alert`: the system lights the screen and shows the expanded island (or, without an
/// island, the Lock Screen banner); title and body are what Apple Watch shows
/// (developer.apple.com/documentation/activitykit/alertconfiguration, "title"/"body").
public struct PushAlert: Sendable, Equatable {
    public var title: String
    public var body: String
    public var sound: String?
}

/// One finding about a payload, naming the key it is about (`aps.content-state.order.eta`).
public struct PushProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    /// The rule broken (PushRule raw values; stable for tools).
    public var rule: PushRule
    /// Dotted key path from the payload's root; `$` for the payload as a whole.
    public var key: String
    public var message: String

    public var description: String { "\(severity.rawValue): \(key): \(message)" }
}

/// The rules a payload is checked against, one per kind of problem.
public enum PushRule: String, Sendable, CaseIterable {
    /// The payload must be a JSON object with an `aps` object.
    case aps
    /// The whole payload within APNs's 4,096 bytes.
    case size
    /// Each key's type (numbers for dates, strings, objects).
    case type
    /// `timestamp`, `event`, `content-state` (start/update) present.
    case required
    /// `event` is start, update or end.
    case event
    /// `alert` on every `start`; with title and body.
    case alert
    /// `attributes-type` + `attributes` on `start` only.
    case attributes
    /// `dismissal-date` only with `end`.
    case dismissalDate = "dismissal-date"
    /// Timestamps never go back; stale and dismissal dates not before the timestamp.
    case order
    /// Keys of `aps` ActivityKit does not read.
    case unknownKey = "unknown-key"
    /// A value the layout binds that the content-state (and attributes) lack.
    case missingKey = "missing-key"
    /// A content-state value no surface of the layout reads.
    case unusedKey = "unused-key"
    /// A number the layout reads as a date that lands decades from the push: written in another
    /// encoding than the layout's `dateEncoding:` (Swift's default `JSONEncoder` counts from 2001).
    case dateEncoding = "date-encoding"
}

/// A payload's findings: errors (APNs or ActivityKit would refuse or drop it, or the layout cannot
/// show it) apart from warnings (it works, but probably not as meant).
public struct PushReport: Sendable, Equatable {
    public var problems: [PushProblem] = []
    public var errors: [PushProblem] { problems.filter { $0.severity == .error } }
    public var warnings: [PushProblem] { problems.filter { $0.severity == .warning } }
    public var isValid: Bool { errors.isEmpty }
    /// About what the findings take in an answer (key, message and JSON punctuation), counted
    /// against `Limits.pushReportBytes` as they are added.
    var bytes = 0

    public init(problems: [PushProblem] = []) {
        for p in problems { add(p) }
    }

    /// JSON punctuation and the rule's name around one finding's key and message.
    static let findingOverhead = 48

    mutating func add(_ problem: PushProblem) {
        problems.append(problem)
        bytes += problem.key.utf8.count + problem.message.utf8.count + Self.findingOverhead
    }
    mutating func error(_ rule: PushRule, _ key: String, _ message: String) {
        add(PushProblem(severity: .error, rule: rule, key: key, message: message))
    }
    mutating func warning(_ rule: PushRule, _ key: String, _ message: String) {
        add(PushProblem(severity: .warning, rule: rule, key: key, message: message))
    }
}

/// A payload file that cannot be used: not UTF-8, not JSON (the CLI's exit 2, the server's 400), or
/// past one of the limits on what a check may cost (`limit` names it; exit 2, the server's 413).
/// A payload that reads but breaks a rule is a finding in its report instead.
public struct PushInputError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The `Limits` field passed, e.g. `sequencePushes`; nil for input that cannot be read.
    public var limit: String?
    /// What the error is about, for an API answer's `field`: `body`, or a key path such as
    /// `aps.content-state`.
    public var field: String

    public init(message: String, limit: String? = nil, field: String = "body") {
        self.message = message; self.limit = limit; self.field = field
    }

    public var description: String { message }
}
