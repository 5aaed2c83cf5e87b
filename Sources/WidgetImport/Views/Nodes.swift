import SwiftSyntax
import WidgetModel

extension Translator {
    /// The view a modifier chain starts from.
    func rootView(_ e: ExprSyntax, _ chain: [ModifierCall], _ scope: Scope) -> [DraftNode] {
        let at = spot(e, scope)
        let origin = Origin(spot: at, construct: Self.short(e))
        if let c = e.as(FunctionCallExprSyntax.self) {
            let name = Self.calleeName(c) ?? Self.short(c.calledExpression)
            return callView(c, name: name, chain, scope, at: at, origin: origin)
        }
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            if let local = scope.viewLocals[name] {
                var inner = scope; inner.viewLocals[name] = nil
                return view(local, inner)
            }
            if let node = memberComponent(name, arguments: nil, scope, at: at) { return [node] }
            if let v = scope.names[name], case .paint(let p) = v.form { return [colorView(p, at: at, origin: origin)] }
            return [placeholder(name, at: at, why: "a view that is not in the given files", scope: scope)]
        }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if let typeName = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let owner = catalog.type(typeName),
               let member = owner.members[m.declName.baseName.text], member.isStatic {
                return staticView(member, arguments: [], scope, at: at)
            }
            if m.base?.trimmedDescription == "self", let node = memberComponent(m.declName.baseName.text, arguments: nil, scope, at: at) {
                return [node]
            }
            let v = value(e, scope, expecting: .color)
            if let p = paintYAML(v), case .paint = v.form { return [colorView(p, at: at, origin: origin, notes: v.notes)] }
            if case .path = v.form, v.type?.name == "Color" || v.type?.name == "some ShapeStyle", let p = paintYAML(v) {
                return [colorView(p, at: at, origin: origin, notes: v.notes)]
            }
            return [placeholder(Self.short(e), at: at, why: "not a view the importer knows", scope: scope)]
        }
        if e.is(ClosureExprSyntax.self) {
            return views(e.as(ClosureExprSyntax.self)!.statements, scope)
        }
        return [placeholder(Self.short(e), at: at, why: "not a view the importer knows", scope: scope)]
    }

    func colorView(_ paint: YAMLValue, at: SourceSpot, origin: Origin, notes: [String] = []) -> DraftNode {
        recordNode(at, origin.construct, notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        var n = DraftNode("rect", origin: origin)
        n.entries.append(("fill", paint))
        return counted(n)
    }

    func modifierNames(_ chain: [ModifierCall]) -> Set<String> { Set(chain.map(\.name)) }

    /// The style a chain sets with `.labelStyle(.iconOnly)`, `.progressViewStyle(.circular)` …
    func styleArgument(_ chain: [ModifierCall], _ modifier: String) -> String? {
        guard let m = chain.last(where: { $0.name == modifier }), let first = m.arguments.first?.expression else { return nil }
        if let ma = first.as(MemberAccessExprSyntax.self) { return ma.declName.baseName.text }
        if let c = first.as(FunctionCallExprSyntax.self), let ma = c.calledExpression.as(MemberAccessExprSyntax.self) { return ma.declName.baseName.text }
        return first.trimmedDescription
    }

    func callView(_ c: FunctionCallExprSyntax, name: String, _ chain: [ModifierCall], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        let args = Self.arguments(c.arguments)
        func done(_ n: DraftNode, _ outcome: Outcome = .translated, _ why: String? = nil) -> [DraftNode] {
            recordNode(at, name, outcome, why)
            return [counted(n)]
        }
        func content(_ closure: ClosureExprSyntax?, _ s: Scope) -> [DraftNode] {
            guard let closure else { return [] }
            return views(closure.statements, s)
        }
        switch name {
        case "VStack", "LazyVStack", "HStack", "LazyHStack", "ZStack", "GridRow":
            let kind = name.hasSuffix("VStack") ? "vstack" : name == "ZStack" ? "zstack" : "hstack"
            var inner = scope
            inner.names["$parentStack"] = Value(.text(kind))
            let children = content(Self.closure(c, nil) ?? Self.closure(c, "content"), inner)
            var n = DraftNode.stack(kind, children, origin: origin)
            var outcome = Outcome.translated
            var why: [String] = []
            if let a = args["alignment"] {
                let word = a.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
                let allowed = kind == "vstack" ? ["leading", "center", "trailing"] : kind == "hstack" ? ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"] : Self.unitPoints
                if allowed.contains(word) {
                    n.entries.append(("alignment", .string(word.contains("TextBaseline") ? (word.hasPrefix("first") ? "top" : "bottom") : word)))
                    if word.contains("TextBaseline") { outcome = .partly; why.append("alignment .\(word) is aligned by the text's box") }
                } else { outcome = .partly; why.append("alignment \(Self.short(a)) is not translated") }
            }
            if let s = args["spacing"] {
                if case .number(let x) = value(s, scope, expecting: .number).form { n.entries.append(("spacing", .number(x))) }
                else { outcome = .partly; why.append("spacing \(Self.short(s)) is not a number") }
            }
            return done(n, outcome, why.joined(separator: "; "))
        case "Group", "ScrollView", "TimelineView", "Grid", "ViewThatFits", "GeometryReader", "NavigationStack", "NavigationView",
             "NavigationSplitView", "List", "Form", "Section", "LazyVGrid", "LazyHGrid", "TabView":
            var inner = scope
            if name == "GeometryReader" || name == "TimelineView", let closure = Self.closure(c, nil) {
                for p in Self.closureParameters(closure) { inner.names[p] = .unknown(p) }
            }
            var nodes = content(Self.closure(c, nil) ?? Self.closure(c, "content"), inner)
            switch name {
            case "ViewThatFits":
                var n = DraftNode.stack("viewThatFits", nodes, origin: origin)
                var outcome = Outcome.translated
                if let axes = args["in"] {
                    switch Self.short(axes) {
                    case ".horizontal": n.entries.append(("in", .string("horizontal")))
                    case ".vertical": n.entries.append(("in", .string("vertical")))
                    case "[.horizontal, .vertical]", "[.vertical, .horizontal]": break
                    default: outcome = .partly
                    }
                }
                return done(n, outcome, outcome == .partly ? "axes \(Self.short(args["in"]!)) are read as both" : nil)
            case "NavigationStack", "NavigationView", "NavigationSplitView", "Section", "TabView":
                recordNode(at, name, .partly, "\(name) has no place in a widget: its content is shown as it is")
                if name == "Section", let header = Self.closure(c, "header") {
                    nodes = views(header.statements, scope) + nodes
                }
            case "ScrollView", "Grid", "List", "Form", "LazyVGrid", "LazyHGrid":
                recordNode(at, name, .partly, "\(name) is laid out as a vstack")
                return [single(nodes, origin: origin) ?? counted(DraftNode.stack("vstack", [], origin: origin))]
            case "GeometryReader":
                recordNode(at, name, .partly, "GeometryReader: its content is laid out without the proxy's size")
                var z = DraftNode.stack("zstack", nodes, origin: origin)
                z.entries.append(("alignment", .string("topLeading")))
                z.entries.append(("frame", .map([("maxWidth", .number(.infinity)), ("maxHeight", .number(.infinity)), ("alignment", .string("topLeading"))])))
                return [counted(z)]
            case "TimelineView":
                recordNode(at, name, .partly, "TimelineView: its content is drawn once, at the preview's now")
            default:
                recordNode(at, name, .translated)
            }
            return nodes
        case "Spacer":
            var n = DraftNode("spacer", origin: origin)
            if let m = args["minLength"] ?? args["_0"], case .number(let x) = value(m, scope, expecting: .number).form {
                n.value = .number(x)
            }
            return done(n)
        case "Divider":
            return done(DraftNode("divider", origin: origin))
        case "EmptyView":
            recordNode(at, name, .translated)
            return []
        case "AnyView":
            guard let inner = args["_0"] else { return [] }
            return view(inner, scope)
        case "Text":
            return [textNode(c, args, scope, at: at, origin: origin)]
        case "Image", "Image.init":
            return [imageNode(c, args, chain, scope, at: at, origin: origin)]
        case "Label":
            return [labelNode(c, args, chain, scope, at: at, origin: origin)]
        case "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "ContainerRelativeShape", "UnevenRoundedRectangle":
            return [shapeNode(name, args, scope, at: at, origin: origin)]
        case "Color", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient":
            let v = value(ExprSyntax(c), scope, expecting: .color)
            guard let p = paintYAML(v) else { return [placeholder(Self.short(c), at: at, why: "a colour the importer cannot read", scope: scope)] }
            return [colorView(p, at: at, origin: origin, notes: v.notes)]
        case "ProgressView":
            return [progressNode(c, args, chain, scope, at: at, origin: origin)]
        case "Gauge":
            return gaugeNode(c, args, chain, scope, at: at, origin: origin)
        case "Slider", "Stepper":
            // The nearest picture: a bar filled to the value (the knob and its range are left out).
            guard let v = args["value"] else { break }
            let value = self.value(v, scope, expecting: .number)
            var fraction: YAMLValue = .number(0.5)
            if case .number(let x) = value.form { fraction = .number(max(0, min(1, x))) }
            else if let x = value.expression, name == "Slider" { fraction = .string("{{\(x)}}"); usage.use(value.source, .number, type: value.type) }
            return done(DraftNode("progress", fraction, origin: origin), .partly, "\(name) is drawn as a progress bar at its value")
        case "ForEach":
            return forEachNode(c, args, scope, at: at, origin: origin)
        case "Button", "Link", "ShareLink", "Menu", "ControlWidgetButton":
            return buttonNodes(c, name: name, args, chain, scope, at: at, origin: origin)
        case "Toggle", "ControlWidgetToggle":
            var nodes = content(Self.closure(c, "label") ?? Self.closure(c, nil), scope)
            if nodes.isEmpty, let title = args["_0"] {
                let v = value(title, scope, expecting: .text)
                if let pieces = v.textPieces { nodes = [counted(DraftNode("text", .string(Value.render(pieces)), origin: origin))] }
            }
            var knob = DraftNode("capsule", origin: origin)
            knob.entries = [("fill", .string("green")), ("frame", .map([("width", .number(51)), ("height", .number(31))]))]
            var h = DraftNode.stack("hstack", nodes + [counted(knob)], origin: origin)
            h.entries.append(("spacing", .number(8)))
            return done(h, .partly, "a toggle is drawn as its label and an 'on' switch; its state and intent are not in the layout")
        case "DynamicIslandExpandedRegion":
            return content(Self.closure(c, nil), scope)
        case "AsyncImage":
            return [placeholder("AsyncImage", at: at, why: "a remote image: put a PNG beside the layout and use image:", scope: scope)]
        case "Map", "MapSnapshotView", "MapView", "Chart", "Canvas", "SpriteView", "VideoPlayer", "WebView":
            return [placeholder(name, at: at, why: "\(name) is not in the layout language", scope: scope)]
        default:
            break
        }
        // `ListRow.value(…)`, `Icon.warning()`: a static factory of the given files, translated in place.
        if let dot = name.lastIndex(of: "."), let owner = catalog.type(String(name[..<dot])),
           let m = owner.members[String(name[name.index(after: dot)...])], m.isStatic {
            return staticView(m, arguments: Array(c.arguments), scope, at: at)
        }
        // A helper view of the given files → a component.
        if let t = catalog.type(name), t.isView {
            if let n = viewComponentUse(t, c, scope, at: at) { return n }
        }
        if c.calledExpression.is(DeclReferenceExprSyntax.self) || c.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "self",
           let node = memberComponent(c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                                        ?? c.calledExpression.as(MemberAccessExprSyntax.self)!.declName.baseName.text,
                                      arguments: c.arguments, scope, at: at) {
            return [node]
        }
        let known = catalog.type(name) != nil
        return [placeholder(name, at: at, why: known ? "\(name) is not a view" : "\(name) is not in the given files", scope: scope)]
    }

    /// A static member that builds a view: its body, with its parameters bound to the arguments.
    func staticView(_ m: Member, arguments: [LabeledExprSyntax], _ scope: Scope, at: SourceSpot) -> [DraftNode] {
        let key = "\(m.owner ?? "").\(m.name)"
        if evaluating.contains(key) || scope.depth > limits.importDepth {
            return [placeholder(key, at: at, why: "a view that contains itself", scope: scope)]
        }
        evaluating.insert(key); defer { evaluating.remove(key) }
        var s = Scope(source: m.source)
        s.depth = scope.depth + 1
        s.surface = scope.surface
        s.assumptions = scope.assumptions
        s.selfType = m.owner
        for (i, p) in m.parameters.enumerated() {
            let arg = arguments.first { $0.label?.text == (p.label ?? "") } ?? (i < arguments.count ? arguments[i] : nil)
            guard let arg else { continue }
            if looksLikeView(arg.expression, scope) { s.viewLocals[p.name] = arg.expression; continue }
            var v = value(arg.expression, scope)
            if v.type == nil { v.type = p.type }
            s.names[p.name] = v
        }
        recordNode(at, key, .translated)
        return views(m.body, s)
    }

    // MARK: Text

    func textNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> DraftNode {
        var v: Value
        if let interval = args["timerInterval"] {
            v = timerInterval(interval, countsDown: args["countsDown"], showsHours: args["showsHours"], scope)
        } else if let verbatim = args["verbatim"] {
            v = value(verbatim, scope, expecting: .text)
        } else if let first = args["_0"] {
            v = value(first, scope, expecting: .text)
            if let style = args["style"] { v = dateStyle(v, style) }
            if let format = args["format"] { v = formatted(v, format) }
            if let f = args["_0"]?.as(StringLiteralExprSyntax.self), args["tableName"] != nil || args["bundle"] != nil { _ = f }
        } else {
            v = .unknown(Self.short(c))
        }
        var notes = v.notes
        let pieces: [Value.Piece]
        if let p = v.textPieces {
            pieces = p
            usage.use(v.source, v.type?.isDate == true || v.filters.contains(where: { ["time", "date", "relative", "timer", "offset"].contains($0) }) ? .date : .text, type: v.type)
        } else {
            notes.append("\(v.unknownWhat ?? Self.short(c)) is not translated\(v.unknownWhat.map { $0.hasSuffix("(…)") ? " (not in the given files)" : "" } ?? ""): the text shows ‹…›")
            pieces = [.literal("‹\(v.unknownWhat.map { $0.count > 40 ? String($0.prefix(39)) + "…" : $0 } ?? "text")›")]
        }
        recordNode(at, "Text", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        return counted(DraftNode("text", .string(Value.render(pieces)), origin: origin))
    }

    /// `Text(timerInterval: start...end, countsDown: true)` → `timerInterval(start, end)`.
    func timerInterval(_ range: ExprSyntax, countsDown: ExprSyntax?, showsHours: ExprSyntax?, _ scope: Scope) -> Value {
        guard let (a, b) = rangeBounds(range, scope) else { return .unknown(Self.short(range)) }
        var call = "timerInterval(\(a), \(b)"
        if let cd = countsDown {
            let v = value(cd, scope, expecting: .bool)
            if case .bool(false) = v.form { call += ", countsDown: false" } else if case .bool = v.form {} else if let x = v.expression { call += ", countsDown: \(x)" }
        }
        if let sh = showsHours, case .bool(false) = value(sh, scope, expecting: .bool).form { call += ", showsHours: false" }
        return Value(.expr(call + ")"), type: .string)
    }

    /// `a...b` or `a..<b` → the two bounds as expressions (dates are recorded as such).
    func rangeBounds(_ e: ExprSyntax, _ scope: Scope) -> (String, String)? {
        guard let i = Self.strip(e).as(InfixOperatorExprSyntax.self),
              let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..." || op == "..<" else { return nil }
        let l = value(i.leftOperand, scope, expecting: .date), r = value(i.rightOperand, scope, expecting: .date)
        guard let a = l.expression, let b = r.expression else { return nil }
        usage.use(l.source, .date, type: .date); usage.use(r.source, .date, type: .date)
        return (a, b)
    }

    /// `Text("a") + Text(b)`: one text (the parts' own styles are left out).
    func concatenatedText(_ i: InfixOperatorExprSyntax, _ scope: Scope) -> DraftNode {
        var parts: [ExprSyntax] = []
        func flatten(_ e: ExprSyntax) {
            if let x = e.as(InfixOperatorExprSyntax.self), x.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
                flatten(x.leftOperand); flatten(x.rightOperand)
            } else { parts.append(e) }
        }
        flatten(ExprSyntax(i))
        var pieces: [Value.Piece] = []
        var styled = false
        for p in parts {
            var e = Self.strip(p)
            while let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
                  !isTypeReference(base, scope) { e = base; styled = true }
            if let c = e.as(FunctionCallExprSyntax.self), Self.calleeName(c) == "Text" {
                let n = textNode(c, Self.arguments(c.arguments), scope, at: spot(c, scope), origin: Origin(spot: spot(c, scope), construct: "Text"))
                nodeCount -= 1
                if case .string(let s) = n.value { pieces.append(.literal(s)) }
            } else {
                // Rendered here (bindings kept, literal braces escaped), as the Text parts are.
                let v = value(e, scope, expecting: .text)
                pieces.append(.literal(Value.render(v.textPieces ?? [.literal("‹\(Self.short(e))›")])))
            }
        }
        let at = spot(i, scope)
        if styled { recordNode(at, "Text + Text", .partly, "the parts' own fonts and colours are left out: one text") }
        else { recordNode(at, "Text + Text", .translated) }
        // Each part was already a rendered string; join them as they are.
        let text = pieces.map { if case .literal(let s) = $0 { s } else { "" } }.joined()
        return counted(DraftNode("text", .string(text), origin: Origin(spot: at, construct: "Text + Text")))
    }

    // MARK: Images and labels

    func symbolName(_ e: ExprSyntax, _ scope: Scope, at: SourceSpot) -> (YAMLValue, [String])? {
        let v = value(e, scope, expecting: .icon)
        if let t = v.literalText {
            let known = IconFallback.nearest(t)
            return (.string(known), known == t ? [] : ["SF Symbol \(t) is not in the icon set: \(known) instead"])
        }
        guard let b = v.binding else { return nil }
        usage.use(v.source, .icon, type: v.type)
        return (.string("{{\(b)}}"), v.notes)
    }

    /// SFSafeSymbols' `SFSymbol` case (`.arrowClockwiseCircle`, `SFSymbol.person2Fill`) as the
    /// symbol's name (`arrow.clockwise.circle`, `person.2.fill`): a dot before each capital and each
    /// run of digits, as the library derives its case names from the names.
    static func safeSymbolName(_ e: ExprSyntax) -> String? {
        guard let m = e.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = m.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "SFSymbol" { return nil }
        var name = m.declName.baseName.text
        if name.hasPrefix("`") { name = String(name.dropFirst().dropLast()) }
        if name.hasPrefix("_") { name.removeFirst() }
        guard !name.isEmpty else { return nil }
        var out = ""
        var previous: Character?
        for ch in name {
            if let p = previous, (ch.isUppercase || (ch.isNumber && !p.isNumber)) { out.append(".") }
            out.append(ch.isUppercase ? Character(ch.lowercased()) : ch)
            previous = ch
        }
        return out
    }

    func imageNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ chain: [ModifierCall], _ scope: Scope,
                   at: SourceSpot, origin: Origin) -> DraftNode {
        if let s = args["systemName"] ?? args["systemSymbol"] {
            let safe = args["systemName"] == nil ? Self.safeSymbolName(s) : nil
            let resolved: (YAMLValue, [String])? = safe.map { t in
                let known = IconFallback.nearest(t)
                return (.string(known), known == t ? [] : ["SF Symbol \(t) is not in the icon set: \(known) instead"])
            } ?? symbolName(s, scope, at: at)
            guard let (name, notes) = resolved else {
                return placeholder("Image(systemName: \(Self.short(s)))", at: at, why: "the symbol's name is not translated", scope: scope)
            }
            recordNode(at, "Image(systemName:)", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
            var n = DraftNode("icon", name, origin: origin)
            // A resizable symbol in a frame draws at the frame's size.
            if modifierNames(chain).contains("resizable"), let f = chain.first(where: { $0.name == "frame" }) {
                let fa = f.args
                let sizes = [fa["width"], fa["height"]].compactMap { $0 }.compactMap { e -> Double? in
                    if case .number(let x) = value(e, scope, expecting: .number).form { return x } else { return nil }
                }
                if let m = sizes.min() { n.entries.append(("size", .number(m))) }
            }
            return counted(n)
        }
        if let asset = (args["_0"] ?? args["decorative"])?.as(StringLiteralExprSyntax.self)?.plainText {
            return placeholder("Image(\"\(asset)\")", at: at, why: "an asset-catalog image: put \(asset).png beside the layout and replace this with image: \(asset).png", scope: scope)
        }
        return placeholder(Self.short(c), at: at, why: "an image the importer cannot read (only SF Symbols and named assets)", scope: scope)
    }

    func labelNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ chain: [ModifierCall], _ scope: Scope,
                   at: SourceSpot, origin: Origin) -> DraftNode {
        var title: [DraftNode] = []
        var icon: [DraftNode] = []
        var notes: [String] = []
        if let t = args["_0"] {
            let v = value(t, scope, expecting: .text)
            if let p = v.textPieces {
                title = [counted(DraftNode("text", .string(Value.render(p)), origin: origin))]
                usage.use(v.source, .text, type: v.type)
            } else { notes.append("the title \(Self.short(t)) is not translated") }
            notes += v.notes
        } else if let closure = Self.closure(c, "title") ?? (c.additionalTrailingClosures.isEmpty ? c.trailingClosure : c.trailingClosure) {
            title = views(closure.statements, scope)
        }
        if let s = args["systemImage"] ?? args["systemSymbol"] {
            if args["systemImage"] == nil, let t = Self.safeSymbolName(s) {
                let known = IconFallback.nearest(t)
                icon = [counted(DraftNode("icon", .string(known), origin: origin))]
                if known != t { notes.append("SF Symbol \(t) is not in the icon set: \(known) instead") }
            } else if let (name, n) = symbolName(s, scope, at: at) {
                icon = [counted(DraftNode("icon", name, origin: origin))]; notes += n
            } else { notes.append("the symbol \(Self.short(s)) is not translated") }
        } else if let closure = Self.closure(c, "icon") {
            icon = views(closure.statements, scope)
        } else if let asset = args["image"] {
            notes.append("the asset image \(Self.short(asset)) is left out")
        }
        switch styleArgument(chain, "labelStyle") {
        case "iconOnly"?: title = []
        case "titleOnly"?: icon = []
        default: break
        }
        recordNode(at, "Label", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        if title.isEmpty, let i = icon.first, icon.count == 1 { return i }
        if icon.isEmpty, let t = title.first, title.count == 1 { return t }
        var h = DraftNode.stack("hstack", icon + title, origin: origin)
        h.entries.append(("spacing", .number(6)))
        return counted(h)
    }

    // MARK: Shapes, progress, gauges

    func shapeNode(_ name: String, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> DraftNode {
        var outcome = Outcome.translated
        var why = ""
        var n: DraftNode
        switch name {
        case "Circle": n = DraftNode("circle", origin: origin)
        case "Capsule": n = DraftNode("capsule", origin: origin)
        case "Ellipse": n = DraftNode("ellipse", origin: origin)
        case "Rectangle": n = DraftNode("rect", origin: origin)
        case "RoundedRectangle":
            var r = 8.0
            if let e = args["cornerRadius"], case .number(let x) = value(e, scope, expecting: .number).form { r = x }
            else if let e = args["cornerSize"] { outcome = .partly; why = "cornerSize \(Self.short(e)) is read as radius 8" }
            n = DraftNode("roundedRect", .number(r), origin: origin)
            if args["style"]?.trimmedDescription == ".circular" { n.entries.append(("style", .string("circular"))) }
        case "UnevenRoundedRectangle":
            let radii = ["topLeadingRadius", "bottomLeadingRadius", "bottomTrailingRadius", "topTrailingRadius"].compactMap { args[$0] }
                .compactMap { e -> Double? in if case .number(let x) = value(e, scope, expecting: .number).form { x } else { nil } }
            n = DraftNode("roundedRect", .number(radii.max() ?? 8), origin: origin)
            outcome = .partly; why = "uneven corners are drawn with the largest radius"
        default: // ContainerRelativeShape
            n = DraftNode("containerRelative", origin: origin)
        }
        recordNode(at, name, outcome, why)
        return counted(n)
    }

    func progressNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ chain: [ModifierCall], _ scope: Scope,
                      at: SourceSpot, origin: Origin) -> DraftNode {
        var notes: [String] = []
        var n: DraftNode
        if let interval = args["timerInterval"] {
            guard let (a, b) = rangeBounds(interval, scope) else {
                return placeholder("ProgressView(timerInterval:)", at: at, why: "the interval \(Self.short(interval)) is not translated", scope: scope)
            }
            var pairs: [(String, YAMLValue)] = [("start", .string("{{\(a)}}")), ("end", .string("{{\(b)}}"))]
            if let cd = args["countsDown"], case .bool(let down) = value(cd, scope, expecting: .bool).form { pairs.append(("countsDown", .bool(down))) }
            else { pairs.append(("countsDown", .bool(true))) }
            n = DraftNode("progress", .map(pairs), origin: origin)
        } else if let v = args["value"] {
            let value = self.value(v, scope, expecting: .number)
            var fraction: YAMLValue?
            var total: Value?
            if let t = args["total"] { total = self.value(t, scope, expecting: .number) }
            switch (value.form, total?.form) {
            case (.number(let x), nil): fraction = .number(max(0, min(1, x)))
            case (.number(let x), .number(let t)?) where t != 0: fraction = .number(max(0, min(1, x / t)))
            default:
                if let x = value.expression {
                    usage.use(value.source, .number, type: value.type)
                    if let t = total {
                        if let tx = t.expression { fraction = .string("{{\(Expr.paren(x)) / \(Expr.paren(tx))}}"); usage.use(t.source, .number, type: t.type) }
                        else { notes.append("the total \(t.unknownWhat ?? "") is not translated: 1 assumed"); fraction = .string("{{\(x)}}") }
                    } else { fraction = .string("{{\(x)}}") }
                }
            }
            guard let fraction else {
                return placeholder("ProgressView(value:)", at: at, why: "the value \(Self.short(v)) is not translated", scope: scope)
            }
            notes += value.notes
            n = DraftNode("progress", fraction, origin: origin)
        } else {
            var p = placeholder("ProgressView()", at: at, why: "an indeterminate spinner is not in the layout language", scope: scope)
            p.entries.append(("frame", .map([("width", .number(20)), ("height", .number(20))])))
            return p
        }
        var ring = false
        switch styleArgument(chain, "progressViewStyle") {
        case "circular"?, "CircularProgressViewStyle"?: n.entries.append(("style", .string("ring"))); ring = true
        case nil, "linear"?, "LinearProgressViewStyle"?: break
        case let other?: notes.append("progress style \(other) is drawn linear")
        }
        // Labels: a linear bar shows its label and current value; a ring its current value.
        var labels = labelEntries(c, scope, keys: ring ? ["currentValueLabel"] : ["label", "currentValueLabel"], origin: origin)
        if !ring, labels.first(where: { $0.0 == "label" }) == nil, let a = args["_0"],
           case .text(let title) = value(a, scope, expecting: .text).form {
            labels.insert(("label", .node(counted(DraftNode("text", .string(title), origin: origin)))), at: 0)
        }
        n.entries += labels
        if ring, Self.closure(c, "label") != nil || c.trailingClosure != nil || args["_0"] != nil {
            notes.append("a circular ProgressView's label is not drawn (a ring shows its current value only): left out")
        }
        recordNode(at, "ProgressView", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        return counted(n)
    }

    func gaugeNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ chain: [ModifierCall], _ scope: Scope,
                   at: SourceSpot, origin: Origin) -> [DraftNode] {
        guard let v = args["value"] else { return [placeholder("Gauge", at: at, why: "a gauge without value:", scope: scope)] }
        let value = self.value(v, scope, expecting: .number)
        var notes = value.notes
        var lo = "0", hi = "1"
        if let range = args["in"], let (a, b) = rangeBoundsNumbers(range, scope) { lo = a; hi = b }
        var fraction: YAMLValue
        if case .number(let x) = value.form, let l = Double(lo), let h = Double(hi), h != l {
            fraction = .number(max(0, min(1, (x - l) / (h - l))))
        } else if let x = value.expression {
            usage.use(value.source, .number, type: value.type)
            fraction = .string(lo == "0" && hi == "1" ? "{{\(x)}}" : "{{(\(x) - \(lo)) / (\(hi) - \(lo))}}")
        } else {
            return [placeholder("Gauge", at: at, why: "the value \(Self.short(v)) is not translated", scope: scope)]
        }
        var n = DraftNode("progress", fraction, origin: origin)
        let style = styleArgument(chain, "gaugeStyle")
        let shown: [String]
        switch style {
        case "accessoryCircular"?, "circular"?:
            n.entries.append(("style", .string("accessoryCircular")))
            shown = ["label", "currentValueLabel", "minimumValueLabel", "maximumValueLabel"]
        case "accessoryCircularCapacity"?:
            n.entries.append(("style", .string("accessoryCircularCapacity")))
            shown = ["currentValueLabel"]
        case nil, "linearCapacity"?, "accessoryLinearCapacity"?, "linear"?:
            shown = ["label", "currentValueLabel"]
        case "accessoryLinear"?:
            notes.append("gauge style accessoryLinear (a dot on a track) is drawn as a filled bar")
            shown = ["label", "currentValueLabel"]
        case let other?:
            notes.append("gauge style \(other) is drawn as the nearest the language has")
            shown = ["label", "currentValueLabel"]
        }
        n.entries += labelEntries(c, scope, keys: shown, origin: origin)
        let dropped = ["label", "currentValueLabel", "minimumValueLabel", "maximumValueLabel"].filter { key in
            !shown.contains(key) && (key == "label" ? (Self.closure(c, "label") ?? c.trailingClosure) : Self.closure(c, key)) != nil
        }
        if !dropped.isEmpty { notes.append("this gauge style shows no \(dropped.joined(separator: ", ")): left out") }
        recordNode(at, "Gauge", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        return [counted(n)]
    }

    /// A ProgressView's or Gauge's label closures (`label:` or the first trailing closure,
    /// `currentValueLabel:`, `minimumValueLabel:`, `maximumValueLabel:`) as the progress node's keys.
    func labelEntries(_ c: FunctionCallExprSyntax, _ scope: Scope, keys: [String], origin: Origin) -> [(String, YAMLValue)] {
        var out: [(String, YAMLValue)] = []
        for key in keys {
            let closure = key == "label" ? (Self.closure(c, "label") ?? c.trailingClosure) : Self.closure(c, key)
            guard let closure, let node = single(views(closure.statements, scope), origin: origin) else { continue }
            out.append((key, .node(node)))
        }
        return out
    }

    func rangeBoundsNumbers(_ e: ExprSyntax, _ scope: Scope) -> (String, String)? {
        guard let i = Self.strip(e).as(InfixOperatorExprSyntax.self) else { return nil }
        let l = value(i.leftOperand, scope, expecting: .number), r = value(i.rightOperand, scope, expecting: .number)
        guard let a = l.expression, let b = r.expression else { return nil }
        return (a, b)
    }

    // MARK: Lists

    func forEachNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        guard let data = args["_0"] ?? args["data"], let closure = Self.closure(c, nil) ?? Self.closure(c, "content") else {
            return [placeholder("ForEach", at: at, why: "a ForEach without data and content", scope: scope)]
        }
        var notes: [String] = []
        var limit: Int?
        var listExpr = Self.strip(data)
        var enumerated = false
        var indices = false
        // Peel `Array(…)`, `.enumerated()`, `.prefix(n)`, `.indices`.
        while true {
            if let call = listExpr.as(FunctionCallExprSyntax.self), Self.calleeName(call) == "Array", let inner = call.arguments.first?.expression {
                listExpr = Self.strip(inner); continue
            }
            if let call = listExpr.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
                switch m.declName.baseName.text {
                case "enumerated": enumerated = true; listExpr = Self.strip(base); continue
                case "prefix":
                    if let n = call.arguments.first?.expression, case .number(let x) = value(n, scope, expecting: .number).form { limit = CheckedNumber.int(x, clampedTo: 0...limits.forEachItems) }
                    listExpr = Self.strip(base); continue
                case "sorted", "reversed", "filter":
                    notes.append(".\(m.declName.baseName.text)(…) is left out: the items in the data's order")
                    listExpr = Self.strip(base); continue
                default: break
                }
            }
            if let m = listExpr.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "indices", let base = m.base {
                indices = true; listExpr = Self.strip(base); continue
            }
            break
        }
        var listPath: String
        var itemType: TypeName?
        var listSource: AbstractPath?
        if let i = listExpr.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..<" || op == "...",
           case .number(let a) = value(i.leftOperand, scope, expecting: .number).form, case .number(let b) = value(i.rightOperand, scope, expecting: .number).form {
            // Bounds past ±1e9 are clamped there (and then refused as too many items) rather than trapping.
            let bound = -1_000_000_000...1_000_000_000
            let upper = CheckedNumber.int(op == "..<" ? b - 1 : b, clampedTo: bound, nanValue: 0)
            let lower = CheckedNumber.int(a, clampedTo: bound, nanValue: 1)
            guard upper >= lower, upper - lower < limits.forEachItems else {
                return [placeholder("ForEach(\(Self.short(listExpr)))", at: at, why: "a range of more than \(limits.forEachItems) items (Limits.forEachItems)", scope: scope)]
            }
            listPath = tables.addList("range\(lower)to\(upper)", (lower...upper).map { YAMLValue.number(Double($0)) })
            itemType = .int
        } else {
            let v = value(listExpr, scope, expecting: .list)
            guard case .path(let p) = v.form else {
                if case .expr(let e) = v.form, e.hasPrefix("[") {
                    let items = (listExpr.as(ArrayExprSyntax.self)?.elements.map { value($0.expression, scope).literalYAML } ?? []).compactMap { $0 }
                    if !items.isEmpty {
                        listPath = tables.addList("items", items)
                        return forEachBody(closure, listPath: listPath, itemType: v.type?.element, listSource: nil, limit: limit,
                                           enumerated: enumerated, indices: indices, notes: notes, scope, at: at, origin: origin)
                    }
                }
                return [placeholder("ForEach(\(Self.short(listExpr)))", at: at, why: "the list \(v.unknownWhat ?? Self.short(listExpr)) is not translated", scope: scope)]
            }
            listPath = p
            itemType = v.type?.element
            listSource = v.source
            notes += v.notes
            usage.use(v.source, .list, type: v.type)
        }
        return forEachBody(closure, listPath: listPath, itemType: itemType, listSource: listSource, limit: limit,
                           enumerated: enumerated, indices: indices, notes: notes, scope, at: at, origin: origin)
    }

    func forEachBody(_ closure: ClosureExprSyntax, listPath: String, itemType: TypeName?, listSource: AbstractPath?, limit: Int?,
                     enumerated: Bool, indices: Bool, notes: [String], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        var notes = notes
        var inner = scope
        let params = Self.closureParameters(closure)
        forEachCounter += 1
        let root = "item:\(forEachCounter)"
        usage.alias(root, to: listSource?.appending("[]"))
        var itemName = "item"
        let itemValue: (String) -> Value = { name in Value(.path(name), type: itemType, source: AbstractPath(root: root, keys: [])) }
        if enumerated, params.count == 2 {
            inner.names[params[0]] = Value(.path("index"), type: .int)
            itemName = Self.safeName(params[1], scope)
            inner.names[params[1]] = itemValue(itemName)
        } else if indices, let p = params.first {
            inner.names[p] = Value(.path("index"), type: .int)
        } else if let p = params.first {
            itemName = Self.safeName(p == "_" ? "item" : p, scope)
            inner.names[p] = itemValue(itemName)
        } else {
            inner.names["$0"] = itemValue("item")
        }
        let body = views(closure.statements, inner)
        var content: DraftNode
        if body.count == 1 { content = body[0] } else {
            // Several views per item: SwiftUI puts them all in the parent stack; a stack of the
            // parent's axis keeps them in line.
            let axis = scope.names["$parentStack"].flatMap { $0.literalText } ?? "vstack"
            content = DraftNode.stack(axis == "zstack" ? "zstack" : axis, body, origin: origin)
            if axis != "zstack" { content.entries.append(("spacing", .number(8))) }
            content = counted(content)
            if body.count > 1 { notes.append("several views per item are put in one \(axis) per item") }
        }
        var n = DraftNode("forEach", .string(listPath), origin: origin)
        if itemName != "item" { n.entries.append(("as", .string(itemName))) }
        if let limit { n.entries.append(("limit", .int(min(limit, limits.forEachItems)))) }
        n.entries.append(("content", .node(content)))
        recordNode(at, "ForEach", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        return [counted(n)]
    }

    /// A loop variable name the layout reads as a local (not a word it keeps for itself).
    static func safeName(_ name: String, _ scope: Scope) -> String {
        let reserved: Set<String> = ["index", "now", "locale", "surface", "scheme", "context", "strings", "true", "false", "null", "in", "not", "exists"]
        guard Expr.isBareWord(name), !reserved.contains(name) else { return "item" }
        return name
    }

    // MARK: Buttons

    func buttonNodes(_ c: FunctionCallExprSyntax, name: String, _ args: [String: ExprSyntax], _ chain: [ModifierCall], _ scope: Scope,
                     at: SourceSpot, origin: Origin) -> [DraftNode] {
        var nodes: [DraftNode] = []
        if let label = Self.closure(c, "label") {
            nodes = views(label.statements, scope)
        } else if let title = args["_0"], !title.is(ClosureExprSyntax.self), args["action"] != nil || c.trailingClosure != nil || args["destination"] != nil || args["intent"] != nil {
            let v = value(title, scope, expecting: .text)
            if let p = v.textPieces { nodes = [counted(DraftNode("text", .string(Value.render(p)), origin: origin))] }
        }
        if nodes.isEmpty, let t = c.trailingClosure, args["action"] != nil || args["intent"] != nil || args["destination"] != nil || name == "ControlWidgetButton" || name == "Menu" {
            nodes = views(t.statements, scope)
        }
        var why = ""
        var outcome = Outcome.translated
        let style = styleArgument(chain, "buttonStyle")
        if let style, style == "borderedProminent" || style == "bordered", var n = single(nodes, origin: origin) {
            let tint = chain.last(where: { $0.name == "tint" })?.arguments.first.map { paintYAML(value($0.expression, scope, expecting: .color)) ?? .string("blue") } ?? .string("blue")
            n.applyModifier("padding", .map([("horizontal", .number(12)), ("vertical", .number(6))]))
            var capsule = DraftNode("capsule")
            capsule.entries = [("fill", style == "bordered" ? .map([("color", tint), ("opacity", .number(0.15))]) : tint)]
            n.applyModifier("background", .node(capsule))
            if style == "borderedProminent", !n.has("color") { n.entries.append(("color", .string("white"))) }
            nodes = [n]
            outcome = .partly
            why = "buttonStyle(.\(style)) is drawn as a capsule behind the label"
        }
        recordNode(at, name, outcome, why)
        return nodes
    }

    // MARK: Components

    /// `SomeView(args)` of the given files: `use:` with `with:`.
    func viewComponentUse(_ t: TypeInfo, _ c: FunctionCallExprSyntax?, _ scope: Scope, at: SourceSpot) -> [DraftNode]? {
        let args = c.map { Self.arguments($0.arguments) } ?? [:]
        // A view that reads the widget family is translated in place for each surface.
        let readsFamily = t.stored.contains { $0.environmentKey == "widgetFamily" || $0.environmentKey == "activityFamily" }
        var withPairs: [(String, YAMLValue)] = []
        var notes: [String] = []
        var inner = Scope(source: t.source ?? scope.source)
        inner.surface = scope.surface
        inner.depth = scope.depth + 1
        inner.selfType = t.name
        var positional = 0
        for p in t.stored {
            if let key = p.environmentKey {
                inner.names[p.name] = environmentValue(key)
                continue
            }
            let arg = args[p.name] ?? (p.hasDefault ? nil : args["_\(positional)"])
            if args[p.name] == nil, !p.hasDefault, args["_\(positional)"] != nil { positional += 1 }
            let paramRoot = "param:\(t.name).\(p.name)"
            if let arg {
                let v = value(arg, scope)
                switch v.form {
                case .root, .activityContext:
                    inner.names[p.name] = v
                    continue
                case .unknown(let what):
                    notes.append("argument \(p.name): \(what) is not translated")
                    inner.names[p.name] = Value(.path(p.name), type: p.type, source: AbstractPath(root: paramRoot, keys: []))
                    continue
                default: break
                }
                usage.alias(paramRoot, to: v.source)
                inner.names[p.name] = readsFamily ? v : Value(.path(p.name), type: v.type ?? p.type, source: AbstractPath(root: paramRoot, keys: []))
                if !readsFamily { withPairs.append((p.name, withValue(v))) }
            } else {
                // Not passed: its default, or the data root when it is the entry or context.
                if p.type.map({ isRootType($0) }) == true {
                    inner.names[p.name] = rootValue(for: p.type!)
                } else {
                    inner.names[p.name] = Value(.path(p.name), type: p.type, source: AbstractPath(root: paramRoot, keys: []))
                }
            }
        }
        if readsFamily {
            guard let body = t.body else { return nil }
            if componentsInProgress.contains(t.name) { return [placeholder(t.name, at: at, why: "a view that contains itself", scope: scope)] }
            componentsInProgress.insert(t.name); defer { componentsInProgress.remove(t.name) }
            recordNode(at, t.name, .translated)
            return views(body.body, inner)
        }
        let name = component(for: t, template: inner)
        var n = DraftNode("use", .string(name), origin: Origin(spot: at, construct: t.name))
        if !withPairs.isEmpty { n.entries.append(("with", .map(withPairs, flow: withPairs.count <= 3))) }
        recordNode(at, t.name, notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        return [counted(n)]
    }

    /// A value passed in `with:`: a binding keeps its type (a quoted literal is text).
    func withValue(_ v: Value) -> YAMLValue {
        switch v.form {
        case .text(let t): return .quoted(Value.escapeBindings(t))
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .enumCase(let c): return .quoted(c)
        case .paint(let p): return p.stringValue.map(YAMLValue.quoted) ?? p
        default:
            if let b = v.binding { return .quoted("{{\(b)}}") }
            if let p = v.textPieces { return .quoted(Value.render(p)) }
            return .null
        }
    }

    func isRootType(_ t: TypeName) -> Bool {
        if t.name.hasPrefix("ActivityViewContext") { return true }
        if let info = catalog.type(t.name) { return info.isEntry || info.isActivityAttributes || t.shortName == "ContentState" }
        return t.name.hasSuffix("Entry") || t.shortName == "ContentState"
    }

    func rootValue(for t: TypeName) -> Value {
        if t.name.hasPrefix("ActivityViewContext") {
            let inner = t.name.dropFirst("ActivityViewContext<".count).dropLast()
            return Value(.activityContext, type: TypeName(name: String(inner)))
        }
        return Value(.root, type: t)
    }

    func environmentValue(_ key: String) -> Value {
        switch key {
        case "widgetFamily", "activityFamily": return Value(.family)
        case "colorScheme": return Value(.path("scheme"), type: .string)
        case "widgetRenderingMode": return Value(.path("context.renderingMode"), type: .string)
        case "isLuminanceReduced": return Value(.bool(false), type: .bool, notes: ["isLuminanceReduced: false assumed"])
        case "showsWidgetContainerBackground": return Value(.bool(true), type: .bool)
        case "isActivityFullscreen": return Value(.bool(false), type: .bool)
        case "redactionReasons": return Value(.path("context.placeholder"), type: .bool)
        default: return .unknown("@Environment(\\.\(key))")
        }
    }

    /// The component for a view struct, translated once.
    func component(for t: TypeInfo, template: Scope) -> String {
        if let name = viewComponents[t.name] { return name }
        let name = t.name.replacingOccurrences(of: ".", with: "_")
        viewComponents[t.name] = name
        componentOrder.append(name)
        componentsInProgress.insert(t.name)
        defer { componentsInProgress.remove(t.name) }
        var nodes: [DraftNode] = []
        if let body = t.body {
            var s = template
            s.surface = nil
            nodes = views(body.body, s)
        }
        let origin = Origin(spot: t.spot, construct: t.name)
        components[name] = single(nodes, origin: origin) ?? emptyComponent(origin)
        return name
    }

    func emptyComponent(_ origin: Origin) -> DraftNode {
        var n = DraftNode("spacer", .number(0), origin: origin)
        n.entries.append(("frame", .map([("width", .number(0)), ("height", .number(0))])))
        return n
    }

    /// `header`, `self.header`, `row(title: …)`: a view-returning member of the current type (or a
    /// free function) → a component used with its arguments.
    func memberComponent(_ name: String, arguments: LabeledExprListSyntax?, _ scope: Scope, at: SourceSpot) -> DraftNode? {
        let labels = arguments.map { $0.map { $0.label?.text } } ?? []
        let member = catalog.type(scope.selfType)?.member(name, labels: labels) ?? catalog.functions[name]
        guard let m = member, m.returnsView || m.type == nil || m.type?.name == "View" else { return nil }
        let componentName = (m.owner.map { $0.replacingOccurrences(of: ".", with: "_") + "." } ?? "") + m.name
        var withPairs: [(String, YAMLValue)] = []
        var inner = Scope(source: m.source)
        inner.names = scope.names
        inner.viewLocals = [:]
        inner.selfValue = scope.selfValue
        inner.selfType = m.owner
        inner.depth = scope.depth + 1
        inner.surface = scope.surface
        let passed = arguments.map(Array.init) ?? []
        for (i, p) in m.parameters.enumerated() {
            let root = "param:\(componentName).\(p.name)"
            guard i < passed.count else { inner.names[p.name] = Value(.path(p.name), type: p.type, source: AbstractPath(root: root, keys: [])); continue }
            let v = value(passed[i].expression, scope)
            usage.alias(root, to: v.source)
            inner.names[p.name] = Value(.path(p.name), type: v.type ?? p.type, source: AbstractPath(root: root, keys: []))
            withPairs.append((p.name, withValue(v)))
        }
        // Members of a view that reads the family are translated in place (they may switch on it).
        let inPlace = scope.surface != nil && catalog.type(m.owner)?.stored.contains { $0.environmentKey == "widgetFamily" } == true
        if inPlace || componentsInProgress.contains(componentName) {
            if componentsInProgress.contains(componentName) { return placeholder(name, at: at, why: "a view that contains itself", scope: scope) }
            componentsInProgress.insert(componentName); defer { componentsInProgress.remove(componentName) }
            let nodes = views(m.body, inner)
            recordNode(at, name, .translated)
            return single(nodes, origin: Origin(spot: at, construct: name)) ?? emptyComponent(Origin(spot: at, construct: name))
        }
        if components[componentName] == nil {
            componentOrder.append(componentName)
            components[componentName] = emptyComponent(Origin(spot: at, construct: name))
            componentsInProgress.insert(componentName)
            var s = inner
            s.surface = nil
            let nodes = views(m.body, s)
            componentsInProgress.remove(componentName)
            components[componentName] = single(nodes, origin: Origin(spot: m.source.spot(m.decl), construct: name)) ?? emptyComponent(Origin(spot: at, construct: name))
        }
        var n = DraftNode("use", .string(componentName), origin: Origin(spot: at, construct: name))
        if !withPairs.isEmpty { n.entries.append(("with", .map(withPairs, flow: withPairs.count <= 3))) }
        recordNode(at, name, .translated)
        return counted(n)
    }
}
