import WidgetModel
import WidgetTemplate

/// One cell of the layout × surface × preview × appearance × rendering mode matrix that the
/// gallery renders and the golden tests check (on a control surface, × control × toggle state;
/// × the values of the spanned look axes, `MatrixAxis`, where a project asks for them).
public struct MatrixCell: Sendable, Hashable {
    public var layout: String
    public var surface: Surface
    public var preview: String
    public var scheme: ColorScheme
    public var mode: RenderingMode
    /// Control surfaces: the control's id and, for a toggle, its state.
    public var control: String?
    public var controlState: ControlState?
    /// The values of the spanned axes (`MatrixAxis`) where this cell differs from its preview's
    /// own look: axis name → value. Empty: the preview as it is.
    public var axisValues: [String: String]

    /// `mode` nil: the surface's default.
    public init(layout: String, surface: Surface, preview: String, scheme: ColorScheme, mode: RenderingMode? = nil,
                control: String? = nil, controlState: ControlState? = nil, axisValues: [String: String] = [:]) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.scheme = scheme
        self.mode = mode ?? surface.defaultRenderingMode
        self.control = control; self.controlState = controlState; self.axisValues = axisValues
    }

    public var isDefaultMode: Bool { mode == surface.defaultRenderingMode }

    /// The one name of a cell's image, below a goldens or gallery folder:
    /// `delivery/systemSmall/onTheWay-light.png`; in a mode other than the surface's default
    /// `…/onTheWay-dark-accented.png`; a control adds its id and state
    /// (`delivery/controlSmall/notifications-off/onTheWay-dark.png`); each spanned axis at a value
    /// other than the preview's own adds `.VALUE` (`…/onTheWay-light.ko.accessibility3.png`).
    /// `row` replaces the preview's name (the gallery's `placeholder`), `scheme` the appearance (a
    /// golden shared by light and dark: `any`), `device` adds a leading folder (a gallery of several
    /// devices). So a failing file names what broke.
    public func relativePath(row: String? = nil, scheme: String? = nil, device: String? = nil) -> String {
        (device.map { $0 + "/" } ?? "") + "\(layout)/\(surface.rawValue)/\(controlFolder)\(fileStem(row: row, scheme: scheme)).png"
    }

    /// `delivery/systemSmall/onTheWay-light.png` (see `relativePath(row:scheme:device:)`).
    public var relativePath: String { relativePath() }

    /// `onTheWay-light`, `onTheWay-dark-accented`, `onTheWay-light.ko`.
    public func fileStem(row: String? = nil, scheme: String? = nil) -> String {
        var stem = "\(row ?? preview)-\(scheme ?? self.scheme.rawValue)" + (isDefaultMode ? "" : "-\(mode.rawValue)")
        for axis in MatrixAxis.all { if let value = axisValues[axis.name] { stem += "." + value } }
        return stem
    }

    public var fileStem: String { fileStem() }

    /// `notifications-off/`, `refreshOrder/`, or "" for every other surface.
    public var controlFolder: String {
        guard let control else { return "" }
        return control + (controlState.map { "-" + $0.rawValue } ?? "") + "/"
    }

    /// The cell's render as the fields a caller would write, in the order the CLI and the HTTP
    /// query write them, defaults left out: what every "render it yourself" line (the gallery's CLI
    /// and GET lines, the verify report's command) is made of. `row`: the gallery's placeholder.
    public func renderFields(device: DeviceProfile, scale: Double?, placeholder: Bool = false) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [("preview", preview), ("scheme", scheme.rawValue)]
        if device.id != DeviceProfile.default.id { fields.append(("device", device.id)) }
        if device.ios != device.shipsWith { fields.append(("ios", String(device.ios.number))) }
        if let scale { fields.append(("scale", "\(scale)")) }
        if placeholder { fields.append(("placeholder", "true")) }
        if !isDefaultMode { fields.append(("mode", mode.rawValue)) }
        if let control { fields.append(("control", control)) }
        if let controlState { fields.append(("controlState", controlState.rawValue)) }
        for axis in MatrixAxis.all { if let value = axisValues[axis.name] { fields.append((axis.name, value)) } }
        return fields
    }

    /// `widgetshot render LAYOUT --surface S …` for the fields (`controlState` → `--control-state`;
    /// a flag is written bare), with `-o` the image's path flattened (`delivery-systemSmall-onTheWay-dark.png`).
    public func renderCommand(_ fields: [(name: String, value: String)], output: String) -> [String] {
        var words = ["widgetshot", "render", layout, "--surface", surface.rawValue]
        for (name, value) in fields {
            let option = LookSpec.optionName(name)
            words += value == "true" && name == "placeholder" ? [option] : [option, value]
        }
        return words + ["-o", output]
    }

    /// The one way a cell becomes a render request, for every caller (goldens, the gallery, lint,
    /// snapshot tests): `look` holds what the caller fixes (device, scale, placeholder), the cell
    /// its scheme, mode, control and axis values, and `RenderSpec` checks and resolves the rest as
    /// it does for any render. Throws when the layout no longer has the cell's preview or control.
    public func request(for document: LayoutDocument, look base: LookSpec = LookSpec(),
                        pngPreset: PNGPreset = .fast) throws(RenderSpecError) -> RenderRequest {
        var look = base
        look.scheme = scheme.rawValue
        look.mode = mode.rawValue
        for (name, value) in axisValues { _ = try look.set(name, text: value) }
        let spec = RenderSpec(layout: layout, surface: surface.rawValue, preview: preview, look: look, pngPreset: pngPreset,
                              control: control, controlState: controlState?.rawValue)
        return try spec.request(for: document)
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
    /// dark material in either appearance, so light would repeat it. `span` adds, after each cell,
    /// the cell at every other combination of the spanned axes' values (`MatrixSpan`).
    public static func cells(for layout: LayoutDocument, device: DeviceProfile = .default,
                             surfaces: Set<Surface>? = nil, previews: Set<String>? = nil,
                             schemes: [ColorScheme] = ColorScheme.allCases,
                             modes: Set<RenderingMode>? = nil, span: MatrixSpan = .none) -> [MatrixCell] {
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
                        for values in span.combinations(for: preview) {
                            cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name, scheme: .dark,
                                                    control: control.id, controlState: state, axisValues: values))
                        }
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
                        for values in span.combinations(for: preview) {
                            cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name,
                                                    scheme: scheme, mode: mode, axisValues: values))
                        }
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
/// (`…/iphone15pro/mode=accented`, `…/iphone15pro/control=notifications/state=off`, then the
/// spanned axes in `MatrixAxis.all`'s order: `…/iphone15pro/locale=ko/dynamicType=accessibility3`).
/// So an anchor stays valid when a dimension is added: a new axis is an entry in `MatrixAxis.all`,
/// and images at its default keep their names. The scale is
/// not a dimension: the gallery's 3x image and the 2x golden are the same image.
/// Characters that would break a segment or a URL fragment are percent-encoded.
public struct ImageAnchor: Sendable, Hashable, CustomStringConvertible {
    public var cell: MatrixCell
    /// The device profile's id (`iphone15pro`).
    public var device: String
    /// WidgetKit's placeholder drawn with the cell's preview data.
    public var placeholder: Bool

    public init(cell: MatrixCell, device: String, placeholder: Bool = false) {
        self.cell = cell; self.device = device; self.placeholder = placeholder
    }

    public var id: String {
        var segments = [cell.layout, cell.surface.rawValue, placeholder ? "placeholder" : cell.preview,
                        cell.scheme.rawValue, device].map(Self.segment)
        if !cell.isDefaultMode { segments.append("mode=" + Self.segment(cell.mode.rawValue)) }
        if let control = cell.control { segments.append("control=" + Self.segment(control)) }
        if let state = cell.controlState { segments.append("state=" + Self.segment(state.rawValue)) }
        for axis in MatrixAxis.all {
            if let value = cell.axisValues[axis.name] { segments.append(axis.name + "=" + Self.segment(value)) }
        }
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
