import SwiftSyntax
import WidgetModel

extension Translator {
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
}
