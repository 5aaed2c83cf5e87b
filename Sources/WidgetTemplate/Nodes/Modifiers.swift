import Yams
import WidgetModel

extension LayoutParser {
    static let edgeKeys = ["top", "leading", "bottom", "trailing", "horizontal", "vertical"]
    static let frameKeys = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight",
                            "maxHeight", "alignment"]

    mutating func modifier(_ key: String, _ v: Yams.Node, params: [String: Yams.Node], depth: Int) -> TemplateModifier? {
        switch key {
        case "padding":
            return edges(v, "padding", trueValue: 16).map(TemplateModifier.padding)
        case "frame":
            return frame(v).map(TemplateModifier.frame)
        case "background", "overlay":
            guard let layer = layer(v, key, depth: depth) else { return nil }
            let alignmentKey = key + "Alignment"
            let a = params[alignmentKey].flatMap { alignment($0, alignmentKey) } ?? .center
            return key == "background" ? .background(layer, alignment: a) : .overlay(layer, alignment: a)
        case "opacity":
            return number(v, key, in: 0...1).map(TemplateModifier.opacity)
        case "widgetAccentable":
            return bool(v, key).map(TemplateModifier.accentable)
        case "cornerRadius":
            return number(v, key).map { .clip(.roundedRect(radius: $0, continuous: true)) }
        case "clip":
            if case .mapping = v {
                var radius: Double?, continuous = true
                for (k, kn, item) in pairs(v) {
                    switch k {
                    case "roundedRect": radius = number(item, "roundedRect")
                    case "style": continuous = word(item, "style", ["continuous", "circular"]) { $0 == "continuous" ? true : $0 == "circular" ? false : nil } ?? true
                    default: unknownKey(k, kn, in: "clip", allowed: ["roundedRect", "style"])
                    }
                }
                guard let radius else { error("expected {roundedRect: radius} for 'clip'", v); return nil }
                return .clip(.roundedRect(radius: radius, continuous: continuous))
            }
            let shapes: [String: ClipShape] = ["rect": .rect, "circle": .circle, "capsule": .capsule]
            return word(v, "clip", ["rect", "circle", "capsule"]) { shapes[$0] }.map(TemplateModifier.clip)
        case "fixedSize":
            if case .bool(let b)? = scalarValue(v) { return b ? .fixedSize(horizontal: true, vertical: true) : nil }
            return word(v, "fixedSize", ["true", "horizontal", "vertical"]) { w -> TemplateModifier? in
                w == "horizontal" ? .fixedSize(horizontal: true, vertical: false)
                    : w == "vertical" ? .fixedSize(horizontal: false, vertical: true) : nil
            }
        case "offset":
            guard case .mapping = v else { error("expected {x, y} for 'offset', found \(describe(v))", v); return nil }
            var x = 0.0, y = 0.0
            for (k, kn, item) in pairs(v) {
                switch k {
                case "x": x = number(item, "x", in: -10000...10000) ?? 0
                case "y": y = number(item, "y", in: -10000...10000) ?? 0
                default: unknownKey(k, kn, in: "offset", allowed: ["x", "y"])
                }
            }
            return .offset(x: x, y: y)
        case "rotation":
            guard let degrees = number(v, "rotation", in: -100_000...100_000) else { return nil }
            return .rotation(degrees, anchor: anchor(params))
        case "scale", "scaleEffect":
            if case .mapping = v {
                var x = 1.0, y = 1.0
                for (k, kn, item) in pairs(v) {
                    switch k {
                    case "x": x = number(item, "x", in: -1000...1000) ?? 1
                    case "y": y = number(item, "y", in: -1000...1000) ?? 1
                    default: unknownKey(k, kn, in: key, allowed: ["x", "y"])
                    }
                }
                return .scale(x: x, y: y, anchor: anchor(params))
            }
            guard let factor = number(v, key, in: -1000...1000) else {
                return nil
            }
            return .scale(x: factor, y: factor, anchor: anchor(params))
        default:
            return nil
        }
    }

    /// `anchor:` of a rotation or scale: a unit point name (center, topLeading, …) or {x, y} as
    /// fractions of the frame. Default: center.
    mutating func anchor(_ params: [String: Yams.Node]) -> UnitPoint {
        guard let v = params["anchor"] else { return .center }
        if case .mapping = v {
            var point = UnitPoint.center
            for (k, kn, item) in pairs(v) {
                switch k {
                case "x": point.x = number(item, "x", in: -100...100) ?? 0.5
                case "y": point.y = number(item, "y", in: -100...100) ?? 0.5
                default: unknownKey(k, kn, in: "anchor", allowed: ["x", "y"])
                }
            }
            return point
        }
        return word(v, "anchor", ColorSyntax.unitPoints, ColorSyntax.unitPoint) ?? .center
    }

    /// A number, `true`, `none` (margins) or {top, leading, bottom, trailing, horizontal, vertical}.
    mutating func edges(_ v: Yams.Node, _ key: String, trueValue: Double) -> EdgeInsets? {
        if case .mapping = v {
            var e = EdgeInsets()
            for (k, kn, item) in pairs(v) {
                guard Self.edgeKeys.contains(k) else { unknownKey(k, kn, in: key, allowed: Self.edgeKeys); continue }
                guard let n = number(item, k) else { continue }
                switch k {
                case "top": e.top = n
                case "leading": e.leading = n
                case "bottom": e.bottom = n
                case "trailing": e.trailing = n
                case "horizontal": e.leading = n; e.trailing = n
                default: e.top = n; e.bottom = n
                }
            }
            return e
        }
        switch scalarValue(v) {
        case .bool(true)?: return EdgeInsets(all: trueValue)
        case .bool(false)?: return EdgeInsets()
        case .number?: return number(v, key).map { EdgeInsets(all: $0) }
        default:
            error("expected a number, true or {top, leading, bottom, trailing, horizontal, vertical} for '\(key)', found \(describe(v))", v)
            return nil
        }
    }

    mutating func frame(_ v: Yams.Node) -> FrameSpec? {
        guard case .mapping = v else {
            error("expected {width, height, minWidth, maxWidth, …} for 'frame', found \(describe(v))", v)
            return nil
        }
        var f = FrameSpec()
        var ok = true
        for (k, kn, item) in pairs(v) {
            guard Self.frameKeys.contains(k) else { unknownKey(k, kn, in: "frame", allowed: Self.frameKeys); ok = false; continue }
            if k == "alignment" {
                if let a = alignment(item, "alignment") { f.alignment = a } else { ok = false }
                continue
            }
            guard let n = number(item, k, allowInfinity: k.hasPrefix("max")) else { ok = false; continue }
            switch k {
            case "width": f.width = n
            case "height": f.height = n
            case "minWidth": f.minWidth = n
            case "idealWidth": f.idealWidth = n
            case "maxWidth": f.maxWidth = n
            case "minHeight": f.minHeight = n
            case "idealHeight": f.idealHeight = n
            default: f.maxHeight = n
            }
        }
        if let lo = f.minWidth, let hi = f.maxWidth, lo > hi { error("frame minWidth \(NumberText.plain(lo)) is larger than maxWidth \(NumberText.plain(hi))", v); ok = false }
        if let lo = f.minHeight, let hi = f.maxHeight, lo > hi { error("frame minHeight \(NumberText.plain(lo)) is larger than maxHeight \(NumberText.plain(hi))", v); ok = false }
        return ok ? f : nil
    }

    /// A paint (a filled rectangle) or a whole node.
    mutating func layer(_ v: Yams.Node, _ key: String, depth: Int) -> TemplateModifier.Layer? {
        if case .mapping = v, pairs(v).contains(where: { Self.kinds.contains($0.key) }) {
            return node(v, depth: depth + 1).map(TemplateModifier.Layer.node)
        }
        if case .mapping = v {
            let keys = pairs(v).map(\.key)
            if let stray = keys.first(where: { !Self.paintKeys.contains($0) }) {
                // Not a paint: most likely a node with a misspelt kind.
                _ = node(v, depth: depth + 1)
                _ = stray
                return nil
            }
        }
        return paint(v, key).map(TemplateModifier.Layer.paint)
    }
}

