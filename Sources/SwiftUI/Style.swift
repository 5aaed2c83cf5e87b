import Foundation
package import WidgetModel

/// Something that paints: a colour, a hierarchical level of the foreground (SwiftUI's `ShapeStyle`).
/// Partly: a team's own `ShapeStyle` is painted magenta, with a warning.
public protocol ShapeStyle {}

/// A style the engine knows how to paint.
package protocol PaintStyle: ShapeStyle {
    /// The paint in `environment` (the scheme and the iOS generation's system colours).
    func resolvePaint(in environment: EnvironmentValues) -> Paint
}

/// A style of any type.
public struct AnyShapeStyle: ShapeStyle, PaintStyle {
    let paint: (EnvironmentValues) -> Paint
    /// A level of the foreground above (`.secondary`, `.tertiary.opacity(0.5)`, either wrapped).
    let isLevel: Bool
    public init<S: ShapeStyle>(_ style: S) {
        isLevel = style is HierarchicalShapeStyle || (style as? OpacityShapeStyle)?.isLevel == true
            || (style as? AnyShapeStyle)?.isLevel == true
        // A style the engine cannot paint (a team's own ShapeStyle): drawn in magenta, which no
        // widget means, with a warning naming it (docs/swift.md lists the styles it paints).
        paint = { env in
            if let known = style as? any PaintStyle { return known.resolvePaint(in: env) }
            env.collector.warn("the shape style \(S.self) is not one WidgetShot paints yet: drawn magenta")
            return .color(RGBA(r: 1, g: 0, b: 1))
        }
    }
    package func resolvePaint(in environment: EnvironmentValues) -> Paint { paint(environment) }
}

/// A colour (SwiftUI's `Color`): a system colour that follows the scheme, or fixed components.
public struct Color: PaintStyle, Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case system(String)
        case rgba(Double, Double, Double, Double)
        /// A colour of the app's asset catalog, by name, and where the team named it (`file:line`).
        case asset(String, at: String)
        /// A dynamic UIKit colour (`UIColor(dynamicProvider:)`): its colour for each scheme.
        indirect case schemed(light: Color, dark: Color)
    }
    let storage: Storage
    var opacityFactor: Double = 1

    init(system name: String) { storage = .system(name) }
    init(storage: Storage) { self.storage = storage }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        storage = .rgba(red, green, blue, opacity)
    }

    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }

    public func opacity(_ opacity: Double) -> Color {
        var c = self
        c.opacityFactor *= opacity
        return c
    }

    package func rgba(in environment: EnvironmentValues) -> RGBA {
        var c: RGBA
        switch storage {
        case .system(let name):
            c = SystemColors.color(named: name, scheme: environment.look.scheme, generation: environment.look.colors) ?? .black
        case .rgba(let r, let g, let b, let a):
            c = RGBA(r: r, g: g, b: b, a: a)
        case .schemed(let light, let dark):
            c = (environment.look.scheme == .dark ? dark : light).rgba(in: environment)
        case .asset(let name, let at):
            if let asset = environment.assets.color(named: name) {
                c = asset.color(for: environment.look.scheme)
            } else {
                environment.collector.warn("no colour set '\(name)' in the app's asset catalogs (\(environment.assets.colors.count) colour sets read): drawn magenta", at: at)
                c = RGBA(r: 1, g: 0, b: 1)
            }
        }
        c.a *= opacityFactor
        return c
    }

    package func resolvePaint(in environment: EnvironmentValues) -> Paint { .color(rgba(in: environment)) }

    public static let red = Color(system: "red"), orange = Color(system: "orange"), yellow = Color(system: "yellow")
    public static let green = Color(system: "green"), mint = Color(system: "mint"), teal = Color(system: "teal")
    public static let cyan = Color(system: "cyan"), blue = Color(system: "blue"), indigo = Color(system: "indigo")
    public static let purple = Color(system: "purple"), pink = Color(system: "pink"), brown = Color(system: "brown")
    public static let gray = Color(system: "gray")
    public static let white = Color(system: "white"), black = Color(system: "black"), clear = Color(system: "clear")
    /// The label colours: text on the surface's background.
    public static let primary = Color(system: "label"), secondary = Color(system: "secondaryLabel")
}

/// The foreground at a level of emphasis (SwiftUI's `HierarchicalShapeStyle`: `.secondary` …).
/// Under a `foregroundStyle(_:)` of a colour or gradient, `.secondary` and the levels below are
/// that style, fainter (at the alpha of the system's label colour of the same level in the scheme:
/// 60 %, 30 %, 18 %); `.primary` is the style itself. SwiftUI's `foregroundStyle(_:_:)` and
/// `(_:_:_:)` name the levels outright. With no style above, the levels are the system's label colours.
public struct HierarchicalShapeStyle: PaintStyle, Sendable {
    let name: String
    let level: Int
    public static let primary = HierarchicalShapeStyle(name: "label", level: 0)
    public static let secondary = HierarchicalShapeStyle(name: "secondaryLabel", level: 1)
    public static let tertiary = HierarchicalShapeStyle(name: "tertiaryLabel", level: 2)
    public static let quaternary = HierarchicalShapeStyle(name: "quaternaryLabel", level: 3)
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        let levels = environment.foregroundLevels
        guard !levels.isEmpty else { return Color(system: name).resolvePaint(in: environment) }
        // The levels resolve without levels of their own, so a level that is itself hierarchical
        // (`.foregroundStyle(.secondary.opacity(0.5))` above) ends at the system's colours.
        var outer = environment
        outer.foregroundLevels = []
        if level < levels.count { return levels[level].resolvePaint(in: outer) }
        let alpha = SystemColors.color(named: name, scheme: environment.look.scheme)?.a ?? 1
        return levels[0].resolvePaint(in: outer).multipliedAlpha(alpha)
    }
}

