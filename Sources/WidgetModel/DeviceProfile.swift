/// Every number that says how big a surface is on a device, kept here and nowhere else, each with
/// where it comes from (`NumberSource`; `widgetshot list devices` prints it). Public sources:
/// - Apple HIG Layout (screen sizes), HIG Widgets → Specifications (the widget table, which
///   describes iOS 18 and earlier), HIG Live Activities → Specifications (Lock Screen and Dynamic
///   Island sizes, Apple Watch Smart Stack and CarPlay sizes);
/// - FrameUp (github.com/ryanlintott/FrameUp, `Sources/FrameUp/Widget/WidgetFrame+all.swift`):
///   widget frames measured with a probe widget on iOS 18.6 and iOS 26.5/27.0, stored in pixels;
///   converted here to points (px ÷ 3, rounded to 0.01 as the HIG writes 52.33).
public struct DeviceProfile: Hashable, Sendable {
    public var id: String
    public var name: String
    public var screen: Size
    public var scale: Double
    /// The iOS generation whose widget sizes `widgetSizes` holds (`on(_:)` picks the other).
    public private(set) var ios: IOSGeneration
    /// The generation the device shipped with: what a render uses when none is asked for.
    public let shipsWith: IOSGeneration
    /// Home-screen and accessory sizes per generation (the same table for both where nothing changed).
    public let widgetTables: [IOSGeneration: WidgetSizeTable]
    /// Width of the Lock Screen Live Activity and the expanded island; nil if the device shows none.
    public var liveActivityWidth: Double?
    public var liveActivityWidthSource: NumberSource?
    public var island: IslandGeometry?
    /// The Live Activity `small` family (Apple Watch Smart Stack, CarPlay): nil if the device shows none.
    public var smallActivity: SmallActivityGeometry?
    public var widgetCornerRadius: Double

    public init(id: String, name: String, screen: Size, scale: Double, shipsWith: IOSGeneration,
                widgetTables: [IOSGeneration: WidgetSizeTable], liveActivityWidth: Double? = nil,
                liveActivityWidthSource: NumberSource? = nil, island: IslandGeometry? = nil,
                smallActivity: SmallActivityGeometry? = nil, widgetCornerRadius: Double = 22) {
        self.id = id; self.name = name; self.screen = screen; self.scale = scale
        self.ios = shipsWith; self.shipsWith = shipsWith; self.widgetTables = widgetTables
        self.liveActivityWidth = liveActivityWidth; self.liveActivityWidthSource = liveActivityWidthSource
        self.island = island; self.smallActivity = smallActivity; self.widgetCornerRadius = widgetCornerRadius
    }

    /// Fixed-size surfaces (home widgets and accessories) of the current generation.
    public var widgetSizes: [Surface: Size] { widgetTables[ios]?.sizes ?? [:] }
    /// Where the current generation's widget sizes come from.
    public var widgetSizeSource: WidgetSizeTable? { widgetTables[ios] }

    /// The same device with the widget sizes of `generation`.
    public func on(_ generation: IOSGeneration) -> DeviceProfile {
        var copy = self
        copy.ios = generation
        return copy
    }

    public func supports(_ surface: Surface) -> Bool {
        switch surface.family {
        case .home, .accessory: widgetSizes[surface] != nil
        case .liveActivity: liveActivityWidth != nil
        case .island: island != nil
        case .smallActivity: smallActivity != nil
        // Control Center is on every iPhone and iPad (iOS/iPadOS 18). The Lock Screen's control
        // slots replace the flashlight and camera buttons of Face ID iPhones (those with an
        // island here); an SE's and an iPad's Lock Screen have no such slots. The watch and
        // CarPlay profiles (no home-screen widgets: they only show the small activity family)
        // have no Control Center.
        case .control: widgetSizes[.systemSmall] != nil && (surface != .controlLockScreen || island != nil)
        }
    }

    public var surfaces: [Surface] { Surface.allCases.filter(supports) }

    // MARK: - iPhone

