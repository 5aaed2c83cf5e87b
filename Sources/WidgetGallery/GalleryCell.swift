import WidgetShot

/// What the gallery renders: the preview matrix (layout × surface × preview × appearance) on each
/// chosen device, plus WidgetKit's placeholder per surface and appearance.
public struct GalleryOptions: Sendable {
    /// The first is the main device; paths carry a device folder only when there are several.
    public var devices: [DeviceProfile]
    /// Pixels per point; nil uses each device's own.
    public var scale: Double?
    public var surfaces: Set<Surface>?
    public var previews: Set<String>?
    /// One placeholder image per surface and appearance (bound with the surface's first preview).
    public var placeholders: Bool
    /// Every image rendered as the placeholder (the CLI's --placeholder).
    public var placeholderOnly: Bool
    /// How images are addressed from the page: "" on disk, "gallery/" when served.
    public var imageBase: String
    /// `/render/{layout}/{surface}.png` is prefixed with this in the page (empty: a path the reader puts after their host).
    public var serverURL: String
    /// Served by `widgetshot serve --watch`: the page listens for updates.
    public var live: Bool
    /// Only these rendering modes (nil: every mode of each surface, RenderMatrix's rule).
    public var modes: Set<RenderingMode>? = nil
    /// The look axes spanned beyond each preview's own (the project's `matrix:`, or `--span`).
    public var span: MatrixSpan = .none
    /// The folder of the last `widgetshot verify --report` (its report.json): images whose golden
    /// failed there are marked on the page and linked to the report. Nil: no marks. A folder without
    /// a report.json gives no marks either (no verify has run yet).
    public var verifyReport: String?
    /// How the page addresses that report's index.html; nil: the report folder relative to the
    /// gallery folder (a page opened from disk).
    public var verifyReportURL: String?
    /// A section per sample push sequence and timeline (`Layouts/samples/LAYOUT/`), drawn as
    /// filmstrips into OUT/push/.
    public var filmstrips: Bool

    public init(devices: [DeviceProfile] = [.default], scale: Double? = nil, surfaces: Set<Surface>? = nil,
                previews: Set<String>? = nil, placeholders: Bool = true, placeholderOnly: Bool = false,
                imageBase: String = "", serverURL: String = "", live: Bool = false,
                verifyReport: String? = nil, verifyReportURL: String? = nil, filmstrips: Bool = true) {
        self.devices = devices.isEmpty ? [.default] : devices
        self.scale = scale; self.surfaces = surfaces; self.previews = previews
        self.placeholders = placeholders; self.placeholderOnly = placeholderOnly
        self.imageBase = imageBase; self.serverURL = serverURL; self.live = live
        self.verifyReport = verifyReport; self.verifyReportURL = verifyReportURL; self.filmstrips = filmstrips && !placeholderOnly
    }

    /// Where `make test` leaves its verify report, below the project root.
    public static let defaultVerifyReport = ".build/verify-report"

}

/// One image of the gallery.
public struct GalleryCell: Sendable, Hashable {
    public var layout: String
    public var surface: Surface
    /// The preview whose data is bound (for a placeholder: the surface's first preview).
    public var preview: String
    public var scheme: ColorScheme
    public var placeholder: Bool
    public var device: DeviceProfile
    /// The preview's locale (what the locale filter selects).
    public var locale: String
    /// Whether the path carries the device's folder (several devices in one gallery).
    public var deviceFolder: Bool
    /// The rendering mode (accented: the tinted Home Screen; vibrant on standBy: night mode).
    public var mode: RenderingMode
    /// Control surfaces: the control and toggle state (as MatrixCell).
    public var control: String? = nil
    public var controlState: ControlState? = nil
    /// The spanned axes' values where the image differs from its preview's own look (as MatrixCell).
    public var axisValues: [String: String] = [:]

    public init(layout: String, surface: Surface, preview: String, scheme: ColorScheme, placeholder: Bool,
                device: DeviceProfile, locale: String, deviceFolder: Bool, mode: RenderingMode? = nil,
                control: String? = nil, controlState: ControlState? = nil, axisValues: [String: String] = [:]) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.scheme = scheme
        self.placeholder = placeholder; self.device = device; self.deviceFolder = deviceFolder
        self.mode = mode ?? surface.defaultRenderingMode
        self.control = control; self.controlState = controlState; self.axisValues = axisValues
        self.locale = axisValues["locale"] ?? locale
    }

    /// `-accented` after the scheme in a mode other than the surface's default, else empty.
    public var modeSuffix: String { mode == surface.defaultRenderingMode ? "" : "-\(mode.rawValue)" }

    /// What the page calls the row: the preview's name, or `placeholder`.
    public var rowName: String { placeholder ? "placeholder" : preview }

    /// `delivery/systemSmall/onTheWay-light.png`, `iphonese/delivery/…` with several devices.
    public var relativePath: String {
        matrixCell.relativePath(row: rowName, device: deviceFolder ? device.id : nil)
    }

    /// A stable id for links, the same the verify report gives the image's golden:
    /// `delivery/systemSmall/onTheWay/light/iphone15pro` (see `ImageAnchor`).
    public var anchor: String { imageAnchor.id }

    public var imageAnchor: ImageAnchor { ImageAnchor(cell: matrixCell, device: device.id, placeholder: placeholder) }

    public var matrixCell: MatrixCell {
        MatrixCell(layout: layout, surface: surface, preview: preview, scheme: scheme, mode: mode,
                   control: control, controlState: controlState, axisValues: axisValues)
    }
}

public enum GalleryMatrix {
    /// Every image of the gallery, in page order: per device, layout, surface, then previews
    /// (placeholder last), light before dark.
    public static func cells(for documents: [LayoutDocument], options: GalleryOptions) -> [GalleryCell] {
        var cells: [GalleryCell] = []
        let folders = options.devices.count > 1
        for device in options.devices {
            for document in documents {
                let matrix = RenderMatrix.cells(for: document, device: device, surfaces: options.surfaces,
                                                previews: options.previews, modes: options.modes, span: options.span)
                var surfaces: [Surface] = []
                for m in matrix where !surfaces.contains(m.surface) { surfaces.append(m.surface) }
                for surface in surfaces {
                    for m in matrix where m.surface == surface {
                        let locale = document.preview(named: m.preview)?.locale ?? Look.defaultLocale
                        cells.append(GalleryCell(layout: m.layout, surface: m.surface, preview: m.preview, scheme: m.scheme,
                                                 placeholder: options.placeholderOnly, device: device, locale: locale,
                                                 deviceFolder: folders, mode: m.mode, control: m.control, controlState: m.controlState,
                                                 axisValues: m.axisValues))
                    }
                    // Controls have no placeholder of their own: they show a symbol and a title. A
                    // document with a preview named placeholder (a Swift widget's provider
                    // placeholder, drawn redacted) has its placeholder row already.
                    guard options.placeholders, !options.placeholderOnly, surface.family != .control,
                          document.preview(named: "placeholder") == nil,
                          let first = matrix.first(where: { $0.surface == surface }) else { continue }
                    let locale = document.preview(named: first.preview)?.locale ?? Look.defaultLocale
                    for scheme in ColorScheme.allCases {
                        cells.append(GalleryCell(layout: document.name, surface: surface, preview: first.preview, scheme: scheme,
                                                 placeholder: true, device: device, locale: locale, deviceFolder: folders))
                    }
                }
            }
        }
        return cells
    }
}
