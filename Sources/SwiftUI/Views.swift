import Foundation
package import WidgetModel

/// Text (SwiftUI's `Text`), in the environment's font and foreground.
public struct Text: View, PrimitiveView, Hashable, Sendable {
    public typealias Body = Never
    var content: String
    /// A key to look up in the app's strings, with its arguments (`Text("Arriving \(eta)")`).
    var key: LocalizedStringKey?
    var font: Font?
    var foreground: Color?
    var weight: Font.Weight?
    var isBold = false
    var monospacedDigits = false
    /// `fontDesign` on the text itself.
    var design: Font.Design?
    /// A date or timer written out at render time, against the render's `now`, locale and time zone.
    var dated: DatedText?
    /// Tracking, italic, lines, baseline offset (TextStyling.swift).
    var styling = TextStyling()
    var foregroundStyle: StyleBox?
    /// The texts `Text + Text` joined (nil: a text of its own).
    var runs: [Text]?
    /// Where the initialiser is written (SourceLocations.swift).
    var origin: SourceLocation?
    /// An image in a line of text (`Text(Image(systemName:))`, `Text("\(Image(systemName: "x")) 5 min")`).
    var inline: InlineImage?

    public init(verbatim content: String, file: StaticString = #fileID, line: UInt = #line) { self.content = content; origin = .at(file, line) }
    // Disfavoured, as in SwiftUI: a literal is a key to look up, a String variable is shown as it is.
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S, file: StaticString = #fileID, line: UInt = #line) { self.content = String(content); origin = .at(file, line) }
    /// The key looked up in the app's strings; the table, bundle and comment are for translators.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil,
                file: StaticString = #fileID, line: UInt = #line) {
        self.content = key.text; self.key = key; origin = .at(file, line)
    }

    /// Styled text: drawn as its characters, in the text's own font and colour (runs' attributes
    /// are not applied yet).
    /// Partly: an `AttributedString`'s runs (bold, links, colours) are drawn in the text's own style.
    // Disfavoured: a literal stays a key to look up (AttributedString takes literals on Linux).
    @_disfavoredOverload public init(_ attributedContent: AttributedString, file: StaticString = #fileID, line: UInt = #line) {
        self.content = String(attributedContent.characters); origin = .at(file, line)
    }

    /// An image as text: a symbol takes the text's font and colour, and sits in the line beside
    /// the runs it is added to (`Text(Image(systemName: "clock")) + Text(" 5 min")`).
    public init(_ image: Image, file: StaticString = #fileID, line: UInt = #line) {
        content = ""; inline = InlineImage(image: image); origin = .at(file, line)
    }

    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; t.weight = weight; return t }
    public func bold() -> Text { var t = self; t.isBold = true; return t }
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.foreground = color; return t }
    public func monospacedDigit() -> Text { var t = self; t.monospacedDigits = true; return t }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        if let runs = runs ?? inlineRuns(in: environment) { return concatenatedNodes(runs, in: environment).at(origin) }
        return [node(in: environment)].at(origin)
    }
}