    public static let iphone15pro = DeviceProfile(
        id: "iphone15pro", name: "iPhone 15 Pro", screen: Size(width: 393, height: 852), scale: 3, shipsWith: .ios18,
        widgetTables: [.ios18: .hig393, .ios26: .frameUp393],
        liveActivityWidth: 371, liveActivityWidthSource: .hig, island: .narrow, smallActivity: .pairedWatch)

    public static let iphone15promax = DeviceProfile(
        id: "iphone15promax", name: "iPhone 15 Pro Max", screen: Size(width: 430, height: 932), scale: 3, shipsWith: .ios18,
        widgetTables: [.ios18: .hig430, .ios26: .frameUp430],
        liveActivityWidth: 408, liveActivityWidthSource: .hig, island: .wide, smallActivity: .pairedWatch)

    public static let iphone16 = DeviceProfile(
        id: "iphone16", name: "iPhone 16", screen: Size(width: 393, height: 852), scale: 3, shipsWith: .ios18,
        widgetTables: [.ios18: .hig393, .ios26: .frameUp393],
        liveActivityWidth: 371, liveActivityWidthSource: .hig, island: .narrow, smallActivity: .pairedWatch)

    public static let iphone16plus = DeviceProfile(
        id: "iphone16plus", name: "iPhone 16 Plus", screen: Size(width: 430, height: 932), scale: 3, shipsWith: .ios18,
        widgetTables: [.ios18: .hig430, .ios26: .frameUp430],
        liveActivityWidth: 408, liveActivityWidthSource: .hig, island: .wide, smallActivity: .pairedWatch)

    /// 402 pt wide: Apple publishes no widget row; on iOS 18.6 it gets the 393 row (FrameUp).
    public static let iphone16pro = DeviceProfile(
        id: "iphone16pro", name: "iPhone 16 Pro", screen: Size(width: 402, height: 874), scale: 3, shipsWith: .ios18,
        widgetTables: [.ios18: .frameUp402on18, .ios26: .frameUp402],
        liveActivityWidth: 371, liveActivityWidthSource: .hig, island: .narrowInferred, smallActivity: .pairedWatch)

    /// 440 pt wide: on iOS 18.6 it gets the 430 row (FrameUp).
    public static let iphone16promax = DeviceProfile(
        id: "iphone16promax", name: "iPhone 16 Pro Max", screen: Size(width: 440, height: 956), scale: 3, shipsWith: .ios18,
        widgetTables: [.ios18: .frameUp440on18, .ios26: .frameUp440],
        liveActivityWidth: 408, liveActivityWidthSource: .hig, island: .wideInferred, smallActivity: .pairedWatch)

    public static let iphone17 = DeviceProfile(
        id: "iphone17", name: "iPhone 17", screen: Size(width: 402, height: 874), scale: 3, shipsWith: .ios26,
        widgetTables: [.ios18: .inferred402on18, .ios26: .frameUp402],
        liveActivityWidth: 371, liveActivityWidthSource: .hig, island: .narrowInferred, smallActivity: .pairedWatch)

    /// 420 pt wide, the island of the large phones (250/408 pt, HIG).
    public static let iphoneair = DeviceProfile(
        id: "iphoneair", name: "iPhone Air", screen: Size(width: 420, height: 912), scale: 3, shipsWith: .ios26,
        widgetTables: [.ios18: .inferred420on18, .ios26: .frameUp420],
        liveActivityWidth: 408, liveActivityWidthSource: .inferred, island: .wideInferred, smallActivity: .pairedWatch)

    public static let iphone17pro = DeviceProfile(
        id: "iphone17pro", name: "iPhone 17 Pro", screen: Size(width: 402, height: 874), scale: 3, shipsWith: .ios26,
        widgetTables: [.ios18: .inferred402on18, .ios26: .frameUp402],
        liveActivityWidth: 371, liveActivityWidthSource: .hig, island: .narrowInferred, smallActivity: .pairedWatch)

    public static let iphone17promax = DeviceProfile(
        id: "iphone17promax", name: "iPhone 17 Pro Max", screen: Size(width: 440, height: 956), scale: 3, shipsWith: .ios26,
        widgetTables: [.ios18: .inferred440on18, .ios26: .frameUp440],
        liveActivityWidth: 408, liveActivityWidthSource: .hig, island: .wideInferred, smallActivity: .pairedWatch)

