import Foundation
public import AppIntents
public import ActivityKit
public import SwiftUI
package import WidgetModel

// Widget configurations (static, SiriKit-intent and app-intent), their providers and modifiers,
// with Apple's names and signatures. A render asks the provider for its entries as WidgetKit
// would and draws the configuration's view for one.

/// Supplies a widget configured by a SiriKit intent (WidgetKit's `IntentTimelineProvider`).
/// Apple constrains `Intent` to `INIntent` (the Intents framework, not on Linux): here any type.
public protocol IntentTimelineProvider: _TimelineProviderContextual {
    associatedtype Entry: TimelineEntry
    associatedtype Intent
    func placeholder(in context: Context) -> Entry
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// Supplies a widget configured by an app intent (WidgetKit's `AppIntentTimelineProvider`).
public protocol AppIntentTimelineProvider: _TimelineProviderContextual {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
    /// The configurations offered where a widget cannot be edited (watchOS): not drawn.
    func recommendations() -> [AppIntentRecommendation<Intent>]
}

extension AppIntentTimelineProvider {
    public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
}

/// A configuration a provider recommends (WidgetKit's `AppIntentRecommendation`): kept, not drawn.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent> {
    public let intent: Intent
    public let description: Text
    public init(intent: Intent, description: Text) { self.intent = intent; self.description = description }
    public init(intent: Intent, description: LocalizedStringKey) { self.intent = intent; self.description = Text(description) }
    @_disfavoredOverload
    public init<S: StringProtocol>(intent: Intent, description: S) { self.intent = intent; self.description = Text(description) }
}

/// A configuration the engine can draw: its entries (from its provider) and its view for an entry.
package protocol EntryViews: WidgetConfiguration {
    func contentNodes(for entry: any TimelineEntry, in environment: EnvironmentValues) -> [ViewNode]?
    /// The provider's placeholder, snapshot and timeline entries for `context`.
    func placeholder(in context: TimelineProviderContext) -> any TimelineEntry
    func snapshot(in context: TimelineProviderContext) -> (any TimelineEntry)?
    func timeline(in context: TimelineProviderContext) -> [any TimelineEntry]?
    /// The same, awaited without holding a thread (a provider answering from its own `Task`).
    nonisolated(nonsending) func snapshotAsync(in context: TimelineProviderContext) async -> (any TimelineEntry)?
    nonisolated(nonsending) func timelineAsync(in context: TimelineProviderContext) async -> [any TimelineEntry]?
}

/// A provider's three answers, whatever kind of provider it is. The snapshot and the timeline are
/// asked for with a callback that may be called at once or later, from any thread: `snapshot` and
/// `timeline` wait for it blocking (up to `providerPatience`), `snapshotAsync`/`timelineAsync`
/// without holding a thread.
package struct EntrySource {
    let placeholder: (TimelineProviderContext) -> any TimelineEntry
    let askSnapshot: (TimelineProviderContext, @escaping (any TimelineEntry) -> Void) -> Bool
    let askTimeline: (TimelineProviderContext, @escaping ([any TimelineEntry]) -> Void) -> Bool

    func snapshot(_ context: TimelineProviderContext) -> (any TimelineEntry)? {
        let answer = Answer<any TimelineEntry>()
        guard askSnapshot(context, { answer.give($0) }) else { return nil }
        return answer.wait(seconds: providerPatience)
    }

    func timeline(_ context: TimelineProviderContext) -> [any TimelineEntry]? {
        let answer = Answer<[any TimelineEntry]>()
        guard askTimeline(context, { answer.give($0) }) else { return nil }
        return answer.wait(seconds: providerPatience)
    }

    nonisolated(nonsending) func snapshotAsync(_ context: TimelineProviderContext) async -> (any TimelineEntry)? {
        await waitForAnswer { askSnapshot(context, $0) }
    }

    nonisolated(nonsending) func timelineAsync(_ context: TimelineProviderContext) async -> [any TimelineEntry]? {
        await waitForAnswer { askTimeline(context, $0) }
    }
}

