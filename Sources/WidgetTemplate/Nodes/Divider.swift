import Yams
import WidgetModel

/// `divider`: a hairline across its stack, in the separator colour unless the node sets `color:`.
enum DividerNode: NodeKind {
    static let names = ["divider"]
    static let bareNames = ["divider"]
    static func value(of _: String) -> SchemaValue { .nothing }
    static func keys(of _: String) -> [NodeKey] { [] }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        if let value, !parser.isNull(value) { parser.error("expected nothing after 'divider:', found \(parser.describe(value))", value) }
        return .divider
    }
}

extension Binder {
    func bindDivider(ownForeground: Paint?) -> ViewKind {
        let color = ownForeground?.solidColor ?? label("separator").solidColor
        return .divider(color: color, thickness: 0.5)
    }
}