    /// No Dynamic Island. Its Lock Screen Live Activity width is not published: 375 − 2×11 (the
    /// margin rule that holds on the 393 and 430 screens) is an inference.
    public static let iphonese = DeviceProfile(
        id: "iphonese", name: "iPhone SE (3rd generation)", screen: Size(width: 375, height: 667), scale: 2, shipsWith: .ios18,
        widgetTables: [.ios18: .hig375x667, .ios26: .frameUp375x667],
        liveActivityWidth: 353, liveActivityWidthSource: .inferred, island: nil, smallActivity: .pairedWatch)

    // MARK: - iPad

    /// iPad widgets are laid out on the "canvas" size (HIG); no Dynamic Island, Lock Screen activity
    /// 500 wide (HIG). FrameUp finds iPad sizes unchanged in iOS 26, so both generations share the table.
    public static let ipadpro13 = DeviceProfile(
        id: "ipadpro13", name: "iPad Pro 13-inch", screen: Size(width: 1024, height: 1366), scale: 2, shipsWith: .ios18,
        widgetTables: [.ios18: .higIPad13, .ios26: .higIPad13],
        liveActivityWidth: 500, liveActivityWidthSource: .hig, island: nil, widgetCornerRadius: 24)

    // MARK: - Where the small activity family shows (Apple Watch Smart Stack, CarPlay)

    /// Apple Watch: only the Smart Stack's Live Activity (the `small` family). HIG Live Activities
    /// gives the watch's Smart Stack sizes per case; watches are @2x.
    public static let applewatch40 = watch("applewatch40", "Apple Watch 40mm", .watch40)
    public static let applewatch41 = watch("applewatch41", "Apple Watch 41mm", .watch41)
    public static let applewatch44 = watch("applewatch44", "Apple Watch 44mm", .watch44)
    public static let applewatch45 = watch("applewatch45", "Apple Watch 45mm", .watch45)
    public static let applewatch49 = watch("applewatch49", "Apple Watch Ultra 49mm", .watch49)
    /// CarPlay shows Live Activities from iOS 26 (HIG: 240×78, 240×100, 170×78 pt); the scale of a
    /// car's screen varies, 2x is chosen.
    public static let carplay = carPlay("carplay", "CarPlay (240×78)", .carPlay240x78)
    public static let carplaytall = carPlay("carplaytall", "CarPlay tall (240×100)", .carPlay240x100)
    public static let carplaynarrow = carPlay("carplaynarrow", "CarPlay narrow (170×78)", .carPlay170x78)

    private static func watch(_ id: String, _ name: String, _ small: SmallActivityGeometry) -> DeviceProfile {
        DeviceProfile(id: id, name: name, screen: small.size, scale: 2, shipsWith: .ios18, widgetTables: [:],
                      smallActivity: small)
    }

    private static func carPlay(_ id: String, _ name: String, _ small: SmallActivityGeometry) -> DeviceProfile {
        DeviceProfile(id: id, name: name, screen: small.size, scale: 2, shipsWith: .ios26, widgetTables: [:],
                      smallActivity: small)
    }

    public static let all: [DeviceProfile] = [
        .iphone15pro, .iphone15promax, .iphonese, .ipadpro13,
        .iphone16, .iphone16plus, .iphone16pro, .iphone16promax,
        .iphone17, .iphoneair, .iphone17pro, .iphone17promax,
        .applewatch40, .applewatch41, .applewatch44, .applewatch45, .applewatch49,
        .carplay, .carplaytall, .carplaynarrow,
    ]
    public static let `default` = iphone15pro

    public static func named(_ id: String) -> DeviceProfile? { all.first { $0.id == id } }
}

/// An iOS generation: which widget sizes (HIG table for 18, FrameUp's iOS 26 measurements) and
/// which system colors (`SystemColors`) a render uses. `ColorGeneration` is the same type.
public typealias IOSGeneration = ColorGeneration

extension ColorGeneration {
    /// `18` or `26`, as `--ios` and `ios=` write it.
    public var number: Int { self == .ios18 ? 18 : 26 }