/// Waits for a callback's answer without holding a thread, up to `providerPatience`; nil when
/// `ask` says there is nothing to ask, or when the time runs out.
nonisolated(nonsending) func waitForAnswer<T>(_ ask: (@escaping (T) -> Void) -> Bool) async -> T? {
    let once = ResumeOnce<T>()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Carried<T?>, Never>) in
        once.set(continuation)
        guard ask({ once.resume(Carried(value: $0)) }) else { once.resume(Carried(value: nil)); return }
        DispatchQueue.global().asyncAfter(deadline: .now() + providerPatience) { once.resume(Carried(value: nil)) }
    }.value
}

/// A continuation resumed by whichever comes first: the answer or the deadline.
private final class ResumeOnce<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Carried<T?>, Never>?
    func set(_ c: CheckedContinuation<Carried<T?>, Never>) { lock.withLock { continuation = c } }
    func resume(_ value: Carried<T?>) {
        let c = lock.withLock { () -> CheckedContinuation<Carried<T?>, Never>? in defer { continuation = nil }; return continuation }
        c?.resume(returning: value)
    }
}

/// Holds what a provider hands its completion handler, from whichever thread it calls it.
private final class Answer<T>: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var value: T?
    func give(_ v: T) { lock.lock(); value = v; lock.unlock(); done.signal() }
    /// The answer, waiting up to `seconds` for one given later (a provider that answers from a `Task`).
    func wait(seconds: Double) -> T? {
        _ = done.wait(timeout: .now() + seconds)
        lock.lock(); defer { lock.unlock() }
        return value
    }
}

/// Lets a provider's value cross into the task that asks it (the render waits for the answer).
private struct Carried<T>: @unchecked Sendable { let value: T }

/// Where a provider's async methods run while a render waits for them: a thread of its own, not
/// Swift's cooperative pool. The render waits synchronously (a semaphore); a test runner or a
/// server calls it from the pool's threads, as many as there are cores, and when all of them wait,
/// a task started on the pool never runs: on two cores, under a full test run, an async provider
/// missed its 10 s (SeedAPITests). A task executor preference keeps the provider's code, and the
/// async functions it awaits, on this queue instead.
package final class ProviderExecutor: TaskExecutor, @unchecked Sendable {
    package static let shared = ProviderExecutor()
    private let queue = DispatchQueue(label: "widgetshot.providers")
    private static let marker = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: Self.marker, value: true) }

    /// True on the executor's queue (what a test checks a provider's code runs on).
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Runs `body` in a task on the provider executor: a provider that answers from a `Task {}` of its
/// own starts it there too (an unstructured task inherits the preference).
func onProviderExecutor(_ body: @escaping () -> Void) {
    let carried = Carried(value: body)
    Task.detached(executorPreference: ProviderExecutor.shared) { carried.value() }
}

/// How long a render waits for a provider that answers later (from a `Task`, or an async method).
package let providerPatience = 10.0

extension EntrySource {
    init<P: TimelineProvider>(_ provider: P) {
        placeholder = { provider.placeholder(in: $0) }
        askSnapshot = { context, give in
            let give = Carried(value: give)
            onProviderExecutor { provider.getSnapshot(in: context) { give.value($0) } }
            return true
        }
        askTimeline = { context, give in
            let give = Carried(value: give)
            onProviderExecutor { provider.getTimeline(in: context) { give.value($0.entries) } }
            return true
        }
    }

    init<P: IntentTimelineProvider>(_ provider: P, intent: @escaping () -> P.Intent?) {
        placeholder = { provider.placeholder(in: $0) }
        askSnapshot = { context, give in
            guard let configuration = intent() else { return false }
            let give = Carried(value: give)
            onProviderExecutor { provider.getSnapshot(for: configuration, in: context) { give.value($0) } }
            return true
        }
        askTimeline = { context, give in
            guard let configuration = intent() else { return false }
            let give = Carried(value: give)
            onProviderExecutor { provider.getTimeline(for: configuration, in: context) { give.value($0.entries) } }
            return true
        }
    }

