@_exported import Foundation

// The few UIKit types widget code touches (UIColor, UIImage, UIFont), for Linux: Apple's names and
// signatures (developer.apple.com/documentation/uikit), resolved by SwiftUI's Color, Image and
// Font. See docs/swift.md.
@_exported import CoreGraphics

/// A colour (UIKit's `UIColor`): components only; SwiftUI's `Color(uiColor:)` draws it.
open class UIColor: NSObject, @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    public static let black = UIColor(white: 0, alpha: 1), white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
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
