import Yams
import WidgetModel

extension LayoutParser {
    static let kinds = ["vstack", "hstack", "zstack", "spacer", "text", "icon", "image", "rect", "circle", "capsule",
                        "ellipse", "roundedRect", "path", "progress", "divider", "forEach", "use"]
    static let commonKeys = ["when", "layoutPriority", "color", "foreground", "font", "unredacted"]
        + TextEnvironmentTemplate.keys
    static let modifierKeys = ["padding", "frame", "background", "overlay", "opacity", "cornerRadius", "clip",
                               "fixedSize", "offset", "rotation", "scale", "scaleEffect", "anchor", "backgroundAlignment",
                               "overlayAlignment", "widgetAccentable"]
    static let shapeKeys = ["fill", "stroke", "lineWidth", "dash"]

    static func parameters(of kind: String) -> [String] {
        switch kind {
        case "vstack", "hstack": ["spacing", "alignment"]
        case "zstack": ["alignment"]
        case "spacer": ["minLength"]
        case "text": ["style", "size", "weight", "bold", "lineHeight", "lineLimit", "minimumScaleFactor",
                      "multilineAlignment", "monospacedDigit", "truncationMode", "tracking"]
        case "icon": ["size"]
        case "image": ["resizable", "contentMode", "scale", "renderingMode"]
        case "rect", "circle", "capsule", "ellipse": shapeKeys
        case "roundedRect": ["style"] + shapeKeys
        case "path": ["closed", "curved"] + shapeKeys
        case "progress": ["style", "tint", "track", "thickness", "marker"]
        case "forEach": ["as", "limit", "content"]
        case "use": ["with"]
        default: []
        }
    }

    /// Kinds whose value may be left out, so `- spacer` or `- divider` is a whole node.
    static let bareKinds: Set<String> = ["spacer", "divider", "rect", "circle", "capsule", "ellipse"]

    mutating func parseNode(_ yaml: Yams.Node, depth: Int) -> TemplateNode? {
        if depth > limits.nestingDepth {
            error(SourceCheck.tooDeepMessage(limits), yaml)
            return nil
        }
        if case .scalar(let s) = yaml, Self.bareKinds.contains(s.string) {
            return node(kind: s.string, value: nil, params: [:], order: [], at: yaml, depth: depth)
        }
        guard case .mapping = yaml else {
            error("expected a node (a mapping with one of \(Self.kinds.joined(separator: ", "))), found \(describe(yaml))", yaml)
            return nil
        }
        let entries = pairs(yaml)
        let kindEntries = entries.filter { Self.kinds.contains($0.key) }
        if kindEntries.count > 1 {
            error("two node kinds in one node: '\(kindEntries[0].key)' and '\(kindEntries[1].key)' (a node has exactly one kind; put them in a stack)", kindEntries[1].keyNode)
            return nil
        }
        guard let kindEntry = kindEntries.first else {
            let known = Set(Self.commonKeys + Self.modifierKeys + Self.kinds.flatMap(Self.parameters))
            if let stray = entries.first(where: { !known.contains($0.key) }) {
                let hint = Suggestion.nearest(stray.key, in: Self.kinds).map { "did you mean \($0)? " } ?? ""
                error("unknown node kind '\(stray.key)' (\(hint)expected one of \(Self.kinds.joined(separator: ", ")))", stray.keyNode)
            } else {
                error("missing node kind (expected one of \(Self.kinds.joined(separator: ", ")))", yaml)
            }
            return nil
        }
        let allowed = Self.parameters(of: kindEntry.key) + Self.commonKeys + Self.modifierKeys
        var params: [String: Yams.Node] = [:]
        var order: [(String, Yams.Node)] = []
        var ok = true
        for e in entries where e.key != kindEntry.key {
            if !allowed.contains(e.key) {
                let hint = Suggestion.nearest(e.key, in: allowed).map { " (did you mean \($0)?)" } ?? ""
                error("unknown key '\(e.key)' for \(kindEntry.key)\(hint) (expected one of \(allowed.joined(separator: ", ")))", e.keyNode)
                ok = false
                continue
            }
            params[e.key] = e.value
            order.append((e.key, e.value))
        }
        let result = node(kind: kindEntry.key, value: kindEntry.value, params: params, order: order, at: yaml, depth: depth)
        return ok ? result : nil
    }