/// A string a `Text` looks up in the app's strings (SwiftUI's `LocalizedStringKey`). As SwiftUI
/// builds it, each interpolation becomes a format specifier in the key (`%lld` for an integer, `%@`
/// for anything else): `Text("Arriving \(eta)")` looks up `Arriving %@`. Without a translation for
/// the render's locale, the text is the key with its arguments written in.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Hashable, Sendable {
    /// The lookup key, with format specifiers.
    let key: String
    let arguments: [String]
    /// What to show when the app's strings have no entry for the key (a `LocalizedStringResource`'s
    /// default value; nil: the key itself, as SwiftUI shows a missing key).
    package var fallback: String?
    /// Arguments written at render time, by index: a date in a style (`\(date, style: .relative)`)
    /// or a `Text` (`\(Text("x").bold())`, its characters).
    var lateArguments: [Int: LateArgument] = [:]
    /// The key with its arguments in place.
    var text: String { Self.format(key, arguments) }

    indirect enum LateArgument: Hashable, Sendable {
        case dated(DatedText)
        case text(Text)
        /// An image in the line (`\(Image(systemName: "clock"))`): the text is split around it.
        case image(InlineImage)
    }

    /// Stands for an image in the localized string until the text is split around it.
    static let imageMarker: Character = "\u{FFFC}"

    public init(_ value: String) { key = value; arguments = [] }
    public init(stringLiteral value: String) { key = value; arguments = [] }
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key; arguments = stringInterpolation.arguments; lateArguments = stringInterpolation.late
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [String] = []
        var late: [Int: LateArgument] = [:]
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { key += literal.replacingOccurrences(of: "%", with: "%%") }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { key += "%lld"; arguments.append("\(value)") }
        public mutating func appendInterpolation<T>(_ value: T) { key += "%@"; arguments.append("\(value)") }
        /// A date written in a style at the render's `now` (SwiftUI's `Text("Due \(date, style: .relative)")`).
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            key += "%@"; late[arguments.count] = .dated(.date(date, style.kind)); arguments.append("")
        }
        public mutating func appendInterpolation(_ text: Text) {
            key += "%@"; late[arguments.count] = .text(text); arguments.append("")
        }
        /// An image in the line (SwiftUI's `Text("\(Image(systemName: "star.fill")) rated")`).
        public mutating func appendInterpolation(_ image: Image) {
            key += "%@"; late[arguments.count] = .image(InlineImage(image: image)); arguments.append("")
        }
        /// A number written by a printf specifier (`\(rating, specifier: "%.1f")`).
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            key += "%@"; arguments.append(String(format: specifier, Double(value)))
        }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            key += "%@"; arguments.append(format.format(input))
        }
    }

    /// The translation for the environment's locale (exactly, then its language), else the key.
    func localized(in environment: EnvironmentValues) -> String {
        let locale = environment.look.locale
        let language = String(locale.prefix { $0 != "-" && $0 != "_" })
        let texts = environment.strings[key]
        var values = arguments
        for (index, argument) in lateArguments where values.indices.contains(index) {
            switch argument {
            case .dated(let dated): values[index] = dated.string(in: environment)
            case .text(let text): values[index] = text.content(in: environment).0.string
            case .image: values[index] = String(Self.imageMarker)
            }
        }
        return Self.format(texts?[locale] ?? texts?[language] ?? fallback ?? key, values)
    }

    /// `%@`, `%lld`, `%d`, `%1$@` … replaced by the arguments (positional ones by number), `%%` by `%`.
    package static func format(_ format: String, _ arguments: [String]) -> String {
        var out = "", next = 0
        var i = format.startIndex
        while i < format.endIndex {
            let c = format[i]
            guard c == "%" else { out.append(c); i = format.index(after: i); continue }
            var j = format.index(after: i)
            if j < format.endIndex, format[j] == "%" { out.append("%"); i = format.index(after: j); continue }
            var position: Int?
            var digits = ""
            while j < format.endIndex, format[j].isNumber { digits.append(format[j]); j = format.index(after: j) }
            if j < format.endIndex, format[j] == "$", let n = Int(digits) { position = n - 1; j = format.index(after: j) }
            else if !digits.isEmpty { out += "%" + digits; i = j; continue }
            var spec = ""
            while j < format.endIndex, "l".contains(format[j]) { spec.append(format[j]); j = format.index(after: j) }
            guard j < format.endIndex, "@diuf".contains(format[j]) else { out += "%" + spec; i = j; continue }
            let index = position ?? next
            if position == nil { next += 1 }
            out += index < arguments.count ? arguments[index] : ""
            i = format.index(after: j)
        }
        return out
    }
}

/// Children one above the other (SwiftUI's `VStack`).
public struct VStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: HorizontalAlignment, spacing: Double?, content: Content, origin: SourceLocation
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing.map(Double.init); self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.vstack(spacing: spacing, alignment: alignment.engine, children: ViewResolver.nodes(content, in: environment)), source: origin)]
    }
}

/// Children side by side (SwiftUI's `HStack`).
public struct HStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: VerticalAlignment, spacing: Double?, content: Content, origin: SourceLocation
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing.map(Double.init); self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.hstack(spacing: spacing, alignment: alignment.engine, children: ViewResolver.nodes(content, in: environment)), source: origin)]
    }
}

/// Children on top of each other (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: Alignment, content: Content, origin: SourceLocation
    public init(alignment: Alignment = .center, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.zstack(alignment: alignment.engine, children: ViewResolver.nodes(content, in: environment)), source: origin)]
    }
}

/// Space that grows along its stack's axis (SwiftUI's `Spacer`).
public struct Spacer: View, PrimitiveView {
    public typealias Body = Never
    let minLength: Double?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength.map(Double.init) }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [ViewNode(.spacer(minLength: minLength))] }
}


/// An image held by a `Text`, compared by what it shows.
struct InlineImage: Hashable, Sendable {
    let image: Image
    static func == (a: InlineImage, b: InlineImage) -> Bool { "\(a.image.source)" == "\(b.image.source)" }
    func hash(into hasher: inout Hasher) { hasher.combine("\(image.source)") }
}

extension Text {
    /// A looked-up text with images interpolated: its runs, split around each image (in the order
    /// the key gives them); nil when it holds no image.
    func inlineRuns(in environment: EnvironmentValues) -> [Text]? {
        guard let key else { return nil }
        let images = key.lateArguments.sorted { $0.key < $1.key }.compactMap { entry -> InlineImage? in
            if case .image(let image) = entry.value { return image } else { return nil }
        }
        guard !images.isEmpty else { return nil }
        var plain = self
        plain.key = nil; plain.runs = nil; plain.inline = nil
        var runs: [Text] = []
        for (index, piece) in key.localized(in: environment).split(separator: LocalizedStringKey.imageMarker, omittingEmptySubsequences: false).enumerated() {
            if !piece.isEmpty { var run = plain; run.content = String(piece); runs.append(run) }
            if index < images.count { var run = plain; run.content = ""; run.inline = images[index]; runs.append(run) }
        }
        return runs
    }
}
