import SwiftSyntax
import WidgetModel

extension Translator {
    /// The visible stand-in for what could not be translated: a hatched, dashed box naming it.
    func placeholder(_ construct: String, at spot: SourceSpot, why: String, scope: Scope) -> DraftNode {
        recordNode(spot, construct, .placeholder, why)
        placeholderUsed = true
        var n = DraftNode("use", .string(Self.placeholderComponent), origin: Origin(spot: spot, construct: construct))
        let label = construct.count > 40 ? String(construct.prefix(39)) + "…" : construct
        n.entries.append(("with", .map([("what", .quoted(label))])))
        return counted(n)
    }

    static let placeholderComponent = "importTodo"

    /// The placeholder component: a dashed box with three hatch lines and the construct's name.
    static var placeholderBody: DraftNode {
        func hatch(_ points: [[Double]]) -> YAMLValue {
            var n = DraftNode("path", .list(points.map { .list($0.map(YAMLValue.number), flow: true) }, flow: true))
            n.entries = [("stroke", .map([("color", .string("gray")), ("opacity", .number(0.35))])), ("lineWidth", .number(1))]
            return .node(n)
        }
        var box = DraftNode("rect")
        box.entries = [("fill", .map([("color", .string("gray")), ("opacity", .number(0.12))])),
                       ("stroke", .string("gray")), ("lineWidth", .number(1)), ("dash", .list([.number(4), .number(3)], flow: true))]
        var label = DraftNode("text", .string("{{what}}"))
        label.entries = [("style", .string("caption2")), ("color", .string("secondaryLabel")), ("lineLimit", .int(2)),
                         ("minimumScaleFactor", .number(0.5)), ("multilineAlignment", .string("center")), ("padding", .number(2))]
        var z = DraftNode("zstack", .list([.node(box), hatch([[0, 0.5], [0.5, 0]]), hatch([[0, 1], [1, 0]]),
                                           hatch([[0.5, 1], [1, 0.5]]), .node(label)], flow: false))
        z.entries = [("frame", .map([("minWidth", .number(20)), ("idealWidth", .number(60)), ("maxWidth", .number(.infinity)),
                                     ("minHeight", .number(20)), ("idealHeight", .number(44)), ("maxHeight", .number(.infinity))]))]
        return z
    }
}
