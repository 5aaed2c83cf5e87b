import Yams
import WidgetModel

/// `text: Hello` or `text: {ko: …, en: …}`, with bindings (`{{order.restaurantName}}`).
enum TextNode: NodeKind {
    static let names = ["text"]
    static let alignments = ["leading", "center", "trailing"]
    static let truncationModes = TruncationMode.allCases.map(\.rawValue)
    static let styles = TextStyle.allCases.map(\.rawValue)
    static let weights = FontWeight.allCases.map(\.rawValue)

    /// Text settings a text reads, and that any other node passes on to the texts inside it (SwiftUI's
    /// `.lineLimit(2)` on a stack): `TextEnvironmentTemplate`.
    static let environmentKeys: [NodeKey] = [
        NodeKey("lineLimit", .bindable(.integer)),
        NodeKey("minimumScaleFactor", .bindable(.number)),
        NodeKey("multilineAlignment", .bindable(.words(alignments))),
        NodeKey("monospacedDigit", .bindable(.boolean)),
        NodeKey("truncationMode", .bindable(.words(truncationModes))),
    ]

    static let keys: [NodeKey] = [
        NodeKey("style", .bindable(.words(styles))),
        NodeKey("size", .bindable(.number)),
        NodeKey("weight", .bindable(.words(weights))),
        NodeKey("design", .bindable(.words(FontDesign.allCases.map(\.rawValue)))),
        NodeKey("bold", .bindable(.boolean)),
        NodeKey("lineHeight", .bindable(.number)),
    ] + environmentKeys + [
        NodeKey("tracking", .bindable(.number)),
    ]

    static func value(of _: String) -> SchemaValue { .localizedText }
    static func keys(of _: String) -> [NodeKey] { keys }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        parser.textTemplate(value, p, at: yaml).map(TemplateKind.text)
    }
}

/// `{ko: …, en: …}` or one string for every locale, in the order written.
struct LocalizedText: Hashable, Sendable {
    struct Variant: Hashable, Sendable { var locale: String; var text: Interpolated }
    var variants: [Variant]

    func pick(_ locale: String) -> Interpolated {
        if variants.count == 1 { return variants[0].text }
        return variants.first { $0.locale == locale }?.text
            ?? variants.first { $0.locale == LocaleCodes.base(locale) }?.text
            ?? variants.first { $0.locale == "en" }?.text
            ?? variants[0].text
    }
}

struct TextTemplate: Hashable, Sendable {
    var content: LocalizedText
    var style: TextStyle?
    var size: Double?
    var weight: FontWeight?
    var design: FontDesign?
    var bold = false
    var lineHeight: Double?
    var lineLimit: Int?
    var minimumScaleFactor = 1.0
    var alignment = TextAlignment.leading
    var monospacedDigit = false
    var truncationMode = TruncationMode.tail
    var tracking: Double?
}

/// `lineLimit`, `minimumScaleFactor`, `multilineAlignment`, `monospacedDigit`, `truncationMode` written on any node:
/// they apply to every text inside it that does not set its own (SwiftUI's `.lineLimit(2)` on a
/// stack). nil: inherited.
struct TextEnvironmentTemplate: Hashable, Sendable {
    var lineLimit: Int?
    var minimumScaleFactor: Double?
    var multilineAlignment: TextAlignment?
    var monospacedDigit: Bool?
    var truncationMode: TruncationMode?
    static let keys = TextNode.environmentKeys.map(\.name)

    /// What a node sets overrides what it inherits.
    mutating func inherit(_ inner: TextEnvironmentTemplate) {
        if let v = inner.lineLimit { lineLimit = v }
        if let v = inner.minimumScaleFactor { minimumScaleFactor = v }
        if let v = inner.multilineAlignment { multilineAlignment = v }
        if let v = inner.monospacedDigit { monospacedDigit = v }
        if let v = inner.truncationMode { truncationMode = v }
    }

    /// A text's own setting, as it parsed it (`TextTemplate`).
    mutating func set(_ key: String, from t: TextTemplate) {
        switch key {
        case "lineLimit": lineLimit = t.lineLimit
        case "minimumScaleFactor": minimumScaleFactor = t.minimumScaleFactor
        case "multilineAlignment": multilineAlignment = t.alignment
        case "truncationMode": truncationMode = t.truncationMode
        default: monospacedDigit = t.monospacedDigit
        }
    }
}

