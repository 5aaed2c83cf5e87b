// Ours: stands in for HADesignSystem's Colors/Color+Hex.swift in scripts/swift-corpus (the real
// file builds `UIColor(cgColor: color.cgColor)`, and our UIKit has no `CGColor`/`cgColor` yet).
// Same shapes: `Color(hex:)`, `UIColor(rgbaString:)`, `UIColor(_:defaultColor:)`, `hexString(_:)`;
// our own parsing of "#RGB", "#RRGGBB" and "#RRGGBBAA".
import Foundation
import SwiftUI
import UIKit

private func corpusRGBA(_ text: String) -> (CGFloat, CGFloat, CGFloat, CGFloat)? {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let value = UInt64(digits, radix: 16) else { return nil }
    func byte(_ shift: UInt64) -> CGFloat { CGFloat((value >> shift) & 0xFF) / 255 }
    switch digits.count {
    case 3:
        func nibble(_ shift: UInt64) -> CGFloat { CGFloat((value >> shift) & 0xF) / 15 }
        return (nibble(8), nibble(4), nibble(0), 1)
    case 6: return (byte(16), byte(8), byte(0), 1)
    case 8: return (byte(24), byte(16), byte(8), byte(0))
    default: return nil
    }
}

public extension Color {
    init(hex: String) {
        if let (r, g, b, a) = corpusRGBA(hex) {
            self.init(UIColor(red: r, green: g, blue: b, alpha: a))
        } else {
            self.init(.clear)
        }
    }
}

public extension UIColor {
    convenience init?(rgbaString rgba: String) {
        guard let (r, g, b, a) = corpusRGBA(rgba) else { return nil }
        self.init(red: r, green: g, blue: b, alpha: a)
    }

    convenience init(_ rgba: String, defaultColor: UIColor = .clear) {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        if let parsed = corpusRGBA(rgba) { (r, g, b, a) = parsed } else { _ = defaultColor.getRed(&r, green: &g, blue: &b, alpha: &a) }
        self.init(red: r, green: g, blue: b, alpha: a)
    }

    func hexString(_ includeAlpha: Bool = true) -> String {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        guard getRed(&r, green: &g, blue: &b, alpha: &a) else { return "" }
        let parts = [r, g, b] + (includeAlpha ? [a] : [])
        return "#" + parts.map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
    }
}

// Stands in for Colors/Color+Semantic.swift, whose light/dark colours are built with
// `UIColor { traits in … }` (UIKit's dynamic provider and `UITraitCollection`, not in our UIKit yet):
// the same names, each its light value. scripts/ha-calibrate compiles the real file instead (our UIKit
// has the dynamic provider now, so the dark pictures get the dark values) and defines the condition.
#if !HA_CALIBRATE_SEMANTIC_COLORS
public extension ShapeStyle where Self == Color {
    static var haPrimary: Color { Color(.sRGB, red: 0x00 / 255.0, green: 0x9A / 255.0, blue: 0xC7 / 255.0, opacity: 1) }
    static var haWarning: Color { Color(.sRGB, red: 0xFF / 255.0, green: 0x93 / 255.0, blue: 0x42 / 255.0, opacity: 1) }
    static var track: Color { Color(.displayP3, red: 0, green: 0, blue: 0, opacity: 0.12) }
    static var onSurface: Color { Color(.sRGB, red: 0x1A / 255.0, green: 0x1C / 255.0, blue: 0x1E / 255.0, opacity: 0.16) }
    static var tileBorder: Color { Color(.displayP3, red: 0xE0 / 255.0, green: 0xE0 / 255.0, blue: 0xE0 / 255.0, opacity: 1) }
    static var haColorBorderPrimaryQuiet: Color { Color(.sRGB, red: 0xB9 / 255.0, green: 0xE6 / 255.0, blue: 0xFC / 255.0, opacity: 1) }
}

public extension UIColor {
    static let haPrimary = UIColor(red: 0x00 / 255.0, green: 0x9A / 255.0, blue: 0xC7 / 255.0, alpha: 1)
}
#endif
