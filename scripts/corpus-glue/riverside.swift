// Stubs (ours) for what Riverside's widget files get from its own packages (Entities, AppConfig,
// RiversideLogging) and from swift-dependencies and CoreData.
import Foundation

// CoreData
class NSFetchRequest<T> { init() {} }
class NSManagedObjectContext { func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] { [] } }
// Entities
final class FeedModel { var title: String? }
final class EntryModel {
    var url: URL?; var title: String?; var feed: FeedModel?; var publishedAt: Date?
    static var unreads: NSFetchRequest<EntryModel> { NSFetchRequest() }
}
enum PersistentProvider { case cloud, inMemory; var viewContext: NSManagedObjectContext { NSManagedObjectContext() } }
// AppConfig
public struct AppConfig { public init(appGroup: String) {} }
// swift-dependencies
public protocol DependencyKey { associatedtype Value = Self; static var liveValue: Value { get } }
public struct DependencyValues { public var logger = LoggerGroup() }
@propertyWrapper public struct Dependency<Value> {
    let keyPath: KeyPath<DependencyValues, Value>
    public init(_ keyPath: KeyPath<DependencyValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { DependencyValues()[keyPath: keyPath] }
}
// RiversideLogging (os.Logger's interpolation, privacy included)
public enum LogCategory { case widget, app }
public struct LoggerGroup { public subscript(_ category: LogCategory) -> WidgetLogger { WidgetLogger() } }
public struct LogPrivacy: Sendable { public static let `public` = LogPrivacy(), `private` = LogPrivacy() }
public struct LogMessage: ExpressibleByStringInterpolation {
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation<T>(_ value: T, privacy: LogPrivacy = .private) {}
    }
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
}
public struct WidgetLogger { public func notice(_ message: LogMessage) {} }
