/// SwiftUI text styles at the default Dynamic Type size, Large (Human Interface Guidelines,
/// "Typography", Specifications: the iOS Dynamic Type sizes).
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

    /// The space between the lines of a text in this style: its leading (`lineHeight(at:)`, the
    /// distance from one line's top to the next one's) less the font's own line
    /// (`SystemFontMetrics.lineHeight`). Measured on iOS 26 snapshots: a wrapped subheadline's
    /// lines are 20 pt apart and a caption's 16 pt (the HIG's leading), while a one-line text is
    /// only as tall as the font's line (17.9 and 14.3 pt).
    public func lineSpacing(at category: DynamicTypeSize) -> Double {
        max(0, lineHeight(at: category) - SystemFontMetrics.lineHeight(size: size(at: category)))
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
    /// SF's size-specific tracking (`SystemFontMetrics.tracking`) is added to `tracking`, except
    /// on Hangul, kana and Han, which iOS draws in other fonts.
    public var opticalTracking: Bool
    /// Points between one line's box and the next one's (0: lines touch). A text style's lines
    /// follow each other at the style's leading (the HIG table: 20 pt for subheadline, 16 for
    /// caption), each line's box as tall as the font's own line: `TextStyle.lineSpacing`.
    public var lineSpacing: Double
    /// Slanted (SwiftUI's `.italic()`): the family's italic face, or its upright face slanted by
    /// the font machinery where it has none.
    public var italic = false

    public init(families: [String] = FontSpec.textFamilies, size: Double, weight: FontWeight = .regular,
                lineHeight: Double? = nil, monospacedDigits: Bool = false, tracking: Double = 0,
                design: FontDesign = .default, opticalTracking: Bool = false, lineSpacing: Double = 0) {
        self.families = families; self.size = size; self.weight = weight
        self.lineHeight = lineHeight; self.monospacedDigits = monospacedDigits; self.tracking = tracking
        self.design = design; self.opticalTracking = opticalTracking; self.lineSpacing = lineSpacing
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
        f.lineSpacing = lineSpacing * factor
        return f
    }
}

/// How iOS sets its system font (SF Pro), applied to whatever family stands in for it.
public enum SystemFontMetrics {
    /// A line of SF is as tall as its ascender plus descender: 20.287 pt at 17 pt (UIKit's
    /// `lineHeight` of the body font, which several public UIKit tests assert), 1.193 × the size.
    /// SwiftUI lays a `Text` line out at that height, not at the HIG's leading (22 pt for body):
    /// measured on iOS 26 simulator snapshots (docs/fidelity.md, "Text metrics as iOS sets them";
    /// SystemTextMetricsTests pins it).
    public static let lineHeightPerPoint = 20.287 / 17

    /// The line height of the system font at `size` points.
    public static func lineHeight(size: Double) -> Double { size * lineHeightPerPoint }

    /// SF Pro's tracking in points at `size` (Apple's HIG table, "Tracking values", SF Pro, 6 to
    /// 96 pt; linear between the sizes it lists, the ends held beyond them). iOS applies it to
    /// every system-font text by itself.
    public static func tracking(size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        let table = trackingTable
        if size <= table[0].size { return table[0].points }
        for (a, b) in zip(table, table.dropFirst()) where size <= b.size {
            return a.points + (b.points - a.points) * (size - a.size) / (b.size - a.size)
        }
        return table[table.count - 1].points
    }

    /// (point size, tracking in points), as the HIG lists them for SF Pro.
    static let trackingTable: [(size: Double, points: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
        (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.40), (30, 0.40), (31, 0.39),
        (32, 0.41), (33, 0.40), (34, 0.40), (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37), (39, 0.38), (40, 0.37),
        (41, 0.36), (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36), (47, 0.37), (48, 0.35), (49, 0.33),
        (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32), (56, 0.30), (58, 0.28), (60, 0.26), (62, 0.24),
        (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14), (72, 0.14), (76, 0.07), (80, 0), (96, 0),
    ]
}

extension FontSpec {
    /// A text's font as SwiftUI resolves it, for every source of views (a layout's `text`, the
    /// SwiftUI module's `Text`): a text style at the Dynamic Type `category`, unless `size` fixes
    /// it; the style's weight unless `weight` is given (`bold`: the style's emphasized weight); a
    /// line as tall as the system font's own (SF: 1.193 × the size) unless `lineHeight` is written
    /// (for a style, at its default size: it grows with the style); wrapped lines of a style its
    /// leading apart.
    public static func text(style: TextStyle, size: Double? = nil, weight: FontWeight? = nil, bold: Bool = false,
                            lineHeight: Double? = nil, design: FontDesign = .default, monospacedDigits: Bool = false,
                            tracking: Double = 0, category: DynamicTypeSize) -> FontSpec {
        let resolvedSize = size ?? style.size(at: category)
        var resolvedWeight = weight ?? style.weight
        if bold, weight == nil { resolvedWeight = style.emphasizedWeight }
        let written = size == nil ? lineHeight.map { $0 * style.size(at: category) / style.size } : lineHeight
        let lineSpacing = written == nil && size == nil ? style.lineSpacing(at: category) : 0
        return FontSpec(size: resolvedSize, weight: resolvedWeight,
                        lineHeight: written ?? SystemFontMetrics.lineHeight(size: resolvedSize),
                        monospacedDigits: monospacedDigits, tracking: tracking, design: design,
                        opticalTracking: true, lineSpacing: lineSpacing)
    }
}
