import Foundation
package import WidgetModel

/// A shape (SwiftUI's `Shape`): its outline in a rectangle. As a view it fills the space offered,
/// in the foreground style. The engine draws its own shapes (rectangles, circles, capsules …) by
/// kind, and a team's `Shape` by the path its `path(in:)` makes for the frame layout gives it.
public protocol Shape: View where Body == Never {
    func path(in rect: CGRect) -> Path
}

/// A shape the engine draws.
package protocol EngineShape: Shape {
    var kind: ShapeKind { get }
    /// Where its initialiser is written (SourceLocations.swift).
    var origin: SourceLocation { get }
}

extension EngineShape {
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { ViewResolver.shapeNodes(self, in: environment) }

    public func path(in rect: CGRect) -> Path {
        switch kind {
        case .circle:
            let side = min(rect.width, rect.height)
            return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
        case .ellipse: return Path(ellipseIn: rect)
        case .capsule: return Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
        case .roundedRect(let radius, _): return Path(roundedRect: rect, cornerRadius: CGFloat(radius))
        default: return Path(rect)
        }
    }
}

extension ViewResolver {
    /// A shape as a view: filled with the foreground style.
    package static func shapeNodes(_ shape: any Shape, in environment: EnvironmentValues) -> [ViewNode] {
        let fill = environment.foreground ?? AnyShapeStyle(Color.primary)
        return StyledShape(shape: shape, fill: fill, stroke: nil, file: nil, line: 0).makeNodes(in: environment)
    }
}

public struct Rectangle: EngineShape, PrimitiveView {
    public typealias Body = Never
    package let origin: SourceLocation
    public init(file: StaticString = #fileID, line: UInt = #line) { origin = .at(file, line) }
    package var kind: ShapeKind { .rect }
}

/// How a rounded rectangle's corners bend (SwiftUI's `RoundedCornerStyle`).
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

public struct RoundedRectangle: EngineShape, PrimitiveView {
    public typealias Body = Never
    let radius: Double, style: RoundedCornerStyle
    package let origin: SourceLocation
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous, file: StaticString = #fileID, line: UInt = #line) {
        radius = Double(cornerRadius); self.style = style; origin = .at(file, line)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous, file: StaticString = #fileID, line: UInt = #line) {
        radius = Double(min(cornerSize.width, cornerSize.height)); self.style = style; origin = .at(file, line)
    }
    package var kind: ShapeKind { .roundedRect(radius: radius, continuous: style == .continuous) }
}

public struct Circle: EngineShape, PrimitiveView {
    public typealias Body = Never
    package let origin: SourceLocation
    public init(file: StaticString = #fileID, line: UInt = #line) { origin = .at(file, line) }
    package var kind: ShapeKind { .circle }
}

public struct Capsule: EngineShape, PrimitiveView {
    public typealias Body = Never
    package let origin: SourceLocation
    public init(style: RoundedCornerStyle = .continuous, file: StaticString = #fileID, line: UInt = #line) { origin = .at(file, line) }
    package var kind: ShapeKind { .capsule }
}

public struct Ellipse: EngineShape, PrimitiveView {
    public typealias Body = Never
    package let origin: SourceLocation
    public init(file: StaticString = #fileID, line: UInt = #line) { origin = .at(file, line) }
    package var kind: ShapeKind { .ellipse }
}

/// The container's shape inset to the view (SwiftUI's `ContainerRelativeShape`).
public struct ContainerRelativeShape: EngineShape, PrimitiveView {
    public typealias Body = Never
    package let origin: SourceLocation
    public init(file: StaticString = #fileID, line: UInt = #line) { origin = .at(file, line) }
    package var kind: ShapeKind { .containerRelative }
}

/// A shape filled or stroked with a style.
public struct StyledShape: View, PrimitiveView {
    public typealias Body = Never
    let shape: any Shape
    let fill: AnyShapeStyle?
    let stroke: (style: AnyShapeStyle, stroke: StrokeStyle, inside: Bool)?
    let file: StaticString?
    let line: UInt

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let fillPaint = fill?.resolvePaint(in: environment)
        let strokeValue = stroke.map { $0.stroke.engine($0.style.resolvePaint(in: environment), inside: $0.inside) }
        var trim: ShapeTrim?
        var engineKind = (shape as? any EngineShape)?.kind
        if let transformed = shape as? TransformedShape, let kind = transformed.engineKind {
            trim = transformed.trim; engineKind = kind
        } else if let transformed = shape as? TransformedShape {
            trim = transformed.trim
        }
        // The shape's initialiser's line; a team's own shape is named where it is filled or stroked.
        let source = Self.origin(of: shape) ?? file.map { SourceLocation.at($0, line) }
        if let kind = engineKind {
            return [ViewNode(.shape(ShapeContent(shape: kind, fill: fillPaint, stroke: strokeValue, trim: trim)), source: source)]
        }
        // A path made for the frame layout gives the shape (the surface's size on the first pass).
        let number = environment.collector.nextProbe()
        let frame = environment.probedFrame(number)
        let local = CGRect(origin: .zero, size: frame.size)
        let path = shape.path(in: local)
        if path.overflowed {
            environment.collector.warn("the shape \(type(of: shape))'s path has more than \(Path.elementLimit) elements (Path.elementLimit): the rest is left out",
                                       file: file, line: line)
        }
        return [ViewNode(.shape(ShapeContent(shape: .vector(path.vector(bounds: local)), fill: fillPaint, stroke: strokeValue, trim: trim)),
                         modifiers: [.probe(number)], source: source)]
    }

