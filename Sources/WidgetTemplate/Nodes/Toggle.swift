import Yams
import WidgetModel

/// `toggle: EXPRESSION` (`toggle: settings.notifications`, `toggle: true`): iOS's switch, on when
/// the expression is true (truthiness as `when:` reads it), 51 × 31 pt (`ToggleSwitch`). `tint`
/// colours the track when on (default systemGreen); off, the track is secondarySystemFill.
enum ToggleNode: NodeKind {
    static let names = ["toggle"]
    static func value(of _: String) -> SchemaValue {
        SchemaValue.anyOf([.text, .boolean]).described("On when this is true: a path, !x, a == b … (as `when:` reads it), or true/false.")
    }
    static func keys(of _: String) -> [NodeKey] { [NodeKey("tint", .paint)] }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        guard let value, case .scalar(let s) = value else {
            parser.error("expected an expression or true/false for 'toggle' (on when true), found \(value.map { parser.describe($0) } ?? "nothing")", value ?? yaml)
            return nil
        }
        var t: ToggleTemplate
        switch DataConverter.scalarValue(s) {
        case .bool(let b): t = ToggleTemplate(isOn: .literal(.bool(b)))
        case .null:
            parser.error("expected an expression or true/false for 'toggle' (on when true), found null", value)
            return nil
        default:
            var text = s.string
            var lead = 0
            let trimmed = text.trimmingSpaces
            if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.count >= 4 {
                lead = text.unicodeScalars.prefix { $0 == " " }.count + 2
                text = String(trimmed.dropFirst(2).dropLast(2))
            }
            do {
                t = ToggleTemplate(isOn: try ExpressionParser.parse(text, limits: parser.limits))
            } catch {
                parser.errors.append(.error("in 'toggle': \(error.message)", at: parser.origin(of: value).location(at: lead + error.offset)))
                return nil
            }
        }
        if let tint = p["tint"] { t.tint = parser.paint(tint, "tint") }
        return .toggle(t)
    }
}

struct ToggleTemplate: Hashable, Sendable {
    var isOn: Expression
    var tint: PaintTemplate?
}

extension Binder {
    mutating func bindToggle(_ t: ToggleTemplate, _ env: Environment, at source: SourceLocation) -> ViewKind? {
        let on = evaluate(t.isOn, env).isTruthy
        let tint = t.tint.flatMap { paint($0, env) }
        return ToggleSwitch.node(isOn: on, tint: tint, scheme: context.look.scheme, generation: context.look.colors,
                                 source: source).kind
    }
}
