import Foundation
public import UIKit
package import WidgetModel

// SwiftUI (and UIKit-through-SwiftUI) API that unseen widget extensions use, found by measuring
// them (docs/swift.md, "Public widget code, measured": Simplenote, Pocket Casts, Mastodon, DuckDuckGo).

extension View {
    /// Sets this view's colour scheme (SwiftUI's deprecated `colorScheme(_:)`; `preferredColorScheme`
    /// sets the presentation's): the view and its subviews draw in that appearance.
    public func colorScheme(_ colorScheme: ColorScheme) -> some View {
        environment(\.colorScheme, colorScheme)
    }

    // The iOS 13 accessibility modifiers (deprecated for `accessibilityHidden(_:)` and the rest):
    // what VoiceOver reads, nothing drawn, so each returns the view as it is.
    public func accessibility(hidden: Bool) -> some View { self }
    public func accessibility(label: Text) -> some View { self }
    public func accessibility(value: Text) -> some View { self }
    public func accessibility(hint: Text) -> some View { self }
    public func accessibility(identifier: String) -> some View { self }
    public func accessibility(addTraits traits: AccessibilityTraits) -> some View { self }
    public func accessibility(removeTraits traits: AccessibilityTraits) -> some View { self }
    public func accessibility(sortPriority: Double) -> some View { self }
}

extension Image {
    /// WidgetKit's `widgetAccentedRenderingMode(_:)` sets this (Sources/WidgetKit/UnseenCorpusAPI.swift).
    package func accentedMode(_ mode: AccentedImageMode?) -> Image {
        var image = self
        image.accentedModeValue = mode
        return image
    }

    /// The image's nodes as the accented mode should draw them: a bitmap carries the mode; a symbol
    /// (drawn as a template) joins the accented group for `.accented` and `.accentedDesaturated`,
    /// as `widgetAccentable()` would put it.
    static func applying(_ mode: AccentedImageMode?, to nodes: [ViewNode]) -> [ViewNode] {
        guard let mode else { return nodes }
        return nodes.map { node in
            var node = node
            switch node.kind {
            case .image(var content):
                content.accentedMode = mode
                node.kind = .image(content)
            default:
                if mode == .accented || mode == .accentedDesaturated { node.modifiers.append(.accentable(true)) }
            }
            return node
        }
    }
}

extension UIFont {
    /// The Dynamic Type text styles (UIKit's `UIFont.TextStyle`).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The SwiftUI style of the same size (an unknown raw value reads as body).
        var style: WidgetModel.TextStyle {
            switch self {
            case .largeTitle: .largeTitle
            case .title1: .title
            case .title2: .title2
            case .title3: .title3
            case .headline: .headline
            case .subheadline: .subheadline
            case .callout: .callout
            case .footnote: .footnote
            case .caption1: .caption
            case .caption2: .caption2
            default: .body
            }
        }
    }
}

/// Scales a custom font or value with Dynamic Type (UIKit's `UIFontMetrics`): by how much its text
/// style grows from the default size (large) to the size of the view being drawn (the render's
/// `dynamicType`, or `.dynamicTypeSize(_:)` above it); at the default size a value is its own.
open class UIFontMetrics: @unchecked Sendable {
    public let textStyle: UIFont.TextStyle

    /// The metrics of the body style.
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    /// How much the style grows at the size being drawn (1 at large).
    var factor: CGFloat {
        let style = textStyle.style
        return CGFloat(style.size(at: EnvironmentValues.current.look.dynamicType) / style.size)
    }

    open func scaledValue(for value: CGFloat) -> CGFloat { value * factor }

    open func scaledFont(for font: UIFont) -> UIFont { font.withSize(scaledValue(for: font.pointSize)) }

    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        font.withSize(min(scaledValue(for: font.pointSize), maximumPointSize))
    }
}

extension UIColor {
    /// A colour set of the app's asset catalogs (UIKit's `init?(named:)`): its light and dark
    /// variants, as a dynamic colour; nil when no set has that name (as UIKit answers), with a
    /// warning at the caller's line. Read from the catalogs of the render being drawn (the team's
    /// `--assets`), so asked outside a body it finds none.
    public convenience init?(named name: String, file: StaticString = #fileID, line: UInt = #line) {
        self.init(named: name, in: nil, compatibleWith: nil, file: file, line: line)
    }

