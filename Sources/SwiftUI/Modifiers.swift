import Foundation
package import WidgetModel

/// A view with an engine modifier around it (padding, frame, background, opacity …): applied to
/// each node the content stands for, as SwiftUI applies a modifier to each view of a group.
public struct ModifiedView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let modifier: (EnvironmentValues) -> Modifier

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let m = modifier(environment)
        return ViewResolver.nodes(content, in: environment).map { node in
            var node = node
            node.modifiers.append(m)
            return node
        }
    }
}

/// The edges a padding applies to (SwiftUI's `Edge.Set`).
public enum Edge: Hashable, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

extension View {
    /// SwiftUI's default padding: 16 pt on iPhone.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let v = Double(length ?? 16)
        return ModifiedView(content: self) { _ in
            .padding(WidgetModel.EdgeInsets(top: edges.contains(.top) ? v : 0, leading: edges.contains(.leading) ? v : 0,
                                            bottom: edges.contains(.bottom) ? v : 0, trailing: edges.contains(.trailing) ? v : 0))
        }
    }

    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        ModifiedView(content: self) { _ in
            .frame(FrameSpec(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment.engine))
        }
    }

    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        ModifiedView(content: self) { _ in
            .frame(FrameSpec(minWidth: minWidth.map(Double.init), idealWidth: idealWidth.map(Double.init),
                             maxWidth: maxWidth.map(Double.init), minHeight: minHeight.map(Double.init),
                             idealHeight: idealHeight.map(Double.init), maxHeight: maxHeight.map(Double.init),
                             alignment: alignment.engine))
        }
    }

    public func opacity(_ opacity: Double) -> some View {
        ModifiedView(content: self) { _ in .opacity(opacity) }
    }

    /// A view drawn behind this one, proposed exactly its size.
    public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> some View {
        let background = content()
        return ModifiedView(content: self) { .background(ViewResolver.node(background, in: $0), alignment: alignment.engine) }
    }

    /// A style filling this view's frame behind it.
    public func background<S: ShapeStyle>(_ style: S) -> some View {
        let paint = AnyShapeStyle(style)
        return ModifiedView(content: self) {
            .background(ViewNode(.shape(ShapeContent(shape: .rect, fill: paint.resolvePaint(in: $0)))), alignment: .center)
        }
    }

    public func font(_ font: Font?) -> some View {
        EnvironmentModifier(content: self) { $0.font = font }
    }

    public func fontWeight(_ weight: Font.Weight?) -> some View {
        EnvironmentModifier(content: self) { env in
            var f = env.font ?? .body
            f.weightValue = weight
            env.font = f
        }
    }

    public func bold(_ isActive: Bool = true) -> some View {
        EnvironmentModifier(content: self) { env in
            var f = env.font ?? .body
            f.isBold = isActive
            env.font = f
        }
    }

    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.setForeground([AnyShapeStyle(style)]) }
    }

    /// The primary and secondary levels (`.secondary` below draws `secondary`); symbols draw in the
    /// primary (the stand-ins have one layer).
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        EnvironmentModifier(content: self) { $0.setForeground([AnyShapeStyle(primary), AnyShapeStyle(secondary)]) }
    }

    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View {
        EnvironmentModifier(content: self) {
            $0.setForeground([AnyShapeStyle(primary), AnyShapeStyle(secondary), AnyShapeStyle(tertiary)])
        }
    }

    public func foregroundColor(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) { $0.setForeground(color.map { [AnyShapeStyle($0)] } ?? []) }
    }
}

extension View {
    /// A view drawn in front of this one, proposed exactly its size.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        let overlay = content()
        return ModifiedView(content: self) { .overlay(ViewResolver.node(overlay, in: $0), alignment: alignment.engine) }
    }

    /// Clips to a rectangle with rounded corners (SwiftUI's deprecated `cornerRadius`, still common).
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        ModifiedView(content: self) { _ in .clip(.roundedRect(radius: Double(radius), continuous: false)) }
    }

    /// Clips to a shape the engine has (a rectangle, rounded rectangle, circle or capsule).
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        let clip: ClipShape
        switch (shape as? any EngineShape)?.kind {
        case .roundedRect(let radius, let continuous)?: clip = .roundedRect(radius: radius, continuous: continuous)
        case .circle?: clip = .circle
        case .capsule?: clip = .capsule
        default: clip = .rect
        }
        return ModifiedView(content: self) { _ in .clip(clip) }
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        ModifiedView(content: self) { _ in .offset(x: Double(x), y: Double(y)) }
    }

    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        ModifiedView(content: self) { _ in .fixedSize(horizontal: horizontal, vertical: vertical) }
    }

    /// Stacks give space to higher priorities first.
    public func layoutPriority(_ value: Double) -> some View {
        PriorityView(content: self, priority: value)
    }

    /// WidgetKit's accented group (the tinted Home Screen).
    public func widgetAccentable(_ accentable: Bool = true) -> some View {
        ModifiedView(content: self) { _ in .accentable(accentable) }
    }
}

/// A view with a layout priority.
public struct PriorityView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let priority: Double
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        ViewResolver.nodes(content, in: environment).map { var n = $0; n.layoutPriority = priority; return n }
    }
}

/// The first child whose ideal size fits the space offered, else the last (SwiftUI's `ViewThatFits`).
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let axes: Axis.Set, content: Content
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let fit: FitAxes = axes == [.horizontal] ? .horizontal : axes == [.vertical] ? .vertical : .both
        return [ViewNode(.viewThatFits(axes: fit, children: ViewResolver.nodes(content, in: environment)))]
    }
}

/// An axis (SwiftUI's `Axis`).
public enum Axis: Hashable, Sendable {
    case horizontal, vertical
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
    }
}
