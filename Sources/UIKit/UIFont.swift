import Foundation

// UIKit's fonts and string drawing, for Linux: Apple's signatures (developer.apple.com/documentation/
// uikit/uifont, …/foundation/nsattributedstring/key, NSString/NSAttributedString UIKit additions).
// A font is its name and size; what a `UIGraphicsImageRenderer` is asked to draw with it is kept in
// the image's drawing and set as a SwiftUI `Text` in that font (the render's font folders must hold
// it: a project's `fonts:`, else the system font stands in, as `Font.custom` does).

/// A font (UIKit's `UIFont`): a name (a family or a PostScript name, as the render's fonts know
/// it; fontconfig compares names without spaces or case) and a point size, or the system font.
open class UIFont: NSObject, @unchecked Sendable {
    public let fontName: String
    public let pointSize: CGFloat
    /// nil: a named font; else the system font at this weight.
    package let systemWeight: Weight?

    /// The system font's name, as UIKit reports it.
    static let systemName = ".SFUI-Regular"

    init(fontName: String, pointSize: CGFloat, systemWeight: Weight?) {
        self.fontName = fontName
        self.pointSize = pointSize.isFinite ? min(max(pointSize, 0), 10_000) : 0
        self.systemWeight = systemWeight
    }

    /// The font of that name at `fontSize` points. iOS answers nil for a name no registered font
    /// has; the fonts are known only to the renderer here, so a font is always made (a name the
    /// render's fonts lack draws in the system font).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.init(fontName: fontName, pointSize: fontSize, systemWeight: nil)
    }

    open var familyName: String { systemWeight == nil ? fontName : ".SF UI" }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: systemName, pointSize: fontSize, systemWeight: weight)
    }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(fontName: fontName, pointSize: fontSize, systemWeight: systemWeight) }

    /// The system font's weights (UIKit's `UIFont.Weight`, Apple's values).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)
    }
}

extension NSAttributedString.Key {
    /// The run's `UIFont` (default: the system font at 12 pt, as UIKit's).
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    /// The run's `UIColor` (default: black).
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
}

/// A string a `UIGraphicsImageRenderer` was asked to draw: in one font and colour (the first run's,
/// UIKit's defaults without them), from the rectangle's top-leading corner.
public struct UIImageDrawnString: Sendable {
    public let string: String
    public let font: UIFont
    public let color: UIColor
}

extension UIGraphicsImageRenderer {
    /// The longest string one drawing keeps (longer ones are cut, with a warning).
    public static let maximumStringLength = 1_000

    func add(string: String, attributes: [NSAttributedString.Key: Any], in rect: CGRect) {
        let font = attributes[.font] as? UIFont ?? .systemFont(ofSize: 12)
        let color = attributes[.foregroundColor] as? UIColor ?? UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        var text = string
        if text.count > Self.maximumStringLength {
            text = String(text.prefix(Self.maximumStringLength))
            drawing.unsupported.append("a string past \(Self.maximumStringLength) characters (the rest is not drawn)")
        }
        add(.string(UIImageDrawnString(string: text, font: font, color: color)), in: rect)
    }
}

extension NSAttributedString {
    /// Draws the string into the current `UIGraphicsImageRenderer`'s image, from `rect`'s top-leading
    /// corner (its first run's font and colour for the whole string).
    public func draw(in rect: CGRect) {
        guard let renderer = UIGraphicsImageRenderer.current else { return }
        let attributes = length > 0 ? self.attributes(at: 0, effectiveRange: nil) : [:]
        renderer.add(string: string, attributes: attributes, in: rect)
    }
    /// Draws the string from `point`, in a rectangle as large as the image allows.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: CGSize(width: 10_000, height: 10_000)))
    }
}

extension NSString {
    /// Draws the string into the current `UIGraphicsImageRenderer`'s image in `attrs`' font and colour.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        UIGraphicsImageRenderer.current?.add(string: String(self), attributes: attrs ?? [:], in: rect)
    }
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        draw(in: CGRect(origin: point, size: CGSize(width: 10_000, height: 10_000)), withAttributes: attrs)
    }
}

extension String {
    /// `NSString`'s drawing, as Swift's `String` reaches it on Apple's platforms.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: self).draw(in: rect, withAttributes: attrs)
    }
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: self).draw(at: point, withAttributes: attrs)
    }
}
