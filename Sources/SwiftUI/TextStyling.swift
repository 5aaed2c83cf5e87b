import Foundation
package import WidgetModel

// Text styling beyond the font (Apple's signatures: developer.apple.com/documentation/swiftui/text):
// tracking and kerning, italic, underline and strikethrough, baseline offset, width, case, lines,
// and `Text + Text`. On a `Text` they return a `Text`; on any view they set the environment the
// texts below read.

/// What a `Text` or the environment says of its drawing besides the font and colour.
struct TextStyling: Hashable, Sendable {
    var tracking: Double?
    var italic: Bool?
    /// `.some(nil)`: in the text's colour.
    var underline: Color??
    var strikethrough: Color??
    var baselineOffset: Double?
    var monospaced: Bool?
    var width: Font.Width?

    /// `self`'s settings over `outer`'s.
    func over(_ outer: TextStyling) -> TextStyling {
        TextStyling(tracking: tracking ?? outer.tracking, italic: italic ?? outer.italic, underline: underline ?? outer.underline,
                    strikethrough: strikethrough ?? outer.strikethrough, baselineOffset: baselineOffset ?? outer.baselineOffset,
                    monospaced: monospaced ?? outer.monospaced, width: width ?? outer.width)
    }
}

extension Font {
    /// A font's width (SwiftUI's `Font.Width`): the bundled families have one width, so a width
    /// other than `.standard` is drawn standard, with a warning.
    public struct Width: Hashable, Sendable {
        public var value: CGFloat
        public init(_ value: CGFloat) { self.value = value }
        public static let compressed = Width(-0.3), condensed = Width(-0.2), standard = Width(0), expanded = Width(0.2)
    }

    public func width(_ width: Width) -> Font { self }
}

extension Text {
    /// The case a text is drawn in (SwiftUI's `Text.Case`).
    public enum Case: Hashable, Sendable { case uppercase, lowercase }

    /// How a line under or through text is drawn (SwiftUI's `Text.LineStyle`): solid only.
    public struct LineStyle: Hashable, Sendable {
        public struct Pattern: Hashable, Sendable {
            let name: String
            public static let solid = Pattern(name: "solid"), dot = Pattern(name: "dot"), dash = Pattern(name: "dash")
            public static let dashDot = Pattern(name: "dashDot"), dashDotDot = Pattern(name: "dashDotDot")
        }
        public var pattern: Pattern
        public var color: Color?
        public init(pattern: Pattern = .solid, color: Color? = nil) { self.pattern = pattern; self.color = color }
        public static let single = LineStyle()
    }

    func styled(_ change: (inout TextStyling) -> Void) -> Text { var t = self; change(&t.styling); return t }

    public func tracking(_ tracking: CGFloat) -> Text { styled { $0.tracking = Double(tracking) } }
    /// Kerning adds to the space after each character as tracking does (the bundled fonts' own
    /// pairs are kept either way).
    public func kerning(_ kerning: CGFloat) -> Text { styled { $0.tracking = Double(kerning) } }
    public func italic() -> Text { styled { $0.italic = true } }
    public func italic(_ isActive: Bool) -> Text { styled { $0.italic = isActive } }
    public func monospaced(_ isActive: Bool = true) -> Text { styled { $0.monospaced = isActive } }
    /// Partly: a dotted or dashed pattern is drawn solid.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        styled { $0.underline = isActive ? .some(color) : .none }
    }
    /// Partly: a dotted or dashed pattern is drawn solid.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        styled { $0.strikethrough = isActive ? .some(color) : .none }
    }
    /// Raises the text (lowers it, negative) without moving what is around it.
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { styled { $0.baselineOffset = Double(baselineOffset) } }
    /// Partly: the bundled families have one width; another is drawn standard, with a warning.
    public func fontWidth(_ width: Font.Width?) -> Text { styled { $0.width = width } }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        var t = self
        if let color = style as? Color { t.foreground = color } else { t.foregroundStyle = StyleBox(AnyShapeStyle(style), name: "\(S.self)") }
        return t
    }

    /// Two texts as one (SwiftUI's `Text + Text`): runs of the same style are one string; runs of
    /// different styles are drawn side by side on one line, on a common baseline.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var out = Text(verbatim: "")
        out.runs = (lhs.runs ?? [lhs]) + (rhs.runs ?? [rhs])
        return out
    }
}

