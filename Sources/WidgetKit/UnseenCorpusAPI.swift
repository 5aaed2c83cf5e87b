// What WidgetKit gives a file that imports it, and the iOS 18 accented image modes, found by
// measuring unseen widget extensions (docs/swift.md, "Public widget code, measured").

/// Apple's WidgetKit brings Foundation with it: a provider file with only `import WidgetKit`
/// writes `Date()` (Pocket Casts' `StaticWidgetProvider.swift`, Simplenote's providers).
@_exported import Foundation
import SwiftUI
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
