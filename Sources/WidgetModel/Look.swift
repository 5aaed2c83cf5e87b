import Foundation

/// How a surface looks: every input of a render other than the layout, the surface, the data and
/// the control shown. One value, resolved and checked once (`LookSpec.resolve` in WidgetShot), then
/// carried whole through the request, the bind context and the render key, so a new axis is a field
/// here and an entry in `LookSpec.fields`, not a parameter passed through every stage.
public struct Look: Sendable, Equatable {
    /// The device profile, its iOS generation (widget size table) already applied.
    public var device: DeviceProfile
    /// Pixels per point; nil: the device's own.
    public var scale: Double?
    /// The appearance asked for. The bind context's copy holds the scheme the surface is drawn in
    /// (the island, StandBy and the controls are always dark).
    public var scheme: ColorScheme
    public var locale: String
    public var now: Date
    public var timeZone: TimeZone
    /// WidgetKit's placeholder: text, icons and images drawn as rounded bars.
    public var placeholder: Bool
    /// The system colors (the device's iOS generation's unless a caller overrides them).
    public var colors: ColorGeneration
    /// nil: the surface's default mode.
    public var mode: RenderingMode?
    /// The user's text size: every text style (and the icons that follow it) at its size there.
    public var dynamicType: DynamicTypeSize = .large
    /// What shows through where the surface is transparent (the accessories, the island around its
    /// pill, StandBy, a widget's rounded corners); nil: nothing (transparent pixels, as goldens keep).
    public var backdrop: Backdrop?
    /// Content only: the surface's view at this size in points, on the scheme's system background,
    /// without the surface's chrome (as a snapshot test hosts a view); nil: the surface as iOS shows it.
    public var canvas: Size?

    /// The one range of `scale` every reader checks against.
    public static let scales: ClosedRange<Double> = 0.25...4
    /// The locale of a render that names none (no `--locale`, no preview `locale:`): English, as a
    /// simulator starts in. Layouts written in Korean say `locale: ko` on their previews.
    public static let defaultLocale = "en"
    /// Used only when neither the request nor the preview says what time it is, so that a preview
    /// without `now:` still renders the same every time: 2026-01-01T00:00:00Z.
    public static let fallbackNow = Date(timeIntervalSince1970: 1_767_225_600)

    public init(device: DeviceProfile = .default, scale: Double? = nil, scheme: ColorScheme = .light,
                locale: String = Look.defaultLocale, now: Date = Look.fallbackNow,
                timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, placeholder: Bool = false,
                colors: ColorGeneration? = nil, mode: RenderingMode? = nil) {
        self.device = device; self.scale = scale; self.scheme = scheme; self.locale = locale
        self.now = now; self.timeZone = timeZone; self.placeholder = placeholder
        self.colors = colors ?? device.ios; self.mode = mode
    }

    public var effectiveScale: Double { scale ?? device.scale }

    /// "between 0.25 and 4", for messages.
    public static var scalesText: String {
        "between \(String(format: "%g", scales.lowerBound)) and \(String(format: "%g", scales.upperBound))"
    }

    /// What the axes added after the render key's first form contribute to it, each only when it
    /// is not its default, so keys made before the axis existed still name the same renders.
    /// (The first axes — device, scale, scheme, locale, now, placeholder, colors, mode — are
    /// written by RenderKeyer in their historical order.)
    public var laterKeyFields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if dynamicType != .large { fields.append(("dynamicType", dynamicType.rawValue)) }
        if let backdrop { fields.append(("backdrop", backdrop.description)) }
        if let canvas { fields.append(("canvas", "\(canvas.width.bitPattern)x\(canvas.height.bitPattern)")) }
        return fields
    }
}

/// A picture behind a transparent surface, so white content shows in an image viewer: a colour, or
/// a wallpaper-like gradient.
public enum Backdrop: Sendable, Equatable, CustomStringConvertible {
    case color(RGBA)
    /// A vertical gradient of mid-toned blue to rose, like a Lock Screen wallpaper: light and dark
    /// content both stay readable on it.
    case wallpaper

    public static let wallpaperTop = RGBA(hex: 0x5B6FA8), wallpaperBottom = RGBA(hex: 0xB07A96)

    /// `wallpaper`, `#RGB`, `#RRGGBB` (opaque only: a backdrop is what the phone shows behind).
    public init?(name: String) {
        if name == "wallpaper" { self = .wallpaper; return }
        guard let c = RGBA(hexString: name), c.a == 1 else { return nil }
        self = .color(c)
    }

    /// The colour of the backdrop at `fraction` (0 top … 1 bottom) of the picture's height.
    public func color(at fraction: Double) -> RGBA {
        switch self {
        case .color(let c): return c
        case .wallpaper:
            let t = min(1, max(0, fraction)), a = Self.wallpaperTop, b = Self.wallpaperBottom
            return RGBA(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t)
        }
    }

    public var description: String {
        switch self {
        case .wallpaper: "wallpaper"
        case .color(let c): "\(c)"
        }
    }
}
