import Foundation

// How Shortcuts shows an intent's parameters: kept as values (nothing of a widget is drawn from
// them), with Apple's names and shapes so an intent's `parameterSummary` compiles unchanged:
// `Summary`, `When … otherwise:`, `Switch { Case …; DefaultCase … }` (AppIntents' parameter
// summary types; the conditions' generic parameters are simplified, their spelling at the call
// site is Apple's).

/// How Shortcuts shows an intent's parameters (AppIntents' `ParameterSummary`).
public protocol ParameterSummary: Sendable {}

/// `Summary("Order \(\.$item)") { \.$note }`, `Summary { \.$a; \.$b }`, `Summary()`
/// (AppIntents' `IntentParameterSummary`): the sentence and the parameters listed under it.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary, @unchecked Sendable {
    public let summary: ParameterSummaryString<Intent>
    /// The localization table the sentence is looked up in.
    public let table: String?
    public let parameters: [PartialKeyPath<Intent>]

    public init() { summary = ""; table = nil; parameters = [] }
    public init(@ParameterKeyPathsBuilder _ keyPaths: () -> [PartialKeyPath<Intent>]) {
        summary = ""; table = nil; parameters = keyPaths()
    }
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil) {
        summary = string; self.table = table; parameters = []
    }
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil,
                @ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]) {
        summary = string; self.table = table; parameters = additionalParameterKeyPaths()
    }

    /// The parameters listed under a summary, by key path.
    @resultBuilder public enum ParameterKeyPathsBuilder {
        public static func buildExpression<V>(_ parameter: KeyPath<Intent, IntentParameter<V>>) -> [PartialKeyPath<Intent>] { [parameter] }
        public static func buildBlock(_ parts: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parts.flatMap { $0 } }
    }
}

/// The sentence of a summary, its parameters named by key path (AppIntents' `ParameterSummaryString`).
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    public let text: String
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation<V>(_ parameter: KeyPath<Intent, IntentParameter<V>>) { text += "${\(V.self)}" }
    }
}

/// One summary out of a closure: a `Summary`, a `When` or a `Switch` (AppIntents' `ParameterSummaryBuilder`).
@resultBuilder public enum ParameterSummaryBuilder<Intent: AppIntent> {
    public static func buildExpression<S: ParameterSummary>(_ summary: S) -> S { summary }
    public static func buildBlock<S: ParameterSummary>(_ block: S) -> S { block }
}

/// `.equalTo`, `.notEqualTo` (AppIntents' `EquatableComparisonOperator`).
public enum EquatableComparisonOperator: Sendable { case equalTo, notEqualTo }
/// `.greaterThan`, `.lessThan`, … (AppIntents' `ComparableComparisonOperator`).
public enum ComparableComparisonOperator: Sendable { case greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo }
/// `.hasAnyValue`, `.hasNoValue` (AppIntents' `HasValueComparisonOperator`).
public enum HasValueComparisonOperator: Sendable { case hasAnyValue, hasNoValue }
/// `.oneOf`, `.noneOf` (AppIntents' `OneOfComparisonOperator`).
public enum OneOfComparisonOperator: Sendable { case oneOf, noneOf }

/// `When(\.$flag, .equalTo, true) { Summary … } otherwise: { Summary … }` (AppIntents'
/// `ParameterSummaryWhenCondition`): both summaries kept.
public struct ParameterSummaryWhenCondition<Intent: AppIntent, WhenCondition: ParameterSummary, Otherwise: ParameterSummary>:
    ParameterSummary, @unchecked Sendable {
    public let parameter: PartialKeyPath<Intent>
    public let when: WhenCondition
    public let otherwise: Otherwise?

    public init<V: Equatable>(_ keyPath: KeyPath<Intent, IntentParameter<V>>, _ comparisonOperator: EquatableComparisonOperator, _ value: V,
                              @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                              @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        parameter = keyPath; self.when = when(); self.otherwise = otherwise()
    }
    public init<V: Equatable>(_ keyPath: KeyPath<Intent, IntentParameter<V?>>, _ comparisonOperator: EquatableComparisonOperator, _ value: V,
                              @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                              @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        parameter = keyPath; self.when = when(); self.otherwise = otherwise()
    }
    public init<V: Comparable>(_ keyPath: KeyPath<Intent, IntentParameter<V>>, _ comparisonOperator: ComparableComparisonOperator, _ value: V,
                               @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                               @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        parameter = keyPath; self.when = when(); self.otherwise = otherwise()
    }
    public init<V: Comparable>(_ keyPath: KeyPath<Intent, IntentParameter<V?>>, _ comparisonOperator: ComparableComparisonOperator, _ value: V,
                               @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                               @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        parameter = keyPath; self.when = when(); self.otherwise = otherwise()
    }
    public init<V>(_ keyPath: KeyPath<Intent, IntentParameter<V>>, _ comparisonOperator: HasValueComparisonOperator,
                   @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                   @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        parameter = keyPath; self.when = when(); self.otherwise = otherwise()
    }
    public init<V: Equatable>(_ keyPath: KeyPath<Intent, IntentParameter<V>>, _ comparisonOperator: OneOfComparisonOperator, _ values: [V],
                              @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                              @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        parameter = keyPath; self.when = when(); self.otherwise = otherwise()
    }
}

