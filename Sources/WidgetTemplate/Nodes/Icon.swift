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
            var inFont = false
            switch SymbolFontTable.table(in: parser.directory) {
            case .success(let table): inFont = table[constant] != nil
            case .failure(let f): parser.error(f.message, value); return nil
            }
            switch SymbolAsset.locate(constant, in: parser.directory) {
            case .success?: break
            case .failure(let f)?: parser.error(f.message, value); return nil
            case nil where inFont: break
            case nil:
                parser.error("unknown icon '\(constant)'\(Suggestion.hint(constant, in: IconCatalog.names)) (see `widgetshot list icons` for the \(IconCatalog.codepoints.count) icons; your own artwork goes in \(SymbolAsset.folder)/\(constant).svg beside the layout)", value)
                return nil
            }
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
        // The project's own artwork wins over the bundled stand-in.
        var svg: String?
        switch SymbolAsset.locate(name, in: document.directory) {
        case .success(let path)?: svg = path
        case .failure(let f)?: warn(f.message, at: it.name.location); return .empty
        case nil: break
        }
        // Then a project icon font's entry (Icons/icons.yaml), then the bundled stand-in.
        var fontEntry: SymbolFontTable.Entry?
        if svg == nil {
            switch SymbolFontTable.table(in: document.directory) {
            case .success(let table): fontEntry = table[name]
            case .failure(let f): warn(f.message, at: it.name.location); return .empty
            }
        }
        guard let glyph = fontEntry?.glyph ?? IconCatalog.glyph(for: name) ?? (svg == nil ? nil : "") else {
            warn("unknown icon '\(name)'\(Suggestion.hint(name, in: IconCatalog.names)) from a bound value; drawn as a question mark", at: it.name.location)
            // A name WidgetShot has no artwork for: the square a stand-in would take, with its frame,
            // padding and place in the stack (calibrating against iOS showed a row's label jump left
            // when the whole view went), holding a question mark, so a golden shows the icon is
            // missing instead of passing without it.
            return .icon(IconContent(symbol: name, glyph: IconCatalog.unknownGlyph, size: it.size ?? env.resolvedFontSize,
                                     color: env.foreground ?? label(), redacted: redact && !env.unredacted,
                                     weight: env.fontWeight ?? env.fontStyle.weight))
        }
        let weight = env.fontWeight ?? env.fontStyle.weight
        // An SF Symbols template carries its frame (its margin guides); other artwork keeps the square.
        let templateWidth = svg.flatMap { SymbolTemplateFrame.read($0, weight: SymbolTemplateFrame.weightName(weight)) }?.widthRatio
        return .icon(IconContent(symbol: name, glyph: glyph, family: fontEntry?.family ?? FontSpec.iconFamily,
                                 size: it.size ?? env.resolvedFontSize,
                                 color: env.foreground ?? label(), redacted: redact && !env.unredacted, svg: svg,
                                 weight: weight, widthRatio: templateWidth))
    }
}