/// A shape style kept in a `Text` (which is `Hashable`, as SwiftUI's is `Equatable`): equal by its type.
struct StyleBox: Hashable, @unchecked Sendable {
    let style: AnyShapeStyle
    let name: String
    init(_ style: AnyShapeStyle, name: String) { self.style = style; self.name = name }
    static func == (a: StyleBox, b: StyleBox) -> Bool { a.name == b.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

struct TextStylingKey: EnvironmentKey { static let defaultValue = TextStyling() }
struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }
struct TruncationModeKey: EnvironmentKey { static let defaultValue = Text.TruncationMode.tail }
struct LineSpacingKey: EnvironmentKey { static let defaultValue: CGFloat = 0 }

extension Text {
    /// Where a cut text's ellipsis goes (SwiftUI's `Text.TruncationMode`).
    public enum TruncationMode: Hashable, Sendable {
        case head, middle, tail
        var engine: WidgetModel.TruncationMode { self == .head ? .head : self == .middle ? .middle : .tail }
    }
}

extension EnvironmentValues {
    /// The case texts below are drawn in (`textCase`); nil: as written.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }
    var textStyling: TextStyling {
        get { self[TextStylingKey.self] }
        set { self[TextStylingKey.self] = newValue }
    }
}

extension View {
    func textStyled(_ change: @escaping (inout TextStyling) -> Void) -> some View {
        EnvironmentModifier(content: self) { change(&$0.textStyling) }
    }

    public func tracking(_ tracking: CGFloat) -> some View { textStyled { $0.tracking = Double(tracking) } }
    public func kerning(_ kerning: CGFloat) -> some View { textStyled { $0.tracking = Double(kerning) } }
    public func italic(_ isActive: Bool = true) -> some View { textStyled { $0.italic = isActive } }
    public func monospaced(_ isActive: Bool = true) -> some View { textStyled { $0.monospaced = isActive } }
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        textStyled { $0.underline = isActive ? .some(color) : .none }
    }
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        textStyled { $0.strikethrough = isActive ? .some(color) : .none }
    }
    public func baselineOffset(_ baselineOffset: CGFloat) -> some View { textStyled { $0.baselineOffset = Double(baselineOffset) } }
    public func fontWidth(_ width: Font.Width?) -> some View { textStyled { $0.width = width } }
    public func textCase(_ textCase: Text.Case?) -> some View { EnvironmentModifier(content: self) { $0.textCase = textCase } }
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { EnvironmentModifier(content: self) { $0.truncationMode = mode } }
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View { EnvironmentModifier(content: self) { $0.lineSpacing = lineSpacing } }
    /// Letters drawn closer before a text truncates: the engine's own allowance already does
    /// (docs/fidelity.md), so this changes nothing.
    public func allowsTightening(_ flag: Bool) -> some View { self }
}

