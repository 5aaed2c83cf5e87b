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
        "contentMargins", "luminanceToAlpha", "labelsHidden", "pickerStyle", "presentationDetents",
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
        if let followed = followCustomModifier(m, to: nodes, scope) { return followed }
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

    /// One modifier on one node. Returns how well it came across and, if not fully, why. Each family
    /// of modifiers has its own function; a name none of them knows is `otherModifier`.
    func modify(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        switch m.name {
        case "padding":
            return padding(&n, args, scope)
        case "frame":
            return frame(&n, args, scope)
        case "background", "overlay":
            return layer(&n, m, scope)
        case "border", "opacity", "cornerRadius", "clipShape", "mask", "clipped":
            return drawingModifier(&n, m, scope)
        case "rotationEffect", "rotation", "scaleEffect", "offset", "fixedSize", "layoutPriority":
            return geometryModifier(&n, m, scope)
        case "foregroundColor", "foregroundStyle", "tint", "accentColor", "trim":
            return colorModifier(&n, m, scope)
        case "fill", "stroke", "strokeBorder":
            return shapeStyle(&n, m, scope)
        case "font", "fontWeight", "bold", "fontDesign", "monospacedDigit", "monospaced":
            return fontModifier(&n, m, scope)
        case "lineLimit", "minimumScaleFactor", "multilineTextAlignment", "truncationMode", "kerning", "tracking", "textCase":
            return textModifier(&n, m, scope)
        case "widgetAccentable", "widgetAccentedRenderingMode", "unredacted", "containerBackground", "activityBackgroundTint",
             "keylineTint", "contentMarginsDisabled":
            return widgetModifier(&n, m, scope)
        case "fontWidth", "italic", "underline", "strikethrough", "baselineOffset", "lineSpacing", "allowsTightening",
             "shadow", "blur", "brightness", "contrast", "saturation", "grayscale", "colorMultiply", "hueRotation", "colorInvert",
             "blendMode", "symbolRenderingMode", "imageScale", "redacted", "zIndex", "dynamicIsland", "textScale",
             "flipsForRightToLeftLayoutDirection", "containerRelativeFrame", "aspectRatio2":
            return (.placeholder, ".\(m.name) is not in the layout language: left out")
        default:
            return otherModifier(m)
        }
    }

    /// A modifier the layout language has no counterpart for.
    func otherModifier(_ m: ModifierCall) -> (Outcome, String?) {
        // A view modifier of the given files is followed before it gets here (`followCustomModifier`).
        // A team's background wrapper (`.widgetBackground(…)`) defined in a file not given: say what is lost.
        if m.name.lowercased().contains("background") {
            return (.placeholder, "the custom modifier .\(m.name) is not in the given files: the background it sets is left out (give the file that defines it)")
        }
        return (.placeholder, ".\(m.name) is not in the layout language: left out")
    }

    /// `.border`, `.opacity`, `.cornerRadius`, `.clipShape`, `.mask`, `.clipped`.
    func drawingModifier(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        switch m.name {
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
        default:
            return otherModifier(m)
        }
    }

    /// `.rotationEffect`, `.scaleEffect`, `.offset`, `.fixedSize`, `.layoutPriority`.
    func geometryModifier(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        switch m.name {
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
        default:
            return otherModifier(m)
        }
    }

    /// `.foregroundColor`, `.foregroundStyle`, `.tint`, `.accentColor`; `.trim` (a shape becomes a ring progress).
    func colorModifier(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        switch m.name {
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
        default:
            return otherModifier(m)
        }
    }

    /// `.font`, `.fontWeight`, `.bold`, `.fontDesign`, `.monospacedDigit`, `.monospaced`.
    func fontModifier(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        let isText = n.kind == "text"
        switch m.name {
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
        case "monospacedDigit":
            n["monospacedDigit"] = .bool(true)
            return (.translated, nil)
        case "monospaced":
            if args["_0"]?.trimmedDescription == "false" { return (.translated, nil) }
            setFontPart(&n, "design", .string("monospaced"))
            return (.translated, nil)
        default:
            return otherModifier(m)
        }
    }

    /// `.lineLimit`, `.minimumScaleFactor`, `.multilineTextAlignment`, `.truncationMode`, `.kerning`, `.textCase`.
    func textModifier(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        let isText = n.kind == "text"
        switch m.name {
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
        default:
            return otherModifier(m)
        }
    }

    /// Widget and surface modifiers: `.widgetAccentable`, `.unredacted`, `.containerBackground`, `.activityBackgroundTint`, `.keylineTint` …
    func widgetModifier(_ n: inout DraftNode, _ m: ModifierCall, _ scope: Scope) -> (Outcome, String?) {
        let args = m.args
        switch m.name {
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
            return otherModifier(m)
        }
    }
}