/// The modifiers any node takes (SwiftUI's view modifiers), applied in the order written.
enum ModifierKeys {
    static let xy: [SchemaValue.Member] = [.init("x", .bindable(.number)), .init("y", .bindable(.number))]
    static let clipShapes = ["rect", "circle", "capsule"]

    static let keys: [NodeKey] = [
        NodeKey("padding", .edges),
        NodeKey("frame", .record(LayoutParser.frameKeys.map { key in
            key == "alignment" ? .init(key, .bindable(.words(Alignment.names)))
                : .init(key, .bindable(.number, .words(["infinity", ".infinity"])))
        })),
        NodeKey("background", .anyOf([.paint, .node])),
        NodeKey("overlay", .anyOf([.paint, .node])),
        NodeKey("opacity", .bindable(.number)),
        NodeKey("cornerRadius", .bindable(.number)),
        NodeKey("clip", .bindable(.words(clipShapes), .record([
            .init("roundedRect", .bindable(.number)), .init("style", .bindable(.words(ShapeNodes.cornerStyles))),
        ], required: ["roundedRect"]))),
        NodeKey("fixedSize", .bindable(.boolean, .words(["true", "horizontal", "vertical"]))),
        NodeKey("offset", .bindable(.record(xy))),
        NodeKey("rotation", SchemaValue.bindable(.number).described(
            "Degrees, drawn rotated about `anchor` (default center); the layout frame stays.")),
        NodeKey("scale", .bindable(.number, .record(xy))),
        NodeKey("scaleEffect", .bindable(.number, .record(xy))),
        NodeKey("anchor", .bindable(.words(ColorSyntax.unitPoints), .record(xy))),
        NodeKey("backgroundAlignment", .bindable(.words(Alignment.names))),
        NodeKey("overlayAlignment", .bindable(.words(Alignment.names))),
        NodeKey("widgetAccentable", SchemaValue.bindable(.boolean).described(
            "SwiftUI widgetAccentable: true puts this view and everything inside it into the accent group of the accented (tinted Home Screen) rendering mode; false back into the primary group.")),
    ]
}

