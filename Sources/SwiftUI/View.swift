@_exported import Foundation
// As Apple's SwiftUI on iOS, `import SwiftUI` alone reaches Observation (`@Observable`), UIKit
// (UIColor, UIImage) and CoreGraphics. Re-exporting the last two makes a test file that imports
// SwiftUI and Testing ask for swift-testing's cross-import overlays `_Testing_UIKit` and
// `_Testing_CoreGraphics`, which Linux does not ship: Sources/_Testing_UIKit and
// Sources/_Testing_CoreGraphics are those overlays, empty.
@_exported import Observation
@_exported import CoreGraphics
@_exported import UIKit
package import WidgetModel

// The part of SwiftUI a widget's views are made of, for Linux: Apple's names and signatures
// (developer.apple.com/documentation/swiftui), so a team's widget files compile unmodified. A view
// value resolves to WidgetModel's `ViewNode` tree, the tree a layout file binds to, and is laid
// out and drawn by the same engine. See docs/swift.md for what is covered.

/// A piece of user interface (SwiftUI's `View`): primitives resolve to the engine's nodes; every
/// other view is its `body`, evaluated with the environment it sits in.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view the engine draws itself: it makes nodes instead of having a body.
package protocol PrimitiveView {
    func makeNodes(in environment: EnvironmentValues) -> [ViewNode]
}

extension View where Body == Never {
    /// A primitive's: the engine draws it (`PrimitiveView`).
    public var body: Never { fatalError("\(Self.self) is drawn by the engine; it has no body") }
}

/// Views → the engine's nodes.
package enum ViewResolver {
    /// The nodes `view` stands for in `environment`: a primitive's own, or its body's, evaluated
    /// with the environment installed so `@Environment` reads it.
    package static func nodes<V: View>(_ view: V, in environment: EnvironmentValues) -> [ViewNode] {
        if let primitive = view as? any PrimitiveView { return primitive.makeNodes(in: environment) }
        if let shape = view as? any Shape { return shapeNodes(shape, in: environment) }
        let body = EnvironmentValues.$current.withValue(environment) { view.body }
        return nodes(body, in: environment)
    }

    /// One node: several become a vertical stack, none an empty node.
    package static func node<V: View>(_ view: V, in environment: EnvironmentValues) -> ViewNode {
        let all = nodes(view, in: environment)
        if all.count == 1 { return all[0] }
        if all.isEmpty { return ViewNode(.empty) }
        return ViewNode(.vstack(spacing: nil, alignment: .center, children: all))
    }
}

/// Builds a view from the statements of a closure (SwiftUI's `ViewBuilder`).
@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views in a row of a builder.
public struct TupleView<T>: View, PrimitiveView {
    public typealias Body = Never
    public var value: T
    public init(_ value: T) { self.value = value }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var out: [ViewNode] = []
        // The tuple's elements, each a View (the builder made it from views only).
        for child in Mirror(reflecting: value).children {
            if let view = child.value as? any View { out += Self.resolve(view, environment) }
        }
        return out
    }

    static func resolve(_ view: any View, _ environment: EnvironmentValues) -> [ViewNode] {
        func open<V: View>(_ v: V) -> [ViewNode] { ViewResolver.nodes(v, in: environment) }
        return open(view)
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a builder.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    public typealias Body = Never
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        switch storage {
        case .trueContent(let v): ViewResolver.nodes(v, in: environment)
        case .falseContent(let v): ViewResolver.nodes(v, in: environment)
        }
    }
}

/// SwiftUI spells it with an underscore.
public typealias _ConditionalContent = ConditionalContent

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        map { ViewResolver.nodes($0, in: environment) } ?? []
    }
}

/// Nothing.
public struct EmptyView: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

/// A view of any type.
public struct AnyView: View, PrimitiveView {
    public typealias Body = Never
    let resolve: (EnvironmentValues) -> [ViewNode]
    public init<V: View>(_ view: V) { resolve = { ViewResolver.nodes(view, in: $0) } }
    public init<V: View>(erasing view: V) { self.init(view) }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { resolve(environment) }
}

/// Views grouped without a layout of their own: a modifier on the group applies to each.
public struct Group<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { ViewResolver.nodes(content, in: environment) }
}
