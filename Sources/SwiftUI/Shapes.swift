import Foundation
package import WidgetModel

/// A shape (SwiftUI's `Shape`): as a view it fills the space offered, in the foreground style.
/// Partly: a team's own `Shape` (its `path(in:)`) is drawn as a dashed magenta placeholder, with a warning.
public protocol Shape: View {}

/// A shape the engine draws.
package protocol EngineShape: Shape {
    var kind: ShapeKind { get }
}

extension EngineShape {
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let fill = environment.foreground?.resolvePaint(in: environment) ?? Color.primary.resolvePaint(in: environment)
        return [ViewNode(.shape(ShapeContent(shape: kind, fill: fill)))]
    }
}

public struct Rectangle: EngineShape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package var kind: ShapeKind { .rect }
}

/// How a rounded rectangle's corners bend (SwiftUI's `RoundedCornerStyle`).
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

public struct RoundedRectangle: EngineShape, PrimitiveView {
    public typealias Body = Never
    let radius: Double, style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        radius = Double(cornerRadius); self.style = style
    }
    package var kind: ShapeKind { .roundedRect(radius: radius, continuous: style == .continuous) }
}

public struct Circle: EngineShape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package var kind: ShapeKind { .circle }
}

public struct Capsule: EngineShape, PrimitiveView {
    public typealias Body = Never
    public init(style: RoundedCornerStyle = .continuous) {}
    package var kind: ShapeKind { .capsule }
}

public struct Ellipse: EngineShape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package var kind: ShapeKind { .ellipse }
}

/// The container's shape inset to the view (SwiftUI's `ContainerRelativeShape`).
public struct ContainerRelativeShape: EngineShape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package var kind: ShapeKind { .containerRelative }
}

/// A shape filled or stroked with a style.
public struct StyledShape: View, PrimitiveView {
    public typealias Body = Never
    let kind: ShapeKind?
    let fill: AnyShapeStyle?
    let stroke: (style: AnyShapeStyle, width: Double, inside: Bool)?
    let name: String
    let file: StaticString
    let line: UInt

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        guard let kind else {
            environment.collector.warn("the shape \(name) (its own path(in:)) is not drawn yet: a placeholder stands in",
                                       file: file, line: line)
            return [Placeholder.node(name)]
        }
        return [ViewNode(.shape(ShapeContent(shape: kind, fill: fill?.resolvePaint(in: environment),
                                      stroke: stroke.map { Stroke(paint: $0.style.resolvePaint(in: environment), width: $0.width, inside: $0.inside) })))]
    }
}

extension Shape {
    /// The engine's shape; a team's own `Shape` (its `path(in:)`) is not drawn yet.
    private var engineKind: ShapeKind? { (self as? any EngineShape)?.kind }

    public func fill<S: ShapeStyle>(_ content: S, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(kind: engineKind, fill: AnyShapeStyle(content), stroke: nil, name: "\(Self.self)", file: file, line: line)
    }

    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(kind: engineKind, fill: nil, stroke: (AnyShapeStyle(content), Double(lineWidth), false),
                    name: "\(Self.self)", file: file, line: line)
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(kind: engineKind, fill: nil, stroke: (AnyShapeStyle(content), Double(lineWidth), true),
                    name: "\(Self.self)", file: file, line: line)
    }
}

/// A thin line across its stack (SwiftUI's `Divider`), in the separator colour.
public struct Divider: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.divider(color: Color(system: "separator").rgba(in: environment), thickness: 0.5))]
    }
}

/// An image (SwiftUI's `Image`): SF Symbols through the bundled stand-in font, sized by the font
/// around them as iOS sizes symbols.
/// Partly: an asset-catalog image (`Image("name")`) and `Image(uiImage:)` are drawn as a magenta placeholder, with a warning.
public struct Image: View, PrimitiveView, Sendable {
    public typealias Body = Never
    enum Source: Sendable {
        case system(String)
        /// An image of the app's asset catalog, by name (not read yet).
        case asset(String)
        /// A UIImage's bytes (not decoded yet).
        case uiImage
    }
    let source: Source
    let file: StaticString
    let line: UInt
    var isResizable = false

    public init(systemName: String, file: StaticString = #fileID, line: UInt = #line) {
        self.source = .system(systemName); self.file = file; self.line = line
    }

    init(source: Source, file: StaticString, line: UInt) { self.source = source; self.file = file; self.line = line }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let redacted = environment.redactionReasons.contains(.placeholder)
        switch source {
        case .system(let systemName):
            if IconCatalog.glyph(for: systemName) == nil {
                environment.collector.warn("no artwork for the symbol '\(systemName)' (see `widgetshot list icons`): its square is left empty",
                                           file: file, line: line)
            }
            let font = (environment.font ?? .body).spec(category: environment.look.dynamicType)
            let color = environment.foreground?.resolvePaint(in: environment) ?? Color.primary.resolvePaint(in: environment)
            // A symbol without artwork keeps the square its glyph would take (as the layout binder does).
            return [ViewNode(.icon(IconContent(symbol: systemName, glyph: IconCatalog.glyph(for: systemName) ?? "",
                                               size: font.size, color: color, redacted: redacted, weight: font.weight)))]
        case .asset(let name):
            environment.collector.warn("the asset image '\(name)' is not read from the app's asset catalog yet: a placeholder stands in",
                                       file: file, line: line)
            return [Placeholder.node("Image(\"\(name)\")")]
        case .uiImage:
            environment.collector.warn("Image(uiImage:) is not decoded yet: a placeholder stands in", file: file, line: line)
            return [Placeholder.node("Image(uiImage:)")]
        }
    }
}

/// Views for each element of a collection (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let data: Data
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        data.flatMap { ViewResolver.nodes(content($0), in: environment) }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }
}

/// What stands in for a view WidgetShot cannot draw yet: a dashed magenta box with its name, so a
/// golden shows the gap instead of hiding it.
package enum Placeholder {
    package static func node(_ name: String) -> ViewNode {
        let magenta = RGBA(r: 1, g: 0, b: 1)
        var label = ViewNode(.text(TextContent(string: name, font: FontSpec.text(style: .caption2, category: .large),
                                               color: .color(magenta), lineLimit: 1)))
        let outline = ViewNode(.shape(ShapeContent(shape: .rect, stroke: Stroke(paint: .color(magenta), width: 1, dash: [3, 2]))))
        label.modifiers = [.padding(WidgetModel.EdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4)),
                           .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)),
                           .overlay(outline, alignment: .center)]
        return label
    }
}
