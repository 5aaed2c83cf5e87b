import Foundation
import UIKit
package import WidgetModel

/// A point in a view's frame as fractions of its size (SwiftUI's `UnitPoint`).
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { x = 0; y = 0 }
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
    var engine: WidgetModel.UnitPoint { WidgetModel.UnitPoint(x: Double(x), y: Double(y)) }
}

/// Colours along a line (SwiftUI's `Gradient`).
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    /// Evenly spaced.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $0.element, location: n > 1 ? CGFloat($0.offset) / CGFloat(n - 1) : 0) }
    }

    func engineStops(in environment: EnvironmentValues) -> [GradientStop] {
        stops.map { GradientStop(color: $0.color.rgba(in: environment), location: Double($0.location)) }
    }
}

/// A gradient along a line from `startPoint` to `endPoint` of the frame it fills (SwiftUI's
/// `LinearGradient`): a style, and a view that fills the space offered.
public struct LinearGradient: PaintStyle, View, PrimitiveView, Sendable {
    public typealias Body = Never
    let gradient: Gradient
    let startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        .linearGradient(stops: gradient.engineStops(in: environment), start: startPoint.engine, end: endPoint.engine)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.shape(ShapeContent(shape: .rect, fill: resolvePaint(in: environment))))]
    }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

/// A colour's standard gradient (SwiftUI's `AnyGradient`, from `Color.gradient`): top to bottom,
/// from the colour lightened a little to the colour itself, as iOS draws it.
public struct AnyGradient: PaintStyle, Hashable, Sendable {
    let color: Color
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        let base = color.rgba(in: environment)
        let lift = 0.12
        let top = RGBA(r: base.r + (1 - base.r) * lift, g: base.g + (1 - base.g) * lift, b: base.b + (1 - base.b) * lift, a: base.a)
        return .linearGradient(stops: [GradientStop(color: top, location: 0), GradientStop(color: base, location: 1)],
                               start: .top, end: .bottom)
    }
}

extension Color {
    /// The colour's standard gradient.
    public var gradient: AnyGradient { AnyGradient(color: self) }
    /// The app's accent colour: the system blue unless the app sets its own (an asset WidgetShot
    /// does not read yet).
    public static let accentColor = Color(system: "blue")
    /// A UIKit colour's components.
    public init(uiColor: UIColor) {
        if uiColor.dynamicProvider != nil {
            // Asked once per appearance, as UIKit resolves it when the traits change.
            self.init(storage: .schemed(light: Color(uiColor: uiColor.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))),
                                        dark: Color(uiColor: uiColor.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)))))
            return
        }
        if let name = uiColor.systemColorName {
            self.init(system: name)
            if uiColor.alpha < 1, let base = SystemColors.color(named: name, scheme: .light), base.a > 0 {
                self = self.opacity(Double(uiColor.alpha) / base.a)
            }
            return
        }
        self.init(red: Double(uiColor.red), green: Double(uiColor.green), blue: Double(uiColor.blue), opacity: Double(uiColor.alpha))
    }
}

/// Colours in circles around a centre (SwiftUI's `RadialGradient`): a style, and a view that fills
/// the space offered.
public struct RadialGradient: PaintStyle, View, PrimitiveView, Sendable {
    public typealias Body = Never
    let gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        .radialGradient(stops: gradient.engineStops(in: environment), center: center.engine,
                        startRadius: Double(startRadius), endRadius: Double(endRadius))
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.shape(ShapeContent(shape: .rect, fill: resolvePaint(in: environment))))]
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

/// Colours around a centre by angle (SwiftUI's `AngularGradient`). Partly: the engine has no
/// conic gradient yet; it is painted as a linear gradient of its colours from leading to
/// trailing, with a warning.
public struct AngularGradient: PaintStyle, View, PrimitiveView, Sendable {
    public typealias Body = Never
    let gradient: Gradient
    let file: String
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero,
                file: StaticString = #fileID, line: UInt = #line) {
        self.gradient = gradient; self.file = "\(file):\(line)"
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero,
                file: StaticString = #fileID, line: UInt = #line) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle, file: file, line: line)
    }
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero, file: StaticString = #fileID, line: UInt = #line) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360), file: file, line: line)
    }
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        environment.collector.warn("AngularGradient is painted as a linear gradient of its colours (no conic gradient yet)", at: file)
        return .linearGradient(stops: gradient.engineStops(in: environment), start: WidgetModel.UnitPoint(x: 0, y: 0.5),
                               end: WidgetModel.UnitPoint(x: 1, y: 0.5))
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.shape(ShapeContent(shape: .rect, fill: resolvePaint(in: environment))))]
    }
}

/// An elliptical gradient (SwiftUI's `EllipticalGradient`): a radial gradient to the frame's
/// nearer edge (partly: circular, not stretched to the frame).
public struct EllipticalGradient: PaintStyle, View, PrimitiveView, Sendable {
    public typealias Body = Never
    let gradient: Gradient, center: UnitPoint, startFraction: CGFloat, endFraction: CGFloat
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient; self.center = center; startFraction = startRadiusFraction; endFraction = endRadiusFraction
    }
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    package func resolvePaint(in environment: EnvironmentValues) -> Paint {
        let side = Double(min(environment.guessSize.width, environment.guessSize.height))
        return .radialGradient(stops: gradient.engineStops(in: environment), center: center.engine,
                               startRadius: Double(startFraction) * side, endRadius: Double(endFraction) * side)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.shape(ShapeContent(shape: .rect, fill: resolvePaint(in: environment))))]
    }
}
