@_exported import Foundation

// The few UIKit types widget code touches (UIColor, UIImage, UIFont), for Linux: Apple's names and
// signatures (developer.apple.com/documentation/uikit), resolved by SwiftUI's Color, Image and
// Font. See docs/swift.md.