    init<P: AppIntentTimelineProvider>(_ provider: P) {
        placeholder = { provider.placeholder(in: $0) }
        askSnapshot = { context, give in
            let carried = Carried(value: (provider, give))
            Task.detached(executorPreference: ProviderExecutor.shared) {
                carried.value.1(await carried.value.0.snapshot(for: P.Intent(), in: context))
            }
            return true
        }
        askTimeline = { context, give in
            let carried = Carried(value: (provider, give))
            Task.detached(executorPreference: ProviderExecutor.shared) {
                carried.value.1(await carried.value.0.timeline(for: P.Intent(), in: context).entries)
            }
            return true
        }
    }
}

/// What the three configurations share: a provider's entries and the view for one.
package protocol EntryConfiguration: EntryViews {
    associatedtype Content: View
    var source: EntrySource { get }
    var content: (any TimelineEntry) -> Content? { get }
}

extension EntryConfiguration {
    package func placeholder(in context: TimelineProviderContext) -> any TimelineEntry { source.placeholder(context) }
    package func snapshot(in context: TimelineProviderContext) -> (any TimelineEntry)? { source.snapshot(context) }
    package func timeline(in context: TimelineProviderContext) -> [any TimelineEntry]? { source.timeline(context) }
    nonisolated(nonsending) package func snapshotAsync(in context: TimelineProviderContext) async -> (any TimelineEntry)? {
        await source.snapshotAsync(context)
    }
    nonisolated(nonsending) package func timelineAsync(in context: TimelineProviderContext) async -> [any TimelineEntry]? {
        await source.timelineAsync(context)
    }
    package func contentNodes(for entry: any TimelineEntry, in environment: EnvironmentValues) -> [ViewNode]? {
        content(entry).map { ViewResolver.nodes($0, in: environment) }
    }
}

/// A widget with no options the user sets (WidgetKit's `StaticConfiguration`).
public struct StaticConfiguration<Content: View>: WidgetConfiguration, EntryConfiguration {
    let kind: String
    package let source: EntrySource
    package let content: (any TimelineEntry) -> Content?

    public init<Provider: TimelineProvider>(kind: String, provider: Provider,
                                            @ViewBuilder content: @escaping (Provider.Entry) -> Content) {
        self.kind = kind
        self.content = { entry in (entry as? Provider.Entry).map(content) }
        // A provider that answers through its completion handler, at once or from a Task (waited
        // for, up to a few seconds).
        source = EntrySource(provider)
    }
}

/// A widget the user configures through a SiriKit intent (WidgetKit's `IntentConfiguration`). The
/// intent is made with `init()` when it is an app intent; an `INIntent` subclass (Xcode-generated)
/// is not made on Linux, so only the placeholder is drawn for it.
/// Partly: an `INIntent` (SiriKit) intent is not made on Linux: only the provider's placeholder is drawn.
public struct IntentConfiguration<Intent, Content: View>: WidgetConfiguration, EntryConfiguration {
    let kind: String
    package let source: EntrySource
    package let content: (any TimelineEntry) -> Content?

    public init<Provider: IntentTimelineProvider>(kind: String, intent: Intent.Type, provider: Provider,
                                                  @ViewBuilder content: @escaping (Provider.Entry) -> Content)
    where Provider.Intent == Intent {
        self.kind = kind
        self.content = { entry in (entry as? Provider.Entry).map(content) }
        source = EntrySource(provider) { (Intent.self as? any AppIntent.Type)?.init() as? Intent }
    }
}

/// A widget the user configures through an app intent (WidgetKit's `AppIntentConfiguration`): the
/// provider is asked with the intent's defaults (`Intent()`).
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration, EntryConfiguration {
    let kind: String
    package let source: EntrySource
    package let content: (any TimelineEntry) -> Content?

    public init<Provider: AppIntentTimelineProvider>(kind: String, intent: Intent.Type = Intent.self, provider: Provider,
                                                     @ViewBuilder content: @escaping (Provider.Entry) -> Content)
    where Intent == Provider.Intent {
        self.kind = kind
        self.content = { entry in (entry as? Provider.Entry).map(content) }
        source = EntrySource(provider)
    }
}

