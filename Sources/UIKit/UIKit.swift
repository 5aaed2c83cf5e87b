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
    /// A dynamic colour's provider (`init(dynamicProvider:)`): SwiftUI's `Color(uiColor:)` asks it
    /// for the light and the dark colour; the components above are the light one's.
    public let dynamicProvider: ((UITraitCollection) -> UIColor)?
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; systemColorName = nil; dynamicProvider = nil
    }
    init(system name: String, alpha: CGFloat = 1) {
        let light = SystemColors.color(named: name, scheme: .light) ?? RGBA(r: 1, g: 0, b: 1)
        red = CGFloat(light.r); green = CGFloat(light.g); blue = CGFloat(light.b); self.alpha = CGFloat(light.a) * alpha
        systemColorName = name; dynamicProvider = nil
    }
    /// A colour that depends on the traits it is drawn with (UIKit's `init(dynamicProvider:)`),
    /// e.g. one colour in light mode and another in dark.
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        let light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light))
        red = light.red; green = light.green; blue = light.blue; alpha = light.alpha; systemColorName = light.systemColorName
        self.dynamicProvider = dynamicProvider
    }
    /// The colour for `traitCollection`: a dynamic colour's provider asked, any other colour itself.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        dynamicProvider.map { $0(traitCollection).resolvedColor(with: traitCollection) } ?? self
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
        if let dynamicProvider { return UIColor { dynamicProvider($0).withAlphaComponent(alpha) } }
        if let systemColorName { return UIColor(system: systemColorName, alpha: alpha) }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Discardable, as every Objective-C method imported into Swift is: home-assistant's
    /// `UIColor(hex:).getRed(&r, green: &g, blue: &b, alpha: &a)` warned here and not on iOS.
    @discardableResult
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

/// An image (UIKit's `UIImage`): what it was made from — an asset-catalog name, a symbol name,
/// bytes, or what a `UIGraphicsImageRenderer` drew — kept for SwiftUI's `Image(uiImage:)`, which
/// draws the named and symbol images, a renderer's drawing of them, and PNG and JPEG bytes.
/// Partly: bytes of another format (HEIC, GIF, WebP, TIFF, BMP) are kept, not decoded
/// (`Image(uiImage:)` draws a placeholder of their size with a warning).
open class UIImage: NSObject, @unchecked Sendable {
    public let data: Data?
    public let name: String?
    /// Made with `init(systemName:)`: `name` is an SF Symbol's.
    public let isSymbol: Bool
    /// What a `UIGraphicsImageRenderer` drew into this image (nil: not a renderer's).
    public let drawing: UIImageDrawing?
    /// nil when the bytes are no image UIKit reads (PNG, JPEG, GIF, HEIC, WebP, TIFF, BMP), as on iOS.
    public init?(data: Data) {
        guard UIImageBytes.format(of: data) != nil else { return nil }
        self.data = data; name = nil; isSymbol = false; drawing = nil; size = UIImageBytes.size(of: data)
    }
    /// The image in a file (UIKit's `init(contentsOfFile:)`): its bytes, read up to
    /// `Limits.imageBytes`; nil when it cannot be read or is no image.
    public convenience init?(contentsOfFile path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? Int ?? .max) <= Limits.default.imageBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }
    public init?(named name: String) { self.name = name; data = nil; isSymbol = false; drawing = nil; size = .zero }
    /// An asset-catalog image from a bundle, for some traits: on Linux the app's catalogs hold
    /// every image, whatever the bundle, and SwiftUI picks the variant of the render's scheme.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }
    public init?(systemName name: String) { self.name = name; data = nil; isSymbol = true; drawing = nil; size = .zero }
    init(drawing: UIImageDrawing) { self.drawing = drawing; data = nil; name = nil; isSymbol = false; size = drawing.size }
    private init(copying image: UIImage) {
        data = image.data; name = image.name; isSymbol = image.isSymbol; drawing = image.drawing; size = image.size
    }
    /// How the image is drawn (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public private(set) var renderingMode: RenderingMode = .automatic
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = UIImage(copying: self)
        copy.renderingMode = renderingMode
        return copy
    }
    /// Its size in points: a renderer's canvas, a PNG's pixels; zero for a named image (the asset
    /// catalog is read when SwiftUI draws it).
    public let size: CGSize
    public var scale: CGFloat { 1 }
    /// The format a renderer copying this image uses (UIKit's `imageRendererFormat`).
    public var imageRendererFormat: UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The bytes it was made from (no re-encoding on Linux).
    public func jpegData(compressionQuality: CGFloat) -> Data? { data }
    public func pngData() -> Data? { data }

    /// Draws the image into the current `UIGraphicsImageRenderer`'s image, scaled to `rect`
    /// (outside a renderer's actions, as in UIKit, nothing happens).
    public func draw(in rect: CGRect) { UIGraphicsImageRenderer.current?.add(self, in: rect) }
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsImageRenderer.current?.add(self, in: rect, alpha: alpha)
    }
    /// At its own size, its top-left corner at `point`.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Width and height of a PNG's header (IHDR), in pixels; zero when `data` is not a PNG.

}

