/// A straight (not premultiplied) sRGB color with components in 0...1.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255,
                  b: Double(hex & 0xFF) / 255, a: alpha)
    }
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hexString s: String) {
        guard s.hasPrefix("#") else { return nil }
        var digits = String(s.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let v = UInt64(digits, radix: 16) else { return nil }
        if digits.count == 6 { self.init(hex: UInt32(v)) } else {
            self.init(hex: UInt32(v >> 8), alpha: Double(v & 0xFF) / 255)
        }
    }
    public func withAlpha(_ alpha: Double) -> RGBA { RGBA(r: r, g: g, b: b, a: alpha) }
    public func multipliedAlpha(_ factor: Double) -> RGBA { RGBA(r: r, g: g, b: b, a: a * factor) }
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
    public static let black = RGBA(r: 0, g: 0, b: 0)
    public static let white = RGBA(r: 1, g: 1, b: 1)
    public var description: String {
        func h(_ v: Double) -> String {
            let s = String(Int((max(0, min(1, v)) * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a < 1 ? h(a) : "")
    }
}

public struct GradientStop: Hashable, Sendable {
    public var color: RGBA
    public var location: Double
    public init(color: RGBA, location: Double) { self.color = color; self.location = location }
}

/// What fills or strokes a shape, or colors text.
public enum Paint: Hashable, Sendable {
    case color(RGBA)
    case linearGradient(stops: [GradientStop], start: UnitPoint, end: UnitPoint)
    /// Circles around `center` (a unit point of the frame), from `startRadius` to `endRadius` in
    /// points (SwiftUI's `RadialGradient`).
    case radialGradient(stops: [GradientStop], center: UnitPoint, startRadius: Double, endRadius: Double)

    /// The same paint with every colour's alpha multiplied by `factor` (SwiftUI's `style.opacity(_:)`).
    public func multipliedAlpha(_ factor: Double) -> Paint {
        func fade(_ stops: [GradientStop]) -> [GradientStop] { stops.map { var s = $0; s.color = s.color.multipliedAlpha(factor); return s } }
        switch self {
        case .color(let c): return .color(c.multipliedAlpha(factor))
        case .linearGradient(let stops, let start, let end): return .linearGradient(stops: fade(stops), start: start, end: end)
        case .radialGradient(let stops, let center, let r0, let r1):
            return .radialGradient(stops: fade(stops), center: center, startRadius: r0, endRadius: r1)
        }
    }

    /// A representative solid color (the first stop of a gradient), for text and icons.
    public var solidColor: RGBA {
        switch self {
        case .color(let c): return c
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _): return stops.first?.color ?? .clear
        }
    }
}

public enum ColorScheme: String, Hashable, Sendable, CaseIterable {
    case light, dark
}