    /// The set `name` (UIKit's `init?(named:in:compatibleWith:)`): a trait collection picks its
    /// variant; the bundle is the app's catalogs either way.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?,
                             file: StaticString = #fileID, line: UInt = #line) {
        let environment = EnvironmentValues.current
        guard let asset = environment.assets.color(named: name) else {
            environment.collector.warn("UIColor(named: \"\(name)\"): no colour set of that name in the app's asset catalogs (\(environment.assets.colors.count) read): nil", file: file, line: line)
            return nil
        }
        func uiColor(_ c: RGBA) -> UIColor { UIColor(red: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a)) }
        if let traitCollection {
            let c = asset.color(for: traitCollection.userInterfaceStyle == .dark ? .dark : .light)
            self.init(red: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
        } else {
            self.init(dynamicProvider: { uiColor(asset.color(for: $0.userInterfaceStyle == .dark ? .dark : .light)) })
        }
    }
}

extension NSAttributedString.Key {
    /// The run's link, a URL or a string (UIKit's `NSAttributedString.Key.link`): kept, not drawn as a link.
    public static let link = NSAttributedString.Key(rawValue: "NSLink")
}

extension NSAttributedString {
    /// The formats a document is read from (UIKit's `NSAttributedString.DocumentType`).
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let plain = DocumentType(rawValue: "NSPlainText")
        public static let rtf = DocumentType(rawValue: "NSRTF")
        public static let rtfd = DocumentType(rawValue: "NSRTFD")
        public static let html = DocumentType(rawValue: "NSHTML")
    }

    /// The options of `init(data:options:documentAttributes:)` (UIKit's `DocumentReadingOptionKey`).
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let documentType = DocumentReadingOptionKey(rawValue: "DocumentType")
        public static let characterEncoding = DocumentReadingOptionKey(rawValue: "CharacterEncoding")
        public static let defaultAttributes = DocumentReadingOptionKey(rawValue: "DefaultAttributes")
    }

    /// Why a document was not read (the error `init(data:options:documentAttributes:)` throws).
    public struct DocumentReadingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A document's text (UIKit's `init(data:options:documentAttributes:)`): plain text as it is;
    /// HTML as the text a browser shows (tags left out, `<br>` and the end of a `<p>`/`<div>`/`<li>`
    /// a line break, character references decoded), with a warning at the caller's line; RTF throws
    /// (as UIKit does for data it cannot read). The encoding is `.characterEncoding` (a
    /// `String.Encoding` raw value), else UTF-8.
    /// Partly: HTML's styles and links are not kept; RTF is not read.
    public convenience init(data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                            documentAttributes dict: UnsafeMutablePointer<NSDictionary?>?,
                            file: StaticString = #fileID, line: UInt = #line) throws {
        let encoding = (options[.characterEncoding] as? UInt).map(String.Encoding.init(rawValue:))
            ?? (options[.characterEncoding] as? Int).map { String.Encoding(rawValue: UInt($0)) } ?? .utf8
        guard let text = String(data: data, encoding: encoding) else {
            throw DocumentReadingError(description: "the data is not text in encoding \(encoding.rawValue)")
        }
        let type = options[.documentType] as? DocumentType
            ?? (text.range(of: "<[A-Za-z!/]", options: .regularExpression) != nil ? .html : .plain)
        switch type {
        case .plain:
            self.init(string: text)
        case .html:
            EnvironmentValues.current.collector.warn(
                "NSAttributedString(data:options:): HTML is read as its text; its styles and links are not kept", file: file, line: line)
            self.init(string: HTMLText.text(of: text))
        default:
            throw DocumentReadingError(description: "documents of type \(type.rawValue) are not read on Linux (plain text and HTML are)")
        }
    }
}

