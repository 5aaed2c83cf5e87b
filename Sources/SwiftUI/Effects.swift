import Foundation
package import WidgetModel

// Drawing effects and the modifiers a static picture has nothing to do with (Apple's signatures).
// What WidgetShot draws differently is a warning at the team's line; what changes nothing in a
// still picture (animations, hit testing, identity) is accepted as it is.

extension View {
    /// Partly: the view is drawn without its shadow, with a warning.
    public func shadow(color: Color = Color.black.opacity(0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
                       file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("shadow(radius: \(radius)) is not drawn yet: the view is drawn without its shadow", file, line)
    }

    /// Partly: the view is drawn sharp, with a warning.
    public func blur(radius: CGFloat, opaque: Bool = false, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("blur(radius: \(radius)) is not drawn yet: the view is drawn sharp", file, line)
    }

    /// A mask that is a shape the engine clips to (rectangle, rounded rectangle, circle, capsule)
    /// clips to it; another mask is a warning and the view is drawn unmasked.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask,
                                 file: StaticString = #fileID, line: UInt = #line) -> some View {
        let mask = mask()
        return MaskedView(content: self, clip: Self.clip(of: mask), file: file, line: line)
    }

    public func mask<Mask: View>(_ mask: Mask, file: StaticString = #fileID, line: UInt = #line) -> some View {
        MaskedView(content: self, clip: Self.clip(of: mask), file: file, line: line)
    }

    static func clip(of view: some View) -> ClipShape? {
        switch (view as? any EngineShape)?.kind {
        case .rect?: .rect
        case .roundedRect(let radius, let continuous)?: .roundedRect(radius: radius, continuous: continuous)
        case .circle?: .circle
        case .capsule?: .capsule
        default: nil
        }
    }

    /// Partly: colour adjustments are not drawn yet; the view keeps its colours, with a warning.
    public func brightness(_ amount: Double, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("brightness(\(amount)) is not drawn yet: the view keeps its colours", file, line)
    }
    public func contrast(_ amount: Double, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("contrast(\(amount)) is not drawn yet: the view keeps its colours", file, line)
    }
    public func saturation(_ amount: Double, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("saturation(\(amount)) is not drawn yet: the view keeps its colours", file, line)
    }
    public func grayscale(_ amount: Double, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("grayscale(\(amount)) is not drawn yet: the view keeps its colours", file, line)
    }
    public func hueRotation(_ angle: Angle, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("hueRotation is not drawn yet: the view keeps its colours", file, line)
    }
    public func colorMultiply(_ color: Color, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("colorMultiply is not drawn yet: the view keeps its colours", file, line)
    }
    public func blendMode(_ blendMode: BlendMode, file: StaticString = #fileID, line: UInt = #line) -> some View {
        warned("blendMode(.\(blendMode)) is not drawn yet: the view is drawn over what is behind it", file, line)
    }
    func warned(_ message: String, _ file: StaticString, _ line: UInt) -> some View {
        EnvironmentModifier(content: self) { $0.collector.warn(message, file: file, line: line) }
    }

    /// Not drawn, still taking its space (SwiftUI's `hidden()`).
    public func hidden() -> some View { ModifiedView(content: self) { _ in .opacity(0) } }

    /// A line along the inside of the frame (SwiftUI's `border`).
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay { Rectangle().strokeBorder(content, lineWidth: width) }
    }

    /// A style filling a shape behind this view (`background(_:in:)`).
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background { shape.fill(style) }
    }

    /// The view drawn behind, in the background shape style (`background(in:)`).
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background { shape.fill(Color(system: "systemBackground")) }
    }

    // What a still picture does not show: accepted as written.
    public func zIndex(_ value: Double) -> some View { self }
    public func compositingGroup() -> some View { self }
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View { self }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { self }
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { self }
    public func id<ID: Hashable>(_ id: ID) -> some View { self }
    public func tag<V: Hashable>(_ tag: V) -> some View { self }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    public func animation(_ animation: Animation?) -> some View { self }
    public func transition(_ t: AnyTransition) -> some View { self }
    public func contentTransition(_ transition: ContentTransition) -> some View { self }
    public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    public func disabled(_ disabled: Bool) -> some View { self }
    public func help(_ text: String) -> some View { self }
    public func symbolEffect<E: SymbolEffect>(_ effect: E, options: SymbolEffectOptions = .default, isActive: Bool = true) -> some View { self }
    public func symbolEffect<E: SymbolEffect, U: Equatable>(_ effect: E, options: SymbolEffectOptions = .default, value: U) -> some View { self }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View { self }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View { self }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }
    public func previewDisplayName(_ name: String?) -> some View { self }
    public func previewLayout(_ value: PreviewLayout) -> some View { self }
}