    private mutating func node(kind: String, value: Yams.Node?, params: [String: Yams.Node], order: [(String, Yams.Node)],
                               at yaml: Yams.Node, depth: Int) -> TemplateNode? {
        let errorCount = errors.count
        guard let templateKind = self.kind(kind, value, params, at: yaml, depth: depth) else { return nil }
        var n = TemplateNode(kind: templateKind, source: locate(yaml))
        for (key, v) in order {
            switch key {
            case "when": n.when = condition(v)
            case "layoutPriority": n.layoutPriority = number(v, key, in: -1000...1000) ?? 0
            case "color", "foreground":
                if params["color"] != nil, params["foreground"] != nil, key == "foreground" {
                    error("'color' and 'foreground' mean the same; give one", v)
                }
                n.foreground = paint(v, key)
            case "font": n.font = fontTemplate(v)
            case "unredacted": n.unredacted = bool(v, key) ?? false
            case "lineLimit", "minimumScaleFactor", "multilineAlignment", "monospacedDigit", "truncationMode":
                // A text reads its own (TextTemplate); other nodes pass them on to the texts inside.
                if case .text(let tt) = templateKind {
                    textEnvironment(&n.textEnvironment, own: tt, key)
                } else {
                    textEnvironment(&n.textEnvironment, key, v)
                }
            case "anchor":
                if params["rotation"] == nil, params["scaleEffect"] == nil, params["scale"] == nil || kind == "image" {
                    error("'anchor' without 'rotation' or 'scale'", v)
                }
            case "scale" where kind == "image":
                break // the image's asset scale (ImageTemplate)
            case "backgroundAlignment", "overlayAlignment":
                let owner = key == "backgroundAlignment" ? "background" : "overlay"
                if params[owner] == nil { error("'\(key)' without '\(owner)'", v) }
                _ = alignment(v, key)
            default:
                if let m = modifier(key, v, params: params, depth: depth) { n.modifiers.append(m) }
            }
        }
        return errors.count == errorCount ? n : nil
    }

    /// A text's own setting, as it parsed it.
    private func textEnvironment(_ e: inout TextEnvironmentTemplate, own t: TextTemplate, _ key: String) {
        switch key {
        case "lineLimit": e.lineLimit = t.lineLimit
        case "minimumScaleFactor": e.minimumScaleFactor = t.minimumScaleFactor
        case "multilineAlignment": e.multilineAlignment = t.alignment
        case "truncationMode": e.truncationMode = t.truncationMode
        default: e.monospacedDigit = t.monospacedDigit
        }
    }

    /// A text setting written on a container, for the texts inside.
    private mutating func textEnvironment(_ e: inout TextEnvironmentTemplate, _ key: String, _ v: Yams.Node) {
        switch key {
        case "lineLimit": e.lineLimit = integer(v, key, in: 1...1000)
        case "minimumScaleFactor": e.minimumScaleFactor = number(v, key, in: 0.01...1)
        case "multilineAlignment": e.multilineAlignment = word(v, key, ["leading", "center", "trailing"], TextAlignment.init)
        case "truncationMode": e.truncationMode = word(v, key, TruncationMode.allCases.map(\.rawValue), TruncationMode.init)
        default: e.monospacedDigit = bool(v, key)
        }
    }

    private mutating func children(_ value: Yams.Node?, _ kind: String, depth: Int) -> [TemplateNode] {
        guard let value else { return [] }
        if scalarValue(value) == .null { return [] }
        guard case .sequence(let seq) = value else {
            error("expected a list of nodes for '\(kind)', found \(describe(value))", value)
            return []
        }
        return seq.compactMap { node($0, depth: depth + 1) }
    }

