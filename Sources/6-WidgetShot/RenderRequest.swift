import Foundation
import WidgetModel
import WidgetTemplate

/// Everything a render depends on. A render is a pure function of this value: `now`, locale,
/// scale and scheme are inputs, never read from the machine.
public struct RenderRequest: Sendable {
    public var layout: LayoutDocument
    public var surface: Surface
    public var data: DataValue
    public var device: DeviceProfile
    /// Pixels per point; nil uses the device's own scale.
    public var scale: Double?
    public var scheme: ColorScheme
    public var locale: String
    public var now: Date
    public var timeZone: TimeZone
    /// WidgetKit's placeholder: text, icons and images drawn as rounded bars.
    public var placeholder: Bool
    /// The system colors; the device's iOS generation's unless given.
    public var colors: ColorGeneration
    public var pngPreset: PNGPreset
    /// A Live Activity past its `stale-date`: bound as `context.isStale` (see docs/language.md).
    public var isStale = false
    /// The rendering mode (RenderingMode); nil: the surface's default (`Surface.renderingModes`).
    /// RenderSpec refuses a mode the surface does not have; `WidgetRenderer` too.
    public var mode: RenderingMode?
    /// Control surfaces: which of the layout's `controls:` (nil: the first) and, for a toggle, its
    /// state (nil: on).
    public var control: String?
    public var controlState: ControlState?
    /// One of the layout's own previews (set by `init(preview:)`): a bound parameter value that does not
    /// fit is a warning and the parameter keeps its default (BindContext.isPreview), not an error.
    public var isPreview = false

    public init(layout: LayoutDocument, surface: Surface, data: DataValue, device: DeviceProfile = .default,
                scale: Double? = nil, scheme: ColorScheme = .light, locale: String = "ko", now: Date,
                timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, placeholder: Bool = false,
                colors: ColorGeneration? = nil, pngPreset: PNGPreset = .fast) {
        self.layout = layout; self.surface = surface; self.data = data; self.device = device
        self.scale = scale; self.scheme = scheme; self.locale = locale; self.now = now
        self.timeZone = timeZone; self.placeholder = placeholder; self.colors = colors ?? device.ios; self.pngPreset = pngPreset
    }

    /// A request for one of the layout's previews: its data, `now`, time zone and locale.
    public init(layout: LayoutDocument, surface: Surface, preview: Preview, device: DeviceProfile = .default,
                scale: Double? = nil, scheme: ColorScheme = .light, locale: String? = nil,
                now: Date? = nil, placeholder: Bool = false) {
        self.init(layout: layout, surface: surface, data: preview.data, device: device, scale: scale,
                  scheme: scheme, locale: locale ?? preview.locale ?? "ko",
                  now: now ?? preview.now ?? RenderRequest.fallbackNow,
                  timeZone: preview.timeZone ?? TimeZone(secondsFromGMT: 0)!, placeholder: placeholder)
        isPreview = true
    }

    /// Used only when neither the request nor the preview says what time it is, so that a preview
    /// without `now:` still renders the same every time: 2026-01-01T00:00:00Z.
    public static let fallbackNow = Date(timeIntervalSince1970: 1_767_225_600)

    public var effectiveScale: Double { scale ?? device.scale }
    public var effectiveMode: RenderingMode { mode ?? surface.defaultRenderingMode }
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
            return "scale must be between 0.25 and 4, got \(v)"
        case .layoutErrors(let ds):
            return ds.map(\.description).joined(separator: "\n")
        case .encode(let m):
            return "PNG encoding failed: \(m)"
        }
    }
}
