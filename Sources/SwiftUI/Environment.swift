import Foundation
package import WidgetModel

/// A key of the environment (SwiftUI's `EnvironmentKey`): a team's own keys work as Apple's do.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// What a view reads from above it (SwiftUI's `EnvironmentValues`).
public struct EnvironmentValues: @unchecked Sendable {
    var values: [ObjectIdentifier: Any] = [:]

    /// The render's look (scheme, locale, Dynamic Type, system colours of its iOS generation).
    package var look: Look
    /// What views set for the text below them.
    package var font: Font?
    package var foreground: AnyShapeStyle?
    /// The styles `.primary`, `.secondary`, `.tertiary` … resolve against: what the nearest
    /// `foregroundStyle` above set (one style, or SwiftUI's two- and three-level forms). Empty:
    /// the system's label colours.
    package var foregroundLevels: [AnyShapeStyle] = []
    package var tint: AnyShapeStyle?
    /// The app's strings: key → localization → text (its `.xcstrings`, given to the render).
    package var strings: [String: [String: String]] = [:]
    package var lineLimitValue: Int?
    package var multilineAlignment: WidgetModel.TextAlignment = .leading
    /// How buttons and links draw (`buttonStyle`).
    package var buttonLook: ButtonLook = .automatic
    /// How far a text may shrink before it truncates (`minimumScaleFactor`).
    package var minimumScaleFactorValue: Double = 1
    /// Why the views below are redacted (`redacted(reason:)`).
    package var redactionValue: RedactionReasons = []
    /// What the resolved views hand up (the container background).
    package let collector: Collector
    /// The frames the last layout pass gave views made from their size, by probe number
    /// (`GeometryReader`, a shape's `path(in:)`), and the guess for the first pass.
    package var probedFrames: [Int: Rect] = [:]
    package var guessSize = CGSize(width: 170, height: 170)
    /// The app's asset catalogs (colour and image sets), for `Color("name")`, `Image("name")` and
    /// the generated `Color(.name)` / `Image(.name)`.
    package var assets = AssetCatalog()

    package init(look: Look, collector: Collector = Collector()) { self.look = look; self.collector = collector }

    public init() { self.init(look: Look()) }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The environment of the body being evaluated (set by `ViewResolver`).
    @TaskLocal package static var current = EnvironmentValues()

    public var colorScheme: ColorScheme {
        get { look.scheme == .dark ? .dark : .light }
        set { look.scheme = newValue == .dark ? .dark : .light }
    }

    public var locale: Locale {
        get { Locale(identifier: look.locale) }
        set { look.locale = newValue.identifier }
    }

    public var timeZone: TimeZone {
        get { look.timeZone }
        set { look.timeZone = newValue }
    }

    public var dynamicTypeSize: DynamicTypeSize {
        get { DynamicTypeSize(look.dynamicType) }
        set { look.dynamicType = newValue.engineSize }
    }

    public var lineLimit: Int? {
        get { lineLimitValue }
        set { lineLimitValue = newValue }
    }
}

/// Values the resolved views hand up to the surface.
package final class Collector: @unchecked Sendable {
    package var containerBackground: AnyShapeStyle?
    package var containerBackgroundView: ViewNode?
    /// The widget's configuration disabled its content margins (`contentMarginsDisabled()`).
    package var contentMarginsDisabled = false
    /// What could not be drawn as written, with the team's file and line where known: a render's
    /// warnings, never a silent drop.
    package var warnings: [(message: String, at: SourceLocation?)] = []
    /// The probes handed out while resolving (`Modifier.probe`), numbered in resolution order, which
    /// is the same on every pass of the same views.
    private var probes = 0
    package init() {}

    package func nextProbe() -> Int {
        probes += 1
        return probes
    }

    /// A warning at a location written as `file:line`.
    package func warn(_ message: String, at location: String) {
        let parts = location.split(separator: ":")
        let at = parts.count >= 2 ? SourceLocation(file: parts.dropLast().joined(separator: ":"), line: Int(parts.last!) ?? 0, column: 1) : nil
        if !warnings.contains(where: { $0.message == message && $0.at == at }) { warnings.append((message, at)) }
    }

    package func warn(_ message: String, file: StaticString? = nil, line: UInt = 0) {
        let at = file.map { SourceLocation(file: "\($0)", line: Int(line), column: 1) }
        if !warnings.contains(where: { $0.message == message && $0.at == at }) { warnings.append((message, at)) }
    }
}

/// Reads a value of the environment (SwiftUI's `@Environment`).
@propertyWrapper public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

/// The user's text size (SwiftUI's `DynamicTypeSize`).
public enum DynamicTypeSize: Hashable, Comparable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    init(_ size: WidgetModel.DynamicTypeSize) {
        self = Self.allCases[WidgetModel.DynamicTypeSize.allCases.firstIndex(of: size) ?? 3]
    }

    var engineSize: WidgetModel.DynamicTypeSize {
        WidgetModel.DynamicTypeSize.allCases[Self.allCases.firstIndex(of: self) ?? 3]
    }
}

/// A modifier that changes the environment of the view it modifies.
public struct EnvironmentModifier<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let change: (inout EnvironmentValues) -> Void
    package init(content: Content, change: @escaping (inout EnvironmentValues) -> Void) { self.content = content; self.change = change }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var changed = environment
        change(&changed)
        return ViewResolver.nodes(content, in: changed)
    }
}

extension View {
    /// Sets a value of the environment for this view and the views inside it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        EnvironmentModifier(content: self) { $0[keyPath: keyPath] = value }
    }

    public func lineLimit(_ number: Int?) -> some View {
        EnvironmentModifier(content: self) { $0.lineLimitValue = number }
    }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        EnvironmentModifier(content: self) { $0.multilineAlignment = alignment.engine }
    }

    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        EnvironmentModifier(content: self) { $0.dynamicTypeSize = size }
    }
}

/// How the lines of a multiline text align (SwiftUI's `TextAlignment`).
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
    var engine: WidgetModel.TextAlignment { self == .leading ? .leading : self == .center ? .center : .trailing }
}