extension LayoutParser {
    mutating func textTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node) -> TextTemplate? {
        guard let value else { return nil }
        var variants: [LocalizedText.Variant] = []
        switch value {
        case .scalar(let s):
            if DataConverter.scalarValue(s) == .null {
                error("expected a string for 'text', found null", value); return nil
            }
            guard let i = interpolate(s.string, value) else { return nil }
            variants = [.init(locale: "", text: i)]
        case .mapping:
            for (k, kn, v) in pairs(value) {
                guard LocaleCodes.isCode(k) else {
                    error("expected a locale code such as ko or en in a localized text, found '\(k)'", kn); continue
                }
                guard case .scalar(let s) = v, let i = interpolate(s.string, v) else {
                    if case .scalar = v {} else { error("expected a string for '\(k)', found \(describe(v))", v) }
                    continue
                }
                variants.append(.init(locale: k, text: i))
            }
            if variants.isEmpty { error("expected a string or {ko: …, en: …} for 'text'", value); return nil }
        default:
            error("expected a string or {ko: …, en: …} for 'text', found \(describe(value))", value); return nil
        }
        for v in variants {
            if let constant = v.text.constantText, constant.unicodeScalars.count > limits.textLength {
                error("text is \(constant.unicodeScalars.count) characters, more than the limit of \(limits.textLength) (Limits.textLength)", value)
                return nil
            }
        }
        var t = TextTemplate(content: LocalizedText(variants: variants))
        if let v = p["style"] { t.style = word(v, "style", TextStyle.allCases.map(\.rawValue), TextStyle.init) }
        if let v = p["size"] { t.size = number(v, "size", in: 1...1000) }
        if let v = p["weight"] { t.weight = word(v, "weight", FontWeight.allCases.map(\.rawValue), FontWeight.init) }
        if let v = p["design"] { t.design = word(v, "design", FontDesign.allCases.map(\.rawValue), FontDesign.init) }
        if let v = p["bold"] { t.bold = bool(v, "bold") ?? false }
        if let v = p["lineHeight"] { t.lineHeight = number(v, "lineHeight", in: 1...1000) }
        if let v = p["lineLimit"] { t.lineLimit = integer(v, "lineLimit", in: 1...1000) }
        if let v = p["minimumScaleFactor"], let f = number(v, "minimumScaleFactor", in: 0.01...1) { t.minimumScaleFactor = f }
        if let v = p["multilineAlignment"], let a = word(v, "multilineAlignment", TextNode.alignments, TextAlignment.init) { t.alignment = a }
        if let v = p["monospacedDigit"] { t.monospacedDigit = bool(v, "monospacedDigit") ?? false }
        if let v = p["truncationMode"], let m = word(v, "truncationMode", TextNode.truncationModes, TruncationMode.init) {
            t.truncationMode = m
        }
        if let v = p["tracking"] { t.tracking = number(v, "tracking", in: -100...100) }
        return t
    }

    /// A text setting written on a container, for the texts inside.
    mutating func textEnvironment(_ e: inout TextEnvironmentTemplate, _ key: String, _ v: Yams.Node) {
        switch key {
        case "lineLimit": e.lineLimit = integer(v, key, in: 1...1000)
        case "minimumScaleFactor": e.minimumScaleFactor = number(v, key, in: 0.01...1)
        case "multilineAlignment": e.multilineAlignment = word(v, key, TextNode.alignments, TextAlignment.init)
        case "truncationMode": e.truncationMode = word(v, key, TextNode.truncationModes, TruncationMode.init)
        default: e.monospacedDigit = bool(v, key)
        }
    }
}

extension Binder {
    mutating func bindText(_ tt: TextTemplate, _ env: Environment, at source: SourceLocation) -> ViewKind? {
        let string = text(tt.content.pick(locale), env)
        guard admitText(string, at: source) else { return nil }
        let style = tt.style ?? env.fontStyle
        // The text's own settings are in env.text too (the parser put them there).
        let font = FontSpec.text(style: style, size: tt.size ?? (tt.style == nil ? env.fontSize : nil),
                                 weight: tt.bold && tt.weight == nil ? style.emphasizedWeight
                                     : tt.weight ?? (tt.style == nil ? env.fontWeight : nil),
                                 lineHeight: tt.lineHeight, design: tt.design ?? env.fontDesign ?? .default,
                                 monospacedDigits: env.text.monospacedDigit ?? tt.monospacedDigit,
                                 tracking: tt.tracking ?? 0, category: context.look.dynamicType)
        return .text(TextContent(string: string, font: font, color: env.foreground ?? label(),
                                 lineLimit: env.text.lineLimit ?? tt.lineLimit,
                                 minimumScaleFactor: env.text.minimumScaleFactor ?? tt.minimumScaleFactor,
                                 alignment: env.text.multilineAlignment ?? tt.alignment,
                                 redacted: redact && !env.unredacted,
                                 truncationMode: env.text.truncationMode ?? tt.truncationMode))
    }
}
