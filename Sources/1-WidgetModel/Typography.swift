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

    public var weight: FontWeight { self == .headline ? .semibold : .regular }
    /// The weight `.bold()` gives this style.
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title, .title2: .bold
        default: .semibold
        }
    }
}

public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular, medium, semibold, bold
    /// CSS/OpenType weight.
    public var value: Int {
        switch self {
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
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

    public init(families: [String] = FontSpec.textFamilies, size: Double, weight: FontWeight = .regular,
                lineHeight: Double? = nil, monospacedDigits: Bool = false, tracking: Double = 0) {
        self.families = families; self.size = size; self.weight = weight
        self.lineHeight = lineHeight; self.monospacedDigits = monospacedDigits; self.tracking = tracking
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