    /// `18`, `26`, also `ios18`/`iOS 26`; nil for anything else.
    public init?(number text: String) {
        let digits = text.lowercased().replacingOccurrences(of: "ios", with: "").trimmingCharacters(in: .whitespaces)
        switch digits {
        case "18": self = .ios18
        case "26": self = .ios26
        default: return nil
        }
    }
}

/// Where a number comes from.
public enum NumberSource: String, Hashable, Sendable, CaseIterable {
    /// Published by Apple (Human Interface Guidelines).
    case hig = "HIG"
    /// Measured on a device by FrameUp's probe widget.
    case frameUp = "FrameUp measurement"
    /// Arithmetic on published numbers.
    case derived
    /// No source: chosen by analogy with a device that has one (the note says which).
    case inferred
}

/// One device's home-screen and accessory sizes for one iOS generation, and where they come from.
public struct WidgetSizeTable: Hashable, Sendable {
    public var sizes: [Surface: Size]
    public var source: NumberSource
    /// Which row of which table, measured on what.
    public var note: String

    public init(_ source: NumberSource, _ note: String, small: Size, medium: Size, large: Size, extraLarge: Size? = nil,
                circular: Size? = nil, rectangular: Size? = nil, inline: Size? = nil) {
        var sizes: [Surface: Size] = [.systemSmall: small, .systemMedium: medium, .systemLarge: large]
        sizes[.systemExtraLarge] = extraLarge
        sizes[.accessoryCircular] = circular
        sizes[.accessoryRectangular] = rectangular
        sizes[.accessoryInline] = inline
        self.sizes = sizes; self.source = source; self.note = note
    }

    func noting(_ source: NumberSource, _ note: String) -> WidgetSizeTable {
        var copy = self
        copy.source = source; copy.note = note
        return copy
    }

    private static func s(_ w: Double, _ h: Double) -> Size { Size(width: w, height: h) }

    // Apple's table (HIG Widgets → Specifications), iOS 18 and earlier.
    public static let hig393 = WidgetSizeTable(.hig, "widget table, 393×852 row",
        small: s(158, 158), medium: s(338, 158), large: s(338, 354),
        circular: s(72, 72), rectangular: s(160, 72), inline: s(234, 26))
    public static let hig430 = WidgetSizeTable(.hig, "widget table, 430×932 row",
        small: s(170, 170), medium: s(364, 170), large: s(364, 382),
        circular: s(76, 76), rectangular: s(172, 76), inline: s(257, 26))
    public static let hig375x667 = WidgetSizeTable(.hig, "widget table, 375×667 row",
        small: s(148, 148), medium: s(321, 148), large: s(321, 324),
        circular: s(68, 68), rectangular: s(153, 68), inline: s(225, 26))
    /// The "canvas" sizes content is laid out on (HIG, iPad 1024×1366).
    public static let higIPad13 = WidgetSizeTable(.hig, "iPad table, 1024×1366 canvas (FrameUp: unchanged in iOS 26)",
        small: s(170, 170), medium: s(378.5, 170), large: s(378.5, 378.5), extraLarge: s(795, 378.5))

    // Apple publishes no row for 402 and 440 pt screens; FrameUp saw iOS 18.6 give them the 393 and 430 rows.
    public static let frameUp402on18 = hig393.noting(.frameUp, "393×852 row of the HIG table: FrameUp saw an iPhone 16 Pro on iOS 18.6 get it")
    public static let frameUp440on18 = hig430.noting(.frameUp, "430×932 row of the HIG table: FrameUp saw an iPhone 16 Pro Max on iOS 18.6 get it")
    // The 17 lineup and the Air never ran iOS 18: the row their screen would get, by analogy.
    public static let inferred402on18 = hig393.noting(.inferred, "393×852 row of the HIG table, as the iPhone 16 Pro (same 402×874 screen) on iOS 18.6")
    public static let inferred440on18 = hig430.noting(.inferred, "430×932 row of the HIG table, as the iPhone 16 Pro Max (same 440×956 screen) on iOS 18.6")
    public static let inferred420on18 = hig430.noting(.inferred, "430×932 row of the HIG table: no iOS 18 device has a 420 pt screen; the Air's island and Live Activity are the large phones'")

