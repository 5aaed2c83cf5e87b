import SwiftSyntax
import WidgetModel

extension Translator {
    /// Modifiers that change nothing a picture shows: dropped and listed.
    static let nonVisual: Set<String> = [
        "widgetURL", "contentTransition", "invalidatableContent", "id", "tag", "animation", "transition", "onAppear",
        "onDisappear", "task", "onTapGesture", "onLongPressGesture", "onChange", "onReceive", "contentShape", "allowsHitTesting",
        "disabled", "privacySensitive", "ignoresSafeArea", "edgesIgnoringSafeArea", "keyboardShortcut", "help",
        "activitySystemActionForegroundColor", "controlWidgetActionHint", "sensoryFeedback", "textSelection", "focusable",
        "symbolEffect", "navigationTitle", "environmentObject", "modelContainer", "accessibilityLabel", "accessibilityHidden",
        "accessibilityValue", "accessibilityElement", "accessibilityAddTraits", "accessibilityRemoveTraits",
        "accessibilityIdentifier", "accessibilityHint", "accessibilityAction", "accessibilitySortPriority",
        "accessibilityRepresentation", "accessibilityInputLabels", "accessibilityShowsLargeContentViewer", "dynamicTypeSize",
        "widgetLabel", "containerShape", "defaultScrollAnchor", "scrollDisabled", "compositingGroup", "drawingGroup",
        "buttonBorderShape", "onOpenURL", "handlesExternalEvents", "speechAnnouncementsQueued", "typesettingLanguage",
        "contentMargins", "widgetBackground", "luminanceToAlpha", "labelsHidden", "pickerStyle", "presentationDetents",
        // Navigation and presentation: nothing a widget's picture shows.
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "navigationDestination", "toolbar",
        "toolbarBackground", "toolbarColorScheme", "navigationBarTitleDisplayMode", "navigationBarHidden", "navigationBarBackButtonHidden",
        "refreshable", "searchable", "onSubmit", "submitLabel", "scrollIndicators", "scrollContentBackground", "listStyle",
        "listRowBackground", "listRowInsets", "listRowSeparator", "listSectionSeparator", "headerProminence", "safeAreaInset",
        "statusBarHidden", "preferredColorScheme", "interactiveDismissDisabled", "swipeActions", "contextMenu", "draggable",
        "dropDestination", "onHover", "hoverEffect", "focused", "textFieldStyle", "textInputAutocapitalization", "autocorrectionDisabled",
        "keyboardType", "onDelete", "onMove", "environment", "transaction",
    ]

    /// Modifiers another part of the translation reads (the root view's style, a surface's setting).
    static let readElsewhere: Set<String> = ["labelStyle", "progressViewStyle", "gaugeStyle", "buttonStyle", "resizable",
                                             "aspectRatio", "scaledToFit", "scaledToFill", "interpolation", "antialiased",
                                             "renderingMode", "symbolVariant", "toggleStyle"]

    func applyModifier(_ m: ModifierCall, to nodes: [DraftNode], _ scope: Scope) -> [DraftNode] {
        if Self.nonVisual.contains(m.name) || m.name.hasPrefix("accessibility") {
            ledger.drop(m.spot, m.name)
            return nodes
        }
        if Self.readElsewhere.contains(m.name) {
            recordModifier(m.spot, m.name, .translated)
            return nodes
        }
        var outcome = Outcome.translated
        var why: [String] = []
        var out: [DraftNode] = []
        for var n in nodes {
            let (o, w) = modify(&n, m, scope)
            if o > outcome { outcome = o }
            if let w, !why.contains(w) { why.append(w) }
            out.append(n)
        }
        // A modifier on nothing (an `if` that may show no view) still counts as met.
        if nodes.isEmpty, out.isEmpty {
            var probe = DraftNode("spacer")
            let (o, w) = modify(&probe, m, scope)
            outcome = o
            if let w { why.append(w) }
        }
        recordModifier(m.spot, m.name, outcome, why.joined(separator: "; "))
        return out
    }

    func number(_ e: ExprSyntax?, _ scope: Scope) -> Double? {
        guard let e else { return nil }
        if case .number(let x) = value(e, scope, expecting: .number).form { return x }
        return nil
    }

