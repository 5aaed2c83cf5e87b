import Foundation

// The resources Xcode's asset symbol generation names (DeveloperToolsSupport's `ColorResource` and
// `ImageResource`): `Color(.brand)`, `Image(.logo)` and the `.brand` shorthands it generates. A
// folder of widget code built by WidgetShot gets the same generated symbols from its `.xcassets`
// (Sources/WidgetSwiftSource), and SwiftUI draws them from the catalog.

/// A colour set of the app's asset catalog, by name.
public struct ColorResource: Hashable, Sendable {
    public let name: String
    public init(name: String, bundle: Bundle) { self.name = name }
}

/// An image set of the app's asset catalog, by name.
public struct ImageResource: Hashable, Sendable {
    public let name: String
    public init(name: String, bundle: Bundle) { self.name = name }
}
