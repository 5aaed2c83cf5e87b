import Yams
import WidgetModel

/// `spacer` (or `spacer: 8`, `spacer: {minLength: 8}`): takes the free space along its stack.
enum SpacerNode: NodeKind {
    static let names = ["spacer"]
    static let bareNames = ["spacer"]
    static func value(of _: String) -> SchemaValue { .anyOf([.nothing, .number, .binding]) }
    static func keys(of _: String) -> [NodeKey] { [NodeKey("minLength", .bindable(.number))] }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        var minLength = p["minLength"].flatMap { parser.number($0, "minLength") }
        if let value, !parser.isNull(value) { minLength = parser.number(value, "spacer") }
        return .spacer(minLength: minLength)
    }
}
