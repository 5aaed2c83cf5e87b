/// A place iOS shows a widget or Live Activity.
public enum Surface: String, Hashable, Sendable, CaseIterable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
    /// Live Activity on the Lock Screen, and its StandBy presentation (the same view at 2x, no background).
    case lockScreen, standBy
    /// Dynamic Island presentations.
    case islandCompact, islandMinimal, islandExpanded
    /// The Live Activity `small` family (`supplementalActivityFamilies([.small])`): the Apple Watch
    /// Smart Stack and CarPlay.
    case activitySmall
    /// Controls (iOS 18): Control Center modules in three sizes and the Lock Screen's control slots.
    /// A layout's `controls:` section fills them; the request names the control and toggle state.
    case controlSmall, controlMedium, controlLarge, controlLockScreen

    public enum Family: String, Sendable { case home, accessory, liveActivity, island, smallActivity, control }

    public var family: Family {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: .home
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: .accessory
        case .lockScreen, .standBy: .liveActivity
        case .islandCompact, .islandMinimal, .islandExpanded: .island
        case .activitySmall: .smallActivity
        case .controlSmall, .controlMedium, .controlLarge, .controlLockScreen: .control
        }
    }

    /// Named regions a layout fills for this surface; empty means one view for the whole surface.
    public var regions: [Region] {
        switch self {
        case .islandCompact: [.leading, .trailing]
        case .islandExpanded: [.leading, .center, .trailing, .bottom]
        default: []
        }
    }

    /// The surface whose view this one shows when a layout does not give it its own. StandBy
    /// expands the Lock Screen view; the Apple Watch Smart Stack and CarPlay show an activity without
    /// a small view "using the compact presentation" (Apple doc "Creating custom views for Live
    /// Activities"), leading and trailing side by side.
    public var fallback: Surface? {
        switch self {
        case .standBy: .lockScreen
        case .activitySmall: .islandCompact
        default: nil
        }
    }

    /// The one scheme the surface is drawn in, whatever the phone's appearance: the Smart Stack and
    /// CarPlay tiles are dark. nil: the request's (the island is drawn dark but its key line depends
    /// on the appearance, so it keeps both).
    public var onlyScheme: ColorScheme? { self == .activitySmall ? .dark : nil }

    public var summary: String {
        switch self {
        case .systemSmall: "home-screen widget, small"
        case .systemMedium: "home-screen widget, medium"
        case .systemLarge: "home-screen widget, large"
        case .systemExtraLarge: "home-screen widget, extra large (iPad)"
        case .accessoryCircular: "lock-screen accessory, circular"
        case .accessoryRectangular: "lock-screen accessory, rectangular"
        case .accessoryInline: "lock-screen accessory, one line above the clock"
        case .lockScreen: "Live Activity banner on the Lock Screen"
        case .standBy: "Live Activity in StandBy (lock-screen view at 2x, no background, always dark)"
        case .islandCompact: "Dynamic Island, compact (leading + trailing around the sensor housing)"
        case .islandMinimal: "Dynamic Island, minimal"
        case .islandExpanded: "Dynamic Island, expanded (leading, center, trailing, bottom)"
        case .activitySmall: "Live Activity, small family: Apple Watch Smart Stack and CarPlay (always dark; without its own view, the compact leading + trailing)"
        case .controlSmall: "control (iOS 18), Control Center small: a circular glyph button"
        case .controlMedium: "control (iOS 18), Control Center medium: glyph, title and value in a wide capsule"
        case .controlLarge: "control (iOS 18), Control Center large: a square tile, glyph above title and value"
        case .controlLockScreen: "control (iOS 18), a Lock Screen control slot (the two bottom buttons)"
        }
    }
}

public enum Region: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing, bottom
}
