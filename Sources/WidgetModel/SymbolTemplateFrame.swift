import Foundation

/// The frame an SF Symbols template (File › Export Symbol, "template") gives a symbol: the
/// `left-margin-<Weight>-M` and `right-margin-<Weight>-M` guides bound its width, the
/// `Baseline-M` and `Capline-M` guides give the scale (their distance is SF Pro's cap height,
/// 0.70459 of the point size: 70.459 units in a template drawn at 100 pt). SwiftUI lays an
/// `Image(systemName:)` out that wide, so a team's export overrides `SymbolFrames` exactly.
/// A file without the guides (hand-drawn artwork) has no frame: it keeps the square.
public struct SymbolTemplateFrame: Hashable, Sendable {
    /// In the file's own units.
    public var left: Double, right: Double, baseline: Double, capline: Double

    /// SF Pro's cap height over its em (1443 / 2048).
    public static let capHeight = 0.70459

    /// Units per point size.
    public var unitsPerPoint: Double { (baseline - capline) / Self.capHeight }
    /// The frame's width over the point size.
    public var widthRatio: Double { (right - left) / unitsPerPoint }

    /// The frame of the variant of `weight` (`Bold` → `left-margin-Bold-M`), else the regular one,
    /// from the SVG's text; nil when the guides are missing or make no sense.
    public static func parse(_ svg: String, weight: String) -> SymbolTemplateFrame? {
        for name in [weight, "Regular"] {
            guard let left = x(of: "left-margin-\(name)-M", in: svg), let right = x(of: "right-margin-\(name)-M", in: svg),
                  let baseline = y(of: "Baseline-M", in: svg), let capline = y(of: "Capline-M", in: svg) else { continue }
            let frame = SymbolTemplateFrame(left: left, right: right, baseline: baseline, capline: capline)
            guard right > left, baseline > capline, frame.widthRatio.isFinite, frame.widthRatio > 0 else { return nil }
            return frame
        }
        return nil
    }

    /// The frame of the file at `path` (read within `Limits.symbolBytes`).
    public static func read(_ path: String, weight: String, limits: Limits = .default) -> SymbolTemplateFrame? {
        guard let bytes = try? BoundedFile.read(path, limit: limits.symbolBytes) else { return nil }
        return parse(String(decoding: bytes, as: UTF8.self), weight: weight)
    }

    /// The weight's name in an SF Symbols template (`Ultralight` … `Black`).
    public static func weightName(_ weight: FontWeight) -> String {
        switch weight {
        case .ultraLight: "Ultralight"
        case .thin: "Thin"
        case .light: "Light"
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "Semibold"
        case .bold: "Bold"
        case .heavy: "Heavy"
        case .black: "Black"
        }
    }

    /// A guide's horizontal position: `x1="…"` of a `<line>`, or the move-to of a `<path d="M x,y …">`.
    static func x(of id: String, in svg: String) -> Double? { point(of: id, in: svg, attribute: "x1", coordinate: 0) }
    /// A guide's vertical position: `y1="…"`, or the move-to's y.
    static func y(of id: String, in svg: String) -> Double? { point(of: id, in: svg, attribute: "y1", coordinate: 1) }

    static func point(of id: String, in svg: String, attribute: String, coordinate: Int) -> Double? {
        guard let idRange = svg.range(of: "id=\"\(id)\"") else { return nil }
        let start = svg[..<idRange.lowerBound].lastIndex(of: "<") ?? idRange.lowerBound
        guard let end = svg[idRange.upperBound...].firstIndex(of: ">") else { return nil }
        let element = svg[start..<end]
        if let value = attributeValue(attribute, in: element) { return Double(value) }
        guard let d = attributeValue("d", in: element) else { return nil }
        let numbers = d.drop(while: { $0 != "M" && $0 != "m" }).dropFirst()
            .split(whereSeparator: { $0 == "," || $0 == " " || $0.isLetter }).prefix(2)
        guard numbers.count == 2 else { return nil }
        return Double(numbers[numbers.startIndex + coordinate])
    }

    static func attributeValue(_ name: String, in element: Substring) -> Substring? {
        guard let r = element.range(of: " \(name)=\"") else { return nil }
        let rest = element[r.upperBound...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        return rest[..<close]
    }
}
