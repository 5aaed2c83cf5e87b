// `import CoreGraphics` as widget code writes it: on Linux, CGFloat, CGPoint, CGSize and CGRect
// are Foundation's, so this module only re-exports Foundation. See docs/swift.md.
@_exported import Foundation
#if canImport(FoundationNetworking)
// URLSession and URLRequest are Foundation's on Apple platforms; Linux keeps them apart.
@_exported import FoundationNetworking
#endif

// Foundation API iOS has and swift-corelibs-foundation lacks, that widget code reaches through
// `import SwiftUI` (which re-exports this module).
extension FileManager {
    /// The App Group's shared container (Foundation's, on Apple platforms): on Linux a folder
    /// under the temporary directory named after the group, so reads find nothing and writes stay
    /// out of the way.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        let safe = groupIdentifier.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        return temporaryDirectory.appendingPathComponent("widgetshot-app-groups").appendingPathComponent(String(safe))
    }
}
