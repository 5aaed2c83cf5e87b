@_exported import DeveloperToolsSupport

// `#Preview` for views, with SwiftUI's signatures (developer.apple.com/documentation/swiftui/preview(_:body:)).
// The macro's arguments are type-checked against these declarations; the expansion
// (Sources/PreviewMacros) calls the `Preview` initializer below with the same arguments.

@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                     _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// What a view's `#Preview` holds: its traits and the closure that makes the view.
public struct ViewPreview {
    public let traits: [PreviewTrait<Preview.ViewTraits>]
    public let body: @MainActor () -> any View
}

extension Preview {
    /// A preview of a view (the initializer a view's `#Preview` expands to). `@ViewBuilder` here as
    /// in the macro, because the expansion passes the macro's closure on as written; the macro's
    /// `traits:` with `additionalTraits` arrive here as one variadic list.
    public init(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>...,
                @ViewBuilder body: @escaping @MainActor () -> any View) {
        self.init(displayName: name, content: ViewPreview(traits: traits, body: body))
    }

    /// The view preview this is, if it is one.
    public var viewPreview: ViewPreview? { content as? ViewPreview }
}
