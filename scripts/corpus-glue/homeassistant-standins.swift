// Ours: stand-ins scripts/ha-calibrate declares only when the app's own file that declares the type
// is left out (it needs HAKit, GRDB, PromiseKit or the app's notification and database services),
// one section per type, each starting with a `// @stand-in <TypeName>` line. This file is never
// compiled whole: the harness writes a section to its work folder when a file that the type-check
// keeps reports "cannot find '<TypeName>'" (scripts/ha-calibrate, `prune`).
//
// The tiles (`WidgetBasicView`) build a `Button(intent:)` per tile: the intents below are what the
// app's buttons run on a tap (they call the server or write the app's GRDB database). A picture
// never performs an intent, so each keeps the real declaration's shape (its name, its `@Parameter`
// properties with their types, `AppIntent`) and performs nothing.

// @stand-in UpdateWidgetItemConfirmationStateAppIntent
// Extensions/Widgets/Custom/AppIntents/UpdateWidgetItemConfirmationStateAppIntent.swift writes the
// pending confirmation to the app's database (`Current.database().write`).
import AppIntents

struct UpdateWidgetItemConfirmationStateAppIntent: AppIntent {
    static var title: LocalizedStringResource = "Update custom widget confirmation"
    @Parameter(title: "Widget Id")
    var widgetId: String?
    @Parameter(title: "item Id")
    var serverUniqueId: String?
    func perform() async throws -> some IntentResult { .result() }
}

// @stand-in ResetAllCustomWidgetConfirmationAppIntent
// Its file resets the confirmation states in the app's database.
import AppIntents

struct ResetAllCustomWidgetConfirmationAppIntent: AppIntent {
    static var title: LocalizedStringResource = "Reset custom widget confirmation states"
    func perform() async throws -> some IntentResult { .result() }
}

// @stand-in CustomWidgetToggleAppIntent
// Its file sends HAKit's typed requests (`HATypedRequest`) over the server's connection.
import AppIntents

struct CustomWidgetToggleAppIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle"
    @Parameter(title: "Server")
    var serverId: String?
    @Parameter(title: "Domain")
    var domain: String?
    @Parameter(title: "Entity ID")
    var entityId: String?
    @Parameter(title: "Is widget showing states?")
    var widgetShowingStates: Bool?
    func perform() async throws -> some IntentResult { .result() }
}

// @stand-in CustomWidgetActivateAppIntent
// Its file sends HAKit's typed requests over the server's connection.
import AppIntents

struct CustomWidgetActivateAppIntent: AppIntent {
    static var title: LocalizedStringResource = "Activate"
    @Parameter(title: "Server")
    var serverId: String?
    @Parameter(title: "Domain")
    var domain: String?
    @Parameter(title: "Entity ID")
    var entityId: String?
    func perform() async throws -> some IntentResult { .result() }
}

// @stand-in CustomWidgetPressButtonAppIntent
// Its file sends HAKit's typed requests over the server's connection.
import AppIntents

struct CustomWidgetPressButtonAppIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle"
    @Parameter(title: "Server")
    var serverId: String?
    @Parameter(title: "Domain")
    var domain: String?
    @Parameter(title: "Entity ID")
    var entityId: String?
    func perform() async throws -> some IntentResult { .result() }
}

// @stand-in ScriptAppIntent
// Extensions/AppIntents/Script/ScriptAppIntent.swift runs the script through the server's API
// (PromiseKit) and posts a notification.
import AppIntents

final class ScriptAppIntent: AppIntent, @unchecked Sendable {
    static let title: LocalizedStringResource = .init("widgets.script.description.title", defaultValue: "Run Script")
    @Parameter(title: LocalizedStringResource("app_intents.scripts.script.title", defaultValue: "Run Script"))
    var script: IntentScriptEntity
    @Parameter(title: "Notify when run", default: true)
    var showConfirmationNotification: Bool
    @Parameter(title: "Haptic confirmation", default: false)
    var hapticConfirmation: Bool
    init() {}
    func perform() async throws -> some IntentResult & ReturnsValue<Bool> { .result(value: false) }
}

// @stand-in IntentScriptEntity
// Extensions/AppIntents/Script/IntentScriptEntity.swift: its query reads the scripts from the app's
// GRDB entity mirror, and its subtitle comes from the entity registry (EntityProvider+Details).
import AppIntents

struct IntentScriptEntity: AppEntity {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Script")
    static let defaultQuery = Query()
    struct Query: EntityQuery {
        func entities(for identifiers: [String]) async throws -> [IntentScriptEntity] { [] }
    }

    var id: String
    var entityId: String
    var serverId: String
    var serverName: String
    var areaName: String?
    var deviceName: String?
    var floorName: String?
    var displayString: String
    var iconName: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(displayString)") }

    init(id: String, entityId: String, serverId: String, serverName: String, areaName: String? = nil,
         deviceName: String? = nil, floorName: String? = nil, displayString: String, iconName: String) {
        self.id = id; self.entityId = entityId; self.serverId = serverId; self.serverName = serverName
        self.areaName = areaName; self.deviceName = deviceName; self.floorName = floorName
        self.displayString = displayString; self.iconName = iconName
    }
}
