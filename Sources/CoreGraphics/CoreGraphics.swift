// `import CoreGraphics` as widget code writes it: on Linux, CGFloat, CGPoint, CGSize and CGRect
// are Foundation's, so this module only re-exports Foundation. See docs/swift.md.
@_exported import Foundation