    // Measured on iOS 26.5/27.0 by FrameUp (pixels ÷ 3).
    public static let frameUp440 = WidgetSizeTable(.frameUp, "iPhone 17 Pro Max on iOS 27.0 (system) and 26.5 (accessories)",
        small: s(176.67, 176.67), medium: s(378, 176.67), large: s(378, 394),
        circular: s(60, 60), rectangular: s(158, 60), inline: s(370, 36))
    public static let frameUp430 = WidgetSizeTable(.frameUp, "iPhone 16 Plus on iOS 26.5",
        small: s(174.67, 174.67), medium: s(372, 174.67), large: s(372, 388),
        circular: s(60, 60), rectangular: s(158, 60), inline: s(370, 36))
    public static let frameUp420 = WidgetSizeTable(.frameUp, "iPhone Air on iOS 27.0 (system) and 26.5 (accessories)",
        small: s(172.67, 172.67), medium: s(366.67, 172.67), large: s(366.67, 382),
        circular: s(57.67, 57.67), rectangular: s(153, 57.67), inline: s(360, 36))
    public static let frameUp402 = WidgetSizeTable(.frameUp, "iPhone 17 and 17 Pro on iOS 26.5/27.0",
        small: s(164.33, 164.33), medium: s(349.67, 164.33), large: s(349.67, 365),
        circular: s(58, 58), rectangular: s(148, 58), inline: s(342, 36))
    public static let frameUp393 = WidgetSizeTable(.frameUp, "iPhone 16 on iOS 26.5",
        small: s(162.67, 162.67), medium: s(344.67, 162.67), large: s(344.67, 360),
        circular: s(58, 58), rectangular: s(147.67, 58), inline: s(341, 36))
    /// @2x: pixels ÷ 2.
    public static let frameUp375x667 = WidgetSizeTable(.frameUp, "iPhone SE (3rd generation) on iOS 26.5",
        small: s(146, 146), medium: s(319, 146), large: s(319, 318),
        circular: s(56, 56), rectangular: s(141, 56), inline: s(323, 36))
}

/// Dynamic Island sizes (HIG Live Activities). The sensor housing sits between the compact leading
/// and trailing views.
public struct IslandGeometry: Hashable, Sendable {
    public var compactWidth: Double
    public var compactSide: Size
    public var expandedWidth: Double
    /// Of the overall widths (compact and expanded): always HIG for the phones here.
    public var widthSource: NumberSource = .hig
    /// Of the compact leading/trailing size.
    public var compactSideSource: NumberSource = .hig
    /// The camera region between the compact views: 230 − 2×52.33 = 250 − 2×62.33 = 125.33 pt.
    public var sensorWidth: Double { compactWidth - 2 * compactSide.width }
    /// The widest a compact leading or trailing view may grow. `compactSide` (HIG: 52.33 / 62.33 pt)
    /// is the published size and the least a side takes; wider content widens the pill on both sides
    /// of the sensor, and the island never grows wider than its expanded presentation (HIG: 371 /
    /// 408 pt), so a side takes at most (expandedWidth − sensorWidth) / 2: 122.83 pt on 393 pt
    /// screens, 141.33 pt on 430 pt screens.
    public var compactSideMaxWidth: Double { max(compactSide.width, (expandedWidth - sensorWidth) / 2) }
    public var height: Double { compactSide.height }
    /// Minimal is a circle of the island's height; content may make it up to 45 pt wide.
    public var minimalSize: Size { Size(width: compactSide.height, height: compactSide.height) }
    public static let minimalMaxWidth = 45.0

    public init(compactWidth: Double, compactSide: Size, expandedWidth: Double,
                widthSource: NumberSource = .hig, compactSideSource: NumberSource = .hig) {
        self.compactWidth = compactWidth; self.compactSide = compactSide; self.expandedWidth = expandedWidth
        self.widthSource = widthSource; self.compactSideSource = compactSideSource
    }

