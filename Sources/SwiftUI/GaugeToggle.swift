import Foundation
package import WidgetModel

// SwiftUI's `Gauge` and `Toggle`, as a widget draws them: Apple's signatures
// (developer.apple.com/documentation/swiftui/gauge, …/toggle), drawn with the engine's progress
// gauge and ring (as a layout file's `progress` with a gauge style) and a switch of shapes.

/// How gauges below draw (`gaugeStyle`).
package enum GaugeLook: Hashable, Sendable { case automatic, circular, circularCapacity, linear, linearCapacity }

/// A gauge style (SwiftUI's `GaugeStyle`): the built-in ones, or a team's own `makeBody`.
public protocol GaugeStyle {
    associatedtype Body: View
    typealias Configuration = GaugeStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a gauge style's `makeBody` gets (SwiftUI's `GaugeStyleConfiguration`): the gauge's value
/// as a fraction of its range, and its labels as views.
public struct GaugeStyleConfiguration {
    /// A gauge's label, type-erased (SwiftUI's `GaugeStyleConfiguration.Label`).
    public struct Label: View, PrimitiveView {
        public typealias Body = Never
        let resolve: (EnvironmentValues) -> [ViewNode]
        package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { resolve(environment) }
    }
    public typealias CurrentValueLabel = Label
    public typealias MinimumValueLabel = Label
    public typealias MaximumValueLabel = Label
    public typealias MarkedValueLabels = Label
    public var label: Label
    public var currentValueLabel: CurrentValueLabel?
    public var minimumValueLabel: MinimumValueLabel?
    public var maximumValueLabel: MaximumValueLabel?
    public var markedValueLabels: MarkedValueLabels
    /// The value, 0 at the range's lower bound and 1 at its upper.
    public var value: Double
}

package protocol BuiltInGaugeStyle: GaugeStyle where Body == Never { var look: GaugeLook { get } }
extension BuiltInGaugeStyle {
    public func makeBody(configuration: Configuration) -> Never { fatalError("a built-in gauge style is drawn by the engine") }
}
struct CustomGaugeStyleKey: EnvironmentKey { static var defaultValue: (any GaugeStyle)? { nil } }

public struct DefaultGaugeStyle: BuiltInGaugeStyle, Sendable { public init() {}; package var look: GaugeLook { .automatic } }
public struct AccessoryCircularGaugeStyle: BuiltInGaugeStyle, Sendable { public init() {}; package var look: GaugeLook { .circular } }
public struct AccessoryCircularCapacityGaugeStyle: BuiltInGaugeStyle, Sendable { public init() {}; package var look: GaugeLook { .circularCapacity } }
public struct AccessoryLinearGaugeStyle: BuiltInGaugeStyle, Sendable { public init() {}; package var look: GaugeLook { .linear } }
public struct AccessoryLinearCapacityGaugeStyle: BuiltInGaugeStyle, Sendable { public init() {}; package var look: GaugeLook { .linearCapacity } }
public struct LinearCapacityGaugeStyle: BuiltInGaugeStyle, Sendable { public init() {}; package var look: GaugeLook { .linearCapacity } }

extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: DefaultGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { .init() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle { public static var accessoryLinear: AccessoryLinearGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { .init() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: LinearCapacityGaugeStyle { .init() } }

struct GaugeLookKey: EnvironmentKey { static let defaultValue = GaugeLook.automatic }
struct ToggleLookKey: EnvironmentKey { static let defaultValue = ToggleLook.automatic }

extension View {
    /// A built-in style, or a team's own whose `makeBody` draws the gauges below.
    public func gaugeStyle<S: GaugeStyle>(_ style: S, file: StaticString = #fileID, line: UInt = #line) -> some View {
        EnvironmentModifier(content: self) { env in
            if let known = style as? any BuiltInGaugeStyle {
                env[GaugeLookKey.self] = known.look; env[CustomGaugeStyleKey.self] = nil
            } else {
                env[CustomGaugeStyleKey.self] = style
            }
        }
    }
}

/// A value in a range (SwiftUI's `Gauge`). `.automatic` draws a linear bar, as iOS does outside an
/// accessory; the accessory styles draw the Lock Screen's open ring (`accessoryCircular`), closed
/// ring (`accessoryCircularCapacity`) and bars, with the labels where iOS puts them.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View, PrimitiveView {
    public typealias Body = Never
    let fraction: Double
    let label: Label
    let current: CurrentValueLabel?
    let minimum: BoundsLabel?
    let maximum: BoundsLabel?
    let origin: SourceLocation

    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
                                        @ViewBuilder maximumValueLabel: () -> BoundsLabel) where MarkedValueLabels == EmptyView {
        fraction = Self.fraction(value, bounds); self.label = label(); origin = .at(file, line)
        current = currentValueLabel(); minimum = minimumValueLabel(); maximum = maximumValueLabel()
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> Double {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let f = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        return f.isFinite ? min(1, max(0, f)) : 0
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { drawn(in: environment).at(origin) }

    private func drawn(in environment: EnvironmentValues) -> [ViewNode] {
        if let custom = environment[CustomGaugeStyleKey.self] {
            func erased<V: View>(_ view: V?) -> GaugeStyleConfiguration.Label? {
                view.map { v in GaugeStyleConfiguration.Label(resolve: { ViewResolver.nodes(v, in: $0) }) }
            }
            func body<S: GaugeStyle>(_ style: S) -> [ViewNode] {
                let configuration = GaugeStyleConfiguration(
                    label: erased(label)!, currentValueLabel: erased(current), minimumValueLabel: erased(minimum),
                    maximumValueLabel: erased(maximum), markedValueLabels: GaugeStyleConfiguration.Label(resolve: { _ in [] }), value: fraction)
                let made = EnvironmentValues.$current.withValue(environment) { style.makeBody(configuration: configuration) }
                return ViewResolver.nodes(made, in: environment)
            }
            return body(custom)
        }
        let look = environment[GaugeLookKey.self]
        let tint = environment.tint?.resolvePaint(in: environment) ?? environment.foreground?.resolvePaint(in: environment)
            ?? Color.blue.resolvePaint(in: environment)
        let style: ProgressStyle = look == .circular ? .gauge : look == .circularCapacity ? .ring : .linear
        let thickness = style == .linear ? 4.0 : 6.0
        let track = style == .linear ? Color(system: "systemFill").rgba(in: environment) : tint.solidColor.multipliedAlpha(0.2)
        let bar = ViewNode(.progress(ProgressContent(fraction: fraction, style: style, tint: tint, track: track, thickness: thickness)))
        func nodes<V: View>(_ view: V?, _ env: EnvironmentValues) -> [ViewNode] { view.map { ViewResolver.nodes($0, in: env) } ?? [] }
        if style == .linear {
            var valueEnv = environment
            if valueEnv.foreground == nil { valueEnv.foreground = AnyShapeStyle(Color(system: "secondaryLabel")) }
            let children = nodes(label, environment) + [bar] + nodes(current, valueEnv)
            return children.count == 1 ? children : [ViewNode(.vstack(spacing: 4, alignment: .leading, children: children))]
        }
        // Inside the ring: the current value, 20 pt medium, one line shrinking to half (as the layout
        // language's gauge, docs/language.md); in the opening, the bounds (or the label) in caption2.
        var inside = environment
        if inside.font == nil { inside.font = .system(size: 20, weight: .medium) }
        inside.lineLimitValue = inside.lineLimitValue ?? 1
        inside.minimumScaleFactorValue = min(inside.minimumScaleFactorValue, 0.5)
        var gap = environment
        gap.font = .caption2
        gap.lineLimitValue = gap.lineLimitValue ?? 1
        gap.minimumScaleFactorValue = min(gap.minimumScaleFactorValue, 0.5)
        var node = ViewNode(.zstack(alignment: .center, children: [bar] + nodes(current, inside)))
        guard style == .gauge else { return [node] }
        let low = nodes(minimum, gap), high = nodes(maximum, gap)
        var bottom: ViewNode?
        if !low.isEmpty || !high.isEmpty {
            bottom = ViewNode(.hstack(spacing: 0, alignment: .center, children: low + [ViewNode(.spacer(minLength: 0))] + high),
                              modifiers: [.padding(WidgetModel.EdgeInsets(top: 0, leading: thickness * 3.5, bottom: thickness * 2, trailing: thickness * 3.5))])
        } else if case let labels = nodes(label, gap), !labels.isEmpty {
            bottom = ViewNode(.hstack(spacing: 0, alignment: .center, children: labels),
                              modifiers: [.padding(WidgetModel.EdgeInsets(top: 0, leading: thickness * 3, bottom: 0, trailing: thickness * 3))])
        }
        if let bottom { node.modifiers.append(.overlay(bottom, alignment: WidgetModel.Alignment(horizontal: .center, vertical: .bottom))) }
        return [node]
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label) {
        fraction = Self.fraction(value, bounds); self.label = label(); current = nil; minimum = nil; maximum = nil; origin = .at(file, line)
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        fraction = Self.fraction(value, bounds); self.label = label(); current = currentValueLabel(); minimum = nil; maximum = nil
        origin = .at(file, line)
    }
}

// MARK: - Toggle

/// How toggles below draw (`toggleStyle`).
package enum ToggleLook: Hashable, Sendable { case automatic, switchStyle, button }

/// A toggle style (SwiftUI's `ToggleStyle`): the built-in ones, or a team's own `makeBody`.
public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a toggle style's `makeBody` gets (SwiftUI's `ToggleStyleConfiguration`).
public struct ToggleStyleConfiguration {
    /// The toggle's label (SwiftUI's `ToggleStyleConfiguration.Label`).
    public struct Label: View, PrimitiveView {
        public typealias Body = Never
        let resolve: (EnvironmentValues) -> [ViewNode]
        package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { resolve(environment) }
    }
    public let label: Label
    public var isOn: Bool
    public var isMixed = false
}

package protocol BuiltInToggleStyle: ToggleStyle where Body == Never { var look: ToggleLook { get } }
extension BuiltInToggleStyle {
    public func makeBody(configuration: Configuration) -> Never { fatalError("a built-in toggle style is drawn by the engine") }
}
public struct DefaultToggleStyle: BuiltInToggleStyle, Sendable { public init() {}; package var look: ToggleLook { .automatic } }
public struct SwitchToggleStyle: BuiltInToggleStyle, Sendable { public init() {}; package var look: ToggleLook { .switchStyle } }
public struct ButtonToggleStyle: BuiltInToggleStyle, Sendable { public init() {}; package var look: ToggleLook { .button } }
extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: DefaultToggleStyle { .init() } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: SwitchToggleStyle { .init() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { .init() } }

struct CustomToggleStyleKey: EnvironmentKey { static var defaultValue: (any ToggleStyle)? { nil } }

extension View {
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { env in
            if let known = style as? any BuiltInToggleStyle {
                env[ToggleLookKey.self] = known.look; env[CustomToggleStyleKey.self] = nil
            } else {
                env[CustomToggleStyleKey.self] = style
            }
        }
    }
}

