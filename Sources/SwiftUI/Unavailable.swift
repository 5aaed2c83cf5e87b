import Foundation
package import WidgetModel

// SwiftUI API a widget may use that WidgetShot does not draw yet: declared unavailable, so the
// compiler names it at the team's line (docs/swift.md), rather than a picture silently missing it.
// (Canvas and the Layout protocol are drawn now: Canvas.swift, Layout.swift.)

/// How a canvas blends colours (SwiftUI's `ColorRenderingMode`): the engine draws in sRGB.
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

extension View {
    /// Where a tap opens the app: nothing to draw.
    public func widgetURL(_ url: URL?) -> some View { self }

    /// Hidden when the device is locked; a preview draws it.
    public func privacySensitive(_ sensitive: Bool = true) -> some View { self }
}