    /// 230 / 371 pt (HIG: 17 Pro, 17, 16 Pro, 16, 15 Pro, 15, 14 Pro); compact sides 52.33×36.67 (HIG, 393 row).
    public static let narrow = IslandGeometry(compactWidth: 230, compactSide: Size(width: 52.33, height: 36.67), expandedWidth: 371)
    /// 250 / 408 pt (HIG: 17 Pro Max, Air, 16 Pro Max, 16 Plus, 15 Pro Max, 15 Plus, 14 Pro Max); sides 62.33×36.67 (HIG, 430 row).
    public static let wide = IslandGeometry(compactWidth: 250, compactSide: Size(width: 62.33, height: 36.67), expandedWidth: 408)
    /// 402 pt screens: the HIG gives the widths but no compact side sizes; by island width, the 393 row's.
    public static let narrowInferred = IslandGeometry(compactWidth: 230, compactSide: Size(width: 52.33, height: 36.67),
                                                      expandedWidth: 371, compactSideSource: .inferred)
    /// 440 and 420 pt screens: by island width, the 430 row's compact sides.
    public static let wideInferred = IslandGeometry(compactWidth: 250, compactSide: Size(width: 62.33, height: 36.67),
                                                    expandedWidth: 408, compactSideSource: .inferred)
}

/// The Live Activity `small` family (`supplementalActivityFamilies([.small])`): its size where it
/// shows (HIG Live Activities → Specifications).
public struct SmallActivityGeometry: Hashable, Sendable {
    public var size: Size
    public var source: NumberSource
    /// Where it shows, e.g. "Apple Watch 45mm Smart Stack".
    public var shownOn: String

    public init(size: Size, source: NumberSource, shownOn: String) {
        self.size = size; self.source = source; self.shownOn = shownOn
    }

    public static let watch40 = SmallActivityGeometry(size: Size(width: 152, height: 69.5), source: .hig, shownOn: "Apple Watch 40mm Smart Stack")
    public static let watch41 = SmallActivityGeometry(size: Size(width: 165, height: 72.5), source: .hig, shownOn: "Apple Watch 41mm Smart Stack")
    public static let watch44 = SmallActivityGeometry(size: Size(width: 173, height: 76.5), source: .hig, shownOn: "Apple Watch 44mm Smart Stack")
    public static let watch45 = SmallActivityGeometry(size: Size(width: 184, height: 80.5), source: .hig, shownOn: "Apple Watch 45mm Smart Stack")
    public static let watch49 = SmallActivityGeometry(size: Size(width: 191, height: 81.5), source: .hig, shownOn: "Apple Watch 49mm Smart Stack")
    public static let carPlay240x78 = SmallActivityGeometry(size: Size(width: 240, height: 78), source: .hig, shownOn: "CarPlay Home Screen")
    public static let carPlay240x100 = SmallActivityGeometry(size: Size(width: 240, height: 100), source: .hig, shownOn: "CarPlay Home Screen, tall")
    public static let carPlay170x78 = SmallActivityGeometry(size: Size(width: 170, height: 78), source: .hig, shownOn: "CarPlay Home Screen, narrow")
    /// An iPhone's `activitySmall` is drawn as its paired watch shows it: the 45mm size, which FrameUp
    /// also gives today's 46mm watches (Apple publishes no 42/46mm row).
    public static let pairedWatch = SmallActivityGeometry(size: Size(width: 184, height: 80.5), source: .hig,
                                                          shownOn: "paired Apple Watch, 45mm Smart Stack (use --device applewatch40…49 or carplay* for the others)")
}

/// Margins, radii and height limits shared by every device (HIG Widgets, HIG Live Activities).
public enum SurfaceMetrics {
    /// Default content margin of home-screen widgets.
    public static let widgetMargin = 16.0
    /// The Lock Screen Live Activity adds no content margin: the HIG's "standard layout margin"
    /// of 14 pt (aligned with notifications) is one the view applies itself with `padding`, as
    /// Apple's sample code does, and `contentMargins(_:_:for:)` takes only the island's modes.
    public static let liveActivityMargin = 0.0
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
    /// Content margin of the small activity family (Smart Stack tile, CarPlay): not published; the
    /// watch's Smart Stack widgets keep their content about 8 pt from the tile's edge (by eye).
    public static let smallActivityMargin = 8.0
    /// Corner radius of the Smart Stack / CarPlay tile: not published; chosen by eye.
    public static let smallActivityCornerRadius = 16.0
}
