import WidgetModel
import WidgetTemplate

/// One cell of the layout × surface × preview × appearance matrix that the gallery renders and
/// the golden tests check.
public struct MatrixCell: Sendable, Hashable {
    public var layout: String
    public var surface: Surface
    public var preview: String
    public var scheme: ColorScheme

    public init(layout: String, surface: Surface, preview: String, scheme: ColorScheme) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.scheme = scheme
    }

    /// `delivery/systemSmall/onTheWay-light.png`: a failing file names what broke.
    public var relativePath: String { "\(layout)/\(surface.rawValue)/\(preview)-\(scheme.rawValue).png" }
}

public enum RenderMatrix {
    /// Every surface the layout has a view for and the device supports, with every preview, in
    /// light and dark, in file order.
    public static func cells(for layout: LayoutDocument, device: DeviceProfile = .default,
                             surfaces: Set<Surface>? = nil, previews: Set<String>? = nil,
                             schemes: [ColorScheme] = ColorScheme.allCases) -> [MatrixCell] {
        var cells: [MatrixCell] = []
        for surface in Surface.allCases where layout.hasView(for: surface) && device.supports(surface) {
            if let surfaces, !surfaces.contains(surface) { continue }
            for preview in layout.previews where preview.applies(to: surface) {
                if let previews, !previews.contains(preview.name) { continue }
                // A surface drawn in one scheme only has one cell per preview, in that scheme.
                for scheme in schemes where surface.onlyScheme.map({ $0 == scheme }) ?? true {
                    cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name, scheme: scheme))
                }
            }
        }
        return cells
    }
}
