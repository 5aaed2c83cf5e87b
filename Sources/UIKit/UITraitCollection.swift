import Foundation

/// The traits a view or colour is resolved with (UIKit's `UITraitCollection`): what a dynamic
/// `UIColor`'s provider reads. WidgetShot resolves a dynamic colour twice, with `.light` and
/// `.dark`, and SwiftUI's `Color(uiColor:)` draws the one of the render's scheme.
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let accessibilityContrast: UIAccessibilityContrast

    init(style: UIUserInterfaceStyle, scale: CGFloat = 0, horizontal: UIUserInterfaceSizeClass = .unspecified,
         vertical: UIUserInterfaceSizeClass = .unspecified, contrast: UIAccessibilityContrast = .unspecified) {
        userInterfaceStyle = style; displayScale = scale; horizontalSizeClass = horizontal; verticalSizeClass = vertical
        accessibilityContrast = contrast
    }
    public override convenience init() { self.init(style: .unspecified) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(displayScale scale: CGFloat) { self.init(style: .unspecified, scale: scale) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(style: .unspecified, horizontal: horizontalSizeClass) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(style: .unspecified, vertical: verticalSizeClass) }
    public convenience init(accessibilityContrast: UIAccessibilityContrast) { self.init(style: .unspecified, contrast: accessibilityContrast) }
    /// Several collections as one: each trait from the last collection that specifies it.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        let style = traitCollections.last { $0.userInterfaceStyle != .unspecified }?.userInterfaceStyle ?? .unspecified
        let scale = traitCollections.last { $0.displayScale != 0 }?.displayScale ?? 0
        self.init(style: style, scale: scale,
                  horizontal: traitCollections.last { $0.horizontalSizeClass != .unspecified }?.horizontalSizeClass ?? .unspecified,
                  vertical: traitCollections.last { $0.verticalSizeClass != .unspecified }?.verticalSizeClass ?? .unspecified,
                  contrast: traitCollections.last { $0.accessibilityContrast != .unspecified }?.accessibilityContrast ?? .unspecified)
    }
    /// The traits code runs with outside a view's drawing: light, as a widget's first render.
    nonisolated(unsafe) public static var current = UITraitCollection(style: .light)
}

/// Light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
/// Compact or regular (UIKit's `UIUserInterfaceSizeClass`).
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
/// Normal or high contrast (UIKit's `UIAccessibilityContrast`).
public enum UIAccessibilityContrast: Int, Sendable { case unspecified, normal, high }
