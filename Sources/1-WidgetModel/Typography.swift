/// SwiftUI text styles at the default Dynamic Type size (reference §4a).
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    public var size: Double {
        switch self {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        case .caption2: 11
        }
    }

    public var lineHeight: Double {
        switch self {
        case .largeTitle: 41
        case .title: 34
        case .title2: 28
        case .title3: 25
        case .headline, .body: 22
        case .callout: 21
        case .subheadline: 20
        case .footnote: 18
        case .caption: 16
        case .caption2: 13
        }
    }

    /// The style's size at a Dynamic Type size (Apple's HIG "Dynamic Type sizes" table, iOS);
    /// `size` at `.large`, the default.
    public func size(at category: DynamicTypeSize) -> Double {
        let row: [Double] = switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
        return row[category.index]
    }

    /// The line height at a Dynamic Type size: the default's leading in proportion to the size
    /// (the per-category leading table is not in our reference), rounded to a whole point.
    public func lineHeight(at category: DynamicTypeSize) -> Double {
        category == .large ? lineHeight : (lineHeight * size(at: category) / size).rounded()
    }

    public var weight: FontWeight { self == .headline ? .semibold : .regular }
    /// The weight `.bold()` gives this style.
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title, .title2: .bold
        default: .semibold
        }
    }
}

/// The user's text size (SwiftUI's `DynamicTypeSize`): seven standard sizes, `large` the
/// default, and five accessibility sizes.
public enum DynamicTypeSize: String, Hashable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// `AX1` … `AX5` for the accessibility sizes, as the HIG writes them; the case names too.
    public init?(name: String) {
        if let v = Self(rawValue: name) { self = v; return }
        guard name.count == 3, name.uppercased().hasPrefix("AX"), let n = Int(name.suffix(1)), (1...5).contains(n) else { return nil }
        self = Self.allCases[6 + n]
    }

    var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// SwiftUI's nine weights, lightest first, with the OpenType weight of the SF Pro face each picks
/// (Ultralight 100 … Black 900). A family without that face draws the nearest one it has
/// (fontconfig's match), as iOS does for a font lacking a weight.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    /// CSS/OpenType weight.
    public var value: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
}

/// SwiftUI's font designs. Which families draw each is the fonts folder's table (`fonts.yaml`:
/// `system`, `system-rounded`, `system-mono`, `system-serif`), so a team can point them at Apple's
/// fonts on its own machines; the bundled open fonts stand in by default.
public enum FontDesign: String, Hashable, Sendable, CaseIterable {
    case `default`, rounded, monospaced, serif
    /// The key of the fonts table that lists this design's families.
    public var tableKey: String {
        switch self {
        case .default: "system"
        case .rounded: "system-rounded"
        case .monospaced: "system-mono"
        case .serif: "system-serif"
        }
    }
}

/// A resolved font: what Pango needs to pick faces, and what layout needs to size lines.
public struct FontSpec: Hashable, Sendable {
    /// Families in fallback order, e.g. ["Inter", "NanumGothic"].
    public var families: [String]
    public var size: Double
    public var weight: FontWeight
    /// Distance between baselines in points; nil uses the font's own metrics.
    public var lineHeight: Double?
    /// Tabular figures (`tnum`), as SwiftUI's `.monospacedDigit()`.
    public var monospacedDigits: Bool
    /// Extra space between characters in points.
    public var tracking: Double
    /// The system font's design: the renderer draws the system families (`textFamilies`) in the
    /// fonts table's families for it.
    public var design: FontDesign

    public init(families: [String] = FontSpec.textFamilies, size: Double, weight: FontWeight = .regular,
                lineHeight: Double? = nil, monospacedDigits: Bool = false, tracking: Double = 0,
                design: FontDesign = .default) {
        self.families = families; self.size = size; self.weight = weight
        self.lineHeight = lineHeight; self.monospacedDigits = monospacedDigits; self.tracking = tracking
        self.design = design
    }

    public init(style: TextStyle) {
        self.init(size: style.size, weight: style.weight, lineHeight: style.lineHeight)
    }

    /// The bundled text families: Latin first, Hangul fallback.
    public static let textFamilies = ["Inter", "NanumGothic"]
    /// The bundled icon font.
    public static let iconFamily = "Material Icons"

    /// The same font scaled (minimumScaleFactor): size and line height shrink together.
    public func scaled(_ factor: Double) -> FontSpec {
        var f = self
        f.size = size * factor
        f.lineHeight = lineHeight.map { $0 * factor }
        return f
    }
}