    /// One modifier on one node. Returns how well it came across and, if not fully, why.
    func modify(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        let isText = n.kind == "text"
        switch m.name {
        case "padding":
            return padding(&n, args, scope)
        case "frame":
            return frame(&n, args, scope)
        case "background", "overlay":
            return layer(&n, m, scope)
        case "border":
            guard let c = args["_0"], let p = paintYAML(value(c, scope, expecting: .color)) else { return (.placeholder, "border colour not translated: left out") }
            var r = DraftNode("rect")
            r.entries = [("stroke", p), ("lineWidth", .number(number(args["width"], scope) ?? 1))]
            n.applyModifier("overlay", .node(r))
            return (.translated, nil)
        case "opacity":
            guard let x = number(args["_0"], scope) else { return (.placeholder, "opacity \(m.arguments.trimmedDescription) is not a number: left out") }
            n.applyModifier("opacity", .number(max(0, min(1, x))))
            return (.translated, nil)
        case "cornerRadius":
            guard let r = number(args["_0"], scope) else { return (.placeholder, "corner radius is not a number: left out") }
            n.applyModifier("cornerRadius", .number(r))
            return (.translated, nil)
        case "clipShape", "mask":
            guard let shape = args["_0"] ?? m.trailing.flatMap({ $0.statements.first?.item.as(ExprSyntax.self) }) else { return (.placeholder, "clip shape not given") }
            guard let clip = clipShape(shape, scope) else { return (.placeholder, "\(Self.short(shape)) is not a shape the layout can clip to: left out") }
            n.applyModifier("clip", clip.0)
            return (clip.1 == nil && m.name == "clipShape" ? .translated : .partly, clip.1 ?? "mask(…) is drawn as a clip to the shape")
        case "clipped":
            n.applyModifier("clip", .string("rect"))
            return (.translated, nil)
        case "rotationEffect", "rotation":
            guard let a = args["_0"], let degrees = angle(a, scope) else { return (.placeholder, "the angle is not a number: left out") }
            if n["$trimRing"] != nil, degrees == -90 { return (.translated, nil) }
            var extra: [(String, YAMLValue)] = []
            if let anchor = args["anchor"].flatMap(Self.unitPoint) { extra.append(("anchor", .string(anchor))) }
            n.applyModifier("rotation", .number(degrees), extra: extra)
            return (.translated, nil)
        case "scaleEffect":
            var value: YAMLValue?
            if let s = number(args["_0"], scope) { value = .number(s) }
            else if let x = number(args["x"], scope) ?? (args["y"] != nil ? 1 : nil) {
                value = .map([("x", .number(x)), ("y", .number(number(args["y"], scope) ?? 1))])
            }
            guard let value else { return (.placeholder, "the scale is not a number: left out") }
            var extra: [(String, YAMLValue)] = []
            if let anchor = args["anchor"].flatMap(Self.unitPoint) { extra.append(("anchor", .string(anchor))) }
            if n.kind == "image" {
                return (.placeholder, "scaleEffect on an image placeholder: left out")
            }
            n.applyModifier("scale", value, extra: extra)
            return (.translated, nil)
        case "offset":
            var x = number(args["x"], scope), y = number(args["y"], scope)
            if let size = args["_0"]?.as(FunctionCallExprSyntax.self) {
                let sa = Self.arguments(size.arguments)
                x = number(sa["width"], scope); y = number(sa["height"], scope)
            }
            guard x != nil || y != nil else { return (.placeholder, "the offset is not a number: left out") }
            n.applyModifier("offset", .map([("x", .number(x ?? 0)), ("y", .number(y ?? 0))]))
            return (.translated, nil)
        case "fixedSize":
            let h = args["horizontal"].map { $0.trimmedDescription == "true" } ?? true
            let v = args["vertical"].map { $0.trimmedDescription == "true" } ?? true
            if !h && !v { return (.translated, nil) }
            n.applyModifier("fixedSize", h && v ? .bool(true) : .string(h ? "horizontal" : "vertical"))
            return (.translated, nil)
        case "layoutPriority":
            guard let p = number(args["_0"], scope) else { return (.placeholder, "the priority is not a number: left out") }
            // The layout takes -1000…1000; priorities only compare, so a larger one is clamped to the end of that range.
            guard !p.isNaN else { return (.placeholder, "the priority is not a number: left out") }
            n.layoutPriority = max(-1000, min(1000, p))
            return abs(p) > 1000 ? (.partly, "priority \(Self.short(args["_0"]!)) clamped to the layout's -1000…1000") : (.translated, nil)
        case "foregroundColor", "foregroundStyle":
            guard let c = args["_0"] else { return (.placeholder, "no colour given") }
            let v = value(c, scope, expecting: .color)
            guard let p = paintYAML(v) else { return (.placeholder, "colour \(v.unknownWhat ?? Self.short(c)) is not translated: left out") }
            if !n.has("color") { n.entries.append(("color", p)) }
            var notes = v.notes
            if m.arguments.count > 1 { notes.append("only the first of the hierarchical styles is used") }
            return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
        case "tint", "accentColor":
            guard let c = args["_0"] else { return (.translated, nil) }
            let v = value(c, scope, expecting: .color)
            guard let p = paintYAML(v) else { return (.placeholder, "tint \(v.unknownWhat ?? Self.short(c)) is not translated: left out") }
            if n.kind == "progress" { if !n.has("tint") { n.entries.append(("tint", p)) } }
            else if n.kind == "icon" || n.kind == "use" || n.children != nil { if !n.has("color") { n.entries.append(("color", p)) } }
            return (v.notes.isEmpty ? .translated : .partly, v.notes.isEmpty ? nil : v.notes.joined(separator: "; "))
        case "fill", "stroke", "strokeBorder":
            return shapeStyle(&n, m, scope)
        case "trim":
            guard ["circle", "rect", "capsule", "roundedRect", "ellipse", "containerRelative"].contains(n.kind) else { return (.placeholder, "trim on a non-shape: left out") }
            let from = number(args["from"], scope) ?? 0
            var fraction: YAMLValue
            if let t = args["to"] {
                let v = value(t, scope, expecting: .number)
                if case .number(let x) = v.form { fraction = .number(max(0, min(1, x - from))) }
                else if let b = v.expression { fraction = .string("{{\(b)}}"); usage.use(v.source, .number, type: v.type) }
                else { return (.placeholder, "trim end \(Self.short(t)) is not translated: left out") }
            } else { fraction = .number(1) }
            var p = DraftNode("progress", fraction, origin: n.origin)
            p.entries = [("style", .string("ring")), ("$trimRing", .bool(true))]
            p.when = n.when
            n = p
            return (.partly, "a trimmed circle is drawn as a ring progress")
        case "font":
            return font(&n, args["_0"], scope)
        case "fontWeight":
            guard let w = args["_0"].flatMap({ Self.weight($0) }) else { return (.partly, "weight not translated") }
            setFontPart(&n, "weight", .string(w.0))
            return (w.1 == nil ? .translated : .partly, w.1)
        case "bold":
            if args["_0"]?.trimmedDescription == "false" { return (.translated, nil) }
            if isText { if !n.has("bold") && !n.has("weight") { n.entries.append(("bold", .bool(true))) } }
            else { setFontPart(&n, "weight", .string("bold")) }
            return (.translated, nil)
        case "fontDesign":
            guard let d = args["_0"].flatMap(Self.design) else { return (.partly, "design not translated") }
            setFontPart(&n, "design", .string(d))
            return (.translated, nil)
        case "fontWidth", "italic", "underline", "strikethrough", "baselineOffset", "lineSpacing", "allowsTightening",
             "shadow", "blur", "brightness", "contrast", "saturation", "grayscale", "colorMultiply", "hueRotation", "colorInvert",
             "blendMode", "symbolRenderingMode", "imageScale", "redacted", "zIndex", "dynamicIsland", "textScale",
             "flipsForRightToLeftLayoutDirection", "containerRelativeFrame", "aspectRatio2":
            return (.placeholder, ".\(m.name) is not in the layout language: left out")
        case "monospacedDigit":
            n["monospacedDigit"] = .bool(true)
            return (.translated, nil)
        case "monospaced":
            if args["_0"]?.trimmedDescription == "false" { return (.translated, nil) }
            setFontPart(&n, "design", .string("monospaced"))
            return (.translated, nil)
        case "lineLimit":
            guard let a = args["_0"] else { return (.translated, nil) }
            if a.is(NilLiteralExprSyntax.self) { return (.translated, nil) }
            // The layout takes 1…1000 lines; SwiftUI treats anything above a few as unlimited.
            if let x = number(a, scope), x >= 1 {
                let lines = CheckedNumber.int(x, clampedTo: 1...1000)
                if !n.has("lineLimit") { n.entries.append(("lineLimit", .int(lines))) }
                return (.translated, nil)
            }
            if let (_, hi) = rangeBoundsNumbers(a, scope), let x = Double(hi), !x.isNaN {
                let lines = CheckedNumber.int(x, clampedTo: 1...1000)
                if !n.has("lineLimit") { n.entries.append(("lineLimit", .int(lines))) }
                return (.partly, "a line range is read as its upper bound")
            }
            return (.placeholder, "line limit \(Self.short(a)) is not a number: left out")
        case "minimumScaleFactor":
            guard let x = number(args["_0"], scope) else { return (.placeholder, "not a number: left out") }
            if !n.has("minimumScaleFactor") { n.entries.append(("minimumScaleFactor", .number(max(0.01, min(1, x))))) }
            return (.translated, nil)
        case "multilineTextAlignment":
            guard let a = args["_0"]?.as(MemberAccessExprSyntax.self)?.declName.baseName.text, ["leading", "center", "trailing"].contains(a) else {
                return (.placeholder, "alignment not translated: left out")
            }
            if !n.has("multilineAlignment") { n.entries.append(("multilineAlignment", .string(a))) }
            return (.translated, nil)
        case "truncationMode":
            guard let a = args["_0"]?.as(MemberAccessExprSyntax.self)?.declName.baseName.text, ["head", "middle", "tail"].contains(a) else {
                return (.placeholder, "mode not translated: left out")
            }
            if !n.has("truncationMode") { n.entries.append(("truncationMode", .string(a))) }
            return (.translated, nil)
        case "kerning", "tracking":
            guard isText, let x = number(args["_0"], scope) else { return (.placeholder, ".\(m.name) on a non-text or with a non-number: left out") }
            n["tracking"] = .number(max(-100, min(100, x)))
            return (.translated, nil)
        case "textCase":
            let upper = args["_0"]?.trimmedDescription == ".uppercase"
            guard isText, case .string(let s) = n.value else { return (.placeholder, "textCase on a non-text: left out") }
            if !s.contains("{{") { n.value = .string(upper ? s.uppercased() : s.lowercased()); return (.translated, nil) }
            n.value = .string(s.replacingOccurrences(of: "}}", with: " | \(upper ? "uppercase" : "lowercase")}}"))
            return (.translated, nil)
        case "widgetAccentable":
            let on = args["_0"]?.trimmedDescription != "false"
            n.applyModifier("widgetAccentable", .bool(on))
            return (.translated, nil)
        case "widgetAccentedRenderingMode":
            // The importer writes no image node (an asset image is a placeholder), so there is
            // nothing to put it on: the TODO says what to write on the image that replaces it.
            let mode = args["_0"].map { Self.short($0) } ?? ""
            return (.partly, "widgetAccentedRenderingMode \(mode): write accentedRenderingMode: on the image: that replaces the placeholder")
        case "unredacted":
            n["unredacted"] = .bool(true)
            return (.translated, nil)
        case "containerBackground":
            return containerBackground(m, scope)
        case "activityBackgroundTint":
            guard let c = args["_0"] else { return (.translated, nil) }
            if c.is(NilLiteralExprSyntax.self) { return (.translated, nil) }
            let v = value(c, scope, expecting: .color)
            guard let p = paintYAML(v) else { return (.placeholder, "tint \(Self.short(c)) not translated: left out") }
            surfaceEffects.background = p
            return (v.notes.isEmpty ? .translated : .partly, v.notes.first)
        case "keylineTint":
            guard let c = args["_0"], let p = paintYAML(value(c, scope, expecting: .color)) else { return (.placeholder, "keyline tint not translated") }
            surfaceEffects.keylineTint = p
            return (.translated, nil)
        case "contentMarginsDisabled":
            return (.translated, nil)
        default:
            // A view modifier of the given files (`func card() -> some View` in an extension of View).
            if let ext = catalog.type("View")?.members[m.name] ?? catalog.type("some View")?.members[m.name] {
                _ = ext
                return (.placeholder, "the custom modifier .\(m.name) is not translated: left out")
            }
            return (.placeholder, ".\(m.name) is not in the layout language: left out")
        }
    }

