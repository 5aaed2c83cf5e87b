import Foundation
package import WidgetModel

// SwiftUI API a widget may use that WidgetShot does not draw yet: declared unavailable, so the
// compiler names it at the team's line (docs/swift.md), rather than a picture silently missing it.

@available(*, unavailable, message: "WidgetShot does not draw GeometryReader yet (docs/swift.md)")
public struct GeometryProxy {
    public var size: CGSize { .zero }
}

@available(*, unavailable, message: "WidgetShot does not draw GeometryReader yet (docs/swift.md)")
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

@available(*, unavailable, message: "WidgetShot does not draw Canvas yet (docs/swift.md)")
public struct Canvas: View, PrimitiveView {
    public typealias Body = Never
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

@available(*, unavailable, message: "WidgetShot does not draw Gauge yet (docs/swift.md)")
public struct Gauge<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label) {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

@available(*, unavailable, message: "WidgetShot does not draw Toggle yet (docs/swift.md)")
public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public init(isOn: Bool, @ViewBuilder label: () -> Label) {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

extension View {
    /// Where a tap opens the app: nothing to draw.
    public func widgetURL(_ url: URL?) -> some View { self }

    /// Hidden when the device is locked; a preview draws it.
    public func privacySensitive(_ sensitive: Bool = true) -> some View { self }
}
