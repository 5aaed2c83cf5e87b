import Yams
import WidgetModel

/// A key a node takes, and what its value may be (what the schema says of it).
struct NodeKey: Sendable {
    let name: String
    let value: SchemaValue
    init(_ name: String, _ value: SchemaValue) { self.name = name; self.value = value }
}

/// One kind of node of the layout language (`text`, the stacks, the shapes …), in one file: the keys it
/// takes besides the common keys and the modifiers, what its own key holds, how it is read, and (in an
/// extension of `Binder` in the same file) how it is bound. The parser, the schema and the fuzz
/// dictionary all read these lists, so a key is declared once.
protocol NodeKind: SendableMetatype {
    /// The words that name it, in the order messages list them.
    static var names: [String] { get }
    /// Names that are a whole node written bare (`- spacer`, `- divider`).
    static var bareNames: [String] { get }
    /// What `name:` holds.
    static func value(of name: String) -> SchemaValue
    /// Its own keys, in the order messages list them.
    static func keys(of name: String) -> [NodeKey]
    /// `name: value` with its other keys `p`; nil once an error is reported.
    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind?
}

extension NodeKind {
    static var bareNames: [String] { [] }
}

/// A kind as a value, so the registry is a plain list (no existential metatypes).
struct RegisteredKind: Sendable {
    let names: [String]
    let bareNames: [String]
    let value: @Sendable (String) -> SchemaValue
    let keys: @Sendable (String) -> [NodeKey]
    let parse: @Sendable (String, Yams.Node?, [String: Yams.Node], Yams.Node, Int, inout LayoutParser) -> TemplateKind?

    init<Kind: NodeKind>(_: Kind.Type) {
        names = Kind.names
        bareNames = Kind.bareNames
        value = { Kind.value(of: $0) }
        keys = { Kind.keys(of: $0) }
        parse = { Kind.parse($0, $1, $2, at: $3, depth: $4, parser: &$5) }
    }
}

enum NodeKinds {
    /// Every kind, in the order messages list them.
    static let all: [RegisteredKind] = [
        RegisteredKind(StackNodes.self), RegisteredKind(SpacerNode.self), RegisteredKind(TextNode.self),
        RegisteredKind(IconNode.self), RegisteredKind(ImageNode.self), RegisteredKind(ShapeNodes.self),
        RegisteredKind(ProgressNode.self), RegisteredKind(DividerNode.self), RegisteredKind(ForEachNode.self),
        RegisteredKind(UseNode.self), RegisteredKind(ToggleNode.self),
    ]
    static let byName: [String: RegisteredKind] = Dictionary(uniqueKeysWithValues: all.flatMap { kind in kind.names.map { ($0, kind) } })

    /// The keys every node takes: the common keys, then the modifiers.
    static let sharedKeys: [NodeKey] = CommonKeys.keys + ModifierKeys.keys
}

extension LayoutParser {
    static let kinds = NodeKinds.all.flatMap(\.names)
    static let commonKeys = CommonKeys.keys.map(\.name)
    static let modifierKeys = ModifierKeys.keys.map(\.name)

    static func parameters(of kind: String) -> [String] {
        NodeKinds.byName[kind]?.keys(kind).map(\.name) ?? []
    }

    /// Kinds whose value may be left out, so `- spacer` or `- divider` is a whole node.
    static let bareKinds = Set(NodeKinds.all.flatMap(\.bareNames))
}
