import Foundation
public import ActivityKit
public import SwiftUI
package import WidgetModel

/// What a Live Activity's views are given (WidgetKit's `ActivityViewContext`).
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let state: Attributes.ContentState
    public let attributes: Attributes
    public let activityID: String
    /// Past the push's `stale-date`.
    public let isStale: Bool

    package init(state: Attributes.ContentState, attributes: Attributes, activityID: String = "preview", isStale: Bool = false) {
        self.state = state; self.attributes = attributes; self.activityID = activityID; self.isStale = isStale
    }
}

/// Where an expanded Dynamic Island region sits (WidgetKit's `DynamicIslandExpandedRegionPosition`).
public struct DynamicIslandExpandedRegionPosition: Hashable, Sendable {
    let region: Region
    public static let leading = DynamicIslandExpandedRegionPosition(region: .leading)
    public static let trailing = DynamicIslandExpandedRegionPosition(region: .trailing)
    public static let center = DynamicIslandExpandedRegionPosition(region: .center)
    public static let bottom = DynamicIslandExpandedRegionPosition(region: .bottom)
}

/// What the expanded island is made of (WidgetKit's `DynamicIslandContent`).
public protocol DynamicIslandContent {}

/// The regions the engine lays out.
package protocol IslandRegions: DynamicIslandContent {
    func regions(in environment: EnvironmentValues) -> [Region: ViewNode]
}

/// One region of the expanded island (WidgetKit's `DynamicIslandExpandedRegion`).
public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandContent, IslandRegions {
    let position: DynamicIslandExpandedRegionPosition
    let content: Content
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        self.position = position; self.content = content()
    }
    package func regions(in environment: EnvironmentValues) -> [Region: ViewNode] {
        [position.region: ViewResolver.node(content, in: environment)]
    }
}

/// Several regions.
public struct DynamicIslandRegions: DynamicIslandContent, IslandRegions {
    let parts: [any IslandRegions]
    package func regions(in environment: EnvironmentValues) -> [Region: ViewNode] {
        parts.reduce(into: [:]) { all, part in all.merge(part.regions(in: environment)) { _, new in new } }
    }
}

/// Builds the expanded island from its regions (WidgetKit's `DynamicIslandExpandedContentBuilder`).
@resultBuilder public enum DynamicIslandExpandedContentBuilder {
    public static func buildBlock<each Content: DynamicIslandContent>(_ content: repeat each Content) -> DynamicIslandRegions {
        var parts: [any IslandRegions] = []
        for part in repeat each content { if let p = part as? any IslandRegions { parts.append(p) } }
        return DynamicIslandRegions(parts: parts)
    }
    public static func buildOptional(_ content: DynamicIslandRegions?) -> DynamicIslandRegions { content ?? DynamicIslandRegions(parts: []) }
    public static func buildEither(first: DynamicIslandRegions) -> DynamicIslandRegions { first }
    public static func buildEither(second: DynamicIslandRegions) -> DynamicIslandRegions { second }
}

/// A presentation of the Dynamic Island (WidgetKit's `DynamicIslandMode`).
public struct DynamicIslandMode: Hashable, Sendable, CustomStringConvertible {
    enum Kind: String, Hashable, Sendable { case compact, compactLeading, compactTrailing, expanded, minimal }
    let kind: Kind
    public static let compact = DynamicIslandMode(kind: .compact)
    /// The compact presentation's leading view (Apple's name; `.compact` is ours, both sides).
    public static let compactLeading = DynamicIslandMode(kind: .compactLeading)
    public static let compactTrailing = DynamicIslandMode(kind: .compactTrailing)
    public static let expanded = DynamicIslandMode(kind: .expanded)
    public static let minimal = DynamicIslandMode(kind: .minimal)
    public var description: String { kind.rawValue }
}

/// The Dynamic Island's presentations (WidgetKit's `DynamicIsland`).
public struct DynamicIsland {
    var expanded: (EnvironmentValues) -> [Region: ViewNode]
    var compactLeading: (EnvironmentValues) -> ViewNode
    var compactTrailing: (EnvironmentValues) -> ViewNode
    var minimal: (EnvironmentValues) -> ViewNode
    var keyline: Color?