/// A configuration with a modifier applied (its name, description, families …): what a render
/// needs of it is the families; the rest is kept as values.
public struct ModifiedWidgetConfiguration<Base: WidgetConfiguration>: WidgetConfiguration, WrappedConfiguration {
    let base: Base
    var families: [WidgetFamily]?
    var disablesMargins = false
    package var wrapped: any WidgetConfiguration { base }
    package var supportedFamilies: [WidgetFamily]? { families }
    package var contentMarginsDisabled: Bool { disablesMargins }
}

/// A configuration around another.
package protocol WrappedConfiguration: WidgetConfiguration {
    var wrapped: any WidgetConfiguration { get }
    var supportedFamilies: [WidgetFamily]? { get }
    /// `contentMarginsDisabled()` was applied here.
    var contentMarginsDisabled: Bool { get }
}

extension WrappedConfiguration {
    package var contentMarginsDisabled: Bool { false }
}

/// A configuration whose content draws to the widget's edges (`contentMarginsDisabled()`): its
/// views say so to the render (Collector.contentMarginsDisabled), which then adds no margins.
struct MarginlessEntryViews: EntryViews {
    let base: any EntryViews
    func contentNodes(for entry: any TimelineEntry, in environment: EnvironmentValues) -> [ViewNode]? {
        environment.collector.contentMarginsDisabled = true
        return base.contentNodes(for: entry, in: environment)
    }
    func placeholder(in context: TimelineProviderContext) -> any TimelineEntry { base.placeholder(in: context) }
    func snapshot(in context: TimelineProviderContext) -> (any TimelineEntry)? { base.snapshot(in: context) }
    func timeline(in context: TimelineProviderContext) -> [any TimelineEntry]? { base.timeline(in: context) }
    nonisolated(nonsending) func snapshotAsync(in context: TimelineProviderContext) async -> (any TimelineEntry)? {
        await base.snapshotAsync(in: context)
    }
    nonisolated(nonsending) func timelineAsync(in context: TimelineProviderContext) async -> [any TimelineEntry]? {
        await base.timelineAsync(in: context)
    }
}

/// What a render draws of a widget's configuration.
package enum Configurations {
    /// The configuration under its modifiers, and the families the outermost `supportedFamilies` names.
    package static func unwrap(_ configuration: any WidgetConfiguration) -> (base: any WidgetConfiguration, families: [WidgetFamily]?) {
        var current = configuration
        var families: [WidgetFamily]?
        var marginless = false
        while let wrapped = current as? any WrappedConfiguration {
            if families == nil { families = wrapped.supportedFamilies }
            marginless = marginless || wrapped.contentMarginsDisabled
            current = wrapped.wrapped
        }
        if marginless, let views = current as? any EntryViews { return (MarginlessEntryViews(base: views), families) }
        return (current, families)
    }

    /// A widget's families: those it names, else WidgetKit's default (the Home Screen's, small to
    /// large; a Live Activity has none).
    package static func families(of configuration: any WidgetConfiguration) -> [WidgetFamily] {
        let (base, named) = unwrap(configuration)
        if let named { return named }
        if base is any ActivityViews { return [] }
        return [.systemSmall, .systemMedium, .systemLarge]
    }
}

