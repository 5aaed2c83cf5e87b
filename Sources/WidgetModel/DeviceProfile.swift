/// Every number that says how big a surface is on a device, kept here and nowhere else.
/// Sources: reference/apple-widget-geometry.md (§0 screens, §1a HIG widget table, §1c iPad canvas,
/// §2 margins, §3 Live Activity and Dynamic Island).
public struct DeviceProfile: Hashable, Sendable {
    public var id: String
    public var name: String
    public var screen: Size
    public var scale: Double
    /// Fixed-size surfaces (home widgets and accessories).
    public var widgetSizes: [Surface: Size]
    /// Width of the Lock Screen Live Activity and the expanded island; nil if the device shows none.
    public var liveActivityWidth: Double?
    public var island: IslandGeometry?
    public var widgetCornerRadius: Double

    public func supports(_ surface: Surface) -> Bool {
        switch surface.family {
        case .home, .accessory: widgetSizes[surface] != nil
        case .liveActivity: liveActivityWidth != nil
        case .island: island != nil
        // Control Center is on every iPhone and iPad (iOS/iPadOS 18). The Lock Screen's control
        // slots replace the flashlight and camera buttons of Face ID iPhones (those with an
        // island here); an SE's and an iPad's Lock Screen have no such slots.
        case .control: surface != .controlLockScreen || island != nil
        }
    }

    public var surfaces: [Surface] { Surface.allCases.filter(supports) }

    public static let iphone15pro = DeviceProfile(
        id: "iphone15pro", name: "iPhone 15 Pro", screen: Size(width: 393, height: 852), scale: 3,
        widgetSizes: [
            .systemSmall: Size(width: 158, height: 158), .systemMedium: Size(width: 338, height: 158),
            .systemLarge: Size(width: 338, height: 354), .accessoryCircular: Size(width: 72, height: 72),
            .accessoryRectangular: Size(width: 160, height: 72), .accessoryInline: Size(width: 234, height: 26),
        ],
        liveActivityWidth: 371,
        island: IslandGeometry(compactWidth: 230, compactSide: Size(width: 52.33, height: 36.67), expandedWidth: 371),
        widgetCornerRadius: 22)

    public static let iphone15promax = DeviceProfile(
        id: "iphone15promax", name: "iPhone 15 Pro Max", screen: Size(width: 430, height: 932), scale: 3,
        widgetSizes: [
            .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 364, height: 170),
            .systemLarge: Size(width: 364, height: 382), .accessoryCircular: Size(width: 76, height: 76),
            .accessoryRectangular: Size(width: 172, height: 76), .accessoryInline: Size(width: 257, height: 26),
        ],
        liveActivityWidth: 408,
        island: IslandGeometry(compactWidth: 250, compactSide: Size(width: 62.33, height: 36.67), expandedWidth: 408),
        widgetCornerRadius: 22)

    /// No Dynamic Island. Its Lock Screen Live Activity width is not published: 375 − 2×11 (the
    /// margin rule that holds on the 393 and 430 screens) is an inference.
    public static let iphonese = DeviceProfile(
        id: "iphonese", name: "iPhone SE (3rd generation)", screen: Size(width: 375, height: 667), scale: 2,
        widgetSizes: [
            .systemSmall: Size(width: 148, height: 148), .systemMedium: Size(width: 321, height: 148),
            .systemLarge: Size(width: 321, height: 324), .accessoryCircular: Size(width: 68, height: 68),
            .accessoryRectangular: Size(width: 153, height: 68), .accessoryInline: Size(width: 225, height: 26),
        ],
        liveActivityWidth: 353,
        island: nil,
        widgetCornerRadius: 22)

    /// iPad widgets are laid out on the "canvas" size (§1c); no Dynamic Island, Lock Screen activity 500 wide.
    public static let ipadpro13 = DeviceProfile(
        id: "ipadpro13", name: "iPad Pro 13-inch", screen: Size(width: 1024, height: 1366), scale: 2,
        widgetSizes: [
            .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 378.5, height: 170),
            .systemLarge: Size(width: 378.5, height: 378.5), .systemExtraLarge: Size(width: 795, height: 378.5),
        ],
        liveActivityWidth: 500,
        island: nil,
        widgetCornerRadius: 24)

    public static let all: [DeviceProfile] = [.iphone15pro, .iphone15promax, .iphonese, .ipadpro13]
    public static let `default` = iphone15pro

    public static func named(_ id: String) -> DeviceProfile? { all.first { $0.id == id } }
}

/// Dynamic Island sizes (§3a). The sensor housing sits between the compact leading and trailing views.
public struct IslandGeometry: Hashable, Sendable {
    public var compactWidth: Double
    public var compactSide: Size
    public var expandedWidth: Double
    public var sensorWidth: Double { compactWidth - 2 * compactSide.width }
    public var height: Double { compactSide.height }
    /// Minimal is a circle of the island's height; content may make it up to 45 pt wide.
    public var minimalSize: Size { Size(width: compactSide.height, height: compactSide.height) }
    public static let minimalMaxWidth = 45.0
}

/// Margins, radii and height limits shared by every device (§2, §3b).
public enum SurfaceMetrics {
    /// Default content margin of home-screen widgets.
    public static let widgetMargin = 16.0
    /// Lock Screen Live Activity margin (aligns with notifications).
    public static let liveActivityMargin = 14.0
    /// Lock Screen Live Activity corner radius: not published; matches notification banners by eye.
    public static let liveActivityCornerRadius = 24.0
    public static let liveActivityHeight = 84.0...160.0
    /// Accessory margins are "smaller than 16" and not published: no margin, like `contentMarginsDisabled`.
    public static let accessoryMargin = 0.0
    /// Island radius; short pills become capsules (min(44, h/2)).
    public static let islandCornerRadius = 44.0
    /// Content margins inside the expanded island (not published; chosen to clear the 44 pt corners).
    public static let islandExpandedMargins = EdgeInsets(top: 12, leading: 18, bottom: 14, trailing: 18)
    /// Margin inside each compact region and the minimal view, away from the capsule's ends.
    public static let islandCompactInset = 8.0
    public static let standByScale = 2.0
}
