import Foundation
import SwiftUI
import AppIntents
package import WidgetModel

// WidgetKit's widget bundle and controls (iOS 18), for Linux: Apple's names and signatures
// (developer.apple.com/documentation/widgetkit). A bundle lists widgets; a control's configuration
// and template keep their values (the kind, the provider's preview value, the label, the intent).
// Controls are not drawn yet: no render asks for one.

// MARK: - WidgetBundle and @main

/// Several widgets of one extension (WidgetKit's `WidgetBundle`), usually its `@main` type.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

extension WidgetBundle {
    /// The extension's entry point (`@main`): nothing runs on Linux; a render asks for widgets itself.
    public static func main() {}
}

extension Widget {
    /// The extension's entry point when one widget is `@main`: nothing runs on Linux.
    public static func main() {}
}

/// The widgets of a bundle's `body`, in order.
public struct WidgetBundleContent<each W: Widget>: Widget {
    public let widgets: (repeat each W)
    public init() { widgets = (repeat (each W).init()) }
    init(_ widgets: repeat each W) { self.widgets = (repeat each widgets) }
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}

/// An optional widget of a bundle (`if #available`).
public struct OptionalWidget<W: Widget>: Widget {
    public let widget: W?
    public init() { widget = nil }
    init(_ widget: W?) { self.widget = widget }
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}

/// What a bundle or a control declares for itself: nothing to draw.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    public init() {}
}

/// Builds a bundle's `body` from its widgets (WidgetKit's `WidgetBundleBuilder`).
@resultBuilder public enum WidgetBundleBuilder {
    public static func buildBlock<each W: Widget>(_ widgets: repeat each W) -> WidgetBundleContent<repeat each W> {
        WidgetBundleContent(repeat each widgets)
    }
    public static func buildExpression<W: Widget>(_ widget: W) -> W { widget }
    /// A control in a bundle: kept as a widget with nothing to draw.
    public static func buildExpression<C: ControlWidget>(_ control: C) -> ControlInBundle<C> { ControlInBundle(control) }
    public static func buildOptional<W: Widget>(_ widget: W?) -> OptionalWidget<W> { OptionalWidget(widget) }
    public static func buildLimitedAvailability<W: Widget>(_ widget: W) -> OptionalWidget<W> { OptionalWidget(widget) }
    public static func buildEither<W: Widget>(first: W) -> OptionalWidget<W> { OptionalWidget(first) }
    public static func buildEither<W: Widget>(second: W) -> OptionalWidget<W> { OptionalWidget(second) }
}

/// A control listed in a widget bundle.
public struct ControlInBundle<C: ControlWidget>: Widget {
    public let control: C
    public init() { control = C() }
    init(_ control: C) { self.control = control }
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}

// MARK: - Controls (iOS 18)

/// What a control declares (WidgetKit's `ControlWidgetConfiguration`).
public protocol ControlWidgetConfiguration {}

/// A control in Control Center, on the Lock Screen or the Action button (WidgetKit's `ControlWidget`).
public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    @ControlWidgetConfigurationBuilder var body: Body { get }
}

extension ControlWidget {
    public static func main() {}
}

@resultBuilder public enum ControlWidgetConfigurationBuilder {
    public static func buildBlock<C: ControlWidgetConfiguration>(_ content: C) -> C { content }
}

/// What a control's template is built with (WidgetKit's `ControlWidgetTemplate`).
public protocol ControlWidgetTemplate {}

@resultBuilder public enum ControlWidgetTemplateBuilder {
    public static func buildBlock<T: ControlWidgetTemplate>(_ content: T) -> T { content }
    public static func buildEither<T: ControlWidgetTemplate>(first: T) -> AnyControlTemplate { AnyControlTemplate(first) }
    public static func buildEither<T: ControlWidgetTemplate>(second: T) -> AnyControlTemplate { AnyControlTemplate(second) }
    public static func buildLimitedAvailability<T: ControlWidgetTemplate>(_ content: T) -> AnyControlTemplate { AnyControlTemplate(content) }
}

/// A template of any type (what an `if` in a template builder gives).
public struct AnyControlTemplate: ControlWidgetTemplate {
    public let template: any ControlWidgetTemplate
    init(_ template: any ControlWidgetTemplate) { self.template = template }
}

/// Where a control's current value comes from (WidgetKit's `ControlValueProvider`).
public protocol ControlValueProvider<Value>: Sendable {
    associatedtype Value: Sendable
    var previewValue: Value { get }
    func currentValue() async throws -> Value
}

/// A configurable control's value (WidgetKit's `AppIntentControlValueProvider`).
public protocol AppIntentControlValueProvider<Intent, Value>: Sendable {
    associatedtype Intent: ControlConfigurationIntent
    associatedtype Value: Sendable
    func previewValue(configuration: Intent) -> Value
    func currentValue(configuration: Intent) async throws -> Value
}

/// A control without configuration (WidgetKit's `StaticControlConfiguration`). Its template is
/// built from the provider's preview value, kept.
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
    public let kind: String
    public let template: () -> Content
    public init(kind: String, @ControlWidgetTemplateBuilder content: @escaping () -> Content) {
        self.kind = kind; template = content
    }
    public init<Provider: ControlValueProvider>(kind: String, provider: Provider,
                                                @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Content) {
        self.kind = kind; template = { content(provider.previewValue) }
    }
}