extension WidgetConfiguration {
    func modified(families: [WidgetFamily]? = nil) -> ModifiedWidgetConfiguration<Self> {
        ModifiedWidgetConfiguration(base: self, families: families)
    }

    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration { modified(families: families) }
    public func configurationDisplayName(_ displayNameKey: LocalizedStringKey) -> some WidgetConfiguration { modified() }
    public func configurationDisplayName(_ displayName: Text) -> some WidgetConfiguration { modified() }
    @_disfavoredOverload
    public func configurationDisplayName<S: StringProtocol>(_ displayName: S) -> some WidgetConfiguration { modified() }
    public func description(_ descriptionKey: LocalizedStringKey) -> some WidgetConfiguration { modified() }
    public func description(_ description: Text) -> some WidgetConfiguration { modified() }
    @_disfavoredOverload
    public func description<S: StringProtocol>(_ description: S) -> some WidgetConfiguration { modified() }
    /// The widget draws to its edges: no system margins (16 pt on the Home Screen) around its content.
    public func contentMarginsDisabled() -> some WidgetConfiguration {
        var configuration = modified()
        configuration.disablesMargins = true
        return configuration
    }
    /// The Live Activity's Apple Watch and CarPlay presentations (ActivityKit's `ActivityFamily`).
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> some WidgetConfiguration { modified() }
    /// Where the widget is not shown by default.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> some WidgetConfiguration { modified() }
    /// Whether iOS may remove the container background.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> some WidgetConfiguration { modified() }
    /// The widget asks to be configured when it is added (iOS 17): nothing to draw.
    public func promptsForUserConfiguration() -> some WidgetConfiguration { modified() }
}

/// Where a widget can appear (WidgetKit's `WidgetLocation`).
public struct WidgetLocation: Hashable, Sendable {
    let name: String
    public static let homeScreen = WidgetLocation(name: "homeScreen"), lockScreen = WidgetLocation(name: "lockScreen")
    public static let standBy = WidgetLocation(name: "standBy"), iPhoneWidgetsOnMac = WidgetLocation(name: "iPhoneWidgetsOnMac")
    public static let carPlay = WidgetLocation(name: "carPlay")
}

extension WidgetConfiguration {
    /// Handles the widget's background downloads: nothing downloads in a render.
    public func onBackgroundURLSessionEvents(matching matchingString: String? = nil,
                                             _ urlSessionEvent: @escaping (String, @escaping () -> Void) -> Void) -> some WidgetConfiguration { modified() }
}

/// The backdrop iOS draws behind an accessory widget's content (WidgetKit's
/// `AccessoryWidgetBackground`): the circle or rounded rectangle of the family, a translucent
/// grey as the Lock Screen's vibrant mode draws it.
public struct AccessoryWidgetBackground: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let fill = Paint.color(RGBA(r: 1, g: 1, b: 1, a: environment.look.scheme == .dark ? 0.2 : 0.35))
        let shape: ShapeKind = environment.widgetFamily == .accessoryCircular ? .circle : .containerRelative
        return [ViewNode(.shape(ShapeContent(shape: shape, fill: fill)))]
    }
}

/// The old preview API's widget context (WidgetKit's `WidgetPreviewContext`).
public struct WidgetPreviewContext: Hashable, Sendable {
    public let family: WidgetFamily
    public init(family: WidgetFamily) { self.family = family }
}

extension View {
    public func previewContext(_ context: WidgetPreviewContext) -> some View { self }
}

/// Asks WidgetKit to reload timelines (WidgetKit's `WidgetCenter`): nothing to reload in a render.
public final class WidgetCenter: @unchecked Sendable {
    public static let shared = WidgetCenter()
    public func reloadTimelines(ofKind kind: String) {}
    public func reloadAllTimelines() {}
    public func invalidateConfigurationRecommendations() {}
}

extension Button {
    /// A button that runs an app intent (SwiftUI's, from AppIntents: reached here through
    /// WidgetKit, which sees both). Its label is drawn in its style; the intent is not performed.
    public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> Label) { self.init(drawing: label()) }
}

extension Toggle {
    /// A toggle that runs `intent` when tapped (nothing runs in a render): drawn in its state.
    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) { self.init(drawing: isOn, label: label()) }
}

extension Toggle where Label == Text {
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, isOn: Bool, intent: I) { self.init(drawing: isOn, label: Text(titleKey)) }
    @_disfavoredOverload
    public init<S: StringProtocol, I: AppIntent>(_ title: S, isOn: Bool, intent: I) { self.init(drawing: isOn, label: Text(title)) }
}

extension Button where Label == Text {
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, intent: I) { self.init(drawing: Text(titleKey)) }
}
