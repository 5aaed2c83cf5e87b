@_exported import Foundation
public import SwiftUI

// The part of AppIntents widget code touches, for Linux: Apple's names and signatures
// (developer.apple.com/documentation/appintents) — configuration intents and their parameters,
// and the intents a widget's buttons and toggles run. Nothing here performs an intent: a render
// only needs the values a widget reads. See docs/swift.md.

// MARK: - Strings

/// A string to be localized at the point of use (Foundation's `LocalizedStringResource` on Apple
/// platforms; swift-corelibs-foundation has none, so it is declared here, where intents use it):
/// the key, with interpolations as format specifiers, and its default text.
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    public let key: String
    /// The text without a translation: the key with its arguments written in.
    public let defaultValue: String
    public var description: String { defaultValue }

    public init(_ keyAndValue: String) { key = keyAndValue; defaultValue = keyAndValue }
    /// A key with its default text (Foundation's `init(_:defaultValue:table:locale:bundle:comment:)`;
    /// the default value is a `String` here, as Linux has no `String.LocalizationValue`, and there is
    /// no bundle argument).
    public init(_ key: StaticString, defaultValue: String, table: String? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self.key = "\(key)"; self.defaultValue = defaultValue
    }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key; defaultValue = stringInterpolation.text }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = "", text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%"); text += literal
        }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { key += "%lld"; text += "\(value)" }
        public mutating func appendInterpolation<T>(_ value: T) { key += "%@"; text += "\(value)" }
        /// A number written by a printf specifier (`\(rating, specifier: "%.1f")`).
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            key += specifier; text += String(format: specifier, Double(value))
        }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
            key += specifier; text += String(format: specifier, Int(value))
        }
    }
}

extension String {
    /// The resource's text (no translations on Linux yet: its default value).
    public init(localized resource: LocalizedStringResource) { self = resource.defaultValue }
}

// MARK: - Intents

/// What an app can do for Siri, Shortcuts, widgets and controls (AppIntents' `AppIntent`). A
/// render only reads an intent's values: `perform()` is never called.
public protocol AppIntent: Sendable {
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription? { get }
    static var openAppWhenRun: Bool { get }
    associatedtype PerformResult: IntentResult
    func perform() async throws -> PerformResult
    init()
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
    public static var openAppWhenRun: Bool { false }
    /// `@Parameter` inside an intent.
    public typealias Parameter<Value> = IntentParameter<Value>
    /// `Summary("…") { \.$param }` inside an intent.
    public typealias Summary = IntentParameterSummary<Self>
    /// `When(\.$param, .equalTo, value) { … } otherwise: { … }` inside an intent's summary.
    public typealias When<WhenCondition: ParameterSummary, Otherwise: ParameterSummary> = ParameterSummaryWhenCondition<Self, WhenCondition, Otherwise>
    /// `Switch(\.$param) { Case(value) { … }; DefaultCase { … } }` inside an intent's summary.
    public typealias Switch<Value> = ParameterSummarySwitchCondition<Self, Value>
    public typealias Case<Value, Summary: ParameterSummary> = ParameterSummaryCaseCondition<Self, Value, Summary>
    public typealias DefaultCase<Value, Summary: ParameterSummary> = ParameterSummaryDefaultCaseCondition<Self, Value, Summary>
}

/// An intent whose parameters configure a widget (AppIntents' `WidgetConfigurationIntent`).
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent {
    /// A configuration intent only carries values: it performs nothing.
    public func perform() async throws -> IntentResultContainer<Never, Never, Never, Never> { .result() }
}

/// An intent whose parameters configure a control (AppIntents' `ControlConfigurationIntent`).
public protocol ControlConfigurationIntent: AppIntent {}

/// What an intent says it does (AppIntents' `IntentDescription`).
public struct IntentDescription: ExpressibleByStringInterpolation, Sendable {
    public let descriptionText: LocalizedStringResource
    public let categoryName: LocalizedStringResource?
    public let searchKeywords: [LocalizedStringResource]
    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource? = nil) {
        self.descriptionText = descriptionText; self.categoryName = categoryName; self.searchKeywords = searchKeywords
    }
    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// What Siri says (AppIntents' `IntentDialog`).
public struct IntentDialog: ExpressibleByStringInterpolation, Sendable {
    public let fullDialog: LocalizedStringResource
    public let supportingDialog: LocalizedStringResource?
    public init(_ fullDialog: LocalizedStringResource) { self.fullDialog = fullDialog; supportingDialog = nil }
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) { fullDialog = full; supportingDialog = supporting }
    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// A parameter of an intent (AppIntents' `IntentParameter`, written `@Parameter`): its title, and
/// its value (the default until set).
@propertyWrapper public final class IntentParameter<Value>: @unchecked Sendable {
    public let title: LocalizedStringResource
    public let description: LocalizedStringResource?
    var value: Value?

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                requestValueDialog: IntentDialog? = nil) {
        self.title = title; self.description = description; value = defaultValue
    }

    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                            inclusiveRange: (lowerBound: Value, upperBound: Value), requestValueDialog: IntentDialog? = nil) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }

    /// A text parameter with its keyboard's options (Shortcuts' text field; nothing to draw here).
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                            inputOptions: String.IntentInputOptions, requestValueDialog: IntentDialog? = nil) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }

    public var wrappedValue: Value {
        get {
            if let value { return value }
            // An optional parameter left unset is nil, as in AppIntents.
            if let optional = Value.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? Value {
                return none
            }
            fatalError("the parameter '\(title)' (\(Value.self)) was read before it was set and has no default")
        }
        set { value = newValue }
    }

    /// `$parameter`: the parameter itself.
    public var projectedValue: IntentParameter<Value> { self }
}