/// The text a browser shows for an HTML fragment, in one pass over it.
enum HTMLText {
    static let breaking: Set<String> = ["br", "/p", "/div", "/li", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "/tr", "/blockquote"]
    static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    static func text(of html: String) -> String {
        var out = ""
        var i = html.startIndex
        while i < html.endIndex {
            let c = html[i]
            if c == "<", let close = html[i...].firstIndex(of: ">") {
                let inner = html[html.index(after: i)..<close].trimmingCharacters(in: .whitespaces).lowercased()
                let name = String(inner.prefix { !$0.isWhitespace && $0 != ">" }).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                let tag = inner.hasPrefix("/") ? "/" + name : name
                if breaking.contains(tag) { out.append("\n") }
                i = html.index(after: close)
            } else if c == "&", let semi = html[i...].prefix(12).firstIndex(of: ";") {
                let entity = String(html[html.index(after: i)..<semi])
                if let value = named[entity] {
                    out.append(value)
                } else if entity.hasPrefix("#"), let scalar = (entity.dropFirst().first == "x" || entity.dropFirst().first == "X"
                            ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst())).flatMap(Unicode.Scalar.init) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out.append(contentsOf: html[i...semi])
                }
                i = html.index(after: semi)
            } else {
                out.append(c)
                i = html.index(after: i)
            }
        }
        while out.hasSuffix("\n") { out.removeLast() }
        return out
    }
}

extension AttributedString {
    /// An `NSAttributedString` as a SwiftUI one (Foundation's `init(_:)`): its characters (`Text`
    /// draws an attributed string's runs in the text's own style, Views.swift).
    /// Partly: the runs' UIKit attributes (font, colour, link) are not carried over.
    public init(_ nsStr: NSAttributedString) {
        self.init(nsStr.string)
    }
}

/// UTF-8's number as Objective-C's Foundation names it (`NSUTF8StringEncoding`, what
/// `.characterEncoding` takes; swift-corelibs-foundation declares it unavailable, renamed).
public let NSUTF8StringEncoding: UInt = String.Encoding.utf8.rawValue

// MARK: - Apple's FoodTruck sample and IVPN's widget (a second round of unseen extensions)

extension ShapeStyle where Self == Color {
    // The system colours Style.swift's list leaves out, as `.foregroundStyle(.indigo)` writes them.
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var indigo: Color { Color.indigo }
    public static var brown: Color { Color.brown }
}

/// The direction a view's content runs (SwiftUI's `LayoutDirection`).
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

private struct LayoutDirectionKey: EnvironmentKey {
    static let defaultValue: LayoutDirection = .leftToRight
}

extension EnvironmentValues {
    /// The layout direction (SwiftUI's `layoutDirection`): left to right unless a view sets it; a
    /// right-to-left value is read by the team's code (a shape that mirrors itself).
    /// Partly: the engine lays stacks out left to right whatever the value.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }
}

/// A stream of values over time (Combine's `Publisher`; no Combine on Linux). A widget is drawn
/// once, so nothing subscribes: publishers are values that `onReceive` accepts.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

extension NotificationCenter {
    /// The notifications of one name (Foundation's `NotificationCenter.Publisher`, with Combine).
    public struct Publisher: SwiftUI.Publisher, @unchecked Sendable {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center; self.name = name; self.object = object
        }
    }

    /// A publisher of the notifications named `name` (Foundation's `publisher(for:object:)`).
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

extension View {
    /// Runs `action` for each value `publisher` sends (SwiftUI's `onReceive(_:perform:)`): a widget
    /// is drawn once from its entry, so it never runs (as `onAppear`'s closure).
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        self
    }
}

/// An observable object a view reads (SwiftUI's `ObservedObject`): the object as it is when drawn.
@propertyWrapper public struct ObservedObject<ObjectType: ObservableObject>: @unchecked Sendable {
    /// Bindings to the object's properties (`$model.name`).
    @dynamicMemberLookup public struct Wrapper: @unchecked Sendable {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

/// An observable object a view owns (SwiftUI's `StateObject`): made once, on first read, and kept
/// (a widget's view is drawn once from its entry, so the object is what its initialiser made).
@propertyWrapper public struct StateObject<ObjectType: ObservableObject>: @unchecked Sendable {
    final class Box: @unchecked Sendable {
        let make: () -> ObjectType
        lazy var object: ObjectType = make()
        init(_ make: @escaping () -> ObjectType) { self.make = make }
    }
    let box: Box
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { box = Box(thunk) }
    public var wrappedValue: ObjectType { box.object }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: box.object) }
}

/// The kinds of device UIKit runs on (UIKit's `UIUserInterfaceIdiom`).
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

extension UIDevice {
    /// The device's kind (UIKit's `userInterfaceIdiom`): the render's device, a phone unless its
    /// profile is an iPad.
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        EnvironmentValues.current.look.device.name.hasPrefix("iPad") ? .pad : .phone
    }
}
