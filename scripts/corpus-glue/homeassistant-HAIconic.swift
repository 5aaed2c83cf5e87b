// Ours: the part of HAIconic (home-assistant's icon-font package) that its real
// MaterialDesignIcons.swift and MDIMigration.swift need, for scripts/swift-corpus. The real
// IconDrawable.swift registers the font through CoreText, which Linux does not have; this is the
// protocol with its shapes (name, unicode, the image accessor), its bodies placeholders; its
// `font(ofSize:) -> UIFont` is left out (our UIKit has no UIFont yet).
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
    static func register()
    static func unregister()
}

extension IconDrawable {
    /// The image named by the icon, in a canvas of the size asked for (the real one draws the glyph
    /// at that size; the name is not in the app's catalogs, so a placeholder of that size stands in).
    public func image(ofSize size: CGSize, color: UIColor?) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { _ in UIImage(named: name)?.draw(in: CGRect(origin: .zero, size: size)) }
    }
    public static func register() {}
    public static func unregister() {}
}
