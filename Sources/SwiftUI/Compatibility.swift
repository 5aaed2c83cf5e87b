import Foundation
package import WidgetModel

// Smaller API widget code reaches for (Apple's signatures): custom fonts, labels from asset
// images, dates inside localized strings, the old preview API.

extension Font {
    /// A family by name at a size that follows Dynamic Type like `relativeTo`'s style. The family is
    /// asked of the project's fonts first; without it, the system font stands in.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle = .body) -> Font {
        var f = Font(style: textStyle.engine)
        f.size = Double(size); f.family = name
        return f
    }
    /// A family by name at a size that does not follow Dynamic Type.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        var f = Font(style: .body)
        f.size = Double(fixedSize); f.family = name
        return f
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with an image of the app's asset catalog (drawn as its placeholder, with a warning).
    public init(_ titleKey: LocalizedStringKey, image name: String, file: StaticString = #fileID, line: UInt = #line) {
        self.init(title: { Text(titleKey) }, icon: { Image(name, file: file, line: line) })
    }
}

/// The old preview API (SwiftUI's `PreviewProvider`): its previews compile; `#Preview` is what the
/// CLI and tests draw.
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

extension View {
    public func previewDevice(_ value: PreviewDevice?) -> some View { self }
}

public struct PreviewDevice: Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// The Dynamic Type size below, held inside `range` (SwiftUI's `dynamicTypeSize(_:)` with a range).
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        EnvironmentModifier(content: self) { env in
            let all = DynamicTypeSize.allCases.filter { range.contains($0) }
            guard let low = all.first, let high = all.last else { return }
            env.dynamicTypeSize = min(max(env.dynamicTypeSize, low), high)
        }
    }
}

extension View {
    /// A view in front (the older `overlay(_:alignment:)`); disfavoured so a `Color` reads as a style.
    @_disfavoredOverload
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        self.overlay(alignment: alignment) { overlay }
    }

    /// A view behind (the older `background(_:alignment:)`); disfavoured so a `Color` reads as a style.
    @_disfavoredOverload
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        self.background(alignment: alignment) { background }
    }

    /// A style filling this view's frame in front of it.
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        overlay { Rectangle().fill(style) }
    }

    /// A style filling a shape in front of this view.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        overlay { shape.fill(style) }
    }
}