extension ParameterSummaryWhenCondition where Otherwise == IntentParameterSummary<Intent> {
    /// A `When` without `otherwise:`: the parameters stay unlisted when it does not hold.
    public init<V: Equatable>(_ keyPath: KeyPath<Intent, IntentParameter<V>>, _ comparisonOperator: EquatableComparisonOperator, _ value: V,
                              @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition) {
        parameter = keyPath; self.when = when(); otherwise = nil
    }
    public init<V>(_ keyPath: KeyPath<Intent, IntentParameter<V>>, _ comparisonOperator: HasValueComparisonOperator,
                   @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition) {
        parameter = keyPath; self.when = when(); otherwise = nil
    }
}

/// One case of a `Switch`, type-erased to its summary (what `ParameterSummaryCaseBuilder` collects).
public struct ParameterSummarySwitchCase<Intent: AppIntent, Value>: @unchecked Sendable {
    /// The values it matches; nil for `DefaultCase`.
    public let values: [Value]?
    public let summary: any ParameterSummary
}

/// `Case(.entity) { Summary … }` (AppIntents' `ParameterSummaryCaseCondition`).
public struct ParameterSummaryCaseCondition<Intent: AppIntent, Value, Summary: ParameterSummary>: @unchecked Sendable {
    public let values: [Value]
    public let summary: Summary
    public init(_ value: Value, @ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) {
        values = [value]; summary = parameterSummary()
    }
    public init(_ value: [Value], @ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) {
        values = value; summary = parameterSummary()
    }
}

/// `DefaultCase { Summary … }` (AppIntents' `ParameterSummaryDefaultCaseCondition`).
public struct ParameterSummaryDefaultCaseCondition<Intent: AppIntent, Value, Summary: ParameterSummary>: @unchecked Sendable {
    public let summary: Summary
    public init(@ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) { summary = parameterSummary() }
}

/// The cases of a `Switch`, in order (AppIntents' `ParameterSummaryCaseBuilder`).
@resultBuilder public enum ParameterSummaryCaseBuilder<Intent: AppIntent, Value> {
    public static func buildExpression<S>(_ c: ParameterSummaryCaseCondition<Intent, Value, S>) -> ParameterSummarySwitchCase<Intent, Value> {
        ParameterSummarySwitchCase(values: c.values, summary: c.summary)
    }
    public static func buildExpression<S>(_ c: ParameterSummaryDefaultCaseCondition<Intent, Value, S>) -> ParameterSummarySwitchCase<Intent, Value> {
        ParameterSummarySwitchCase(values: nil, summary: c.summary)
    }
    public static func buildBlock(_ cases: ParameterSummarySwitchCase<Intent, Value>...) -> [ParameterSummarySwitchCase<Intent, Value>] { cases }
}

/// `Switch(\.$kind) { Case(.a) { … }; DefaultCase { … } }` (AppIntents' `ParameterSummarySwitchCondition`).
public struct ParameterSummarySwitchCondition<Intent: AppIntent, Value>: ParameterSummary, @unchecked Sendable {
    public let parameter: PartialKeyPath<Intent>
    public let cases: [ParameterSummarySwitchCase<Intent, Value>]
    public init(_ keyPath: KeyPath<Intent, IntentParameter<Value>>,
                @ParameterSummaryCaseBuilder<Intent, Value> _ builder: () -> [ParameterSummarySwitchCase<Intent, Value>]) {
        parameter = keyPath; cases = builder()
    }
}

extension String {
    /// How Shortcuts' keyboard edits a text parameter (AppIntents' `String.IntentInputOptions`).
    public struct IntentInputOptions: Sendable {
        public enum KeyboardType: Sendable {
            case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad,
                 twitter, webSearch, asciiCapableNumberPad
        }
        public enum CapitalizationType: Sendable { case none, words, sentences, allCharacters }
        public var keyboardType: KeyboardType
        public var capitalizationType: CapitalizationType
        public var multiline: Bool
        public var autocorrect: Bool
        public var smartQuotes: Bool
        public var smartDashes: Bool
        public init(keyboardType: KeyboardType = .asciiCapable, capitalizationType: CapitalizationType = .sentences, multiline: Bool = false,
                    autocorrect: Bool = true, smartQuotes: Bool = true, smartDashes: Bool = true) {
            self.keyboardType = keyboardType; self.capitalizationType = capitalizationType; self.multiline = multiline
            self.autocorrect = autocorrect; self.smartQuotes = smartQuotes; self.smartDashes = smartDashes
        }
    }
}
