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
                for mode in surface.renderingModes where modes?.contains(mode) ?? true {
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