    private mutating func kind(_ kind: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node,
                               depth: Int) -> TemplateKind? {
        let isNullValue = value.map { scalarValue($0) == .null } ?? true
        switch kind {
        case "vstack":
            let spacing = p["spacing"].flatMap { number($0, "spacing") }
            let a = p["alignment"].flatMap { word($0, "alignment", HorizontalAlignment.allCases.map(\.rawValue), HorizontalAlignment.init) }
            return .vstack(spacing: spacing, alignment: a ?? .center, children: children(value, kind, depth: depth))
        case "hstack":
            let spacing = p["spacing"].flatMap { number($0, "spacing") }
            let a = p["alignment"].flatMap { word($0, "alignment", VerticalAlignment.allCases.map(\.rawValue), VerticalAlignment.init) }
            return .hstack(spacing: spacing, alignment: a ?? .center, children: children(value, kind, depth: depth))
        case "zstack":
            let a = p["alignment"].flatMap { alignment($0, "alignment") }
            return .zstack(alignment: a ?? .center, children: children(value, kind, depth: depth))
        case "spacer":
            var minLength = p["minLength"].flatMap { number($0, "minLength") }
            if let value, !isNullValue { minLength = number(value, "spacer") }
            return .spacer(minLength: minLength)
        case "text":
            return textTemplate(value, p, at: yaml).map(TemplateKind.text)
        case "icon":
            guard let value, let name = interpolated(value, "icon") else {
                if value == nil { error("expected an icon name for 'icon'", yaml) }
                return nil
            }
            if let constant = name.constantText, IconCatalog.glyph(for: constant) == nil {
                error("unknown icon '\(constant)'\(Suggestion.hint(constant, in: IconCatalog.names)) (see `widgetshot list` for the \(IconCatalog.codepoints.count) icons)", value)
                return nil
            }
            let size = p["size"].flatMap { number($0, "size", in: 0...1000) }
            return .icon(IconTemplate(name: name, size: size))
        case "image":
            guard let value, let path = interpolated(value, "image") else {
                if value == nil { error("expected a PNG path for 'image'", yaml) }
                return nil
            }
            var t = ImageTemplate(path: path)
            if let v = p["resizable"] { t.resizable = bool(v, "resizable") ?? false }
            if let v = p["contentMode"], let m = word(v, "contentMode", ["fit", "fill"], ContentMode.init) { t.contentMode = m }
            if let v = p["scale"], let s = number(v, "scale", in: 0.1...10) { t.scale = s }
            if let v = p["renderingMode"] {
                t.renderingMode = word(v, "renderingMode", ImageTemplate.RenderingMode.allCases.map(\.rawValue), ImageTemplate.RenderingMode.init)
            }
            return .image(t)
        case "rect", "circle", "capsule", "ellipse", "roundedRect", "path":
            return shapeTemplate(kind, value, p, isNullValue: isNullValue).map(TemplateKind.shape)
        case "progress":
            return progressTemplate(value, p, at: yaml, depth: depth).map(TemplateKind.progress)
        case "divider":
            if let value, !isNullValue { error("expected nothing after 'divider:', found \(describe(value))", value) }
            return .divider
        case "forEach":
            return forEachTemplate(value, p, at: yaml, depth: depth).map(TemplateKind.forEach)
        case "use":
            return useTemplate(value, p, at: yaml).map(TemplateKind.use)
        default:
            return nil
        }
    }

    mutating func alignment(_ node: Yams.Node, _ key: String) -> Alignment? {
        word(node, key, ColorSyntax.unitPoints, Alignment.init(name:))
    }

    /// A `when:` condition: an expression string (optionally wrapped in {{ }}), or true/false.
    mutating func condition(_ node: Yams.Node) -> Expression? {
        guard case .scalar(let s) = node else {
            error("expected an expression for 'when', found \(describe(node))", node); return nil
        }
        switch DataConverter.scalarValue(s) {
        case .bool(let b): return .literal(.bool(b))
        case .null: error("expected an expression for 'when', found null", node); return nil
        default: break
        }
        var text = s.string
        var lead = 0
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.count >= 4 {
            lead = text.unicodeScalars.prefix { $0 == " " }.count + 2
            text = String(trimmed.dropFirst(2).dropLast(2))
        }
        do {
            return try ExpressionParser.parse(text, limits: limits)
        } catch {
            errors.append(.error("in 'when': \(error.message)", at: origin(of: node).location(at: lead + error.offset)))
            return nil
        }
    }

    mutating func fontTemplate(_ node: Yams.Node) -> FontTemplate? {
        if case .scalar = node {
            return word(node, "font", TextStyle.allCases.map(\.rawValue), TextStyle.init).map { FontTemplate(style: $0) }
        }
        guard case .mapping = node else { error("expected a text style or {style, size, weight} for 'font', found \(describe(node))", node); return nil }
        var f = FontTemplate()
        for (k, kn, v) in pairs(node) {
            switch k {
            case "style": f.style = word(v, "style", TextStyle.allCases.map(\.rawValue), TextStyle.init)
            case "size": f.size = number(v, "size", in: 1...1000)
            case "weight": f.weight = word(v, "weight", FontWeight.allCases.map(\.rawValue), FontWeight.init)
            default: unknownKey(k, kn, in: "font", allowed: ["style", "size", "weight"])
            }
        }
        return f
    }