extension Text {
    /// The engine's text for this run in `environment`: the font, colour and styling of the text
    /// over the environment's.
    func content(in environment: EnvironmentValues) -> (TextContent, offset: Double) {
        var font = self.font ?? environment.font ?? .body
        if let weight { font.weightValue = weight }
        if isBold { font.isBold = true }
        if monospacedDigits { font.monospacedDigits = true }
        if let design { font.designValue = design }
        let styling = self.styling.over(environment.textStyling)
        if styling.monospaced == true { font.designValue = .monospaced }
        let paint = foreground?.resolvePaint(in: environment) ?? foregroundStyle?.style.resolvePaint(in: environment)
            ?? environment.foreground?.resolvePaint(in: environment) ?? Color.primary.resolvePaint(in: environment)
        var string = dated.map { $0.string(in: environment) } ?? key.map { $0.localized(in: environment) } ?? content
        switch environment.textCase {
        case .uppercase?: string = string.uppercased(with: environment.locale)
        case .lowercase?: string = string.lowercased(with: environment.locale)
        case nil: break
        }
        var spec = font.spec(category: environment.look.dynamicType)
        if let tracking = styling.tracking { spec.tracking += tracking }
        if styling.italic == true { spec.italic = true }
        spec.lineSpacing += Double(environment.lineSpacing)
        if let width = styling.width, width != .standard {
            environment.collector.warn("fontWidth(\(width.value)): the bundled families have one width, so the text is drawn at the standard width")
        }
        var text = TextContent(string: string, font: spec, color: paint, lineLimit: environment.lineLimitValue,
                               minimumScaleFactor: environment.minimumScaleFactorValue, alignment: environment.multilineAlignment,
                               redacted: environment.redactionValue.contains(.placeholder),
                               truncationMode: environment.truncationMode.engine)
        text.underline = styling.underline.map { ($0 ?? nil)?.rgba(in: environment) ?? paint.solidColor }
        text.strikethrough = styling.strikethrough.map { ($0 ?? nil)?.rgba(in: environment) ?? paint.solidColor }
        return (text, styling.baselineOffset ?? 0)
    }

    /// A run's node: its text, raised by its baseline offset.
    func node(in environment: EnvironmentValues) -> ViewNode {
        if let inline {
            // The image in the text's font and colour.
            var inner = environment
            var font = self.font ?? environment.font ?? .body
            if let weight { font.weightValue = weight }
            if isBold { font.isBold = true }
            inner.font = font
            if let foreground { inner.setForeground([AnyShapeStyle(foreground)]) }
            else if let foregroundStyle { inner.setForeground([foregroundStyle.style]) }
            let nodes = ViewResolver.nodes(inline.image, in: inner)
            return nodes.count == 1 ? nodes[0] : ViewNode(.hstack(spacing: 0, alignment: .bottom, children: nodes))
        }
        let (text, offset) = content(in: environment)
        return ViewNode(.text(text), modifiers: offset != 0 ? [.offset(x: 0, y: -offset)] : [])
    }

    /// A concatenation: runs read this text's own font and styling as their environment's; runs of
    /// one style are one string, others side by side on one line.
    func concatenatedNodes(_ runs: [Text], in environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        if let font { inner.font = font }
        if let foreground { inner.foreground = AnyShapeStyle(foreground) }
        inner.textStyling = styling.over(environment.textStyling)
        let contents = runs.map { $0.content(in: inner) }
        if let first = contents.first, runs.allSatisfy({ $0.inline == nil }),
           contents.allSatisfy({ $0.offset == first.offset && Self.sameStyle($0.0, first.0) }) {
            var merged = first.0
            merged.string = contents.map(\.0.string).joined()
            return [ViewNode(.text(merged), modifiers: first.offset != 0 ? [.offset(x: 0, y: -first.offset)] : [])]
        }
        let nodes = runs.map { run -> ViewNode in
            var n = run.node(in: inner)
            if case .text(var t) = n.kind { t.lineLimit = 1; n.kind = .text(t) }
            return n
        }
        // One line: the runs share its baseline, whatever their sizes (`Text("128").font(.title) +
        // Text("kWh").font(.caption)`); an inline image sits on it, as a view without text does.
        return [ViewNode(.hstack(spacing: 0, alignment: .firstTextBaseline, children: nodes))]
    }

    static func sameStyle(_ a: TextContent, _ b: TextContent) -> Bool {
        var a = a
        a.string = b.string
        return a == b
    }
}