/// A control the person configures (WidgetKit's `AppIntentControlConfiguration`).
public struct AppIntentControlConfiguration<Intent: ControlConfigurationIntent, Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
    public let kind: String
    public let template: () -> Content
    public init(kind: String, intent: Intent.Type = Intent.self,
                @ControlWidgetTemplateBuilder content: @escaping (Intent) -> Content) {
        self.kind = kind; template = { content(Intent()) }
    }
    public init<Provider: AppIntentControlValueProvider>(kind: String, intent: Intent.Type = Intent.self, provider: Provider,
                                                         @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Content)
        where Provider.Intent == Intent {
        self.kind = kind; template = { content(provider.previewValue(configuration: Intent())) }
    }
}

/// A configuration with a modifier applied: its values kept.
public struct ModifiedControlConfiguration<Base: ControlWidgetConfiguration>: ControlWidgetConfiguration {
    public let base: Base
}

extension ControlWidgetConfiguration {
    public func displayName(_ displayName: LocalizedStringResource) -> some ControlWidgetConfiguration { ModifiedControlConfiguration(base: self) }
    public func description(_ description: LocalizedStringResource) -> some ControlWidgetConfiguration { ModifiedControlConfiguration(base: self) }
    public func promptsForUserConfiguration() -> some ControlWidgetConfiguration { ModifiedControlConfiguration(base: self) }
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> some ControlWidgetConfiguration { ModifiedControlConfiguration(base: self) }
}

/// A button control (WidgetKit's `ControlWidgetButton`): its label and action kept.
public struct ControlWidgetButton<Label: View, ActionLabel: View, Action: AppIntent>: ControlWidgetTemplate {
    public let action: Action
    public let label: Label
    public init(action: Action, @ViewBuilder label: () -> Label) where ActionLabel == EmptyView {
        self.action = action; self.label = label()
    }
    public init(action: Action, @ViewBuilder label: () -> Label, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        self.action = action; self.label = label()
    }
}

extension ControlWidgetButton where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        self.action = action; label = Text(titleKey)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        self.action = action; label = Text(title)
    }
}

/// The label a toggle control shows for its value when none is given ("On"/"Off").
public struct ControlWidgetToggleDefaultLabel: View {
    let isOn: Bool
    public var body: some View { Text(isOn ? "On" : "Off") }
}

/// A toggle control (WidgetKit's `ControlWidgetToggle`): its value, label and action kept.
public struct ControlWidgetToggle<Label: View, ValueLabel: View, Action>: ControlWidgetTemplate {
    public let isOn: Bool
    public let action: Action
    public let label: Label
    public init(isOn: Bool, action: Action, @ViewBuilder label: () -> Label)
        where ValueLabel == ControlWidgetToggleDefaultLabel, Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn; self.action = action; self.label = label()
    }
    public init(isOn: Bool, action: Action, @ViewBuilder label: () -> Label, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel)
        where Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn; self.action = action; self.label = label()
    }
}

extension ControlWidgetToggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel)
        where Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn; self.action = action; label = Text(titleKey)
    }
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel)
        where Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn; self.action = action; label = Text(verbatim: titleResource.defaultValue)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel)
        where Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn; self.action = action; label = Text(title)
    }
}

extension ControlWidgetTemplate {
    /// The control's tint: kept with the template (controls are not drawn yet).
    public func tint(_ tint: Color?) -> Self { self }
    /// What the Action button says it does (SwiftUI's `controlWidgetActionHint`): a value for
    /// accessibility and the Action button, no pixels in a control's picture.
    public func controlWidgetActionHint(_ hint: Text) -> Self { self }
    public func controlWidgetActionHint(_ hint: LocalizedStringKey) -> Self { self }
    public func controlWidgetStatus(_ status: Text) -> Self { self }
}

extension View {
    /// What the Action button says a control's view does: no pixels.
    public func controlWidgetActionHint(_ hint: Text) -> some View { self }
    public func controlWidgetActionHint(_ hint: LocalizedStringKey) -> some View { self }
    public func controlWidgetStatus(_ status: Text) -> some View { self }
}

// MARK: - Widget environment and modifiers

/// How the system draws the widget (WidgetKit's `WidgetRenderingMode`), read from the render's mode.
public struct WidgetRenderingMode: Hashable, Sendable, CustomStringConvertible {
    let mode: WidgetModel.RenderingMode
    public static let fullColor = WidgetRenderingMode(mode: .fullColor)
    public static let accented = WidgetRenderingMode(mode: .accented)
    public static let vibrant = WidgetRenderingMode(mode: .vibrant)
    public var description: String { mode.rawValue }
}

extension EnvironmentValues {
    /// The mode the widget is drawn in: the render's (`Look.mode`), else full colour.
    public var widgetRenderingMode: WidgetRenderingMode {
        get { WidgetRenderingMode(mode: look.mode ?? .fullColor) }
        set { look.mode = newValue.mode }
    }

    /// Whether the container background is shown (the tinted Home Screen and StandBy remove it).
    public var showsWidgetContainerBackground: Bool {
        get { (look.mode ?? .fullColor) == .fullColor }
        set {}
    }

    /// Whether the widget's content is luminance-only (the vibrant Lock Screen).
    public var isLuminanceReduced: Bool {
        get { false }
        set {}
    }
}

extension View {
    /// The text an accessory widget shows around a watch face's complication: nothing on iPhone.
    public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> some View { self }
    public func widgetLabel(_ labelKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload public func widgetLabel<S: StringProtocol>(_ label: S) -> some View { self }
}