    // MARK: Layout modifiers

    static let edgeNames: [String: [String]] = ["top": ["top"], "bottom": ["bottom"], "leading": ["leading"], "trailing": ["trailing"],
                                                "horizontal": ["horizontal"], "vertical": ["vertical"],
                                                "all": ["top", "leading", "bottom", "trailing"]]

    func padding(_ n: inout DraftNode, _ args: [String: ExprSyntax], _ scope: Scope) -> (Outcome, String?) {
        // .padding(), .padding(8), .padding(.horizontal), .padding(.horizontal, 8), .padding([.top, .leading], 4), .padding(EdgeInsets(…))
        var edges: [String]?
        var amount: Double?
        var amountGiven = false
        if let first = args["_0"] {
            if let m = first.as(MemberAccessExprSyntax.self), m.base == nil, let e = Self.edgeNames[m.declName.baseName.text] { edges = e }
            else if let arr = first.as(ArrayExprSyntax.self) {
                edges = arr.elements.flatMap { Self.edgeNames[$0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""] ?? [] }
            } else if let c = first.as(FunctionCallExprSyntax.self), Self.calleeName(c) == "EdgeInsets" || c.calledExpression.trimmedDescription == ".init" {
                let ea = Self.arguments(c.arguments)
                var pairs: [(String, YAMLValue)] = []
                for k in ["top", "leading", "bottom", "trailing"] { if let x = number(ea[k], scope), x != 0 { pairs.append((k, .number(x))) } }
                n.applyModifier("padding", pairs.isEmpty ? .number(0) : .map(pairs))
                return (.translated, nil)
            } else if let x = number(first, scope) { amount = x; amountGiven = true }
            else { return (.placeholder, "padding \(Self.short(first)) is not a number: left out") }
        }
        if let second = args["_1"] {
            guard let x = number(second, scope) else { return (.placeholder, "padding \(Self.short(second)) is not a number: left out") }
            amount = x; amountGiven = true
        }
        let value = amount ?? 16
        guard let edges, Set(edges) != ["top", "leading", "bottom", "trailing"] else {
            n.applyModifier("padding", amountGiven ? .number(value) : .bool(true))
            return (.translated, nil)
        }
        n.applyModifier("padding", .map(edges.map { ($0, YAMLValue.number(value)) }))
        return (.translated, nil)
    }

