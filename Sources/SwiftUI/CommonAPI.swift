import Foundation
package import WidgetModel

// SwiftUI API that public widget code uses most after the first slice (measured by
// `scripts/swift-corpus measure` on four public apps, docs/swift.md): Apple's names and signatures
// (developer.apple.com/documentation/swiftui). What the engine can draw is drawn; what has no pixels
// (accessibility, state, lifecycle) is kept as a value; what cannot be drawn yet is a placeholder
// with a warning at the team's line.

// MARK: - Images

extension Image {
    /// An image set of the app's asset catalog (its largest PNG; a set it lacks is a magenta
    /// placeholder, with a warning).
    public init(_ name: String, bundle: Bundle? = nil, file: StaticString = #fileID, line: UInt = #line) {
        self.init(source: .asset(name), file: file, line: line)
    }

    /// An image of the asset catalog that accessibility ignores (a placeholder, as `init(_:bundle:)`).
    public init(decorative name: String, bundle: Bundle? = nil, file: StaticString = #fileID, line: UInt = #line) {
        self.init(source: .asset(name), file: file, line: line)
    }

    /// A UIKit image: a named or symbol image is drawn as `Image(_:)` / `Image(systemName:)` would,
    /// a `UIGraphicsImageRenderer`'s by the images it drew; bytes are not decoded yet (a magenta
    /// placeholder, with a warning).
    public init(uiImage: UIImage, file: StaticString = #fileID, line: UInt = #line) {
        self.init(source: .uiImage(uiImage), file: file, line: line)
    }

    public enum ResizingMode: Hashable, Sendable { case tile, stretch }

    /// Takes the size it is offered. A symbol keeps its font's square; a placeholder fills its frame.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }

    /// Symbols are always drawn as templates; an asset image as its set says unless this says.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        var image = self
        image.renderingModeValue = renderingMode
        return image
    }

    /// An image set of the app's asset catalog (Xcode's generated `Image(.name)`).
    public init(_ resource: ImageResource, file: StaticString = #fileID, line: UInt = #line) {
        self.init(source: .asset(resource.name), file: file, line: line)
    }

    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }

    /// How a scaled bitmap is sampled: no effect on a symbol or a placeholder.
    public func interpolation(_ interpolation: Interpolation) -> Image { self }

    public func antialiased(_ isAntialiased: Bool) -> Image { self }
}

/// Insets on each edge (SwiftUI's `EdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

extension View {
    public func padding(_ insets: EdgeInsets) -> some View {
        ModifiedView(content: self) { _ in
            .padding(WidgetModel.EdgeInsets(top: Double(insets.top), leading: Double(insets.leading),
                                            bottom: Double(insets.bottom), trailing: Double(insets.trailing)))
        }
    }
}

/// How content fits its frame (SwiftUI's `ContentMode`).
public enum ContentMode: Hashable, Sendable, CaseIterable { case fit, fill }

extension View {
    /// A resizable image with no ratio given is fitted into (`.fit`) or covers (`.fill`, cropped to
    /// its frame) the frame it gets; symbols and placeholders already keep their own aspect, which
    /// is what `.fit` asks. An explicit ratio, or `.fill` on another view, is not applied yet: a warning.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode,
                            file: StaticString = #fileID, line: UInt = #line) -> some View {
        AspectRatioView(content: self, ratio: aspectRatio.map(Double.init), mode: contentMode, file: file, line: line)
    }

    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode,
                            file: StaticString = #fileID, line: UInt = #line) -> some View {
        AspectRatioView(content: self, ratio: aspectRatio.height == 0 ? nil : Double(aspectRatio.width / aspectRatio.height),
                        mode: contentMode, file: file, line: line)
    }

    public func scaledToFit(file: StaticString = #fileID, line: UInt = #line) -> some View {
        aspectRatio(nil, contentMode: .fit, file: file, line: line)
    }

    public func scaledToFill(file: StaticString = #fileID, line: UInt = #line) -> some View {
        aspectRatio(nil, contentMode: .fill, file: file, line: line)
    }
}

/// `aspectRatio`: the content as it is, and a warning when what was asked is not what is drawn.
public struct AspectRatioView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let ratio: Double?
    let mode: ContentMode
    let file: StaticString
    let line: UInt

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var nodes = ViewResolver.nodes(content, in: environment)
        // A resizable image with its own ratio: fitted into, or covering, the frame it gets.
        if ratio == nil, nodes.count == 1, case .image(var image) = nodes[0].kind, image.resizable {
            image.contentMode = mode == .fill ? .fill : .fit
            nodes[0].kind = .image(image)
            return nodes
        }
        if ratio != nil || mode == .fill {
            environment.collector.warn("aspectRatio(\(ratio.map { "\($0)" } ?? "nil"), contentMode: .\(mode)) is not applied yet: the view keeps its own size",
                                       file: file, line: line)
        }
        return nodes
    }
}

// MARK: - Text

extension View {
    /// The fraction a text may shrink to before it truncates (the engine shrinks it to fit).
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        EnvironmentModifier(content: self) { $0.minimumScaleFactorValue = max(0.01, min(1, Double(factor))) }
    }

    public func fontDesign(_ design: Font.Design?) -> some View {
        EnvironmentModifier(content: self) { env in
            var f = env.font ?? .body
            f.designValue = design ?? .default
            env.font = f
        }
    }
}

extension Text {
    public func fontDesign(_ design: Font.Design?) -> Text {
        var t = self
        t.design = design ?? .default
        return t
    }
}

