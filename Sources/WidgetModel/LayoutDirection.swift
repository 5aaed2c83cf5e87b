/// Right-to-left layout (Arabic, Hebrew, Persian, Urdu …), as SwiftUI lays a view out under
/// `layoutDirection == .rightToLeft`: positions mirror (an HStack's first child on the right, leading
/// alignment and leading padding on the right), while what a node draws keeps its orientation: text
/// and images are not flipped, and a rotation turns the same way. A linear progress bar fills from
/// the right; the leading/trailing alignment of a text's lines swaps. (Apple's LayoutDirection
/// documentation: SwiftUI "horizontally flips the x position of each view within its parent"; done
/// at every level, that is one mirror of the whole placed tree.)
public enum LayoutDirection: String, Sendable, Equatable {
    case leftToRight, rightToLeft

    /// Languages written right to left (ISO 639 codes; a region or script suffix is ignored).
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]

    /// The direction of `locale` (`ar`, `he_IL`, `fa-IR` → right to left).
    public init(locale: String) {
        let base = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map { $0.lowercased() } ?? ""
        self = Self.rightToLeftLanguages.contains(base) ? .rightToLeft : .leftToRight
    }
}

extension Look {
    /// From the locale (SwiftUI's environment follows the locale's language the same way).
    public var layoutDirection: LayoutDirection { LayoutDirection(locale: locale) }
}

extension PlacedNode {
    /// The tree laid out right to left in a surface `width` points wide: every frame mirrored about
    /// the surface's vertical centre line; the content in it drawn as it was (see LayoutDirection).
    public func mirroredForRightToLeft(width: Double) -> PlacedNode {
        var node = self
        let oldX = frame.minX
        node.frame.origin.x = width - frame.maxX
        let shift = node.frame.minX - oldX
        if !transform.isIdentity {
            // The same rotation or scale, about the point it was about, moved with the frame.
            let to = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: shift, ty: 0)
            let back = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -shift, ty: 0)
            node.transform = to.concatenating(after: transform.concatenating(after: back))
        }
        switch content {
        case .text(var t):
            switch t.content.alignment {
            case .leading: t.content.alignment = .trailing
            case .trailing: t.content.alignment = .leading
            case .center: break
            }
            node.content = .text(t)
        case .progress(let p) where p.style == .linear:
            // A bar fills from its leading edge, which is now its right end.
            let mid = Point(x: node.frame.minX + node.frame.width / 2, y: node.frame.minY + node.frame.height / 2)
            node.transform = node.transform.concatenating(after: .scale(x: -1, y: 1, about: mid))
        case .icon(let icon) where IconCatalog.mirrorsRightToLeft(icon.symbol):
            // `chevron.forward` points along the reading direction: left, right to left.
            let mid = Point(x: node.frame.minX + node.frame.width / 2, y: node.frame.minY + node.frame.height / 2)
            node.transform = node.transform.concatenating(after: .scale(x: -1, y: 1, about: mid))
        default: break
        }
        node.children = children.map { $0.mirroredForRightToLeft(width: width) }
        return node
    }
}
