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

    /// A view built by a call: `VStack { … }`, `Text("…")`, `SomeView(x: 1)` … Each kind of view has
    /// its own function; a name none of them knows is `otherCallView`.
    func callView(_ c: FunctionCallExprSyntax, name: String, _ chain: [ModifierCall], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        let args = Self.arguments(c.arguments)
        switch name {
        case "VStack", "LazyVStack", "HStack", "LazyHStack", "ZStack", "GridRow":
            return stackView(c, name: name, args, scope, at: at, origin: origin)
        case "Group", "ScrollView", "TimelineView", "Grid", "ViewThatFits", "GeometryReader", "NavigationStack", "NavigationView",
             "NavigationSplitView", "List", "Form", "Section", "LazyVGrid", "LazyHGrid", "TabView":
            return containerView(c, name: name, args, scope, at: at, origin: origin)
        case "Spacer":
            var n = DraftNode("spacer", origin: origin)
            if let m = args["minLength"] ?? args["_0"], case .number(let x) = value(m, scope, expecting: .number).form {
                n.value = .number(x)
            }
            return finished(n, name, at: at)
        case "Divider":
            return finished(DraftNode("divider", origin: origin), name, at: at)
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
            if let nodes = sliderView(name: name, args, scope, at: at, origin: origin) { return nodes }
        case "ForEach":
            return forEachNode(c, args, scope, at: at, origin: origin)
        case "Button", "Link", "ShareLink", "Menu", "ControlWidgetButton":
            return buttonNodes(c, name: name, args, chain, scope, at: at, origin: origin)
        case "Toggle", "ControlWidgetToggle":
            return toggleView(c, name: name, args, scope, at: at, origin: origin)
        case "DynamicIslandExpandedRegion":
            return content(Self.closure(c, nil), scope)
        case "AsyncImage":
            return [placeholder("AsyncImage", at: at, why: "a remote image: put a PNG beside the layout and use image:", scope: scope)]
        case "Map", "MapSnapshotView", "MapView", "Chart", "Canvas", "SpriteView", "VideoPlayer", "WebView":
            return [placeholder(name, at: at, why: "\(name) is not in the layout language", scope: scope)]
        default:
            break
        }
        return otherCallView(c, name: name, scope, at: at)
    }

    /// A node a call translated: recorded under the call's name, and counted.
    func finished(_ n: DraftNode, _ name: String, at: SourceSpot, _ outcome: Outcome = .translated, _ why: String? = nil) -> [DraftNode] {
        recordNode(at, name, outcome, why)
        return [counted(n)]
    }

    /// The views a content closure builds (none without a closure).
    func content(_ closure: ClosureExprSyntax?, _ s: Scope) -> [DraftNode] {
        guard let closure else { return [] }
        return views(closure.statements, s)
    }

    /// `VStack`, `HStack`, `ZStack` (and the lazy ones, `GridRow`) with alignment and spacing.
    func stackView(_ c: FunctionCallExprSyntax, name: String, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
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
                n.entries.append(("alignment", .string(word)))
            } else { outcome = .partly; why.append("alignment \(Self.short(a)) is not translated") }
        }
        if let s = args["spacing"] {
            if case .number(let x) = value(s, scope, expecting: .number).form { n.entries.append(("spacing", .number(x))) }
            else { outcome = .partly; why.append("spacing \(Self.short(s)) is not a number") }
        }
        return finished(n, name, at: at, outcome, why.joined(separator: "; "))
    }

    /// Views that hold others: `Group`, `ViewThatFits`, and the app containers a widget has no
    /// place for (`ScrollView`, `List`, `NavigationStack` …), which show their content.
    func containerView(_ c: FunctionCallExprSyntax, name: String, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
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
            return finished(n, name, at: at, outcome, outcome == .partly ? "axes \(Self.short(args["in"]!)) are read as both" : nil)
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
    }

    /// `Slider` and `Stepper`: the nearest picture, a bar filled to the value (the knob and its
    /// range are left out). Nil without a `value:`.
    func sliderView(name: String, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode]? {
        guard let v = args["value"] else { return nil }
        let value = self.value(v, scope, expecting: .number)
        var fraction: YAMLValue = .number(0.5)
        if case .number(let x) = value.form { fraction = .number(max(0, min(1, x))) }
        else if let x = value.expression, name == "Slider" { fraction = .string("{{\(x)}}"); usage.use(value.source, .number, type: value.type) }
        return finished(DraftNode("progress", fraction, origin: origin), name, at: at, .partly, "\(name) is drawn as a progress bar at its value")
    }

    /// `Toggle` and `ControlWidgetToggle`: the label and an "on" switch.
    func toggleView(_ c: FunctionCallExprSyntax, name: String, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        var nodes = content(Self.closure(c, "label") ?? Self.closure(c, nil), scope)
        if nodes.isEmpty, let title = args["_0"] {
            let v = value(title, scope, expecting: .text)
            if let pieces = v.textPieces { nodes = [counted(DraftNode("text", .string(Value.render(pieces)), origin: origin))] }
        }
        var knob = DraftNode("capsule", origin: origin)
        knob.entries = [("fill", .string("green")), ("frame", .map([("width", .number(51)), ("height", .number(31))]))]
        var h = DraftNode.stack("hstack", nodes + [counted(knob)], origin: origin)
        h.entries.append(("spacing", .number(8)))
        return finished(h, name, at: at, .partly, "a toggle is drawn as its label and an 'on' switch; its state and intent are not in the layout")
    }

    /// A call no view kind names: a static factory or a helper view of the given files, a
    /// `@ViewBuilder` member, else a placeholder.
    func otherCallView(_ c: FunctionCallExprSyntax, name: String, _ scope: Scope, at: SourceSpot) -> [DraftNode] {
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
}
