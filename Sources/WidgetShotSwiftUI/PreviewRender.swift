public import DeveloperToolsSupport
public import SwiftUI
public import WidgetKit
public import WidgetShot
import WidgetModel

/// One picture of a `#Preview`: a widget preview gives one per timeline entry, a Live Activity
/// preview one per content state, a view preview one.
public struct PreviewImage: Sendable {
    /// `entry-0`, `state-1`, … (`view` for a view preview).
    public let name: String
    public let surface: Surface
    public let result: RenderResult
}

extension SwiftUIRender {
    /// Every picture a team's `#Preview` stands for, drawn as WidgetKit would show it.
    /// A view preview is drawn on `viewSurface`.
    @MainActor
    public static func render(preview: DeveloperToolsSupport.Preview, viewSurface: Surface = .systemMedium, look: Look = Look(),
                              strings: AppStrings = AppStrings(), pngPreset: PNGPreset = .fast,
                              renderer: WidgetRenderer) async throws -> [PreviewImage] {
        if let view = preview.viewPreview {
            let result = try render(view.body(), surface: viewSurface, look: look, strings: strings, pngPreset: pngPreset, renderer: renderer)
            return [PreviewImage(name: "view", surface: viewSurface, result: result)]
        }
        if let widget = preview.widgetPreview {
            let configuration = widget.widget().body
            guard let views = Configurations.unwrap(configuration).base as? any EntryViews else {
                throw WidgetError(description: "\(type(of: configuration)) is not a configuration WidgetShot draws yet")
            }
            guard let surface = Surface(rawValue: widget.family.rawValue) else {
                throw WidgetError(description: "no surface for the family \(widget.family)")
            }
            let entries = await widget.entries(providerContext(family: widget.family, surface: surface, isPreview: true, look: look))
            return try entries.enumerated().map { index, entry in
                let result = try render(entry: entry, of: views, surface: surface, look: look, strings: strings,
                                        pngPreset: pngPreset, renderer: renderer)
                return PreviewImage(name: "entry-\(index)", surface: surface, result: result)
            }
        }
        if let activity = preview.activityPreview {
            let configuration = activity.widget().body
            guard let views = Configurations.unwrap(configuration).base as? any ActivityViews else {
                throw WidgetError(description: "\(type(of: configuration)) is not an ActivityConfiguration")
            }
            let surface = activity.viewKind.surface
            return try await activity.contentStates().enumerated().map { index, state in
                let result = try render(activity: views, attributes: activity.attributes, state: state, surface: surface,
                                        isStale: false, look: look, strings: strings, pngPreset: pngPreset, renderer: renderer)
                return PreviewImage(name: "state-\(index)", surface: surface, result: result)
            }
        }
        throw WidgetError(description: "this preview (\(preview.displayName ?? "unnamed")) is of a kind WidgetShot does not draw yet")
    }

    /// The context a provider is asked in for `family` on `look`'s device.
    static func providerContext(family: WidgetFamily, surface: Surface, isPreview: Bool, look: Look) -> TimelineProviderContext {
        let size = look.device.widgetSizes[surface] ?? Size(width: 0, height: 0)
        return TimelineProviderContext(family: family, isPreview: isPreview, displaySize: CGSize(width: size.width, height: size.height))
    }

    /// One entry of a widget configuration drawn on `surface`.
    static func render(entry: any TimelineEntry, of configuration: any EntryViews, surface: Surface, look: Look,
                       strings: AppStrings, pngPreset: PNGPreset, renderer: WidgetRenderer) throws -> RenderResult {
        try renderer.render(surface: surface, look: look, pngPreset: pngPreset) { bindContext in
            surfaceBound(context: bindContext, strings: strings) { configuration.contentNodes(for: entry, in: $0) ?? [] }
        }
    }

    /// A Live Activity configuration drawn on `surface` for these attributes and this content state.
    static func render(activity configuration: any ActivityViews, attributes: Any, state: Any, surface: Surface, isStale: Bool,
                       look: Look, strings: AppStrings, pngPreset: PNGPreset, renderer: WidgetRenderer) throws -> RenderResult {
        try renderer.render(surface: surface, look: look, pngPreset: pngPreset) { context in
            let environment = environment(context, strings: strings)
            guard let views = configuration.views(for: surface, attributes: attributes, state: state, isStale: isStale, in: environment) else {
                throw WidgetError(description: "the configuration draws \(configuration.attributesTypeName), not \(type(of: attributes)); or \(surface.rawValue) is not a Live Activity surface")
            }
            var bound = bound(view: views.view, regions: views.regions, in: environment)
            bound.keylineTint = views.keylineTint.map { AnyShapeStyle($0).resolvePaint(in: environment) }
            return bound
        }
    }
}

extension SwiftUIRender {
    /// The families a widget's configuration says it supports.
    public static func supportedFamilies<W: Widget>(of widget: W.Type) throws -> [WidgetFamily] {
        guard Configurations.unwrap(W().body).base is any EntryViews else {
            throw WidgetError(description: "\(W.self)'s configuration is not one WidgetShot draws yet")
        }
        return Configurations.families(of: W().body)
    }

    /// The same, awaiting a provider that answers later without holding a thread.
    nonisolated(nonsending)
    public static func timelineCount<W: Widget>(of widget: W.Type, family: WidgetFamily, look: Look) async throws -> Int {
        let asked = try widgetEntryRequest(W.self, family: family, entry: .timeline(0), look: look)
        return await asked.configuration.timelineAsync(in: asked.context)?.count ?? 0
    }

    /// How many entries the widget's provider puts in its timeline for `family`.
    public static func timelineCount<W: Widget>(of widget: W.Type, family: WidgetFamily, look: Look) throws -> Int {
        guard let configuration = Configurations.unwrap(W().body).base as? any EntryViews else {
            throw WidgetError(description: "\(W.self)'s configuration is not one WidgetShot draws yet")
        }
        let surface = Surface(rawValue: family.rawValue) ?? .systemSmall
        return configuration.timeline(in: providerContext(family: family, surface: surface, isPreview: false, look: look))?.count ?? 0
    }
}