    func frame(_ n: inout DraftNode, _ args: [String: ExprSyntax], _ scope: Scope) -> (Outcome, String?) {
        var pairs: [(String, YAMLValue)] = []
        var notes: [String] = []
        for k in ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"] {
            guard let e = args[k] else { continue }
            if e.is(NilLiteralExprSyntax.self) { continue }
            if let x = number(e, scope) {
                if x.isInfinite && !k.hasPrefix("max") { notes.append("\(k): infinity is only for max"); continue }
                if x < 0 { notes.append("\(k) is negative: left out"); continue }
                pairs.append((k, .number(x)))
            } else { notes.append("\(k) \(Self.short(e)) is not a number: left out") }
        }
        // SwiftUI allows min > max only with a warning; the language does not.
        func value(_ k: String) -> Double? { pairs.first { $0.0 == k }?.1.numberValue }
        for (lo, hi) in [("minWidth", "maxWidth"), ("minHeight", "maxHeight")] {
            if let a = value(lo), let b = value(hi), a > b { pairs.removeAll { $0.0 == lo }; notes.append("\(lo) above \(hi): left out") }
        }
        if let a = args["alignment"] {
            if let p = Self.unitPoint(a) { pairs.append(("alignment", .string(p))) } else { notes.append("alignment \(Self.short(a)) not translated") }
        }
        guard !pairs.isEmpty else { return notes.isEmpty ? (.translated, nil) : (.placeholder, notes.joined(separator: "; ")) }
        n.applyModifier("frame", .map(pairs))
        return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    static let materials: Set<String> = ["ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial", "bar"]

