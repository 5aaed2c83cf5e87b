import Foundation

// The type `#Preview` expands to, for Linux (DeveloperToolsSupport's `Preview` and
// `PreviewRegistry`: developer.apple.com/documentation/developertoolssupport/preview). SwiftUI
// declares the view macros and initializers, WidgetKit the widget and Live Activity ones; the
// expansion (Sources/PreviewMacros) is a `PreviewRegistry` type whose `makePreview()` calls one of
// those initializers with the macro's own arguments. See docs/swift.md, "Previews".

/// A preview a `#Preview` declares: its name and what the framework that made it needs to draw it.
@MainActor
public struct Preview {
    /// The preview's name (`#Preview("Ordered") { … }`); nil when it has none.
    public let displayName: String?
    /// The framework's own description (SwiftUI's view, WidgetKit's widget and timeline, …).
    package let content: Any

    package init(displayName: String?, content: Any) {
        self.displayName = displayName
        self.content = content
    }
}

/// A type a `#Preview` expansion declares: where the preview is written and how to make it.
public protocol PreviewRegistry {
    static var fileID: String { get }
    static var line: Int { get }
    static var column: Int { get }
    @MainActor static func makePreview() throws -> Preview
}

/// A setting of a preview (DeveloperToolsSupport's `PreviewTrait`): layouts and orientations are
/// kept as values; a render reads the ones it can honour.
public struct PreviewTrait<T>: Sendable {
    package enum Value: Sendable, Equatable {
        case defaultLayout, sizeThatFitsLayout, fixedLayout(width: Double, height: Double)
        case portrait, landscapeLeft, landscapeRight, portraitUpsideDown
    }
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

extension Preview {
    /// Traits of previews of views (DeveloperToolsSupport's `Preview.ViewTraits`).
    public enum ViewTraits {}
}

extension PreviewTrait where T == Preview.ViewTraits {
    public static var defaultLayout: PreviewTrait<T> { PreviewTrait(.defaultLayout) }
    public static var sizeThatFitsLayout: PreviewTrait<T> { PreviewTrait(.sizeThatFitsLayout) }
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        PreviewTrait(.fixedLayout(width: Double(width), height: Double(height)))
    }
    public static var portrait: PreviewTrait<T> { PreviewTrait(.portrait) }
    public static var landscapeLeft: PreviewTrait<T> { PreviewTrait(.landscapeLeft) }
    public static var landscapeRight: PreviewTrait<T> { PreviewTrait(.landscapeRight) }
    public static var portraitUpsideDown: PreviewTrait<T> { PreviewTrait(.portraitUpsideDown) }
}