    mutating func textTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node) -> TextTemplate? {
        guard let value else { return nil }
        var variants: [LocalizedText.Variant] = []
        switch value {
        case .scalar(let s):
            if DataConverter.scalarValue(s) == .null {
                error("expected a string for 'text', found null", value); return nil
            }
            guard let i = interpolate(s.string, value) else { return nil }
            variants = [.init(locale: "", text: i)]
        case .mapping:
            for (k, kn, v) in pairs(value) {
                guard LocaleCodes.isCode(k) else {
                    error("expected a locale code such as ko or en in a localized text, found '\(k)'", kn); continue
                }
                guard case .scalar(let s) = v, let i = interpolate(s.string, v) else {
                    if case .scalar = v {} else { error("expected a string for '\(k)', found \(describe(v))", v) }
                    continue
                }
                variants.append(.init(locale: k, text: i))
            }
            if variants.isEmpty { error("expected a string or {ko: …, en: …} for 'text'", value); return nil }
        default:
            error("expected a string or {ko: …, en: …} for 'text', found \(describe(value))", value); return nil
        }
        for v in variants {
            if let constant = v.text.constantText, constant.unicodeScalars.count > limits.textLength {
                error("text is \(constant.unicodeScalars.count) characters, more than the limit of \(limits.textLength) (Limits.textLength)", value)
                return nil
            }
        }
        var t = TextTemplate(content: LocalizedText(variants: variants))
        if let v = p["style"] { t.style = word(v, "style", TextStyle.allCases.map(\.rawValue), TextStyle.init) }
        if let v = p["size"] { t.size = number(v, "size", in: 1...1000) }
        if let v = p["weight"] { t.weight = word(v, "weight", FontWeight.allCases.map(\.rawValue), FontWeight.init) }
        if let v = p["bold"] { t.bold = bool(v, "bold") ?? false }
        if let v = p["lineHeight"] { t.lineHeight = number(v, "lineHeight", in: 1...1000) }
        if let v = p["lineLimit"] { t.lineLimit = integer(v, "lineLimit", in: 1...1000) }
        if let v = p["minimumScaleFactor"], let f = number(v, "minimumScaleFactor", in: 0.01...1) { t.minimumScaleFactor = f }
        if let v = p["multilineAlignment"], let a = word(v, "multilineAlignment", ["leading", "center", "trailing"], TextAlignment.init) { t.alignment = a }
        if let v = p["monospacedDigit"] { t.monospacedDigit = bool(v, "monospacedDigit") ?? false }
        if let v = p["truncationMode"], let m = word(v, "truncationMode", TruncationMode.allCases.map(\.rawValue), TruncationMode.init) {
            t.truncationMode = m
        }
        if let v = p["tracking"] { t.tracking = number(v, "tracking", in: -100...100) }
        return t
    }

    private mutating func shapeTemplate(_ kind: String, _ value: Yams.Node?, _ p: [String: Yams.Node], isNullValue: Bool) -> ShapeTemplate? {
        let shape: ShapeKind
        switch kind {
        case "rect", "circle", "capsule", "ellipse":
            if let value, !isNullValue, scalarValue(value) != .bool(true) {
                error("expected nothing after '\(kind):', found \(describe(value))", value)
            }
            shape = kind == "rect" ? .rect : kind == "circle" ? .circle : kind == "capsule" ? .capsule : .ellipse
        case "roundedRect":
            guard let value, let r = number(value, "roundedRect") else { return nil }
            var continuous = true
            if let s = p["style"], let c = word(s, "style", ["continuous", "circular"], { $0 == "continuous" ? true : $0 == "circular" ? false : nil }) {
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

    private mutating func progressTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int) -> ProgressTemplate? {
        guard let value else { return nil }
        let v: ProgressTemplate.Value
        switch value {
        case .scalar(let s):
            switch DataConverter.scalarValue(s) {
            case .number:
                guard let f = number(value, "progress", in: 0...1) else { return nil }
                v = .fraction(f)
            case .string(let text):
                guard let i = interpolate(text, value) else { return nil }
                guard !i.isConstant else {
                    error("expected a fraction 0…1, a binding or {start, end} for 'progress', found \(describe(value))", value)
                    return nil
                }
                v = .bound(i)
            default:
                error("expected a fraction 0…1, a binding or {start, end} for 'progress', found \(describe(value))", value)
                return nil
            }
        case .mapping:
            var start: Interpolated?, end: Interpolated?, countsDown = false
            for (k, kn, item) in pairs(value) {
                switch k {
                case "start": start = dateTemplate(item, k)
                case "end": end = dateTemplate(item, k)
                case "countsDown": countsDown = bool(item, k) ?? false
                default: unknownKey(k, kn, in: "progress", allowed: ["start", "end", "countsDown"])
                }
            }
            guard let start, let end else {
                error("a timer progress needs 'start' and 'end'", value)
                return nil
            }
            v = .interval(start: start, end: end, countsDown: countsDown)
        default:
            error("expected a fraction 0…1, a binding or {start, end} for 'progress', found \(describe(value))", value)
            return nil
        }
        var t = ProgressTemplate(value: v)
        if let s = p["style"], let style = word(s, "style", ["linear", "gauge", "ring"], ProgressStyle.init) { t.style = style }
        if let s = p["tint"] { t.tint = paint(s, "tint") }
        if let s = p["track"] { t.track = paint(s, "track") }
        if let s = p["thickness"], let n = number(s, "thickness", in: 0...1000) { t.thickness = n }
        if let m = p["marker"] {
            if t.style != .linear { error("'marker' is for a linear progress bar", m) }
            t.marker = node(m, depth: depth + 1)
        }
        return t
    }

    /// A date written in place (checked now) or bound (checked when bound).
    private mutating func dateTemplate(_ node: Yams.Node, _ key: String) -> Interpolated? {
        guard case .scalar(let s) = node else { error("expected a date for '\(key)', found \(describe(node))", node); return nil }
        guard let i = interpolate(s.string, node) else { return nil }
        if let c = i.constantText, ISODate.parse(c) == nil, ScalarSyntax.number(c) == nil {
            let why = ISODate.problem(c).map { " (\($0))" } ?? ""
            error("expected an ISO 8601 date such as 2026-11-22T12:45:00+09:00 for '\(key)', found \(describe(node))\(why)", node)
            return nil
        }
        return i
    }

    private mutating func forEachTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int) -> ForEachTemplate? {
        guard let value, case .scalar(let s) = value, case .string(var text) = DataConverter.scalarValue(s) else {
            error("expected a path to a list for 'forEach', found \(value.map(describe) ?? "nothing")", value ?? yaml)
            return nil
        }
        var lead = 0
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}") {
            lead = text.unicodeScalars.prefix { $0 == " " }.count + 2
            text = String(trimmed.dropFirst(2).dropLast(2))
        }
        let list: Expression
        do { list = try ExpressionParser.parse(text, limits: limits) } catch {
            errors.append(.error("in 'forEach': \(error.message)", at: origin(of: value).location(at: lead + error.offset)))
            return nil
        }
        guard let contentNode = p["content"] else {
            error("forEach needs 'content': the node repeated for each item", yaml)
            return nil
        }
        guard let content = node(contentNode, depth: depth + 1) else { return nil }
        var t = ForEachTemplate(list: list, listText: text.trimmingSpaces, content: content)
        if let a = p["as"], let name = string(a, "as") {
            if name.isEmpty || !name.unicodeScalars.allSatisfy(ExpressionParser.isWordPart) || !ExpressionParser.isWordStart(name.unicodeScalars.first!) {
                error("expected a name for 'as', found '\(name)'", a)
            } else {
                t.itemName = name
            }
        }
        if let l = p["limit"], let n = integer(l, "limit", in: 0...Int(Int32.max)) {
            if n > limits.forEachItems {
                error("forEach 'limit' is \(n), more than the limit of \(limits.forEachItems) items (Limits.forEachItems)", l)
            } else {
                t.limit = n
            }
        }
        return t
    }

    private mutating func useTemplate(_ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node) -> UseTemplate? {
        guard let value, let name = string(value, "use") else { return nil }
        guard componentNames.contains(name) else {
            let list = sortedComponentNames
            error("unknown component '\(name)'\(Suggestion.hint(name, in: list))" + (list.isEmpty ? " (the layout has no components:)" : " (expected one of \(Suggestion.list(list)))"), value)
            return nil
        }
        var t = UseTemplate(component: name, arguments: [])
        if let w = p["with"] {
            guard case .mapping = w else { error("expected a mapping {name: expression} for 'with', found \(describe(w))", w); return nil }
            for (k, _, v) in pairs(w) {
                switch v {
                case .scalar(let s):
                    switch DataConverter.scalarValue(s) {
                    case .string(let text) where s.style == .plain || s.style == .any:
                        if text.contains("{{") {
                            if let i = interpolate(text, v) {
                                t.arguments.append(.init(name: k, value: .interpolated(i)))
                            }
                        } else {
                            do { t.arguments.append(.init(name: k, value: .expression(try ExpressionParser.parse(text, limits: limits)))) } catch {
                                errors.append(.error("in 'with': \(error.message)", at: origin(of: v).location(at: error.offset)))
                            }
                        }
                    case .string(let text):
                        if let i = interpolate(text, v) { t.arguments.append(.init(name: k, value: .interpolated(i))) }
                    case let other:
                        t.arguments.append(.init(name: k, value: .constant(other)))
                    }
                default:
                    var converter = DataConverter(locate: locate, limits: limits)
                    t.arguments.append(.init(name: k, value: .constant(converter.convert(v, depth: 0))))
                    errors += converter.errors
                }
            }
        }
        return t
    }
}