/// A control that is on or off (SwiftUI's `Toggle`; in a widget, `Toggle(isOn:intent:)` runs an
/// App Intent). Drawn as iOS draws it: the label leading and the engine's switch trailing
/// (`ToggleSwitch`, as a layout file's `toggle:`: a 51 × 31 pt capsule, the tint when on — green
/// by default — the off fill when off, a white 27 pt knob), or with `.toggleStyle(.button)` a
/// bordered button, tinted when on; a team's own `ToggleStyle` draws its `makeBody`.
public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let isOn: Bool
    let label: Label
    let origin: SourceLocation?

    public init(isOn: Binding<Bool>, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue; self.label = label(); origin = .at(file, line)
    }
    /// A widget's toggle, `Toggle(isOn:intent:)` (WidgetKit declares it: the intent is kept only).
    package init(drawing isOn: Bool, label: Label, origin: SourceLocation? = nil) { self.isOn = isOn; self.label = label; self.origin = origin }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { drawn(in: environment).at(origin) }

    private func drawn(in environment: EnvironmentValues) -> [ViewNode] {
        let label = label
        if let custom = environment[CustomToggleStyleKey.self] {
            func body<S: ToggleStyle>(_ style: S) -> [ViewNode] {
                let configuration = ToggleStyleConfiguration(label: .init(resolve: { ViewResolver.nodes(label, in: $0) }), isOn: isOn)
                let made = EnvironmentValues.$current.withValue(environment) { style.makeBody(configuration: configuration) }
                return ViewResolver.nodes(made, in: environment)
            }
            return body(custom)
        }
        let tint = environment.tint?.resolvePaint(in: environment) ?? Color.green.resolvePaint(in: environment)
        let labels = ViewResolver.nodes(label, in: environment)
        if environment[ToggleLookKey.self] == .button {
            var button = ViewNode(.hstack(spacing: nil, alignment: .center, children: labels))
            let fill: Paint = isOn ? tint : .color(Color(system: "tertiarySystemFill").rgba(in: environment))
            button.modifiers = [.padding(WidgetModel.EdgeInsets(top: 7, leading: 14, bottom: 7, trailing: 14)),
                                .background(ViewNode(.shape(ShapeContent(shape: .capsule, fill: fill))), alignment: .center)]
            return [button]
        }
        // The engine's switch, the same as a layout file's `toggle:` (WidgetModel.ToggleSwitch).
        let switchNode = ToggleSwitch.node(isOn: isOn, tint: environment.tint?.resolvePaint(in: environment),
                                           scheme: environment.look.scheme, generation: environment.look.colors)
        if labels.isEmpty { return [switchNode] }
        return [ViewNode(.hstack(spacing: nil, alignment: .center, children: labels + [ViewNode(.spacer(minLength: nil)), switchNode]))]
    }
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>, file: StaticString = #fileID, line: UInt = #line) {
        self.init(isOn: isOn, file: file, line: line) { Text(titleKey, file: file, line: line) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>, file: StaticString = #fileID, line: UInt = #line) {
        self.init(isOn: isOn, file: file, line: line) { Text(title, file: file, line: line) }
    }
}
