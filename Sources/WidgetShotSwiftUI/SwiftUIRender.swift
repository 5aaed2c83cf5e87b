import Foundation
public import SwiftUI
import WidgetKit
public import WidgetShot

/// A SwiftUI view, compiled from a team's own source, drawn by the engine: the view resolves to
/// the engine's view tree in the surface's environment (its family, scheme, locale, Dynamic Type),
/// and from there on it is composed, laid out, drawn and encoded as a layout file's view is.
public enum SwiftUIRender {
    public static func render<V: View>(_ view: V, surface: Surface, look: Look = Look(), pngPreset: PNGPreset = .fast,
                                       renderer: WidgetRenderer) throws -> RenderResult {
        try renderer.render(surface: surface, look: look, pngPreset: pngPreset) { context in
            bound(view, context: context)
        }
    }

    /// The bound surface `view` stands for in `context`.
    static func bound<V: View>(_ view: V, context: BindContext) -> BoundSurface {
        var environment = EnvironmentValues(look: context.look)
        if let family = WidgetFamily(context.surface) { environment.widgetFamily = family }
        let node = ViewResolver.node(view, in: environment)
        let collected = environment.collector
        var bound = BoundSurface(view: node, regions: [:], background: collected.containerBackground?.resolvePaint(in: environment),
                                 margins: nil, diagnostics: [])
        bound.backgroundView = collected.containerBackgroundView
        return bound
    }
}
