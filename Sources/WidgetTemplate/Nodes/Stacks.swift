import Yams
import WidgetModel

/// `vstack`, `hstack` and `zstack`: children in a column, a row, or on top of each other;
/// `viewThatFits`: the first child that fits (SwiftUI's `ViewThatFits`).
enum StackNodes: NodeKind {
    static let names = ["vstack", "hstack", "zstack", "viewThatFits"]
    /// A list of nodes, or nothing.
    static let children = SchemaValue.anyOf([.object([.init("type", .string("array")), .init("items", .node)]), .nothing])

    static func value(of _: String) -> SchemaValue { children }
    static func keys(of name: String) -> [NodeKey] {
        switch name {
        case "vstack": [NodeKey("spacing", .bindable(.number)), NodeKey("alignment", .bindable(.words(HorizontalAlignment.allCases.map(\.rawValue))))]
        case "hstack": [NodeKey("spacing", .bindable(.number)), NodeKey("alignment", .bindable(.words(VerticalAlignment.allCases.map(\.rawValue))))]
        case "viewThatFits": [NodeKey("in", .bindable(.words(FitAxes.allCases.map(\.rawValue))))]
        default: [NodeKey("alignment", .bindable(.words(Alignment.names)))]
        }
    }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        switch name {
        case "vstack":
            let spacing = p["spacing"].flatMap { parser.number($0, "spacing") }
            let a = p["alignment"].flatMap { parser.word($0, "alignment", HorizontalAlignment.allCases.map(\.rawValue), HorizontalAlignment.init) }
            return .vstack(spacing: spacing, alignment: a ?? .center, children: parser.children(value, name, depth: depth))
        case "hstack":
            let spacing = p["spacing"].flatMap { parser.number($0, "spacing") }
            let a = p["alignment"].flatMap { parser.word($0, "alignment", VerticalAlignment.allCases.map(\.rawValue), VerticalAlignment.init) }
            return .hstack(spacing: spacing, alignment: a ?? .center, children: parser.children(value, name, depth: depth))
        case "viewThatFits":
            let axes = p["in"].flatMap { parser.word($0, "in", FitAxes.allCases.map(\.rawValue), FitAxes.init) }
            return .viewThatFits(axes: axes ?? .both, children: parser.children(value, name, depth: depth))
        default:
            let a = p["alignment"].flatMap { parser.alignment($0, "alignment") }
            return .zstack(alignment: a ?? .center, children: parser.children(value, name, depth: depth))
        }
    }
}

extension Binder {
    mutating func bindStack(_ kind: TemplateKind, _ env: Environment) -> ViewKind? {
        switch kind {
        case .vstack(let spacing, let alignment, let c):
            return .vstack(spacing: spacing, alignment: alignment, children: children(c, env))
        case .hstack(let spacing, let alignment, let c):
            return .hstack(spacing: spacing, alignment: alignment, children: children(c, env))
        case .zstack(let alignment, let c):
            return .zstack(alignment: alignment, children: children(c, env))
        case .viewThatFits(let axes, let c):
            return .viewThatFits(axes: axes, children: children(c, env))
        default:
            return nil
        }
    }
}
