import Foundation
public import SwiftUI
package import WidgetModel

// The part of WidgetKit a widget's views and configuration are written with, for Linux: Apple's
// names and signatures (developer.apple.com/documentation/widgetkit). See docs/swift.md.

/// The kind of widget a view is drawn as (WidgetKit's `WidgetFamily`).
public enum WidgetFamily: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline

    public var description: String { rawValue }

    /// The engine's surface of this family.
    package var surface: Surface { Surface(rawValue: rawValue)! }

    package init?(_ surface: Surface) { self.init(rawValue: surface.rawValue) }
}

struct WidgetFamilyKey: EnvironmentKey {
    static let defaultValue = WidgetFamily.systemSmall
}

extension EnvironmentValues {
    /// The family the widget is drawn in.
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}

/// Where a container background goes (WidgetKit's `ContainerBackgroundPlacement`).
public struct ContainerBackgroundPlacement: Hashable, Sendable {
    let name: String
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}

/// Hands the container background up to the surface.
struct ContainerBackgroundView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let background: AnyShapeStyle?
    let backgroundView: ((EnvironmentValues) -> ViewNode)?

    func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        environment.collector.containerBackground = background
        environment.collector.containerBackgroundView = backgroundView.map { $0(environment) }
        return ViewResolver.nodes(content, in: environment)
    }
}

extension View {
    /// The widget's background, which iOS removes where it draws widgets without one (StandBy,
    /// the Lock Screen).
    public func containerBackground<S: ShapeStyle>(_ style: S, for container: ContainerBackgroundPlacement) -> some View {
        ContainerBackgroundView(content: self, background: AnyShapeStyle(style), backgroundView: nil)
    }

    public func containerBackground<V: View>(for container: ContainerBackgroundPlacement, alignment: SwiftUI.Alignment = .center,
                                             @ViewBuilder content: () -> V) -> some View {
        let background = content()
        return ContainerBackgroundView(content: self, background: nil,
                                       backgroundView: { ViewResolver.node(background, in: $0) })
    }
}

/// One moment of a widget's timeline (WidgetKit's `TimelineEntry`).
public protocol TimelineEntry {
    var date: Date { get }
}

/// When WidgetKit asks for a new timeline.
public struct TimelineReloadPolicy: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case atEnd, never, after(Date) }
    let kind: Kind
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    public static let never = TimelineReloadPolicy(kind: .never)
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }
}

/// A widget's entries and when to reload (WidgetKit's `Timeline`).
public struct Timeline<EntryType: TimelineEntry> {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy
    public init(entries: [EntryType], policy: TimelineReloadPolicy) { self.entries = entries; self.policy = policy }
}

/// What a provider is asked in (WidgetKit's `TimelineProviderContext`).
public struct TimelineProviderContext: Sendable {
    public let family: WidgetFamily
    public let isPreview: Bool
    public let displaySize: CGSize
    package init(family: WidgetFamily, isPreview: Bool, displaySize: CGSize) {
        self.family = family; self.isPreview = isPreview; self.displaySize = displaySize
    }
}

/// Supplies a widget's entries (WidgetKit's `TimelineProvider`).
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// What a widget declares (WidgetKit's `WidgetConfiguration`).
public protocol WidgetConfiguration {}

/// A configuration the engine can draw: its entries (from its provider) and its view for an entry.
package protocol EntryViews: WidgetConfiguration {
    func contentNodes(for entry: any TimelineEntry, in environment: EnvironmentValues) -> [ViewNode]?
    var families: [WidgetFamily] { get }
    /// The provider's placeholder, snapshot and timeline entries for `context`.
    func placeholder(in context: TimelineProviderContext) -> any TimelineEntry
    func snapshot(in context: TimelineProviderContext) -> (any TimelineEntry)?
    func timeline(in context: TimelineProviderContext) -> [any TimelineEntry]?
}

/// A widget with no options the user sets (WidgetKit's `StaticConfiguration`).
public struct StaticConfiguration<Content: View>: WidgetConfiguration, EntryViews {
    let kind: String
    let content: (any TimelineEntry) -> Content?
    let placeholderEntry: (TimelineProviderContext) -> any TimelineEntry
    let snapshotEntry: (TimelineProviderContext) -> (any TimelineEntry)?
    let timelineEntries: (TimelineProviderContext) -> [any TimelineEntry]?
    public var families: [WidgetFamily] = WidgetFamily.allCases.filter { $0.rawValue.hasPrefix("system") && $0 != .systemExtraLarge }

    public init<Provider: TimelineProvider>(kind: String, provider: Provider,
                                            @ViewBuilder content: @escaping (Provider.Entry) -> Content) {
        self.kind = kind
        self.content = { entry in (entry as? Provider.Entry).map(content) }
        placeholderEntry = { provider.placeholder(in: $0) }
        // A provider that answers through its completion handler at once (as widget providers
        // reading local data do); one that answers later, from a Task, gives no entry here.
        snapshotEntry = { context in
            var found: Provider.Entry?
            provider.getSnapshot(in: context) { found = $0 }
            return found
        }
        timelineEntries = { context in
            var found: Timeline<Provider.Entry>?
            provider.getTimeline(in: context) { found = $0 }
            return found?.entries
        }
    }

    package func placeholder(in context: TimelineProviderContext) -> any TimelineEntry { placeholderEntry(context) }
    package func snapshot(in context: TimelineProviderContext) -> (any TimelineEntry)? { snapshotEntry(context) }
    package func timeline(in context: TimelineProviderContext) -> [any TimelineEntry]? { timelineEntries(context) }

    package func contentNodes(for entry: any TimelineEntry, in environment: EnvironmentValues) -> [ViewNode]? {
        content(entry).map { ViewResolver.nodes($0, in: environment) }
    }

    public func supportedFamilies(_ families: [WidgetFamily]) -> StaticConfiguration { var c = self; c.families = families; return c }
    public func configurationDisplayName(_ name: String) -> StaticConfiguration { self }
    public func description(_ text: String) -> StaticConfiguration { self }
    public func contentMarginsDisabled() -> StaticConfiguration { self }
}

/// A widget (WidgetKit's `Widget`).
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}
