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

// The gauge (WidgetsSnapshot.test's gaugeWidget… tests draw `WidgetGaugeView(entry:)`).

// @stand-in WidgetGaugeEntry
// Declared in Extensions/AppIntents/Widget/Gauge/WidgetGaugeAppIntentTimelineProvider.swift, whose
// provider fetches the gauge's state through HAKit's connection (`HAData`, a REST template) and the
// watch complications' database resolver: the entry alone, its fields as the real one declares them.
import HAWatchComplications
import WidgetKit

struct WidgetGaugeEntry: TimelineEntry {
    var date = Date()
    var gaugeType: GaugeTypeAppEnum
    var value: Double
    var valueLabel: String?
    var label: String?
    var min: String?
    var max: String?
    var complicationModel: CircularComplicationRenderModel?
    var runScript: Bool
    var script: IntentScriptEntity?
    var showConfirmationNotification: Bool
}

// @stand-in GaugeTypeAppEnum
// Declared in Extensions/AppIntents/Widget/Gauge/WidgetGaugeAppIntent.swift, left out: its parameters'
// entities need AppIntents' `IntentItemCollection` and `@IntentParameterDependency` (not in our
// AppIntents yet) and queries that read the app's database. The enum alone: its three cases.
import AppIntents

enum GaugeTypeAppEnum: String, Codable, Sendable, AppEnum {
    case normal
    case singleLabel
    case capacity
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "GaugeType")
    static var caseDisplayRepresentations: [GaugeTypeAppEnum: DisplayRepresentation] {
        [.normal: "Normal", .singleLabel: "Normal (single label)", .capacity: "Capacity"]
    }
}

// @stand-in WidgetGaugeAppIntentTimelineProvider
// The gauge's provider (the same file as its entry) fetches through HAKit; the gauge's views name the
// widget in their #Previews (`WidgetGauge`, whose configuration takes this provider). The snapshot tests
// give the views their entries directly.
import WidgetKit

struct WidgetGaugeAppIntentTimelineProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> WidgetGaugeEntry {
        WidgetGaugeEntry(gaugeType: .normal, value: 0.5, valueLabel: "?", min: "?", max: "?",
                         runScript: false, script: nil, showConfirmationNotification: true)
    }
    func snapshot(for configuration: WidgetGaugeAppIntent, in context: Context) async -> WidgetGaugeEntry { placeholder(in: context) }
    func timeline(for configuration: WidgetGaugeAppIntent, in context: Context) async -> Timeline<WidgetGaugeEntry> {
        Timeline(entries: [placeholder(in: context)], policy: .never)
    }
}

// @stand-in WidgetGaugeAppIntent
// The gauge's configuration intent (left out with GaugeTypeAppEnum's file, above): the parameters the
// widget's configuration reads.
import AppIntents

struct WidgetGaugeAppIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = .init("widgets.gauge.title", defaultValue: "Actions")
    @Parameter(title: "Gauge Type", default: .normal)
    var gaugeType: GaugeTypeAppEnum
    @Parameter(title: "Notify when run", default: true)
    var showConfirmationNotification: Bool
}
