import Foundation
package import WidgetModel

// SwiftUI API a widget may use that WidgetShot does not draw yet: declared unavailable, so the
// compiler names it at the team's line (docs/swift.md), rather than a picture silently missing it.

@available(*, unavailable, message: "WidgetShot does not draw Canvas yet (docs/swift.md)")
public struct Canvas<Symbols: View>: View, PrimitiveView {
    public typealias Body = Never
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) where Symbols == EmptyView {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

/// Canvas's drawing context (SwiftUI's `GraphicsContext`), declared so `Canvas` names itself.
@available(*, unavailable, message: "WidgetShot does not draw Canvas yet (docs/swift.md)")
public struct GraphicsContext {}

public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

/// A team's own layout (SwiftUI's `Layout` protocol): not run by the engine yet.
@available(*, unavailable, message: "WidgetShot does not run a custom Layout yet: use stacks, or ViewThatFits (docs/swift.md)")
public protocol Layout {
    typealias Subviews = LayoutSubviews
}

@available(*, unavailable, message: "WidgetShot does not run a custom Layout yet: use stacks, or ViewThatFits (docs/swift.md)")
public struct LayoutSubviews {}

@available(*, unavailable, message: "WidgetShot does not run a custom Layout yet: use stacks, or ViewThatFits (docs/swift.md)")
public struct ProposedViewSize {}

extension View {
    /// Where a tap opens the app: nothing to draw.
    public func widgetURL(_ url: URL?) -> some View { self }

    /// Hidden when the device is locked; a preview draws it.
    public func privacySensitive(_ sensitive: Bool = true) -> some View { self }
}
