// Ours: the part of HAIconic (home-assistant's icon-font package) that its real
// MaterialDesignIcons.swift and MDIMigration.swift need, for scripts/swift-corpus. The real
// IconDrawable.swift registers the font through CoreText, which Linux does not have (the harness
// hands the runner the font's folder instead); this is the protocol with its shapes (name, unicode,
// the image accessor, `font(ofSize:)`), drawing the glyph through our UIKit's UIFont and string drawing.
import Foundation
import UIKit

public final class Iconic: NSObject {}

public protocol IconDrawable {
    static var familyName: String { get }
    static var count: Int { get }
    var name: String { get }
    var unicode: String { get }
    init(named iconName: String)
    func image(ofSize size: CGSize, color: UIColor?) -> UIImage
    static func font(ofSize fontSize: CGFloat) -> UIFont
    static func register()
    static func unregister()
}

extension IconDrawable {
    /// The icon's glyph drawn in the app's icon font at the size asked for, as the real one does
    /// (its `attributedString(ofSize:color:)` drawn into an image of that size; the glyphs are
    /// square, so its centred paragraph draws where a leading one does). The font is the app's
    /// MaterialDesignIcons.ttf, which scripts/ha-calibrate hands the runner as a font folder.
    public func image(ofSize size: CGSize, color: UIColor?) -> UIImage {
        let pointSize = min(size.width, size.height)
        var attributes: [NSAttributedString.Key: Any] = [.font: Self.font(ofSize: pointSize)]
        if let color { attributes[.foregroundColor] = color }
        return UIGraphicsImageRenderer(size: size).image { _ in
            NSAttributedString(string: unicode, attributes: attributes).draw(in: CGRect(origin: .zero, size: size))
        }
    }
    /// The real one's: the font by its family name, 10 pt for a zero size.
    public static func font(ofSize fontSize: CGFloat) -> UIFont {
        let size = fontSize == 0 ? 10.0 : fontSize
        return UIFont(name: familyName, size: size) ?? .systemFont(ofSize: size)
    }
    public static func register() {}
    public static func unregister() {}
}
