import Foundation
package import WidgetModel

/// A title with an icon before it (SwiftUI's `Label`, its default style): the icon and the title
/// side by side, centred, as iOS draws a label in a widget.
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: Title, icon: Icon, origin: SourceLocation
    public init(file: StaticString = #fileID, line: UInt = #line, @ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title(); self.icon = icon(); origin = .at(file, line)
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let font = (environment.font ?? .body).spec(category: environment.look.dynamicType)
        // iOS puts the icon a little over a third of the font size before the title.
        let look = environment[LabelLookKey.self]
        let children = (look == .titleOnly ? [] : ViewResolver.nodes(icon, in: environment))
            + (look == .iconOnly ? [] : ViewResolver.nodes(title, in: environment))
        return [ViewNode(.hstack(spacing: (font.size * 0.4).rounded(), alignment: .center, children: children), source: origin)]
    }
}

/// How labels below draw (`labelStyle`).
package enum LabelLook: Hashable, Sendable { case automatic, iconOnly, titleOnly, titleAndIcon }
struct LabelLookKey: EnvironmentKey { static let defaultValue = LabelLook.automatic }

/// A label style (SwiftUI's `LabelStyle`): the built-in ones.
public protocol LabelStyle {}
package protocol BuiltInLabelStyle: LabelStyle { var look: LabelLook { get } }
public struct DefaultLabelStyle: BuiltInLabelStyle, Sendable { public init() {}; package var look: LabelLook { .automatic } }
public struct IconOnlyLabelStyle: BuiltInLabelStyle, Sendable { public init() {}; package var look: LabelLook { .iconOnly } }
public struct TitleOnlyLabelStyle: BuiltInLabelStyle, Sendable { public init() {}; package var look: LabelLook { .titleOnly } }
public struct TitleAndIconLabelStyle: BuiltInLabelStyle, Sendable { public init() {}; package var look: LabelLook { .titleAndIcon } }
extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: DefaultLabelStyle { .init() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: TitleAndIconLabelStyle { .init() } }

extension View {
    /// Partly: a style of the team's own draws as `.automatic`, with a warning.
    public func labelStyle<S: LabelStyle>(_ style: S, file: StaticString = #fileID, line: UInt = #line) -> some View {
        EnvironmentModifier(content: self) { env in
            if let known = style as? any BuiltInLabelStyle { env[LabelLookKey.self] = known.look; return }
            env.collector.warn("the label style \(S.self) is the team's own: drawn as .automatic", file: file, line: line)
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, file: StaticString = #fileID, line: UInt = #line) {
        self.init(file: file, line: line, title: { Text(titleKey, file: file, line: line) }, icon: { Image(systemName: name, file: file, line: line) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, file: StaticString = #fileID, line: UInt = #line) {
        self.init(file: file, line: line, title: { Text(title, file: file, line: line) }, icon: { Image(systemName: name, file: file, line: line) })
    }
}

/// How buttons and links below draw (SwiftUI's button styles, the built-in ones).
package enum ButtonLook: Hashable, Sendable { case automatic, plain, borderless, bordered, borderedProminent }

/// A built-in button style (SwiftUI's `PrimitiveButtonStyle`): `.plain`, `.borderless`,
/// `.bordered`, `.borderedProminent`, `.automatic`.
public protocol PrimitiveButtonStyle {}

/// The styles WidgetShot draws.
package protocol BuiltInButtonStyle: PrimitiveButtonStyle {
    var look: ButtonLook { get }
}

public struct DefaultButtonStyle: BuiltInButtonStyle, Sendable { public init() {}; package var look: ButtonLook { .automatic } }
public struct PlainButtonStyle: BuiltInButtonStyle, Sendable { public init() {}; package var look: ButtonLook { .plain } }
public struct BorderlessButtonStyle: BuiltInButtonStyle, Sendable { public init() {}; package var look: ButtonLook { .borderless } }
public struct BorderedButtonStyle: BuiltInButtonStyle, Sendable { public init() {}; package var look: ButtonLook { .bordered } }
public struct BorderedProminentButtonStyle: BuiltInButtonStyle, Sendable { public init() {}; package var look: ButtonLook { .borderedProminent } }

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { .init() }
}

extension View {
    /// The style of the buttons and links in this view.
    /// Partly: a style of the team's own is drawn plain, with a warning; the built-in ones are drawn.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S, file: StaticString = #fileID, line: UInt = #line) -> some View {
        EnvironmentModifier(content: self) { env in
            if let known = style as? any BuiltInButtonStyle { env.buttonLook = known.look; return }
            env.collector.warn("the button style \(S.self) is not one WidgetShot draws yet: its buttons are drawn plain",
                               file: file, line: line)
            env.buttonLook = .plain
        }
    }
}

/// A button's or link's label as its style draws it. Nothing is tapped in a picture: the action,
/// the intent or the URL is kept only as a value.
package enum ButtonDrawing {
    package static func nodes<L: View>(_ label: L, in environment: EnvironmentValues) -> [ViewNode] {
        let tint = environment.tint ?? AnyShapeStyle(Color.accentColor)
        var inner = environment
        switch environment.buttonLook {
        case .plain:
            return ViewResolver.nodes(label, in: environment)
        case .automatic, .borderless:
            if inner.foreground == nil { inner.setForeground([tint]) }
            return ViewResolver.nodes(label, in: inner)
        case .bordered, .borderedProminent:
            let prominent = environment.buttonLook == .borderedProminent
            if prominent {
                inner.setForeground([AnyShapeStyle(Color.white)])
            } else if inner.foreground == nil {
                inner.setForeground([tint])
            }
            let fill: Paint = prominent ? tint.resolvePaint(in: environment)
                : .color(tint.resolvePaint(in: environment).solidColor.multipliedAlpha(0.15))
            // iOS's regular-size bordered button: 12 pt either side, 7 above and below, a capsule.
            return ViewResolver.nodes(label, in: inner).map { node in
                var node = node
                node.modifiers += [.padding(WidgetModel.EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)),
                                   .background(ViewNode(.shape(ShapeContent(shape: .capsule, fill: fill))), alignment: .center)]
                return node
            }
        }
    }
}