    /// `.background(paint)`, `.background(View)`, `.background { View }`, `.background(.material)`,
    /// `.background(Color.x, in: Shape)`; the same for `.overlay`.
    func layer(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        var value: YAMLValue?
        var notes: [String] = []
        var alignment = args["alignment"].flatMap(Self.unitPoint)
        if let closure = m.trailing ?? args["content"]?.as(ClosureExprSyntax.self) {
            let nodes = views(closure.statements, scope)
            if let node = single(nodes, origin: n.origin) { value = .node(node) }
        } else if let first = args["_0"] {
            if let ma = first.as(MemberAccessExprSyntax.self), Self.materials.contains(ma.declName.baseName.text) {
                value = .map([("color", .string("systemBackground")), ("opacity", .number(0.7))])
                notes.append("material .\(ma.declName.baseName.text) is drawn as a translucent background colour")
            } else if let shape = args["in"] {
                let v = self.value(first, scope, expecting: .color)
                if var s = shapeFromExpression(shape, scope) {
                    s.entries.append(("fill", paintYAML(v) ?? .string("secondarySystemBackground")))
                    value = .node(s)
                }
                notes += v.notes
            } else {
                let v = self.value(first, scope, expecting: .color)
                if let p = paintYAML(v), v.type?.name == "Color" || { if case .paint = v.form { return true } else { return false } }() {
                    value = p
                    notes += v.notes
                } else if looksLikeView(first, scope) || first.is(DeclReferenceExprSyntax.self) || first.is(FunctionCallExprSyntax.self) {
                    let nodes = view(first, scope)
                    if let node = single(nodes, origin: n.origin) { value = .node(node) }
                } else if let p = paintYAML(v) {
                    value = p; notes += v.notes
                }
            }
        } else if let shape = args["in"], var s = shapeFromExpression(shape, scope) {
            s.entries.append(("fill", .string("secondarySystemBackground")))
            value = .node(s)
            notes.append("the default background style is drawn as secondarySystemBackground")
        }
        if alignment == nil, let a = args["_1"].flatMap(Self.unitPoint) { alignment = a }
        guard let value else { return (.placeholder, "the \(m.name) is not translated: left out") }
        var extra: [(String, YAMLValue)] = []
        if let alignment, alignment != "center" { extra.append((m.name + "Alignment", .string(alignment))) }
        n.applyModifier(m.name, value, extra: extra)
        return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    func shapeFromExpression(_ e: ExprSyntax, _ scope: Scope) -> DraftNode? {
        let e = Self.strip(e)
        if let c = e.as(FunctionCallExprSyntax.self), let name = Self.calleeName(c) {
            let args = Self.arguments(c.arguments)
            switch name {
            case "Circle": return DraftNode("circle")
            case "Capsule": return DraftNode("capsule")
            case "Ellipse": return DraftNode("ellipse")
            case "Rectangle": return DraftNode("rect")
            case "RoundedRectangle": return DraftNode("roundedRect", .number(number(args["cornerRadius"], scope) ?? 8))
            case "ContainerRelativeShape": return DraftNode("roundedRect", .number(16))
            default: break
            }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil {
                switch m.declName.baseName.text {
                case "rect": return args["cornerRadius"].map { DraftNode("roundedRect", .number(number($0, scope) ?? 8)) } ?? DraftNode("rect")
                case "capsule": return DraftNode("capsule")
                default: break
                }
            }
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            switch m.declName.baseName.text {
            case "circle": return DraftNode("circle")
            case "capsule": return DraftNode("capsule")
            case "rect", "rectangle": return DraftNode("rect")
            case "ellipse": return DraftNode("ellipse")
            case "containerRelative": return DraftNode("roundedRect", .number(16))
            default: break
            }
        }
        return nil
    }

    /// A clip value and, when it is only near, why.
    func clipShape(_ e: ExprSyntax, _ scope: Scope) -> (YAMLValue, String?)? {
        guard let s = shapeFromExpression(e, scope) else { return nil }
        switch s.kind {
        case "circle": return (.string("circle"), nil)
        case "capsule": return (.string("capsule"), nil)
        case "rect": return (.string("rect"), nil)
        case "ellipse": return (.string("circle"), "an ellipse clip is drawn as a circle")
        case "roundedRect":
            let note = Self.strip(e).trimmedDescription.contains("ContainerRelative") || Self.strip(e).trimmedDescription.contains("containerRelative")
                ? "ContainerRelativeShape is not in the layout language yet: radius 16" : nil
            return (.map([("roundedRect", s.value)]), note)
        default: return nil
        }
    }

    func angle(_ e: ExprSyntax, _ scope: Scope) -> Double? {
        let e = Self.strip(e)
        if let c = e.as(FunctionCallExprSyntax.self) {
            let name = c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? Self.calleeName(c) ?? ""
            let args = Self.arguments(c.arguments)
            if name == "degrees" { return number(args["_0"], scope) }
            if name == "radians" { return number(args["_0"], scope).map { $0 * 180 / .pi } }
            if name == "Angle" { return number(args["degrees"], scope) ?? number(args["radians"], scope).map { $0 * 180 / .pi } }
        }
        return nil
    }

    func shapeStyle(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        let shapes: Set<String> = ["circle", "rect", "capsule", "roundedRect", "ellipse", "path", "containerRelative"]
        let isRing = n["$trimRing"] != nil
        guard shapes.contains(n.kind) || isRing else { return (.placeholder, ".\(m.name) on a view that is not a shape: left out") }
        var notes: [String] = []
        var paint: YAMLValue?
        if let c = args["_0"], !(m.name != "fill" && c.as(MemberAccessExprSyntax.self)?.declName.baseName.text == nil && number(c, scope) != nil) {
            let v = value(c, scope, expecting: .color)
            paint = paintYAML(v)
            notes += v.notes
            if paint == nil { notes.append("colour \(v.unknownWhat ?? Self.short(c)) is not translated") }
        }
        if m.name == "fill" {
            if isRing { if let paint { n["tint"] = paint }; return (.partly, "fill on a ring") }
            n["fill"] = paint ?? .string("gray")
            return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        var width = number(args["lineWidth"], scope)
        var dash: [Double]?
        if let style = args["style"]?.as(FunctionCallExprSyntax.self) {
            let sa = Self.arguments(style.arguments)
            width = number(sa["lineWidth"], scope) ?? width
            if let d = sa["dash"]?.as(ArrayExprSyntax.self) { dash = d.elements.compactMap { number($0.expression, scope) } }
            if sa["lineCap"] != nil, !isRing { notes.append("line caps are drawn butt") }
        }
        if isRing {
            if let paint { n["tint"] = paint }
            if let width { n["thickness"] = .number(width) }
            return (.partly, "a trimmed circle is drawn as a ring progress")
        }
        // strokeBorder keeps its stroke inside the edge; a path cannot be inset, so it is centred there.
        let inside = m.name == "strokeBorder" && n.kind != "path"
        n[inside ? "strokeBorder" : "stroke"] = paint ?? n["color"] ?? .string("label")
        if let width { n["lineWidth"] = .number(width) }
        if let dash, !dash.isEmpty { n["dash"] = .list(dash.map(YAMLValue.number), flow: true) }
        if m.name == "strokeBorder", !inside { notes.append("strokeBorder on a path is drawn centred on the edge") }
        return (notes.isEmpty ? .translated : .partly, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    // MARK: Fonts

    static func weight(_ e: ExprSyntax) -> (String, String?)? {
        guard let name = e.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return nil }
        switch name {
        case "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black": return (name, nil)
        default: return nil
        }
    }

    /// `.rounded`, `.monospaced`, `.serif` → the layout's design; `.default` too.
    static func design(_ e: ExprSyntax) -> String? {
        guard let name = e.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              ["default", "rounded", "monospaced", "serif"].contains(name) else { return nil }
        return name
    }

    static let textStyles: Set<String> = ["largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
                                          "footnote", "caption", "caption2"]

    struct FontSpec {
        var style: String?
        var size: Double?
        var weight: String?
        var design: String?
        var bold = false
        var monospacedDigit = false
        var notes: [String] = []
    }

    func fontSpec(_ e: ExprSyntax, _ scope: Scope) -> FontSpec? {
        var spec = FontSpec()
        var e = Self.strip(e)
        // `metrics.titleFont`: the font a design-token default writes for it.
        if let m = e.as(MemberAccessExprSyntax.self), let token = tokenField(m, scope) {
            guard var found = fontSpec(token.expression, scope) else { return nil }
            found.notes.append(token.note)
            return found
        }
        // Peel `.bold()`, `.weight(.semibold)`, `.monospacedDigit()`, `.italic()` …
        while let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
              !["system", "custom"].contains(m.declName.baseName.text) {
            switch m.declName.baseName.text {
            case "bold": spec.bold = true
            case "weight": if let w = c.arguments.first.flatMap({ Self.weight($0.expression) }) { spec.weight = w.0; if let n = w.1 { spec.notes.append(n) } }
            case "monospacedDigit": spec.monospacedDigit = true
            case "monospaced": spec.design = "monospaced"
            default: spec.notes.append(".\(m.declName.baseName.text)() on the font is left out")
            }
            e = base
        }
        if let m = e.as(MemberAccessExprSyntax.self) {
            let n = m.declName.baseName.text
            if Self.textStyles.contains(n) { spec.style = n; return spec }
            if n == "extraLargeTitle" || n == "extraLargeTitle2" { spec.style = "largeTitle"; spec.notes.append(".\(n) is drawn as largeTitle"); return spec }
            return nil
        }
        guard let c = e.as(FunctionCallExprSyntax.self) else { return nil }
        let name = c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
        let args = Self.arguments(c.arguments)
        switch name {
        case "system":
            if let s = args["size"] { spec.size = number(s, scope) }
            if let first = args["_0"]?.as(MemberAccessExprSyntax.self)?.declName.baseName.text, Self.textStyles.contains(first) { spec.style = first }
            if let w = args["weight"].flatMap(Self.weight) { spec.weight = w.0; if let n = w.1 { spec.notes.append(n) } }
            if let d = args["design"].flatMap(Self.design), d != "default" { spec.design = d }
            else if let d = args["design"] { spec.notes.append("design \(Self.short(d)) is not translated: the default design") }
        case "custom":
            spec.size = number(args["size"] ?? args["fixedSize"], scope)
            spec.notes.append("custom font \(Self.short(args["_0"] ?? e)) is drawn in the bundled font")
        default:
            return nil
        }
        if spec.size == nil && spec.style == nil { return nil }
        return spec
    }

    func font(_ n: inout DraftNode, _ e: ExprSyntax?, _ scope: Scope) -> (Outcome, String?) {
        guard let e, let spec = fontSpec(e, scope) else { return (.placeholder, "font \(e.map { Self.short($0) } ?? "") is not translated: left out") }
        if n.kind == "text" {
            if !n.has("style") && !n.has("size") {
                if let s = spec.style { n.entries.append(("style", .string(s))) }
                if let s = spec.size { n.entries.append(("size", .number(max(1, min(1000, s))))) }
            }
            if let w = spec.weight, !n.has("weight") { n.entries.append(("weight", .string(w))) }
            if let d = spec.design, !n.has("design") { n.entries.append(("design", .string(d))) }
            if spec.bold, !n.has("weight"), !n.has("bold") { n.entries.append(("bold", .bool(true))) }
        } else {
            if !n.has("font") {
                var pairs: [(String, YAMLValue)] = []
                if let s = spec.style { pairs.append(("style", .string(s))) }
                if let s = spec.size { pairs.append(("size", .number(max(1, min(1000, s))))) }
                if let w = spec.weight ?? (spec.bold ? "bold" : nil) { pairs.append(("weight", .string(w))) }
                if let d = spec.design { pairs.append(("design", .string(d))) }
                n.entries.append(("font", pairs.count == 1 && pairs[0].0 == "style" ? pairs[0].1 : .map(pairs)))
            }
        }
        if spec.monospacedDigit, !n.has("monospacedDigit") { n.entries.append(("monospacedDigit", .bool(true))) }
        return (spec.notes.isEmpty ? .translated : .partly, spec.notes.isEmpty ? nil : spec.notes.joined(separator: "; "))
    }

    /// `.fontWeight(.bold)` on a text sets its weight; on a container, its `font:` weight.
    func setFontPart(_ n: inout DraftNode, _ key: String, _ value: YAMLValue) {
        if n.kind == "text" { if !n.has(key) { n.entries.append((key, value)) }; return }
        if let i = n.entries.firstIndex(where: { $0.0 == "font" }) {
            switch n.entries[i].1 {
            case .string(let s): n.entries[i].1 = .map([("style", .string(s)), (key, value)])
            case .map(var pairs, let flow):
                if !pairs.contains(where: { $0.0 == key }) { pairs.append((key, value)) }
                n.entries[i].1 = .map(pairs, flow: flow)
            default: break
            }
        } else {
            n.entries.append(("font", .map([(key, value)])))
        }
    }

    // MARK: Surface-level

    func containerBackground(_ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        if let closure = m.trailing ?? args["content"]?.as(ClosureExprSyntax.self) {
            let nodes = views(closure.statements, scope)
            if let node = single(nodes, origin: nil) {
                // A plain colour view is a paint.
                if node.kind == "rect", node.entries.count == 1, let fill = node["fill"] { surfaceEffects.background = fill }
                else { surfaceEffects.background = .node(node) }
            }
            return (.translated, nil)
        }
        if let first = args["_0"] {
            if let ma = first.as(MemberAccessExprSyntax.self), ma.declName.baseName.text == "widget" || ma.declName.baseName.text == "for" {
                return (.translated, nil)
            }
            let text = first.trimmedDescription
            if text.hasPrefix(".fill") || text.hasPrefix("Color.clear") || text == ".clear" {
                surfaceEffects.background = text.contains("clear") ? .string("clear") : .string("systemBackground")
                return text.contains("clear") ? (.translated, nil) : (.partly, "\(text) is drawn as systemBackground")
            }
            let v = value(first, scope, expecting: .color)
            if let p = paintYAML(v) { surfaceEffects.background = p; return (v.notes.isEmpty ? .translated : .partly, v.notes.first) }
            if Self.materials.contains(first.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "") {
                surfaceEffects.background = .map([("color", .string("systemBackground")), ("opacity", .number(0.7))])
                return (.partly, "a material is drawn as a translucent background colour")
            }
            return (.placeholder, "container background \(Self.short(first)) not translated: left out")
        }
        return (.translated, nil)
    }
}
