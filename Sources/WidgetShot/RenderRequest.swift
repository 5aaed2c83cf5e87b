import Foundation
import WidgetModel
import WidgetTemplate

/// Everything a render depends on. A render is a pure function of this value: `now`, locale,
/// scale and scheme are inputs, never read from the machine. How the surface looks is one value,
/// `look`; the accessors below read and write its fields by their old names.
public struct RenderRequest: Sendable {
    public var layout: LayoutDocument
    public var surface: Surface
    public var data: DataValue
    public var look: Look
    public var pngPreset: PNGPreset
    /// A Live Activity past its `stale-date`: bound as `context.isStale` (see docs/language.md).
    public var isStale = false
    /// Control surfaces: which of the layout's `controls:` (nil: the first) and, for a toggle, its
    /// state (nil: on).
    public var control: String?
    public var controlState: ControlState?
    /// One of the layout's own previews (set by `init(preview:)`): a bound parameter value that does not
    /// fit is a warning and the parameter keeps its default (BindContext.isPreview), not an error.
    public var isPreview = false

    public init(layout: LayoutDocument, surface: Surface, data: DataValue, look: Look, pngPreset: PNGPreset = .fast) {
        self.layout = layout; self.surface = surface; self.data = data; self.look = look; self.pngPreset = pngPreset
    }

    public init(layout: LayoutDocument, surface: Surface, data: DataValue, device: DeviceProfile = .default,
                scale: Double? = nil, scheme: ColorScheme = .light, locale: String = Look.defaultLocale, now: Date,
                timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, placeholder: Bool = false,
                colors: ColorGeneration? = nil, pngPreset: PNGPreset = .fast) {
        self.init(layout: layout, surface: surface, data: data,
                  look: Look(device: device, scale: scale, scheme: scheme, locale: locale, now: now, timeZone: timeZone,
                             placeholder: placeholder, colors: colors),
                  pngPreset: pngPreset)
    }

    /// A request for one of the layout's previews: its data, `now`, time zone and locale.
    public init(layout: LayoutDocument, surface: Surface, preview: Preview, device: DeviceProfile = .default,
                scale: Double? = nil, scheme: ColorScheme = .light, locale: String? = nil,
                now: Date? = nil, placeholder: Bool = false) {
        self.init(layout: layout, surface: surface, data: preview.data, device: device, scale: scale,
                  scheme: scheme, locale: locale ?? preview.locale ?? Look.defaultLocale,
                  now: now ?? preview.now ?? Look.fallbackNow,
                  timeZone: preview.timeZone ?? TimeZone(secondsFromGMT: 0)!, placeholder: placeholder)
        look.dynamicType = preview.dynamicType ?? .large
        isPreview = true
    }

    public static var fallbackNow: Date { Look.fallbackNow }

    public var device: DeviceProfile { get { look.device } set { look.device = newValue } }
    public var scale: Double? { get { look.scale } set { look.scale = newValue } }
    public var scheme: ColorScheme { get { look.scheme } set { look.scheme = newValue } }
    public var locale: String { get { look.locale } set { look.locale = newValue } }
    public var now: Date { get { look.now } set { look.now = newValue } }
    public var timeZone: TimeZone { get { look.timeZone } set { look.timeZone = newValue } }
    public var placeholder: Bool { get { look.placeholder } set { look.placeholder = newValue } }
    public var colors: ColorGeneration { get { look.colors } set { look.colors = newValue } }
    public var mode: RenderingMode? { get { look.mode } set { look.mode = newValue } }

    public var effectiveScale: Double { look.effectiveScale }
    public var effectiveMode: RenderingMode { look.mode ?? surface.defaultRenderingMode }
}

public enum PNGPreset: String, Sendable, CaseIterable {
    /// Quick to write (every render and the server).
    case fast
    /// Slower and smaller (golden files in the repository).
    case small
}

public enum RenderError: Error, CustomStringConvertible, Sendable {
    /// "surface lockScreen has no rendering mode accented; it has: fullColor".
    static func modeMessage(_ mode: String, _ surface: Surface) -> String {
        "surface \(surface.rawValue) has no rendering mode \(mode); it has: \(surface.renderingModes.map(\.rawValue).joined(separator: ", "))"
    }

    case surfaceNotOnDevice(Surface, DeviceProfile)
    case noView(layout: String, surface: Surface, available: [Surface])
    case badScale(Double)
    case modeNotOnSurface(RenderingMode, Surface)
    case layoutErrors([Diagnostic])
    case encode(String)
    /// The picture would have more pixels than `Limits.renderPixels` (width, height).
    case tooManyPixels(Int, Int, limit: Int)

    public var description: String {
        switch self {
        case .surfaceNotOnDevice(let s, let d):
            let has = d.surfaces.map(\.rawValue).joined(separator: ", ")
            return "\(d.name) (\(d.id)) has no \(s.rawValue) surface; it has: \(has)"
        case .noView(let layout, let s, let available):
            return "layout '\(layout)' has no view for \(s.rawValue); it has: \(available.map(\.rawValue).joined(separator: ", "))"
        case .modeNotOnSurface(let mode, let surface):
            return RenderError.modeMessage(mode.rawValue, surface)
        case .badScale(let v):
            return "scale must be \(Look.scalesText), got \(v)"
        case .layoutErrors(let ds):
            return ds.map(\.description).joined(separator: "\n")
        case .encode(let m):
            return "PNG encoding failed: \(m)"
        case .tooManyPixels(let w, let h, let limit):
            return "the picture would be \(w)×\(h) px, more than \(limit) pixels (Limits.renderPixels): lower the scale or the canvas"
        }
    }
}