    /// Where an engine shape (or the shape a trim or transform wraps) is written.
    static func origin(of shape: any Shape) -> SourceLocation? {
        if let engine = shape as? any EngineShape { return engine.origin }
        if let transformed = shape as? TransformedShape { return origin(of: transformed.base) }
        return nil
    }
}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(shape: self, fill: AnyShapeStyle(content), stroke: nil, file: file, line: line)
    }

    /// Filled with the foreground style.
    public func fill(style: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line) -> some View {
        ForegroundShape(shape: self, stroke: nil, inside: false, file: file, line: line)
    }

    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(shape: self, fill: nil, stroke: (AnyShapeStyle(content), StrokeStyle(lineWidth: lineWidth), false), file: file, line: line)
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(shape: self, fill: nil, stroke: (AnyShapeStyle(content), style, false), file: file, line: line)
    }

    /// Stroked with the foreground style.
    public func stroke(lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line) -> some View {
        ForegroundShape(shape: self, stroke: StrokeStyle(lineWidth: lineWidth), inside: false, file: file, line: line)
    }

    public func stroke(style: StrokeStyle, file: StaticString = #fileID, line: UInt = #line) -> some View {
        ForegroundShape(shape: self, stroke: style, inside: false, file: file, line: line)
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(shape: self, fill: nil, stroke: (AnyShapeStyle(content), StrokeStyle(lineWidth: lineWidth), true), file: file, line: line)
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, file: StaticString = #fileID, line: UInt = #line) -> StyledShape {
        StyledShape(shape: self, fill: nil, stroke: (AnyShapeStyle(content), style, true), file: file, line: line)
    }

    public func strokeBorder(lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line) -> some View {
        ForegroundShape(shape: self, stroke: StrokeStyle(lineWidth: lineWidth), inside: true, file: file, line: line)
    }

    public func strokeBorder(style: StrokeStyle, file: StaticString = #fileID, line: UInt = #line) -> some View {
        ForegroundShape(shape: self, stroke: style, inside: true, file: file, line: line)
    }
}

/// A shape filled or stroked with the foreground style in effect where it is drawn.
struct ForegroundShape: View, PrimitiveView {
    typealias Body = Never
    let shape: any Shape
    let stroke: StrokeStyle?
    let inside: Bool
    let file: StaticString
    let line: UInt
    func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let style = environment.foreground ?? AnyShapeStyle(Color.primary)
        return StyledShape(shape: shape, fill: stroke == nil ? style : nil, stroke: stroke.map { (style, $0, inside) },
                           file: file, line: line).makeNodes(in: environment)
    }
}

/// How a path's inside is found (SwiftUI's `FillStyle`): the engine fills by the winding rule.
public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
}

/// A thin line across its stack (SwiftUI's `Divider`), in the separator colour.
public struct Divider: View, PrimitiveView {
    public typealias Body = Never
    let origin: SourceLocation
    public init(file: StaticString = #fileID, line: UInt = #line) { origin = .at(file, line) }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.divider(color: Color(system: "separator").rgba(in: environment), thickness: 0.5), source: origin)]
    }
}

