import Foundation
public import SwiftUI
public import ActivityKit
public import AppIntents
package import WidgetModel

// `#Preview` for widgets and Live Activities, with WidgetKit's signatures
// (developer.apple.com/documentation/widgetkit/preview-macros). The macros' arguments are
// type-checked against these declarations; the expansion (Sources/PreviewMacros) calls the
// matching `Preview` initializer below with the same arguments. Rendering is WidgetShotSwiftUI's.

@freestanding(declaration)
public macro Preview<W: Widget>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry])
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(_ name: String? = nil, as family: WidgetFamily,
                                                             widget: @escaping () -> W,
                                                             timelineProvider: @escaping () -> Provider)
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview<W: Widget, Intent: WidgetConfigurationIntent>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> W,
    @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry])
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider)
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview<W: Widget, Attributes: ActivityAttributes>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes, widget: @escaping () -> W,
    @PreviewActivityBuilder<Attributes> contentStates: @escaping @MainActor () async -> [Attributes.ContentState])
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// Builds a widget preview's entries (WidgetKit's `PreviewTimelineBuilder`).
@resultBuilder public struct PreviewTimelineBuilder {
    public static func buildExpression(_ entry: some TimelineEntry) -> [any TimelineEntry] { [entry] }
    public static func buildPartialBlock(first: [any TimelineEntry]) -> [any TimelineEntry] { first }
    public static func buildPartialBlock(accumulated: [any TimelineEntry], next: [any TimelineEntry]) -> [any TimelineEntry] {
        accumulated + next
    }
    public static func buildArray(_ components: [[any TimelineEntry]]) -> [any TimelineEntry] { components.flatMap { $0 } }
    public static func buildBlock() -> [any TimelineEntry] { [] }
}

/// Builds a Live Activity preview's content states (WidgetKit's `PreviewActivityBuilder`).
@resultBuilder public struct PreviewActivityBuilder<A: ActivityAttributes> {
    public static func buildExpression(_ state: A.ContentState) -> [A.ContentState] { [state] }
    public static func buildPartialBlock(first: [A.ContentState]) -> [A.ContentState] { first }
    public static func buildPartialBlock(accumulated: [A.ContentState], next: [A.ContentState]) -> [A.ContentState] {
        accumulated + next
    }
    public static func buildArray(_ components: [[A.ContentState]]) -> [A.ContentState] { components.flatMap { $0 } }
}

/// Which Live Activity presentation a preview shows (WidgetKit's `ActivityPreviewViewKind`).
public enum ActivityPreviewViewKind: Hashable, Sendable {
    case content
    case dynamicIsland(DynamicIslandPreviewViewState)

    /// The Dynamic Island presentation a preview shows.
    public enum DynamicIslandPreviewViewState: Hashable, Sendable {
        case compact, expanded, minimal
    }

    /// The surface the engine draws this presentation on.
    package var surface: Surface {
        switch self {
        case .content: .lockScreen
        case .dynamicIsland(.compact): .islandCompact
        case .dynamicIsland(.expanded): .islandExpanded
        case .dynamicIsland(.minimal): .islandMinimal
        }
    }
}

/// What a widget's `#Preview` holds: the family, the widget, and where its entries come from.
public struct WidgetPreview {
    public let family: WidgetFamily
    package let widget: () -> any Widget
    /// The entries, asked for with a context that carries the family and display size.
    package let entries: @MainActor (TimelineProviderContext) async -> [any TimelineEntry]
}

/// What a Live Activity's `#Preview` holds: the presentation, the widget, the attributes and the
/// content states (each drawn as one picture).
public struct ActivityPreview {
    public let viewKind: ActivityPreviewViewKind
    package let widget: () -> any Widget
    package let attributes: any ActivityAttributes
    package let contentStates: @MainActor () async -> [Any]
}

extension Preview {
    /// A preview of a timeline widget: `widget` drawn in `family` for each entry `timeline` builds.
    public init(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> some Widget,
                @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]) {
        self.init(displayName: name, content: WidgetPreview(family: family, widget: widget, entries: { _ in await timeline() }))
    }

    /// A preview of a widget whose entries come from `timelineProvider`'s timeline.
    public init(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> some Widget,
                timelineProvider: @escaping () -> some TimelineProvider) {
        self.init(displayName: name, content: WidgetPreview(family: family, widget: widget) { context in
            await timelineEntries(of: timelineProvider(), in: context)
        })
    }

    /// A preview of a configurable widget: `widget` drawn in `family` for each entry `timeline`
    /// builds (the entries carry what the configuration `intent` chose).
    public init<Intent: WidgetConfigurationIntent>(_ name: String? = nil, as family: WidgetFamily, using intent: Intent,
                                                   widget: @escaping () -> some Widget,
                                                   @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]) {
        self.init(displayName: name, content: WidgetPreview(family: family, widget: widget, entries: { _ in await timeline() }))
    }

    /// A preview of a configurable widget whose entries come from `timelineProvider`'s timeline
    /// for the configuration `intent`.
    public init<Provider: AppIntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
                                                     widget: @escaping () -> some Widget,
                                                     timelineProvider: @escaping () -> Provider) {
        nonisolated(unsafe) let intent = intent
        self.init(displayName: name, content: WidgetPreview(family: family, widget: widget) { context in
            await timelineProvider().timeline(for: intent, in: context).entries
        })
    }

    /// A preview of a Live Activity: `widget`'s activity configuration drawn in `viewKind` for
    /// `attributes` and each content state.
    public init<Attributes: ActivityAttributes>(
        _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
        widget: @escaping () -> some Widget,
        @PreviewActivityBuilder<Attributes> contentStates: @escaping @MainActor () async -> [Attributes.ContentState]
    ) {
        self.init(displayName: name, content: ActivityPreview(viewKind: viewKind, widget: widget, attributes: attributes,
                                                              contentStates: { await contentStates().map { $0 as Any } }))
    }

    /// The widget preview this is, if it is one.
    public var widgetPreview: WidgetPreview? { content as? WidgetPreview }
    /// The Live Activity preview this is, if it is one.
    public var activityPreview: ActivityPreview? { content as? ActivityPreview }
}

/// A provider's timeline entries, however it answers: at once or later from its own task.
@MainActor
func timelineEntries<Provider: TimelineProvider>(of provider: Provider, in context: TimelineProviderContext) async -> [any TimelineEntry] {
    await withCheckedContinuation { (done: CheckedContinuation<[any TimelineEntry], Never>) in
        provider.getTimeline(in: context) { timeline in
            // Entries are the team's plain values; a provider may hand them over from its own task.
            nonisolated(unsafe) let entries: [any TimelineEntry] = timeline.entries
            done.resume(returning: entries)
        }
    }
}
