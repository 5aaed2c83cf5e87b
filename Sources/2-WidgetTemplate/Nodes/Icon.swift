import Yams
import WidgetModel

/// `icon: bicycle`: a glyph from the bundled icon font (IconCatalog), sized like the text around it.
enum IconNode: NodeKind {
    static let names = ["icon"]
    static func value(of _: String) -> SchemaValue { .text }
    static func keys(of _: String) -> [NodeKey] { [NodeKey("size", .bindable(.number))] }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        guard let value, let iconName = parser.interpolated(value, "icon") else {
            if value == nil { parser.error("expected an icon name for 'icon'", yaml) }
            return nil
        }
        if let constant = iconName.constantText, IconCatalog.glyph(for: constant) == nil {
            parser.error("unknown icon '\(constant)'\(Suggestion.hint(constant, in: IconCatalog.names)) (see `widgetshot list` for the \(IconCatalog.codepoints.count) icons)", value)
            return nil
        }
        let size = p["size"].flatMap { parser.number($0, "size", in: 0...1000) }
        return .icon(IconTemplate(name: iconName, size: size))
    }
}

struct IconTemplate: Hashable, Sendable {
    var name: Interpolated
    var size: Double?
}

extension Binder {
    mutating func bindIcon(_ it: IconTemplate, _ env: Environment) -> ViewKind? {
        let name = text(it.name, env)
        if name.isEmpty { return .empty }
        guard let glyph = IconCatalog.glyph(for: name) else {
            warn("unknown icon '\(name)'\(Suggestion.hint(name, in: IconCatalog.names)) from a bound value", at: it.name.location)
            return .empty
        }
        return .icon(IconContent(symbol: name, glyph: glyph, size: it.size ?? env.resolvedFontSize,
                                 color: env.foreground ?? label(), redacted: redact && !env.unredacted))
    }
}