/// Core Graphics' blend modes (`CGBlendMode`), as `draw(in:blendMode:alpha:)` takes them: only
/// `.normal` draws as written; the others draw as `.normal`.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut,
         sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// What a `UIGraphicsImageRenderer`'s actions drew: images, each scaled into its rectangle, and
/// strings in their font (`NSString`/`NSAttributedString.draw`, UIFont.swift), in the order drawn.
public struct UIImageDrawing: Sendable {
    public struct Item: Sendable {
        public enum Content: Sendable { case image(UIImage), string(UIImageDrawnString) }
        public let content: Content
        public let rect: CGRect
        public let alpha: CGFloat
        public var image: UIImage? { if case .image(let image) = content { image } else { nil } }
    }
    public let size: CGSize
    public internal(set) var items: [Item] = []
    /// What the actions did that is not drawn (a fill, a path): named, so the image warns.
    public internal(set) var unsupported: [String] = []
}

/// UIKit's `UIGraphicsImageRendererFormat`: kept, not used (the render's scale decides).
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    public var scale: CGFloat = 1
    public var opaque = false
    public var preferredRange: Range = .automatic
    public enum Range: Int, Sendable { case unspecified = -1, automatic = 0, extended, standard }
    public override init() { super.init() }
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// UIKit's `UIGraphicsImageRendererContext`: the image being drawn. Filling and stroking are not
/// drawn; each is named so the image warns where it is drawn.
open class UIGraphicsImageRendererContext: NSObject, @unchecked Sendable {
    public let format: UIGraphicsImageRendererFormat
    let renderer: UIGraphicsImageRenderer
    init(format: UIGraphicsImageRendererFormat, renderer: UIGraphicsImageRenderer) { self.format = format; self.renderer = renderer }
    public var currentImage: UIImage { UIImage(drawing: renderer.drawing) }
    public func fill(_ rect: CGRect) { renderer.drawing.unsupported.append("UIGraphicsImageRendererContext.fill") }
    public func stroke(_ rect: CGRect) { renderer.drawing.unsupported.append("UIGraphicsImageRendererContext.stroke") }
    public func clip(to rect: CGRect) { renderer.drawing.unsupported.append("UIGraphicsImageRendererContext.clip") }
}

/// UIKit's `UIGraphicsImageRenderer`: `image(actions:)` runs the actions and records the images
/// they draw (`UIImage.draw(in:)`, `draw(at:)`), so a team's "scale this logo" helper gives an
/// image SwiftUI draws. At most `maximumItems` draws are kept.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
    public static let maximumItems = 256
    public let format: UIGraphicsImageRendererFormat
    var drawing: UIImageDrawing
    @TaskLocal static var current: UIGraphicsImageRenderer?

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        func clamp(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, 0), 10_000) : 0 }
        self.format = format
        drawing = UIImageDrawing(size: CGSize(width: clamp(size.width), height: clamp(size.height)))
    }
    public convenience init(size: CGSize) { self.init(size: size, format: UIGraphicsImageRendererFormat()) }
    public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat = UIGraphicsImageRendererFormat()) {
        self.init(size: bounds.size, format: format)
    }

    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        drawing.items = []; drawing.unsupported = []
        let context = UIGraphicsImageRendererContext(format: format, renderer: self)
        Self.$current.withValue(self) { actions(context) }
        return UIImage(drawing: drawing)
    }

    func add(_ image: UIImage, in rect: CGRect, alpha: CGFloat = 1) { add(.image(image), in: rect, alpha: alpha) }

    func add(_ content: UIImageDrawing.Item.Content, in rect: CGRect, alpha: CGFloat = 1) {
        let what = if case .image = content { "UIImage.draw(in:)" } else { "a string's draw(in:)" }
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            drawing.unsupported.append("\(what) with a rectangle that is not finite"); return
        }
        guard drawing.items.count < Self.maximumItems else {
            drawing.unsupported.append("\(what) past \(Self.maximumItems) drawings"); return
        }
        drawing.items.append(.init(content: content, rect: rect, alpha: alpha))
    }
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
