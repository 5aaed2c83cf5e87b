import WidgetModel
import WidgetTemplate

/// One cell of the layout × surface × preview × appearance matrix that the gallery renders and
/// the golden tests check.
public struct MatrixCell: Sendable, Hashable {
    public var layout: String
    public var surface: Surface
    public var preview: String
    public var scheme: ColorScheme
    /// Control surfaces: the control's id and, for a toggle, its state.
    public var control: String?
    public var controlState: ControlState?

    public init(layout: String, surface: Surface, preview: String, scheme: ColorScheme,
                control: String? = nil, controlState: ControlState? = nil) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.scheme = scheme
        self.control = control; self.controlState = controlState
    }

    /// `delivery/systemSmall/onTheWay-light.png`: a failing file names what broke. A control
    /// adds its id and state: `delivery/controlSmall/notifications-off/onTheWay-dark.png`.
    public var relativePath: String {
        "\(layout)/\(surface.rawValue)/\(controlFolder)\(preview)-\(scheme.rawValue).png"
    }

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
    /// light and dark, in file order. Control surfaces instead take every control (a toggle in
    /// both states) with the first preview that applies, in dark only: Control Center and the
    /// Lock Screen draw controls on a dark material in either appearance, so light would repeat it.
    public static func cells(for layout: LayoutDocument, device: DeviceProfile = .default,
                             surfaces: Set<Surface>? = nil, previews: Set<String>? = nil,
                             schemes: [ColorScheme] = ColorScheme.allCases) -> [MatrixCell] {
        var cells: [MatrixCell] = []
        for surface in Surface.allCases where layout.hasView(for: surface) && device.supports(surface) {
            if let surfaces, !surfaces.contains(surface) { continue }
            if surface.family == .control {
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
                for scheme in schemes {
                    cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name, scheme: scheme))
                }
            }
        }
        return cells
    }
}
