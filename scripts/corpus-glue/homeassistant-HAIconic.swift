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
    /// A placeholder image named by the icon (the glyph is not drawn).
    public func image(ofSize size: CGSize, color: UIColor?) -> UIImage { UIImage(named: name)! }
    public static func register() {}
    public static func unregister() {}
}