extension Binder {
    mutating func modifier(_ m: TemplateModifier, _ env: Environment) -> Modifier? {
        switch m {
        case .padding(let e): return .padding(e)
        case .frame(let f): return .frame(f)
        case .opacity(let o): return .opacity(o)
        case .clip(let c): return .clip(c)
        case .fixedSize(let h, let v): return .fixedSize(horizontal: h, vertical: v)
        case .offset(let x, let y): return .offset(x: x, y: y)
        case .rotation(let degrees, let anchor): return .rotation(degrees: degrees, anchor: anchor)
        case .scale(let x, let y, let anchor): return .scale(x: x, y: y, anchor: anchor)
        case .accentable(let on): return .accentable(on)
        case .background(let layer, let alignment):
            return layerNode(layer, env).map { .background($0, alignment: alignment) }
        case .overlay(let layer, let alignment):
            return layerNode(layer, env).map { .overlay($0, alignment: alignment) }
        }
    }

    mutating func layerNode(_ layer: TemplateModifier.Layer, _ env: Environment) -> ViewNode? {
        switch layer {
        case .paint(let p):
            guard let paint = paint(p, env), admit(1, at: nil) else { return nil }
            return ViewNode(.shape(ShapeContent(shape: .rect, fill: paint)))
        case .node(let n):
            return single(n, env)
        }
    }
}
