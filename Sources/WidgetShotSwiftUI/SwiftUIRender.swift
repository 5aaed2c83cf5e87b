import Foundation
public import SwiftUI
public import WidgetKit
public import ActivityKit
public import WidgetShot
public import WidgetModel

/// A SwiftUI view, compiled from a team's own source, drawn by the engine: the view resolves to
/// the engine's view tree in the surface's environment (its family, scheme, locale, Dynamic Type),
/// and from there on it is composed, laid out, drawn and encoded as a layout file's view is.
/// The app's translated strings, from its Xcode string catalogs (`Localizable.xcstrings`): what a
/// `Text("Arriving \(eta)")` looks up (`Arriving %@`) in the render's locale.
public struct AppStrings: Sendable {
    package let texts: [String: [String: String]]
    public init() { texts = [:] }
    /// Reads each catalog (later ones win for a key they share); an error names the file and place.
    public init(catalogs paths: [String]) throws {
        var all: [String: [String: String]] = [:]
        for path in paths {
            do { all.merge(try StringCatalogFile.texts(at: path)) { $1 } } catch { throw SwiftUIRender.WidgetError(description: error.description) }
        }
        texts = all
    }
}

/// The app's resources a render draws with when its call names none: the string catalogs and the
/// asset catalogs of the widget folder (the CLI's runner sets them for every picture it draws; a
/// test can wrap its assertions in `AppResources.$current.withValue(…)`).
public struct AppResources: Sendable {
    public var strings: AppStrings
    public var assets: AssetCatalog
    public init(strings: AppStrings = AppStrings(), assets: AssetCatalog = AssetCatalog()) { self.strings = strings; self.assets = assets }
    @TaskLocal public static var current = AppResources()
}

public enum SwiftUIRender {
    public static func render<V: View>(_ view: V, surface: Surface, look: Look = Look(), strings: AppStrings = AppStrings(),
                                       pngPreset: PNGPreset = .fast, renderer: WidgetRenderer) throws -> RenderResult {
        try renderer.render(surface: surface, look: look, pngPreset: pngPreset) { context in
            bound(view, context: context, strings: strings)
        }
    }

    /// The bound surface `view` stands for in `context`.
    static func bound<V: View>(_ view: V, context: BindContext, strings: AppStrings = AppStrings()) -> BoundSurface {
        surfaceBound(context: context, strings: strings) { ViewResolver.nodes(view, in: $0) }
    }

    /// The surface's environment (its look and family), the nodes `resolve` makes in it (several
    /// stacked as a widget's body stacks them), and what they handed up (the container background).
    static func surfaceBound(context: BindContext, strings: AppStrings = AppStrings(),
                             _ resolve: (EnvironmentValues) -> [ViewNode]) -> BoundSurface {
        let environment = environment(context, strings: strings)
        let nodes = resolve(environment)
        let node = nodes.count == 1 ? nodes[0] : ViewNode(nodes.isEmpty ? .empty : .vstack(spacing: nil, alignment: .center, children: nodes))
        return bound(view: node, regions: [:], in: environment)
    }

    /// The environment a surface's views resolve in: its look, its family, the app's strings.
    static func environment(_ context: BindContext, strings: AppStrings) -> EnvironmentValues {
        var environment = EnvironmentValues(look: context.look)
        let resources = AppResources.current
        environment.strings = strings.texts.isEmpty ? resources.strings.texts : strings.texts
        environment.assets = resources.assets
        environment.probedFrames = context.probedFrames
        let device = context.look.device
        if let size = device.widgetSizes[context.surface] ?? ControlMetrics.size(of: context.surface) {
            environment.guessSize = CGSize(width: size.width, height: size.height)
        } else {
            environment.guessSize = CGSize(width: device.liveActivityWidth ?? device.screen.width, height: 160)
        }
        if let family = WidgetFamily(context.surface) { environment.widgetFamily = family }
        // WidgetKit draws its placeholder as the placeholder entry's view, redacted.
        if context.look.placeholder { environment.redactionReasons.insert(.placeholder) }
        return environment
    }