/// The view clipped to a mask's shape, or drawn unmasked with a warning.
struct MaskedView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let clip: ClipShape?
    let file: StaticString
    let line: UInt
    func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let nodes = ViewResolver.nodes(content, in: environment)
        guard let clip else {
            environment.collector.warn("a mask that is not a rectangle, rounded rectangle, circle or capsule is not applied yet: the view is drawn unmasked",
                                       file: file, line: line)
            return nodes
        }
        return nodes.map { var n = $0; n.modifiers.append(.clip(clip)); return n }
    }
}

public enum BlendMode: Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}

public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1), keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// An animation (SwiftUI's `Animation`): a still picture shows the end state.
public struct Animation: Hashable, Sendable {
    let name: String
    public static let `default` = Animation(name: "default"), linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn"), easeOut = Animation(name: "easeOut"), easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring"), bouncy = Animation(name: "bouncy"), smooth = Animation(name: "smooth")
    public static func linear(duration: Double) -> Animation { .linear }
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.8, blendDuration: Double = 0) -> Animation { .spring }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

public struct AnyTransition: Sendable {
    public static let identity = AnyTransition(), opacity = AnyTransition(), scale = AnyTransition(), slide = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

public struct ContentTransition: Hashable, Sendable {
    let name: String
    public static let identity = ContentTransition(name: "identity"), opacity = ContentTransition(name: "opacity")
    public static let interpolate = ContentTransition(name: "interpolate")
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(name: "numericText") }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(name: "numericText") }
    public static let symbolEffect = ContentTransition(name: "symbolEffect")
}

/// An animation of a symbol (Apple's Symbols framework): a still picture shows the symbol at rest.
public protocol SymbolEffect {}
public struct PulseSymbolEffect: SymbolEffect, Sendable { public var byLayer: PulseSymbolEffect { self }; public var wholeSymbol: PulseSymbolEffect { self } }
public struct BounceSymbolEffect: SymbolEffect, Sendable { public var up: BounceSymbolEffect { self }; public var down: BounceSymbolEffect { self } }
public struct VariableColorSymbolEffect: SymbolEffect, Sendable { public var iterative: VariableColorSymbolEffect { self }; public var cumulative: VariableColorSymbolEffect { self } }
public struct ScaleSymbolEffect: SymbolEffect, Sendable { public var up: ScaleSymbolEffect { self }; public var down: ScaleSymbolEffect { self } }
public struct AppearSymbolEffect: SymbolEffect, Sendable {}
public struct DisappearSymbolEffect: SymbolEffect, Sendable {}
public struct ReplaceSymbolEffect: SymbolEffect, Sendable {}
public struct WiggleSymbolEffect: SymbolEffect, Sendable {}
public struct BreatheSymbolEffect: SymbolEffect, Sendable {}
public struct RotateSymbolEffect: SymbolEffect, Sendable {}
extension SymbolEffect where Self == PulseSymbolEffect { public static var pulse: PulseSymbolEffect { .init() } }
extension SymbolEffect where Self == BounceSymbolEffect { public static var bounce: BounceSymbolEffect { .init() } }
extension SymbolEffect where Self == VariableColorSymbolEffect { public static var variableColor: VariableColorSymbolEffect { .init() } }
extension SymbolEffect where Self == ScaleSymbolEffect { public static var scale: ScaleSymbolEffect { .init() } }
extension SymbolEffect where Self == AppearSymbolEffect { public static var appear: AppearSymbolEffect { .init() } }
extension SymbolEffect where Self == DisappearSymbolEffect { public static var disappear: DisappearSymbolEffect { .init() } }
extension SymbolEffect where Self == ReplaceSymbolEffect { public static var replace: ReplaceSymbolEffect { .init() } }
extension SymbolEffect where Self == WiggleSymbolEffect { public static var wiggle: WiggleSymbolEffect { .init() } }
extension SymbolEffect where Self == BreatheSymbolEffect { public static var breathe: BreatheSymbolEffect { .init() } }
extension SymbolEffect where Self == RotateSymbolEffect { public static var rotate: RotateSymbolEffect { .init() } }

public struct SymbolEffectOptions: Hashable, Sendable {
    public static let `default` = SymbolEffectOptions(), nonRepeating = SymbolEffectOptions()
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
}

/// The old preview API's layout (SwiftUI's `PreviewLayout`).
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

// MARK: - Materials