extension Font {
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    public static func system(_ style: TextStyle, design: Design? = nil) -> Font { system(style, design: design, weight: nil) }
}

/// The user's text size in the older spelling (SwiftUI's `ContentSizeCategory`), read from the
/// render's Dynamic Type size.
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge,
         accessibilityExtraExtraExtraLarge

    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public init?(_ dynamicTypeSize: DynamicTypeSize) {
        self = Self.allCases[DynamicTypeSize.allCases.firstIndex(of: dynamicTypeSize) ?? 3]
    }
}

extension ContentSizeCategory: Comparable {
    public static func < (a: Self, b: Self) -> Bool { Self.allCases.firstIndex(of: a)! < Self.allCases.firstIndex(of: b)! }
}

extension DynamicTypeSize {
    public init?(_ category: ContentSizeCategory) {
        self = Self.allCases[ContentSizeCategory.allCases.firstIndex(of: category) ?? 3]
    }
}

extension EnvironmentValues {
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(dynamicTypeSize) ?? .large }
        set { dynamicTypeSize = DynamicTypeSize(newValue) ?? .large }
    }
}

// MARK: - Redaction

/// Why a view is redacted (SwiftUI's `RedactionReasons`): `.placeholder` draws text and symbols as
/// rounded bars, as WidgetKit's placeholder does.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
    public static let privacy = RedactionReasons(rawValue: 2)
    public static let invalidated = RedactionReasons(rawValue: 4)
}

extension EnvironmentValues {
    public var redactionReasons: RedactionReasons {
        get { redactionValue }
        set { redactionValue = newValue }
    }
}

extension View {
    public func redacted(reason: RedactionReasons) -> some View {
        EnvironmentModifier(content: self) { $0.redactionValue.formUnion(reason) }
    }

    public func unredacted() -> some View {
        EnvironmentModifier(content: self) { $0.redactionValue = [] }
    }

    /// Content that is stale while an intent runs: a widget at rest draws it as it is.
    public func invalidatableContent(_ invalidatable: Bool = true) -> some View { self }
}

// MARK: - Accessibility (no pixels)

/// How an accessibility element treats its children (SwiftUI's `AccessibilityChildBehavior`).
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let contain = AccessibilityChildBehavior(name: "contain")
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

/// Traits VoiceOver announces (SwiftUI's `AccessibilityTraits`).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1), isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4), isLink = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16), isStaticText = AccessibilityTraits(rawValue: 32)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 64)
}

// What VoiceOver reads: nothing is drawn, so each returns the view as it is.
extension View {
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    public func accessibilityLabel(_ label: Text) -> some View { self }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }
    public func accessibilityValue(_ valueDescription: Text) -> some View { self }
    public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { self }
    public func accessibilityHint(_ hint: Text) -> some View { self }
    public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { self }
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    public func accessibilityIdentifier(_ identifier: String) -> some View { self }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilitySortPriority(_ sortPriority: Double) -> some View { self }
}

// MARK: - State and lifecycle (a widget's views are drawn once per entry)

/// A view's own state (SwiftUI's `State`): a widget is drawn once from its entry, so the value is
/// what it was initialised with.
@propertyWrapper public struct State<Value>: @unchecked Sendable {
    final class Box: @unchecked Sendable { var value: Value; init(_ value: Value) { self.value = value } }
    let box: Box
    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// A reference to a value owned elsewhere (SwiftUI's `Binding`).
@propertyWrapper @dynamicMemberLookup public struct Binding<Value>: @unchecked Sendable {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.get()[keyPath: keyPath] }, set: { var v = self.get(); v[keyPath: keyPath] = $0; self.set(v) })
    }
}

extension View {
    /// A widget's views are archived, not shown live: WidgetKit does not run these, nor does WidgetShot.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { self }
}

// MARK: - Clipping

extension View {
    /// Clips to the view's frame.
    public func clipped(antialiased: Bool = false) -> some View {
        ModifiedView(content: self) { _ in .clip(.rect) }
    }
}

// MARK: - Asset colours

extension Color {
    /// A colour set of the app's asset catalog, in the render's scheme (a set it lacks is painted
    /// magenta, with a warning naming it at the team's line).
    public init(_ name: String, bundle: Bundle? = nil, file: StaticString = #fileID, line: UInt = #line) {
        self.init(storage: .asset(name, at: "\(file):\(line)"))
    }

    /// A UIKit colour (`Color(.systemBackground)`, `Color(uiColor)`).
    public init(_ color: UIColor) { self.init(uiColor: color) }

    /// A colour set of the app's asset catalog (Xcode's generated `Color(.name)`).
    public init(_ resource: ColorResource, file: StaticString = #fileID, line: UInt = #line) {
        self.init(storage: .asset(resource.name, at: "\(file):\(line)"))
    }
}

extension ShapeStyle where Self == Color {
    /// The system background (`.background`, the container background's usual style).
    public static var background: Color { Color(system: "systemBackground") }
}

// MARK: - Calendar

struct CalendarKey: EnvironmentKey {
    static let defaultValue: Calendar? = nil
}

extension EnvironmentValues {
    /// The calendar dates are written in: the Gregorian calendar in the render's locale and time zone,
    /// unless a view sets one.
    public var calendar: Calendar {
        get {
            if let set = self[CalendarKey.self] { return set }
            var c = Calendar(identifier: .gregorian)
            c.locale = locale
            c.timeZone = timeZone
            return c
        }
        set { self[CalendarKey.self] = newValue }
    }
}
