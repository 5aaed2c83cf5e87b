import Yams
import WidgetModel

/// `rect`, `circle`, `capsule`, `ellipse`, `roundedRect: 12`, `containerRelative` and
/// `path: [[0, 1], [1, 0]]`: filled and stroked shapes that take the space offered.
enum ShapeNodes: NodeKind {
    static let names = ["rect", "circle", "capsule", "ellipse", "roundedRect", "path", "containerRelative"]
    static let bareNames = ["rect", "circle", "capsule", "ellipse", "containerRelative"]
    static let cornerStyles = ["continuous", "circular"]
    static let paintKeys: [NodeKey] = [
        NodeKey("fill", .paint),
        NodeKey("stroke", .paint),
        NodeKey("strokeBorder", .paint),
        NodeKey("lineWidth", .bindable(.number)),
        NodeKey("dash", .bindable(.number, .object([.init("type", .string("array")), .init("items", .bindable(.number))]))),
    ]

    static func value(of name: String) -> SchemaValue {
        switch name {
        case "roundedRect": .bindable(.number)
        case "path":
            .object([.init("type", .string("array")), .init("minItems", .integer(2)),
                     .init("items", .object([.init("type", .string("array")), .init("minItems", .integer(2)),
                                             .init("maxItems", .integer(2)), .init("items", .number)]))])
        // Written bare (`- rect`), empty (`rect:`) or `rect: true`.
        default: .anyOf([.nothing, .object([.init("const", .bool(true))])])
        }
    }

    static func keys(of name: String) -> [NodeKey] {
        switch name {
        case "roundedRect": [NodeKey("style", .bindable(.words(cornerStyles)))] + paintKeys
        // A path is not insettable (SwiftUI's `strokeBorder` is for shapes that can be inset).
        case "path": [NodeKey("closed", .bindable(.boolean)), NodeKey("curved", .bindable(.boolean))]
            + paintKeys.filter { $0.name != "strokeBorder" }
        default: paintKeys
        }
    }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        parser.shapeTemplate(name, value, p).map(TemplateKind.shape)
    }
}

struct ShapeTemplate: Hashable, Sendable {
    var shape: ShapeKind
    var fill: PaintTemplate?
    var stroke: PaintTemplate?
    /// The stroke lies inside the edge (`strokeBorder:`).
    var strokeInside = false
    var lineWidth = 1.0
    var dash: [Double] = []
}

extension LayoutParser {
    mutating func shapeTemplate(_ kind: String, _ value: Yams.Node?, _ p: [String: Yams.Node]) -> ShapeTemplate? {
        let shape: ShapeKind
        switch kind {
        case "rect", "circle", "capsule", "ellipse", "containerRelative":
            if let value, !isNull(value), scalarValue(value) != .bool(true) {
                error("expected nothing after '\(kind):', found \(describe(value))", value)
            }
            shape = kind == "rect" ? .rect : kind == "circle" ? .circle : kind == "capsule" ? .capsule
                : kind == "ellipse" ? .ellipse : .containerRelative
        case "roundedRect":
            guard let value, let r = number(value, "roundedRect") else { return nil }
            var continuous = true
            if let s = p["style"], let c = word(s, "style", ShapeNodes.cornerStyles, { $0 == "continuous" ? true : $0 == "circular" ? false : nil }) {
                continuous = c
            }
            shape = .roundedRect(radius: r, continuous: continuous)
        default: // path
            guard let value, case .sequence(let seq) = value, seq.count >= 2 else {
                error("expected a list of at least two [x, y] points for 'path'", value ?? .scalar(.init("")))
                return nil
            }
            var points: [UnitPoint] = []
            for item in seq {
                guard case .sequence(let xy) = item, xy.count == 2,
                      let x = number(xy[xy.startIndex], "x", in: -10...10),
                      let y = number(xy[xy.index(after: xy.startIndex)], "y", in: -10...10) else {
                    if case .sequence(let xy) = item, xy.count == 2 {} else {
                        error("expected a point [x, y] (fractions of the frame), found \(describe(item))", item)
                    }
                    return nil
                }
                points.append(UnitPoint(x: x, y: y))
            }
            let closed = p["closed"].flatMap { bool($0, "closed") } ?? false
            let curved = p["curved"].flatMap { bool($0, "curved") } ?? false
            shape = .path(points: points, closed: closed, curved: curved)
        }
        var t = ShapeTemplate(shape: shape)
        if let v = p["fill"] { t.fill = paint(v, "fill") }
        if let v = p["stroke"] { t.stroke = paint(v, "stroke") }
        if let v = p["strokeBorder"] {
            if p["stroke"] != nil {
                error("a shape has either 'stroke' (centred on its edge) or 'strokeBorder' (inside it), not both", v)
            } else {
                t.stroke = paint(v, "strokeBorder")
                t.strokeInside = true
            }
        }
        if let v = p["lineWidth"], let w = number(v, "lineWidth", in: 0...1000) { t.lineWidth = w }
        if let v = p["dash"] {
            if case .sequence(let seq) = v {
                t.dash = seq.compactMap { number($0, "dash", in: 0...1000) }
            } else if let n = number(v, "dash", in: 0...1000) {
                t.dash = [n]
            }
        }
        return t
    }
}

extension Binder {
    mutating func bindShape(_ s: ShapeTemplate, _ env: Environment) -> ViewKind? {
        var fill = s.fill.flatMap { paint($0, env) }
        let stroke = s.stroke.flatMap { paint($0, env) }
        if s.fill == nil, s.stroke == nil { fill = env.foreground ?? label() }
        return .shape(ShapeContent(shape: s.shape, fill: fill,
                                   stroke: stroke.map { Stroke(paint: $0, width: s.lineWidth, dash: s.dash, inside: s.strokeInside) }))
    }
}
