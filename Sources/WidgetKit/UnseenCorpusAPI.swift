// What WidgetKit gives a file that imports it, and the iOS 18 accented image modes, found by
// measuring unseen widget extensions (docs/swift.md, "Public widget code, measured").

/// Apple's WidgetKit brings Foundation with it: a provider file with only `import WidgetKit`
/// writes `Date()` (Pocket Casts' `StaticWidgetProvider.swift`, Simplenote's providers).
@_exported import Foundation
public import SwiftUI
public import ActivityKit
package import WidgetModel

/// How the accented rendering mode draws an `Image` (WidgetKit's `WidgetAccentedRenderingMode`, iOS 18).
public struct WidgetAccentedRenderingMode: Hashable, Sendable {
    package let mode: AccentedImageMode
    /// In the accented group, as `widgetAccentable()` puts it.
    public static let accented = WidgetAccentedRenderingMode(mode: .accented)
    /// Its luminance as alpha, in the default group's colour.
    public static let desaturated = WidgetAccentedRenderingMode(mode: .desaturated)
    /// Its luminance as alpha, in the accent group's colour.
    public static let accentedDesaturated = WidgetAccentedRenderingMode(mode: .accentedDesaturated)
    /// Its own colours, untinted.
    public static let fullColor = WidgetAccentedRenderingMode(mode: .fullColor)
}

extension Image {
    /// How the accented mode draws this image (SwiftUI's `Image.widgetAccentedRenderingMode(_:)`, iOS 18);
    /// nil: the system's default (tinted as the rest of its group).
    public func widgetAccentedRenderingMode(_ renderingMode: WidgetAccentedRenderingMode?) -> some View {
        accentedMode(renderingMode?.mode)
    }
}

/// Where a view of the expanded island goes (WidgetKit's `DynamicIslandExpandedRegionVerticalPlacement`).
public struct DynamicIslandExpandedRegionVerticalPlacement: Hashable, Sendable {
    let name: String
    /// The system's placement.
    public static let `default` = DynamicIslandExpandedRegionVerticalPlacement(name: "default")
    /// Below the camera when too wide to sit beside it.
    public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement(name: "belowIfTooWide")
}

extension View {
    /// Where this view of the expanded island goes (WidgetKit's `dynamicIsland(verticalPlacement:)`).
    /// Partly: `.belowIfTooWide` is not applied (the view stays in its region beside the camera),
    /// with a warning at the team's line; `.default` is what is drawn.
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement,
                              file: StaticString = #fileID, line: UInt = #line) -> some View {
        IslandPlacementView(content: self, placement: verticalPlacement, file: file, line: line)
    }
}

struct IslandPlacementView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let placement: DynamicIslandExpandedRegionVerticalPlacement
    let file: StaticString
    let line: UInt
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        if placement != .default {
            environment.collector.warn("dynamicIsland(verticalPlacement: .\(placement.name)) is not applied: the view is drawn in its region beside the camera",
                                       file: file, line: line)
        }
        return ViewResolver.nodes(content, in: environment)
    }
}

extension ActivityAttributes {
    /// A Live Activity preview of the old preview API (ActivityKit's `previewContext(_:isStale:viewKind:)`,
    /// for a `PreviewProvider`): the attributes do not name their widget, so it is a placeholder
    /// with a warning; `#Preview(_:as:using:widget:contentStates:)` draws the activity.
    /// Partly: a magenta placeholder with a warning (the old API names no widget).
    public func previewContext(_ contentState: Self.ContentState, isStale: Bool = false, viewKind: ActivityPreviewViewKind,
                               file: StaticString = #fileID, line: UInt = #line) -> some View {
        ActivityPreviewPlaceholder(name: "\(Self.self)", viewKind: viewKind, file: file, line: line)
    }
}

struct ActivityPreviewPlaceholder: View, PrimitiveView {
    typealias Body = Never
    let name: String
    let viewKind: ActivityPreviewViewKind
    let file: StaticString
    let line: UInt
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        environment.collector.warn("\(name).previewContext(_:viewKind:) is not drawn: the attributes do not name their widget (#Preview(_:as:using:widget:contentStates:) draws it)",
                                   file: file, line: line)
        return [Placeholder.node("\(name) preview")]
    }
}
