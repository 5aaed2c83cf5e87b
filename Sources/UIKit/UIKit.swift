@_exported import Foundation

// The few UIKit types widget code touches (UIColor, UIImage, UIFont), for Linux: Apple's names and
// signatures (developer.apple.com/documentation/uikit), resolved by SwiftUI's Color, Image and
// Font. See docs/swift.md.
@_exported import CoreGraphics
import WidgetModel

/// A colour (UIKit's `UIColor`): components only; SwiftUI's `Color(uiColor:)` draws it.
/// The system colours (`UIColor.systemBackground`, `.label`, `.systemRed` …) keep their name, so
/// SwiftUI's `Color(uiColor:)` draws them in the render's scheme; their components are the light ones.
open class UIColor: NSObject, @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    /// The name of a system colour in `SystemColors` (nil: fixed components).
    public let systemColorName: String?
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; systemColorName = nil
    }
    init(system name: String, alpha: CGFloat = 1) {
        let light = SystemColors.color(named: name, scheme: .light) ?? RGBA(r: 1, g: 0, b: 1)
        red = CGFloat(light.r); green = CGFloat(light.g); blue = CGFloat(light.b); self.alpha = CGFloat(light.a) * alpha
        systemColorName = name
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, i = Int(h), f = h - CGFloat(i)
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f), t = brightness * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(brightness, t, p), (q, brightness, p), (p, brightness, t),
                                                       (p, q, brightness), (t, p, brightness), (brightness, p, q)][min(max(i, 0), 5)]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let systemColorName { return UIColor(system: systemColorName, alpha: alpha) }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
                       alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = self.red; green?.pointee = self.green; blue?.pointee = self.blue; alpha?.pointee = self.alpha
        return true
    }
    public static let black = UIColor(white: 0, alpha: 1), white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1), green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1), yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1), magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1), purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1), gray = UIColor(white: 0.5, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1), lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let darkText = UIColor(white: 0, alpha: 1), lightText = UIColor(white: 1, alpha: 0.6)

    public static var systemRed: UIColor { UIColor(system: "red") }
    public static var systemOrange: UIColor { UIColor(system: "orange") }
    public static var systemYellow: UIColor { UIColor(system: "yellow") }
    public static var systemGreen: UIColor { UIColor(system: "green") }
    public static var systemMint: UIColor { UIColor(system: "mint") }
    public static var systemTeal: UIColor { UIColor(system: "teal") }
    public static var systemCyan: UIColor { UIColor(system: "cyan") }
    public static var systemBlue: UIColor { UIColor(system: "blue") }
    public static var systemIndigo: UIColor { UIColor(system: "indigo") }
    public static var systemPurple: UIColor { UIColor(system: "purple") }
    public static var systemPink: UIColor { UIColor(system: "pink") }
    public static var systemBrown: UIColor { UIColor(system: "brown") }
    public static var systemGray: UIColor { UIColor(system: "gray") }
    public static var systemGray2: UIColor { UIColor(system: "systemGray2") }
    public static var systemGray3: UIColor { UIColor(system: "systemGray3") }
    public static var systemGray4: UIColor { UIColor(system: "systemGray4") }
    public static var systemGray5: UIColor { UIColor(system: "systemGray5") }
    public static var systemGray6: UIColor { UIColor(system: "systemGray6") }
    public static var tintColor: UIColor { UIColor(system: "blue") }
    public static var link: UIColor { UIColor(system: "blue") }
    public static var label: UIColor { UIColor(system: "label") }
    public static var secondaryLabel: UIColor { UIColor(system: "secondaryLabel") }
    public static var tertiaryLabel: UIColor { UIColor(system: "tertiaryLabel") }
    public static var quaternaryLabel: UIColor { UIColor(system: "quaternaryLabel") }
    public static var placeholderText: UIColor { UIColor(system: "tertiaryLabel") }
    public static var systemBackground: UIColor { UIColor(system: "systemBackground") }
    public static var secondarySystemBackground: UIColor { UIColor(system: "secondarySystemBackground") }
    public static var tertiarySystemBackground: UIColor { UIColor(system: "tertiarySystemBackground") }
    public static var systemGroupedBackground: UIColor { UIColor(system: "systemGroupedBackground") }
    public static var secondarySystemGroupedBackground: UIColor { UIColor(system: "secondarySystemGroupedBackground") }
    public static var tertiarySystemGroupedBackground: UIColor { UIColor(system: "tertiarySystemGroupedBackground") }
    public static var separator: UIColor { UIColor(system: "separator") }
    public static var opaqueSeparator: UIColor { UIColor(system: "opaqueSeparator") }
    public static var systemFill: UIColor { UIColor(system: "systemFill") }
    public static var secondarySystemFill: UIColor { UIColor(system: "secondarySystemFill") }
    public static var tertiarySystemFill: UIColor { UIColor(system: "tertiarySystemFill") }
    public static var quaternarySystemFill: UIColor { UIColor(system: "quaternarySystemFill") }
}

/// An image (UIKit's `UIImage`): the bytes it was made from, kept; nothing is decoded or drawn
/// from here yet.
/// Partly: the bytes are kept; nothing is decoded or drawn from them.
open class UIImage: NSObject, @unchecked Sendable {
    public let data: Data?
    public let name: String?
    public init?(data: Data) { self.data = data; name = nil }
    public init?(named name: String) { self.name = name; data = nil }
    public init?(systemName name: String) { self.name = name; data = nil }
    /// How the image is drawn (UIKit's `UIImage.RenderingMode`): kept, as the image is.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public private(set) var renderingMode: RenderingMode = .automatic
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = data.flatMap(UIImage.init(data:)) ?? name.flatMap(UIImage.init(named:)) ?? self
        copy.renderingMode = renderingMode
        return copy
    }
    public var size: CGSize { .zero }
    /// The bytes it was made from (no re-encoding on Linux).
    public func jpegData(compressionQuality: CGFloat) -> Data? { data }
    public func pngData() -> Data? { data }
}

/// The device (UIKit's `UIDevice`): fixed preview values.
open class UIDevice: NSObject, @unchecked Sendable {
    public static let current = UIDevice()
    public var name: String { "iPhone" }
    public var model: String { "iPhone" }
    public var systemName: String { "iOS" }
    public var systemVersion: String { "18.0" }
    public var identifierForVendor: UUID? { UUID(uuidString: "00000000-0000-0000-0000-000000000000") }
    public var isBatteryMonitoringEnabled = false
    public var batteryLevel: Float { 1 }
}