/// A translucent material (SwiftUI's `Material`). Partly: drawn as the system's material colour
/// for the scheme (a fill of the tint iOS mixes in), without blurring what is behind it.
public struct Material: PaintStyle, Sendable {
    let light: RGBA, dark: RGBA
    public static let ultraThin = Material(light: RGBA(r: 1, g: 1, b: 1, a: 0.30), dark: RGBA(r: 0, g: 0, b: 0, a: 0.30))
    public static let thin = Material(light: RGBA(r: 1, g: 1, b: 1, a: 0.50), dark: RGBA(r: 0.1, g: 0.1, b: 0.1, a: 0.50))
    public static let regular = Material(light: RGBA(r: 0.98, g: 0.98, b: 0.98, a: 0.72), dark: RGBA(r: 0.12, g: 0.12, b: 0.12, a: 0.72))
    public static let thick = Material(light: RGBA(r: 0.97, g: 0.97, b: 0.97, a: 0.85), dark: RGBA(r: 0.1, g: 0.1, b: 0.1, a: 0.85))
    public static let ultraThick = Material(light: RGBA(r: 0.96, g: 0.96, b: 0.96, a: 0.93), dark: RGBA(r: 0.08, g: 0.08, b: 0.08, a: 0.93))
    public static let bar = Material(light: RGBA(r: 0.97, g: 0.97, b: 0.97, a: 0.8), dark: RGBA(r: 0.1, g: 0.1, b: 0.1, a: 0.8))
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        .color(environment.look.scheme == .dark ? dark : light)
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}

/// The tint in effect (SwiftUI's `TintShapeStyle`): the view's `tint`, else the accent colour.
public struct TintShapeStyle: PaintStyle, Sendable {
    public init() {}
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        environment.tint?.resolvePaint(in: environment) ?? Color.blue.resolvePaint(in: environment)
    }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// A shape style at an opacity (`.secondary.opacity(0.5)`).
public struct OpacityShapeStyle: PaintStyle, @unchecked Sendable {
    let base: AnyShapeStyle, opacity: Double
    /// Made from a level of the foreground (`.secondary.opacity(…)`).
    var isLevel = false
    package init(base: AnyShapeStyle, opacity: Double) { self.base = base; self.opacity = opacity }
    package func resolvePaint(in environment: EnvironmentValues) -> Paint { base.resolvePaint(in: environment).multipliedAlpha(opacity) }
}

extension HierarchicalShapeStyle {
    public func opacity(_ opacity: Double) -> OpacityShapeStyle {
        var style = OpacityShapeStyle(base: AnyShapeStyle(self), opacity: opacity)
        style.isLevel = true
        return style
    }
}

extension TintShapeStyle {
    public func opacity(_ opacity: Double) -> OpacityShapeStyle { OpacityShapeStyle(base: AnyShapeStyle(self), opacity: opacity) }
}

extension Material {
    public func opacity(_ opacity: Double) -> OpacityShapeStyle { OpacityShapeStyle(base: AnyShapeStyle(self), opacity: opacity) }
}

// `.clipShape(.rect(cornerRadius: 8))`, `.circle`, `.capsule`, `.rect`, `.ellipse`, `.containerRelative`.
extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }
extension Shape where Self == ContainerRelativeShape { public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() } }

// MARK: - Symbols

/// How a symbol's layers are coloured (SwiftUI's `SymbolRenderingMode`). Partly: the stand-in
/// glyphs have one layer, drawn in the foreground style.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    public static let monochrome = SymbolRenderingMode(name: "monochrome"), hierarchical = SymbolRenderingMode(name: "hierarchical")
    public static let palette = SymbolRenderingMode(name: "palette"), multicolor = SymbolRenderingMode(name: "multicolor")
}

/// A symbol's variant (SwiftUI's `SymbolVariants`): `.fill` asks for `NAME.fill`, `.circle` for
/// `NAME.circle`, where the catalog has it.
public struct SymbolVariants: Hashable, Sendable {
    let suffixes: [String]
    public static let none = SymbolVariants(suffixes: []), fill = SymbolVariants(suffixes: ["fill"])
    public static let circle = SymbolVariants(suffixes: ["circle"]), square = SymbolVariants(suffixes: ["square"])
    public static let rectangle = SymbolVariants(suffixes: ["rectangle"]), slash = SymbolVariants(suffixes: ["slash"])
    public var fill: SymbolVariants { SymbolVariants(suffixes: suffixes + ["fill"]) }
}

struct SymbolVariantsKey: EnvironmentKey { static let defaultValue = SymbolVariants.none }
struct ImageScaleKey: EnvironmentKey { static let defaultValue = Image.Scale.medium }

extension Image {
    /// A symbol's size against the font (SwiftUI's `Image.Scale`): small 0.8, large 1.3.
    public enum Scale: Hashable, Sendable {
        case small, medium, large
        var factor: Double { self == .small ? 0.8 : self == .large ? 1.3 : 1 }
    }
}

extension EnvironmentValues {
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }
}

extension View {
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
    public func symbolVariant(_ variant: SymbolVariants) -> some View { EnvironmentModifier(content: self) { $0.symbolVariants = variant } }
    public func imageScale(_ scale: Image.Scale) -> some View { EnvironmentModifier(content: self) { $0.imageScale = scale } }
}
