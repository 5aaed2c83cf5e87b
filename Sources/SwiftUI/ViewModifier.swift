package import WidgetModel

/// A team's own modifier (SwiftUI's `ViewModifier`): its body wraps the content it is applied to.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ViewModifierContent<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` is applied to, as its body sees it (SwiftUI's `_ViewModifier_Content`).
public struct ViewModifierContent<Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    let resolve: (EnvironmentValues) -> [ViewNode]
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { resolve(environment) }
}

/// A view with a team's modifier applied (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let inner = content
        let placeholder = ViewModifierContent<Modifier>(resolve: { ViewResolver.nodes(inner, in: $0) })
        let body = EnvironmentValues.$current.withValue(environment) { modifier.body(content: placeholder) }
        return ViewResolver.nodes(body, in: environment)
    }
}

extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
