import Foundation
public import UIKit

extension UIColor {
    /// A SwiftUI colour as a UIKit one (UIKit's `init(_ color: Color)`, iOS 14): its components in the
    /// light appearance. Partly: a system colour becomes its light components (UIKit keeps it
    /// dynamic), an asset colour its light variant.
    public convenience init(_ color: Color) {
        let c = color.rgba(in: EnvironmentValues())
        self.init(red: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
    }
}
