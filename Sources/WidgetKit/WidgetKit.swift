import Foundation
public import SwiftUI
package import WidgetModel

// The part of WidgetKit a widget's views and configuration are written with, for Linux: Apple's
// names and signatures (developer.apple.com/documentation/widgetkit). See docs/swift.md.

/// The kind of widget a view is drawn as (WidgetKit's `WidgetFamily`).
public enum WidgetFamily: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
    /// The portrait extra-large widget (visionOS 26, iOS 27): drawn on the extra-large surface.
    case systemExtraLargePortrait

    public var description: String { rawValue }

    /// The engine's surface of this family.
    package var surface: Surface { Surface(rawValue: rawValue) ?? .systemExtraLarge }

    package init?(_ surface: Surface) { self.init(rawValue: surface.rawValue) }
}

struct WidgetFamilyKey: EnvironmentKey {
    static let defaultValue = WidgetFamily.systemSmall
}

extension EnvironmentValues {
    /// The margins the system puts around the widget's content in its family (WidgetKit's
    /// `widgetContentMargins`): 16 pt on the Home Screen families, none on the accessories
    /// (as the engine draws them).
    public var widgetContentMargins: SwiftUI.EdgeInsets {
        let margin = widgetFamily.rawValue.hasPrefix("accessory") ? SurfaceMetrics.accessoryMargin : SurfaceMetrics.widgetMargin
        return SwiftUI.EdgeInsets(top: CGFloat(margin), leading: CGFloat(margin), bottom: CGFloat(margin), trailing: CGFloat(margin))
    }

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
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, for Smart Stacks (WidgetKit's `TimelineEntryRelevance`).
public struct TimelineEntryRelevance: Hashable, Sendable {
    public var score: Float
    public var duration: TimeInterval
    public init(score: Float, duration: TimeInterval = 0) { self.score = score; self.duration = duration }
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
public protocol TimelineProvider: _TimelineProviderContextual {
    associatedtype Entry: TimelineEntry
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// Where the providers' `Context` is declared once, so a provider that is several kinds at once
/// (an `IntentTimelineProvider` that is also an `AppIntentTimelineProvider`) sees one `Context`.
public protocol _TimelineProviderContextual {
    typealias Context = TimelineProviderContext
}

// `Widget` and `WidgetConfiguration` are SwiftUI's (Apple declares them there, and a file that
// imports only SwiftUI extends them): Sources/SwiftUI/WidgetDeclarations.swift.