    /// The bound surface of resolved views, with what they handed up: the container background
    /// (a style or a view) and the warnings.
    static func bound(view: ViewNode?, regions: [Region: ViewNode], in environment: EnvironmentValues) -> BoundSurface {
        let collected = environment.collector
        let background = collected.containerBackground?.resolvePaint(in: environment)
        let warnings = collected.warnings.map { Diagnostic.warning($0.message, at: $0.at) }
        var bound = BoundSurface(view: view, regions: regions, background: background,
                                 margins: collected.contentMarginsDisabled ? EdgeInsets(all: 0) : nil, diagnostics: warnings)
        bound.backgroundView = collected.containerBackgroundView
        return bound
    }

    /// Which of a widget's entries to draw: its provider's placeholder, its snapshot, or the
    /// timeline entry at an index.
    public enum Entry: Sendable, Equatable {
        case placeholder, snapshot
        case timeline(Int)
    }

    /// Why a widget could not be drawn: what and why, in words a test failure can show.
    public struct WidgetError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The families a widget supports (its `supportedFamilies`, else WidgetKit's default; none for
    /// a Live Activity).
    public static func families<W: Widget>(of widget: W.Type) -> [WidgetFamily] { Configurations.families(of: W().body) }

    /// Whether a widget is a Live Activity (an `ActivityConfiguration`).
    public static func isLiveActivity<W: Widget>(_ widget: W.Type) -> Bool {
        Configurations.unwrap(W().body).base is any ActivityViews
    }

    /// A team's `Widget` drawn as WidgetKit would show it in `family`: its configuration's provider
    /// asked for the entry (with a context that carries the family, the display size and
    /// `isPreview`), and the configuration's view for that entry. Waits for a provider that answers
    /// later holding this thread; from async code, the `async` overload waits without holding one.
    public static func render<W: Widget>(_ widget: W.Type, family: WidgetFamily, entry: Entry = .snapshot, look: Look = Look(),
                                         strings: AppStrings = AppStrings(), pngPreset: PNGPreset = .fast,
                                         renderer: WidgetRenderer) throws -> RenderResult {
        let asked = try widgetEntryRequest(W.self, family: family, entry: entry, look: look)
        let chosen: (any TimelineEntry)?
        switch entry {
        case .placeholder: chosen = asked.configuration.placeholder(in: asked.context)
        case .snapshot: chosen = asked.configuration.snapshot(in: asked.context)
        case .timeline(let index): chosen = try timelineEntry(asked.configuration.timeline(in: asked.context), index, of: W.self)
        }
        return try render(chosen, entry: entry, of: W.self, asked: asked, look: look, strings: strings, pngPreset: pngPreset, renderer: renderer)
    }

    /// The same, awaiting a provider that answers later (from its own `Task`, or an async
    /// AppIntent provider) without holding a thread: what async tests and the runner call, so
    /// renders waiting in parallel cannot starve the pool the provider's task needs.
    /// `nonisolated(nonsending)`: it runs in the caller's isolation, so a caller's renderer (not
    /// Sendable) never crosses to another.
    nonisolated(nonsending)
    public static func render<W: Widget>(_ widget: W.Type, family: WidgetFamily, entry: Entry = .snapshot, look: Look = Look(),
                                         strings: AppStrings = AppStrings(), pngPreset: PNGPreset = .fast,
                                         renderer: WidgetRenderer) async throws -> RenderResult {
        let asked = try widgetEntryRequest(W.self, family: family, entry: entry, look: look)
        let chosen: (any TimelineEntry)?
        switch entry {
        case .placeholder: chosen = asked.configuration.placeholder(in: asked.context)
        case .snapshot: chosen = await asked.configuration.snapshotAsync(in: asked.context)
        case .timeline(let index): chosen = try timelineEntry(await asked.configuration.timelineAsync(in: asked.context), index, of: W.self)
        }
        return try render(chosen, entry: entry, of: W.self, asked: asked, look: look, strings: strings, pngPreset: pngPreset, renderer: renderer)
    }

    /// What a widget's entry is asked of: its drawable configuration, the surface, the provider's context.
    struct EntryRequest {
        let configuration: any EntryViews
        let surface: Surface
        let context: TimelineProviderContext
    }

    static func widgetEntryRequest<W: Widget>(_ widget: W.Type, family: WidgetFamily, entry: Entry, look: Look) throws -> EntryRequest {
        guard let configuration = Configurations.unwrap(W().body).base as? any EntryViews else {
            throw WidgetError(description: "\(W.self)'s configuration is not one WidgetShot draws yet (StaticConfiguration, IntentConfiguration and AppIntentConfiguration are)")
        }
        guard let surface = Surface(rawValue: family.rawValue) else {
            throw WidgetError(description: "no surface for the family \(family)")
        }
        // WidgetKit asks for placeholders and snapshots while previewing (the widget gallery).
        let isPreview: Bool = if case .timeline = entry { false } else { true }
        return EntryRequest(configuration: configuration, surface: surface,
                            context: providerContext(family: family, surface: surface, isPreview: isPreview, look: look))
    }

    static func timelineEntry<W: Widget>(_ entries: [any TimelineEntry]?, _ index: Int, of widget: W.Type) throws -> (any TimelineEntry)? {
        guard let entries else { return nil }
        guard entries.indices.contains(index) else {
            throw WidgetError(description: "\(W.self)'s timeline has \(entries.count) entries; no entry \(index)")
        }
        return entries[index]
    }

    static func render<W: Widget>(_ chosen: (any TimelineEntry)?, entry: Entry, of widget: W.Type, asked: EntryRequest, look: Look,
                                  strings: AppStrings, pngPreset: PNGPreset, renderer: WidgetRenderer) throws -> RenderResult {
        guard let chosen else {
            throw WidgetError(description: "\(W.self)'s provider gave no \(entry) entry (within \(Int(providerPatience)) seconds)")
        }
        return try render(entry: chosen, of: asked.configuration, surface: asked.surface, look: look, strings: strings,
                          pngPreset: pngPreset, renderer: renderer)
    }

    /// A team's Live Activity drawn on `surface` (lockScreen, standBy, activitySmall, the three
    /// island presentations): its `ActivityConfiguration`'s views for these attributes and this
    /// content state, `isStale` as past the push's stale date.
    public static func render<W: Widget, A: ActivityAttributes>(_ widget: W.Type, attributes: A, state: A.ContentState,
                                                                 surface: Surface, isStale: Bool = false, look: Look = Look(),
                                                                 strings: AppStrings = AppStrings(), pngPreset: PNGPreset = .fast,
                                                                 renderer: WidgetRenderer) throws -> RenderResult {
        guard let configuration = Configurations.unwrap(W().body).base as? any ActivityViews else {
            throw WidgetError(description: "\(W.self)'s configuration is not an ActivityConfiguration")
        }
        return try renderer.render(surface: surface, look: look, pngPreset: pngPreset) { context in
            let environment = environment(context, strings: strings)
            guard let views = configuration.views(for: surface, attributes: attributes, state: state, isStale: isStale, in: environment) else {
                throw WidgetError(description: "\(W.self) draws \(configuration.attributesTypeName), not \(A.self); or \(surface.rawValue) is not a Live Activity surface")
            }
            var bound = bound(view: views.view, regions: views.regions, in: environment)
            bound.keylineTint = views.keylineTint.map { AnyShapeStyle($0).resolvePaint(in: environment) }
            return bound
        }
    }

    /// The content state an APNs push for a Live Activity carries (`aps.content-state`), decoded by
    /// the team's own `ContentState` and `decoder` (its date strategy), as the app sees it.
    public static func contentState<A: ActivityAttributes>(of attributes: A.Type, fromPush payload: Data,
                                                           decoder: JSONDecoder = JSONDecoder()) throws -> A.ContentState {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: payload) } catch {
            throw WidgetError(description: "the push is not JSON: \(error.localizedDescription)")
        }
        guard let aps = (json as? [String: Any])?["aps"] as? [String: Any] else {
            throw WidgetError(description: "the push has no 'aps' object")
        }
        guard let state = aps["content-state"] else {
            throw WidgetError(description: "the push has no 'aps.content-state'")
        }
        let data = try JSONSerialization.data(withJSONObject: state)
        do { return try decoder.decode(A.ContentState.self, from: data) } catch let error as DecodingError {
            // The decoder's path and what it found there, as `--data` and `push --swift` say it.
            let found = RunnerDataError(error, file: "", tree: try? JSONDecoder().decode(JSONTree.self, from: data))
            let path = "aps.content-state" + (found.path.isEmpty ? "" : found.path.hasPrefix("[") ? found.path : "." + found.path)
            throw WidgetError(description: "aps.content-state does not decode as \(A.self).ContentState: \(path): \(found.message)")
        }
    }
}