// MARK: - Results

/// What `perform()` returns (AppIntents' `IntentResult`).
public protocol IntentResult: Sendable {}
/// A result with a dialog.
public protocol ProvidesDialog: IntentResult {}
/// A result with a value.
public protocol ReturnsValue<Value>: IntentResult { associatedtype Value }
/// A result that opens another intent.
public protocol OpensIntent: IntentResult {}

/// A result's parts (AppIntents' `IntentResultContainer`): its value, the intent it opens, its
/// dialog and view, each `Never` where absent.
public struct IntentResultContainer<Value, OpensIntent, Dialog, View>: IntentResult, @unchecked Sendable {
    public let value: Value?
    public let dialog: IntentDialog?
    init(value: Value? = nil, dialog: IntentDialog? = nil) { self.value = value; self.dialog = dialog }
}

extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}
extension IntentResultContainer: ReturnsValue {}
extension IntentResultContainer: AppIntents.OpensIntent where OpensIntent: AppIntent {}

extension IntentResult {
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> { .init() }
    public static func result(dialog: IntentDialog) -> Self where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        .init(dialog: dialog)
    }
    public static func result<V>(value: V) -> Self where Self == IntentResultContainer<V, Never, Never, Never> { .init(value: value) }
    public static func result<V>(value: V, dialog: IntentDialog) -> Self where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
        .init(value: value, dialog: dialog)
    }
    public static func result<I: AppIntent>(opensIntent: I) -> Self where Self == IntentResultContainer<Never, I, Never, Never> { .init() }
    public static func result<I: AppIntent>(opensIntent: I, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, I, Never, IntentDialog> { .init(dialog: dialog) }
    public static func result<V, I: AppIntent>(value: V, opensIntent: I) -> Self where Self == IntentResultContainer<V, I, Never, Never> {
        .init(value: value)
    }
}

// MARK: - Parameter summaries: ParameterSummaries.swift

// MARK: - Entities

/// How a type is named in the system's UI (AppIntents' `TypeDisplayRepresentation`).
public struct TypeDisplayRepresentation: ExpressibleByStringInterpolation, Sendable {
    public let name: LocalizedStringResource
    public let numericFormat: LocalizedStringResource?
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) { self.name = name; self.numericFormat = numericFormat }
    public init(stringLiteral value: String) { self.init(name: LocalizedStringResource(value)) }
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(name: LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// How a value is shown in the system's UI (AppIntents' `DisplayRepresentation`).
public struct DisplayRepresentation: ExpressibleByStringInterpolation, Sendable {
    public struct Image: Sendable {
        public let systemName: String?
        public init(systemName: String) { self.systemName = systemName }
        public init(named name: String) { systemName = nil }
    }
    public let title: LocalizedStringResource
    public let subtitle: LocalizedStringResource?
    public let image: Image?
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title; self.subtitle = subtitle; self.image = image
    }
    public init(stringLiteral value: String) { self.init(title: LocalizedStringResource(value)) }
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(title: LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// A thing of the app intents can take and return (AppIntents' `AppEntity`).
public protocol AppEntity: Identifiable, Sendable {
    associatedtype DefaultQuery: EntityQuery
    static var defaultQuery: DefaultQuery { get }
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    var displayRepresentation: DisplayRepresentation { get }
}

/// Finds entities by identifier (AppIntents' `EntityQuery`).
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    func suggestedEntities() async throws -> [Entity]
    init()
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// Finds entities by a string too (AppIntents' `EntityStringQuery`).
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// A fixed set of values (AppIntents' `AppEnum`).
public protocol AppEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue: Sendable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

// MARK: - Shortcuts

/// A token a phrase names (AppIntents' `AppShortcutPhraseToken`): `\(.applicationName)`.
public enum AppShortcutPhraseToken: Sendable { case applicationName }

/// A phrase that runs a shortcut (AppIntents' `AppShortcutPhrase`).
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    public let text: String
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { text += "${applicationName}" }
        public mutating func appendInterpolation<V>(_ parameter: KeyPath<Intent, IntentParameter<V>>) { text += "${\(V.self)}" }
    }
}

/// A shortcut the app offers (AppIntents' `AppShortcut`).
public struct AppShortcut: Sendable {
    public let phrases: [String]
    public let shortTitle: LocalizedStringResource
    public let systemImageName: String
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource,
                                   systemImageName: String) {
        self.phrases = phrases.map(\.text); self.shortTitle = shortTitle; self.systemImageName = systemImageName
    }
}

/// Builds an app's shortcuts (AppIntents' `AppShortcutsBuilder`).
@resultBuilder public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
}

/// The app's shortcuts (AppIntents' `AppShortcutsProvider`).
public protocol AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}

// MARK: - Intents that set a value (controls)

/// An intent a toggle control performs with its new value (AppIntents' `SetValueIntent`). Only its
/// values are read here: `perform()` is never called.
public protocol SetValueIntent<ValueType>: AppIntent {
    associatedtype ValueType: Sendable
    var value: ValueType { get set }
}

extension Text {
    /// A resource's text (SwiftUI's `Text(_: LocalizedStringResource)`): its key looked up in the
    /// app's strings when it has no arguments, its default value when the strings lack the key (as
    /// iOS falls back), else its default value with the arguments written in.
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) {
        if resource.key.contains("%") { self.init(verbatim: resource.defaultValue); return }
        var key = LocalizedStringKey(resource.key)
        key.fallback = resource.defaultValue
        self.init(key)
    }
}
