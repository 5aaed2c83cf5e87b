import Foundation
import WidgetModel

/// Everything besides data that a render depends on. `now` is an input, never the wall clock.
/// How the surface looks is the request's `Look`, with `scheme` set to the scheme the surface is
/// drawn in (`context.look.locale`, `context.look.now` …).
public struct BindContext: Sendable {
    public var surface: Surface
    public var look: Look
    /// A Live Activity whose content is out of date (`now` is past the push's `stale-date`), bound
    /// as `context.isStale`, as SwiftUI's `ActivityViewContext.isStale`. False for widgets.
    public var isStale: Bool
    /// The rendering mode the surface is drawn in, bound as `context.renderingMode` (`fullColor`,
    /// `accented`, `vibrant`), as SwiftUI's `@Environment(\.widgetRenderingMode)`: a layout can
    /// drop what would turn into a solid white block on the tinted Home Screen.
    public var renderingMode: RenderingMode
    /// Binding one of the layout's own previews (lint, gallery, goldens): a bound parameter whose value
    /// does not fit it (`alignment: '{{x}}'` with x = 3) is a warning, and the parameter keeps its default,
    /// so the preview still shows; with other data it is an error that fails the render.
    public var isPreview = false
    /// The frames the last layout gave the views marked `Modifier.probe`, by number (empty on the
    /// first pass): code that makes views from their size (SwiftUI's `GeometryReader`) reads them
    /// when `WidgetRenderer.render(surface:…)` binds again (`Limits.layoutPasses`).
    public var probedFrames: [Int: Rect] = [:]

    public init(surface: Surface, look: Look, isStale: Bool = false, renderingMode: RenderingMode? = nil) {
        self.surface = surface; self.look = look; self.isStale = isStale
        self.renderingMode = renderingMode ?? look.mode ?? surface.defaultRenderingMode
    }

    public init(surface: Surface, scheme: ColorScheme = .light, locale: String = Look.defaultLocale, now: Date,
                timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, placeholder: Bool = false,
                colors: ColorGeneration = .ios18, isStale: Bool = false, renderingMode: RenderingMode? = nil) {
        self.init(surface: surface,
                  look: Look(scheme: scheme, locale: locale, now: now, timeZone: timeZone, placeholder: placeholder,
                             colors: colors, mode: renderingMode),
                  isStale: isStale, renderingMode: renderingMode)
    }
}

/// A surface's views bound to data.
public struct BoundSurface: Sendable {
    /// Surfaces without regions.
    public var view: ViewNode?
    /// islandCompact (leading, trailing), islandExpanded (leading, center, trailing, bottom).
    public var regions: [Region: ViewNode]
    /// The surface's `background:` for the scheme, nil if none.
    public var background: Paint?
    /// A `background:` written as a view (it fills the whole container, under the margins);
    /// the composer removes it where iOS removes container backgrounds (StandBy).
    public var backgroundView: ViewNode?
    /// Island surfaces: the colour of the island's outline (SwiftUI `keylineTint`).
    public var keylineTint: Paint?
    /// Control surfaces: the control in its state (the layout's `controls:`).
    public var control: BoundControl?
    /// nil: the surface's default; `none` → .zero.
    public var margins: EdgeInsets?
    /// Warnings: missing fields, bound values that failed to parse (with their location); errors for unreadable assets.
    public var diagnostics: [Diagnostic]
    /// Work the bind took (steps plus views visited), for lint's budget.
    var cost = 0
    /// Bindings of data paths (as written, e.g. `order.driver.name`; not locals, tables or built-ins)
    /// that found no value, in the order met.
    public var missingPaths: [String] = []

    public init(view: ViewNode?, regions: [Region: ViewNode], background: Paint?, margins: EdgeInsets?, diagnostics: [Diagnostic]) {
        self.view = view; self.regions = regions; self.background = background; self.margins = margins
        self.diagnostics = diagnostics
    }
}
