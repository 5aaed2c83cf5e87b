/// How iOS colours a widget's pixels (WidgetKit's `WidgetRenderingMode`), after the view is drawn
/// as written. Which surfaces have which modes is `Surface.renderingModes`.
///
/// - `fullColor`: colours untouched (the Home Screen in its default look, Live Activities).
/// - `accented`: the tinted Home Screen. The container background is removed and every view is
///   treated as a template image: "It ignores the view's color — rendering the new colors based on
///   the view's alpha channel" (Apple, `widgetAccentable(_:)`). Views marked `widgetAccentable`
///   (and everything inside them) form the accent group, the rest the primary group; on iPhone
///   both are tinted white (HIG, Widgets › Rendering modes), so the groups differ only where a
///   tint other than white is asked for (`AccentedTint`).
/// - `vibrant`: the Lock Screen accessories (content desaturated: each pixel's luminance kept,
///   its hue dropped) and StandBy in low light (night mode: monochrome in red, only the red
///   channel lit — HIG, Widgets › StandBy).
public enum RenderingMode: String, Hashable, Sendable, CaseIterable {
    case fullColor, accented, vibrant
}

/// The two colours of the accented mode: what the accent group and the primary group are drawn
/// in (each pixel keeps its alpha). White for both on iPhone and iPad (HIG, Widgets).
public struct AccentedTint: Hashable, Sendable {
    public var accent: RGBA
    public var primary: RGBA
    public init(accent: RGBA = .white, primary: RGBA = .white) { self.accent = accent; self.primary = primary }
    public static let white = AccentedTint()
}

extension Surface {
    /// The rendering modes iOS uses for this surface, its default first. The home families are
    /// full colour or tinted; the Lock Screen accessories are vibrant on the iPhone, and the
    /// rectangular one is also drawn in full colour where watchOS shows it so (Apple's table in
    /// "Preparing widgets for additional contexts": fullColor only for accessoryRectangular);
    /// StandBy's night mode
    /// is its vibrant (red) mode; the Lock Screen banner, the island, the small activity family and
    /// the controls are always full colour.
    public var renderingModes: [RenderingMode] {
        switch family {
        case .home: [.fullColor, .accented]
        case .accessory: self == .accessoryRectangular ? [.vibrant, .fullColor] : [.vibrant]
        case .liveActivity: self == .standBy ? [.fullColor, .vibrant] : [.fullColor]
        case .island: [.fullColor]
        // The Smart Stack / CarPlay tile and the controls are drawn as written here (WidgetShot
        // does not model the watch's or Control Center's own tinting).
        case .smallActivity, .control: [.fullColor]
        }
    }

    public var defaultRenderingMode: RenderingMode { renderingModes[0] }

    /// The modes the golden matrix covers: those an iPhone shows. The rectangular accessory's full
    /// colour is watchOS's, and for a layout written for the Lock Screen it is mostly the vibrant
    /// picture again (19 of the 21 such cells were byte-identical), so `render --mode fullColor`
    /// draws it on demand.
    public var goldenRenderingModes: [RenderingMode] { family == .accessory ? [.vibrant] : renderingModes }
}
