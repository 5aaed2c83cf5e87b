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
                for scheme in schemes {
                    cells.append(MatrixCell(layout: layout.name, surface: surface, preview: preview.name, scheme: scheme))
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
/// (`…/iphone15pro/locale=en`). So an anchor stays valid when a dimension is added: a new dimension
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