/// A button (SwiftUI's `Button`): its label, drawn in its style.
public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let origin: SourceLocation?
    public init(action: @escaping () -> Void, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label) {
        self.label = label(); origin = .at(file, line)
    }
    /// A button that runs something other than a closure (an app intent: WidgetKit's initializer).
    package init(drawing label: Label, origin: SourceLocation? = nil) { self.label = label; self.origin = origin }
    /// The label's nodes: a view the label makes without a line of its own is named by the button's.
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { ButtonDrawing.nodes(label, in: environment).at(origin) }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, file: StaticString = #fileID, line: UInt = #line, action: @escaping () -> Void) {
        self.init(drawing: Text(titleKey, file: file, line: line), origin: .at(file, line))
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, file: StaticString = #fileID, line: UInt = #line, action: @escaping () -> Void) {
        self.init(drawing: Text(title, file: file, line: line), origin: .at(file, line))
    }
}

/// A link that opens a URL (SwiftUI's `Link`): its label, tinted as a borderless button.
public struct Link<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let origin: SourceLocation
    public let destination: URL
    public init(destination: URL, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label) {
        self.destination = destination; self.label = label(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { ButtonDrawing.nodes(label, in: environment).at(origin) }
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL, file: StaticString = #fileID, line: UInt = #line) {
        self.init(destination: destination, file: file, line: line) { Text(titleKey, file: file, line: line) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL, file: StaticString = #fileID, line: UInt = #line) {
        self.init(destination: destination, file: file, line: line) { Text(title, file: file, line: line) }
    }
}

extension View {
    /// Scales the drawing about `anchor` without changing the layout.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: s, y: s, anchor: anchor)
    }

    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        ModifiedView(content: self) { _ in .scale(x: Double(x), y: Double(y), anchor: anchor.engine) }
    }

    /// Digits of the same width in the text below (`Font.monospacedDigit()` on the font in effect).
    public func monospacedDigit() -> some View {
        EnvironmentModifier(content: self) { env in
            var f = env.font ?? .body
            f.monospacedDigits = true
            env.font = f
        }
    }
}
