import WidgetModel
import WidgetTemplate

/// One cell of the layout × surface × preview × appearance × rendering mode matrix that the
/// gallery renders and the golden tests check (on a control surface, × control × toggle state).
public struct MatrixCell: Sendable, Hashable {
    public var layout: String
    public var surface: Surface
    public var preview: String
    public var scheme: ColorScheme
    public var mode: RenderingMode
    /// Control surfaces: the control's id and, for a toggle, its state.
    public var control: String?
    public var controlState: ControlState?

    /// `mode` nil: the surface's default.
    public init(layout: String, surface: Surface, preview: String, scheme: ColorScheme, mode: RenderingMode? = nil,
                control: String? = nil, controlState: ControlState? = nil) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.scheme = scheme
        self.mode = mode ?? surface.defaultRenderingMode
        self.control = control; self.controlState = controlState
    }

    public var isDefaultMode: Bool { mode == surface.defaultRenderingMode }

    /// `delivery/systemSmall/onTheWay-light.png`, `delivery/systemSmall/onTheWay-dark-accented.png`
    /// in a mode other than the surface's default: a failing file names what broke. A control
    /// adds its id and state: `delivery/controlSmall/notifications-off/onTheWay-dark.png`.
    public var relativePath: String { "\(layout)/\(surface.rawValue)/\(controlFolder)\(fileStem).png" }

    /// `onTheWay-light`, `onTheWay-dark-accented`.
    public var fileStem: String { "\(preview)-\(scheme.rawValue)" + (isDefaultMode ? "" : "-\(mode.rawValue)") }

    /// `notifications-off/`, `refreshOrder/`, or "" for every other surface.
    public var controlFolder: String {
        guard let control else { return "" }
        return control + (controlState.map { "-" + $0.rawValue } ?? "") + "/"
    }

    /// Puts the cell's control and state on a request for it.
    public func apply(to request: inout RenderRequest) {
        request.control = control
        request.controlState = controlState
    }
}

public enum RenderMatrix {
    /// Every surface the layout has a view for and the device supports, with every preview, in
    /// light and dark, in file order; then, per preview, each other rendering mode the surface has
    /// (`Surface.renderingModes`: accented on the home families, night mode on standBy) in dark
    /// only: the tinted Home Screen draws every view white whatever the appearance, and night mode
    /// is a dark screen, so a light cell would repeat the dark one. `modes` keeps only those modes.
    /// Control surfaces instead take every control (a toggle in both states) with the first
    /// preview that applies, in dark only: Control Center and the Lock Screen draw controls on a
    /// dark material in either appearance, so light would repeat it.
    public static func cells(for layout: LayoutDocument, device: DeviceProfile = .default,
                             surfaces: Set<Surface>? = nil, previews: Set<String>? = nil,
                             schemes: [ColorScheme] = ColorScheme.allCases,
                             modes: Set<RenderingMode>? = nil) -> [MatrixCell] {
        var cells: [MatrixCell] = []
        for surface in Surface.allCases where layout.hasView(for: surface) && device.supports(surface) {
            if let surfaces, !surfaces.contains(surface) { continue }
            if surface.family == .control {
                guard modes?.contains(surface.defaultRenderingMode) ?? true else { continue }
                let preview = layout.previews.first { $0.applies(to: surface) && (previews?.contains($0.name) ?? true) }
                guard let preview, schemes.contains(.dark) else { continue }
                for control in layout.controls {
                    let states: [ControlState?] = control.kind == .toggle ? ControlState.allCases : [nil]
                    for state in states {
                        cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name, scheme: .dark,
                                                control: control.id, controlState: state))
                    }
                }
                continue
            }
            for preview in layout.previews where preview.applies(to: surface) {
                if let previews, !previews.contains(preview.name) { continue }
                for mode in surface.goldenRenderingModes where modes?.contains(mode) ?? true {
                    let isDefault = mode == surface.defaultRenderingMode
                    // A surface drawn in one scheme only has one cell per preview, in that scheme;
                    // the other modes are drawn dark only (the tinted Home Screen and night mode).
                    for scheme in schemes where isDefault ? (surface.onlyScheme.map({ $0 == scheme }) ?? true) : scheme == .dark {
                        cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name,
                                                scheme: scheme, mode: mode))
                    }
                }
            }
        }
        return cells
    }
}

/// The name of one image on every page that shows it: the gallery's anchor for the image and the
/// verify report's anchor for its golden are the same string, so a link from one page lands on
/// the other (`gallery/index.html#ID`, `report/index.html#ID`).
///
/// `delivery/systemSmall/onTheWay/dark/iphone15pro`: layout, surface, preview (`placeholder` for
/// WidgetKit's placeholder), appearance and device, always, in that order; then one `name=value`
/// segment per further dimension, written only when it is not the default, in a fixed order
/// (`…/iphone15pro/mode=accented`, `…/iphone15pro/control=notifications/state=off`,
/// `…/iphone15pro/locale=en`). So an anchor stays valid when a dimension is added: a new dimension
/// is a field here and one line in `id`, and images at its default keep their names. The scale is
/// not a dimension: the gallery's 3x image and the 2x golden are the same image.
/// Characters that would break a segment or a URL fragment are percent-encoded.
public struct ImageAnchor: Sendable, Hashable, CustomStringConvertible {
    public var cell: MatrixCell
    /// The device profile's id (`iphone15pro`).
    public var device: String
    /// WidgetKit's placeholder drawn with the cell's preview data.
    public var placeholder: Bool
    /// A locale forced on the render instead of the preview's own; nil: the preview's.
    public var locale: String?

    public init(cell: MatrixCell, device: String, placeholder: Bool = false, locale: String? = nil) {
        self.cell = cell; self.device = device; self.placeholder = placeholder; self.locale = locale
    }

    public var id: String {
        var segments = [cell.layout, cell.surface.rawValue, placeholder ? "placeholder" : cell.preview,
                        cell.scheme.rawValue, device].map(Self.segment)
        if !cell.isDefaultMode { segments.append("mode=" + Self.segment(cell.mode.rawValue)) }
        if let control = cell.control { segments.append("control=" + Self.segment(control)) }
        if let state = cell.controlState { segments.append("state=" + Self.segment(state.rawValue)) }
        if let locale { segments.append("locale=" + Self.segment(locale)) }
        return segments.joined(separator: "/")
    }

    public var description: String { id }

    /// Letters, digits and `-._~` stay (what the files' names use); anything else, `/` `#` `%`
    /// `=` and spaces included, is percent-encoded as UTF-8.
    static func segment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