/// An image (SwiftUI's `Image`): SF Symbols through the bundled stand-in font, sized by the font
/// around them as iOS sizes symbols.
/// Partly: an asset-catalog image set without a PNG or JPEG, and `Image(uiImage:)` of bytes other
/// than PNG or JPEG, are drawn as a magenta placeholder, with a warning.
public struct Image: View, PrimitiveView, Sendable {
    public typealias Body = Never
    enum Source: Sendable {
        case system(String)
        /// An image of the app's asset catalog, by name (not read yet).
        case asset(String)
        /// A UIKit image (UIImageView.swift).
        case uiImage(UIImage)
    }
    let source: Source
    let file: StaticString
    let line: UInt
    var isResizable = false
    var renderingModeValue: TemplateRenderingMode?
    /// WidgetKit's `widgetAccentedRenderingMode(_:)` (UnseenCorpusAPI.swift): how the accented mode draws it.
    var accentedModeValue: AccentedImageMode?

    public init(systemName: String, file: StaticString = #fileID, line: UInt = #line) {
        self.source = .system(systemName); self.file = file; self.line = line
    }

    init(source: Source, file: StaticString, line: UInt) { self.source = source; self.file = file; self.line = line }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        Image.applying(accentedModeValue, to: drawn(in: environment)).at(.at(file, line))
    }

    private func drawn(in environment: EnvironmentValues) -> [ViewNode] {
        let redacted = environment.redactionReasons.contains(.placeholder)
        switch source {
        case .system(let written):
            // `.symbolVariant(.fill)` asks for NAME.fill where the catalog has it.
            let suffix = environment.symbolVariants.suffixes.map { "." + $0 }.joined()
            let systemName = !suffix.isEmpty && !written.hasSuffix(suffix) && IconCatalog.glyph(for: written + suffix) != nil ? written + suffix : written
            if IconCatalog.glyph(for: systemName) == nil {
                environment.collector.warn("no artwork for the symbol '\(systemName)' (see `widgetshot list icons`): its square is left empty",
                                           file: file, line: line)
            }
            var font = (environment.font ?? .body).spec(category: environment.look.dynamicType)
            font.size *= environment.imageScale.factor
            let color = environment.foreground?.resolvePaint(in: environment) ?? Color.primary.resolvePaint(in: environment)
            // A symbol without artwork keeps the square its glyph would take (as the layout binder does).
            return [ViewNode(.icon(IconContent(symbol: systemName, glyph: IconCatalog.glyph(for: systemName) ?? "",
                                               size: font.size, color: color, redacted: redacted, weight: font.weight)))]
        case .asset(let name):
            guard let asset = environment.assets.image(named: name), let path = asset.path else {
                let why = environment.assets.image(named: name) == nil
                    ? "no image set '\(name)' in the app's asset catalogs (\(environment.assets.images.count) image sets read)"
                    : "the image set '\(name)' has no PNG or JPEG (SVG and PDF sets are not read yet)"
                environment.collector.warn(why + ": a placeholder stands in", file: file, line: line)
                return [Placeholder.node("Image(\"\(name)\")")]
            }
            let template = renderingModeValue.map { $0 == .template } ?? asset.isTemplate
            let tint = template ? (environment.foreground?.resolvePaint(in: environment) ?? Color.primary.resolvePaint(in: environment)) : nil
            return [ViewNode(.image(ImageContent(path: path, naturalSize: asset.size, resizable: isResizable, contentMode: isResizable ? .stretch : .fit,
                                                 redacted: redacted, tint: tint)))]
        case .uiImage(let image):
            return uiImageNodes(image, in: environment)
        }
    }
}

/// Views for each element of a collection (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let data: Data
    let content: (Data.Element) -> Content
    /// The environment of the view whose body made this ForEach: its content closure runs later,
    /// when the engine resolves the ForEach, and an `@Environment` property of that view it reads
    /// (`widgetFamily` in a row's closure) holds that view's value, as in SwiftUI.
    let maker = EnvironmentValues.current

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        data.flatMap { element in ViewResolver.nodes(EnvironmentValues.$current.withValue(maker) { content(element) }, in: environment) }
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