    public init<Expanded: DynamicIslandContent, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> Expanded,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading,
        @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal) {
        self.expanded = { env in (expanded() as? any IslandRegions)?.regions(in: env) ?? [:] }
        self.compactLeading = { ViewResolver.node(compactLeading(), in: $0) }
        self.compactTrailing = { ViewResolver.node(compactTrailing(), in: $0) }
        self.minimal = { ViewResolver.node(minimal(), in: $0) }
    }

    /// The colour of the island's outline.
    public func keylineTint(_ color: Color?) -> DynamicIsland { var d = self; d.keyline = color; return d }

    /// Margins of a presentation's content (WidgetKit's `contentMargins(_:_:for:)`). Not applied
    /// yet: the island's own margins are drawn, and each presentation's views warn, naming it.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for mode: DynamicIslandMode,
                               file: StaticString = #fileID, line: UInt = #line) -> DynamicIsland {
        var d = self
        let message = "DynamicIsland.contentMargins(…, for: .\(mode)) is not applied: the island's own margins are drawn"
        func warn(_ env: EnvironmentValues) { env.collector.warn(message, file: file, line: line) }
        switch mode.kind {
        case .expanded:
            let expanded = d.expanded
            d.expanded = { warn($0); return expanded($0) }
        case .compact, .compactLeading:
            let leading = d.compactLeading
            d.compactLeading = { warn($0); return leading($0) }
        case .compactTrailing:
            let trailing = d.compactTrailing
            d.compactTrailing = { warn($0); return trailing($0) }
        case .minimal:
            let minimal = d.minimal
            d.minimal = { warn($0); return minimal($0) }
        }
        return d
    }
    public func contentMargins(_ length: CGFloat, for mode: DynamicIslandMode, file: StaticString = #fileID, line: UInt = #line) -> DynamicIsland {
        contentMargins(.all, length, for: mode, file: file, line: line)
    }
    public func widgetURL(_ url: URL?) -> DynamicIsland { self }
}

/// The views a Live Activity surface shows: its view, or its regions, and the background tint.
package struct ActivitySurfaceViews {
    package var view: ViewNode?
    package var regions: [Region: ViewNode] = [:]
    package var keylineTint: Color?
}

/// A Live Activity the engine draws from attributes and a content state.
package protocol ActivityViews: WidgetConfiguration {
    func views(for surface: Surface, attributes: Any, state: Any, isStale: Bool,
               in environment: EnvironmentValues) -> ActivitySurfaceViews?
    var attributesTypeName: String { get }
}

/// A Live Activity (WidgetKit's `ActivityConfiguration`): its Lock Screen view and its Dynamic Island.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration, ActivityViews {
    let lockScreen: (ActivityViewContext<Attributes>, EnvironmentValues) -> ViewNode
    let island: (ActivityViewContext<Attributes>) -> DynamicIsland

    public init<Content: View>(for attributesType: Attributes.Type,
                               @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
                               dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland) {
        lockScreen = { context, env in ViewResolver.node(content(context), in: env) }
        island = dynamicIsland
    }

    package var attributesTypeName: String { "\(Attributes.self)" }

    package func views(for surface: Surface, attributes: Any, state: Any, isStale: Bool,
                       in environment: EnvironmentValues) -> ActivitySurfaceViews? {
        guard let attributes = attributes as? Attributes, let state = state as? Attributes.ContentState else { return nil }
        let context = ActivityViewContext(state: state, attributes: attributes, isStale: isStale)
        var environment = environment
        environment.activityFamily = surface == .activitySmall ? .small : .medium
        environment[ActivityFullscreenKey.self] = surface == .standBy
        let island = self.island(context)
        var out = ActivitySurfaceViews(keylineTint: island.keyline)
        switch surface {
        case .lockScreen, .standBy, .activitySmall: out.view = lockScreen(context, environment)
        case .islandCompact: out.regions = [.leading: island.compactLeading(environment), .trailing: island.compactTrailing(environment)]
        case .islandMinimal: out.view = island.minimal(environment)
        case .islandExpanded: out.regions = island.expanded(environment)
        default: return nil
        }
        return out
    }
}

extension View {
    /// The Lock Screen view's background.
    public func activityBackgroundTint(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) { env in
            if let color { env.collector.containerBackground = AnyShapeStyle(color) }
        }
    }

    /// Partly: the colour is accepted and not applied.
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
}

struct ActivityFamilyKey: EnvironmentKey { static let defaultValue = ActivityFamily.medium }
struct ActivityFullscreenKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// The Live Activity's presentation family (WidgetKit's `activityFamily`): `.small` on the
    /// Apple Watch / CarPlay surface (`activitySmall`), `.medium` on the Lock Screen and elsewhere.
    public var activityFamily: ActivityFamily {
        get { self[ActivityFamilyKey.self] }
        set { self[ActivityFamilyKey.self] = newValue }
    }

    /// Whether the Live Activity fills the screen (WidgetKit's `isActivityFullscreen`): on StandBy.
    public var isActivityFullscreen: Bool { self[ActivityFullscreenKey.self] }
}
