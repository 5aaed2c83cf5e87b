// Glue for IceCubesApp's widget extension (IceCubesAppWidgetsExtension) in WidgetShot's corpus
// measurement. The app's AppAccountEntity and TimelineFilterEntity come from its own
// IceCubesAppIntents folder (--app); ListEntity is stubbed here because its query uses
// `@IntentParameterDependency`, which WidgetShot's AppIntents does not declare yet.
import AppIntents
import Foundation
import Models

public struct ListEntity: Identifiable, AppEntity {
    public var id: String { list.id }
    public let list: Models.List
    public static let defaultQuery = DefaultListEntityQuery()
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "List"
    public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(list.title)") }
}

public struct DefaultListEntityQuery: EntityQuery {
    public init() {}
    public func entities(for identifiers: [ListEntity.ID]) async throws -> [ListEntity] { [] }
    public func suggestedEntities() async throws -> [ListEntity] { [] }
    public func defaultResult() async -> ListEntity? { nil }
}
