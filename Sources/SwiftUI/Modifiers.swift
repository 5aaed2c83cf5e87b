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
        EnvironmentModifier(content: self) { $0.foreground = AnyShapeStyle(style) }
    }

    public func foregroundColor(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) { $0.foreground = color.map(AnyShapeStyle.init) }
    }
}