extension EnvironmentValues {
    /// Sets the foreground (`foregroundStyle`, `foregroundColor`): what views below paint with, and
    /// the levels `.secondary` … below resolve against. A style that is itself a level
    /// (`.secondary`) is resolved against the levels above, and leaves them as they are when it is
    /// the only one given.
    mutating func setForeground(_ styles: [AnyShapeStyle]) {
        guard let first = styles.first else { foreground = nil; foregroundLevels = []; return }
        let above = foregroundLevels
        let anchored = styles.map { $0.isLevel ? AnyShapeStyle(LevelOfAbove(style: $0, levels: above)) : $0 }
        foreground = anchored[0]
        if styles.count == 1 && first.isLevel { return }
        foregroundLevels = anchored
    }
}

/// A hierarchical style set as the foreground, resolved against the levels above where it was set
/// (not against itself).
struct LevelOfAbove: PaintStyle, @unchecked Sendable {
    let style: AnyShapeStyle
    let levels: [AnyShapeStyle]
    func resolvePaint(in environment: EnvironmentValues) -> Paint {
        var env = environment
        env.foregroundLevels = levels
        return style.resolvePaint(in: env)
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var blue: Color { Color.blue }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var gray: Color { Color.gray }
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
}

/// A colour drawn as a view fills the space it is offered.
extension Color: View, PrimitiveView {
    public typealias Body = Never
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.shape(ShapeContent(shape: .rect, fill: resolvePaint(in: environment))))]
    }
}

/// A font (SwiftUI's `Font`): a text style that follows Dynamic Type, or a fixed size.
public struct Font: Hashable, Sendable {
    var style: WidgetModel.TextStyle
    var size: Double?
    var weightValue: Weight?
    var designValue: Design = .default
    var isBold = false
    var monospacedDigits = false
    var isItalic = false
    /// A family of the project's fonts by name (`Font.custom`), before the system font.
    var family: String?

    init(style: WidgetModel.TextStyle) { self.style = style }

    public static let largeTitle = Font(style: .largeTitle), title = Font(style: .title), title2 = Font(style: .title2)
    public static let title3 = Font(style: .title3), headline = Font(style: .headline), subheadline = Font(style: .subheadline)
    public static let body = Font(style: .body), callout = Font(style: .callout), footnote = Font(style: .footnote)
    public static let caption = Font(style: .caption), caption2 = Font(style: .caption2)

    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
        var engine: WidgetModel.TextStyle { WidgetModel.TextStyle(rawValue: "\(self)") ?? .body }
    }

    public struct Weight: Hashable, Sendable {
        let engine: FontWeight
        public static let ultraLight = Weight(engine: .ultraLight), thin = Weight(engine: .thin), light = Weight(engine: .light)
        public static let regular = Weight(engine: .regular), medium = Weight(engine: .medium), semibold = Weight(engine: .semibold)
        public static let bold = Weight(engine: .bold), heavy = Weight(engine: .heavy), black = Weight(engine: .black)
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
        var engine: FontDesign {
            switch self {
            case .default: .default
            case .serif: .serif
            case .rounded: .rounded
            case .monospaced: .monospaced
            }
        }
    }

    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        var f = Font(style: .body)
        f.size = size; f.weightValue = weight; f.designValue = design ?? .default
        return f
    }

    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var f = Font(style: style.engine)
        f.weightValue = weight; f.designValue = design ?? .default
        return f
    }

    public func weight(_ weight: Weight) -> Font { var f = self; f.weightValue = weight; return f }
    public func bold() -> Font { var f = self; f.isBold = true; return f }
    public func monospacedDigit() -> Font { var f = self; f.monospacedDigits = true; return f }

    /// The engine's font at `category`, through the one rule every source of views uses.
    package func spec(category: WidgetModel.DynamicTypeSize) -> FontSpec {
        var spec = FontSpec.text(style: style, size: size,
                                 weight: isBold && weightValue == nil ? style.emphasizedWeight : weightValue?.engine,
                                 design: designValue.engine, monospacedDigits: monospacedDigits, category: category)
        spec.italic = isItalic
        if let family {
            // A named font sets its line at its own height (ascender + descender, as UIKit's
            // `UIFont.lineHeight` of it), not the system font's 1.193 em.
            spec.families = [family] + FontSpec.textFamilies
            spec.lineHeight = nil
        }
        return spec
    }
}
