import SwiftSyntax
import WidgetModel

/// A surface of the draft and where its views come from.
struct SurfaceDraft {
    var surface: Surface
    /// `view`, or region names (`leading`, `trailing`, `center`, `bottom`) in order.
    var regions: [(String, DraftNode)] = []
    var background: YAMLValue?
    var keylineTint: YAMLValue?
    var margins: YAMLValue?
    /// Where the view came from (a TODO for a surface setting the layout rejects points here).
    var spot: SourceSpot?
    /// The widget or view it came from.
    var from = ""
}

/// A control (`ControlWidget`) of the draft.
struct ControlDraft {
    var id: String
    var kind: String
    var face: [(String, YAMLValue)]
    var on: [(String, YAMLValue)] = []
    var off: [(String, YAMLValue)] = []
}

/// A view the layout records a fingerprint for: its name, where it is, and its structure's hash.
struct ImportedView: Hashable {
    var kind: String
    var name: String
    var spot: SourceSpot
    var fingerprint: String
}

/// The surfaces found so far: one view per surface (a second is a TODO), in the order found; the
/// controls; and which kinds of configuration named them.
struct SurfaceSet {
    var drafts: [Surface: SurfaceDraft] = [:]
    var order: [Surface] = []
    var controls: [ControlDraft] = []
    var kinds = Set<String>()

    var isEmpty: Bool { drafts.isEmpty }
    var all: [SurfaceDraft] { order.map { drafts[$0]! } }

    mutating func add(_ d: SurfaceDraft, from: String, at spot: SourceSpot, _ t: Translator) {
        if drafts[d.surface] != nil {
            t.ledger.todo(spot, from, "a second view for \(d.surface.rawValue): the layout has one per surface, so it is left out (import it separately)", .partly)
            return
        }
        var d = d
        d.spot = spot
        d.from = from
        drafts[d.surface] = d; order.append(d.surface)
    }
}

extension Translator {
    /// Finds the surfaces: widget configurations first, then views that look like entry views,
    /// lock-screen views or island parts, then any view at all.
    func surfaces(origins: inout [ImportedView]) -> (surfaces: [SurfaceDraft], controls: [ControlDraft], kinds: Set<String>) {
        var set = SurfaceSet()
        let (usedWidget, usedActivity) = configuredSurfaces(&set, origins: &origins)
        // Fragments and extensions without a configuration.
        if !usedWidget { familySwitchingSurfaces(&set) }
        if !usedActivity { activityViewSurfaces(&set) }
        // Nothing else: views nobody uses, by name, else the first as a medium widget.
        if set.isEmpty { unconfiguredViewSurfaces(&set) }
        // A `body` or a closure without its struct.
        if set.isEmpty { fragmentSurface(&set, origins: &origins) }
        return (set.all, set.controls, set.kinds)
    }

    /// The surfaces and controls the widget configurations name; whether a widget and an activity
    /// configuration were met.
    func configuredSurfaces(_ set: inout SurfaceSet, origins: inout [ImportedView]) -> (usedWidget: Bool, usedActivity: Bool) {
        var usedActivity = false
        var usedWidget = false
        for name in catalog.typeOrder {
            guard let t = catalog.types[name], t.isWidget, let body = t.body, let source = t.source else { continue }
            origins.append(fingerprinted("widget", t))
            var found = false
            for r in Self.returnedExpressions(body.body) {
                let (call, chain) = Self.configurationCall(r)
                guard let call, let callee = Self.calleeName(call) else { continue }
                let scope = Scope(source: source)
                found = found || Self.configurationNames.contains(callee)
                switch callee {
                case "StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration":
                    usedWidget = true
                    set.kinds.insert("widget")
                    widgetConfiguration(call, chain, name: name, scope, &set)
                case "ActivityConfiguration":
                    usedActivity = true
                    set.kinds.insert("activity")
                    activityConfiguration(call, name: name, scope, &set)
                case "StaticControlConfiguration", "AppIntentControlConfiguration":
                    set.kinds.insert("control")
                    if let c = control(call, widget: t, scope) { set.controls.append(c) }
                default: break
                }
            }
            if !found {
                ledger.todo(t.spot, name, "no configuration found in its body (a StaticConfiguration, AppIntentConfiguration, ActivityConfiguration … returned directly, under if #available or through a let): the widget is not imported", .placeholder)
            }
        }
        return (usedWidget, usedActivity)
    }

    static let configurationNames: Set<String> = ["StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration", "ActivityConfiguration",
                                                  "StaticControlConfiguration", "AppIntentControlConfiguration"]

    /// The configuration call a returned expression makes and its modifiers, through a `let`
    /// (`let c = StaticConfiguration(…); return c.supportedFamilies(…)`).
    static func configurationCall(_ r: Returned) -> (FunctionCallExprSyntax?, [(declName: String, call: FunctionCallExprSyntax)]) {
        let (root, chain) = peel(r.expr)
        if let bound = r.binding(of: root) {
            let (inner, innerChain) = peel(bound)
            return (inner.as(FunctionCallExprSyntax.self), innerChain + chain)
        }
        return (root.as(FunctionCallExprSyntax.self), chain)
    }

    /// `StaticConfiguration { entry in … }.supportedFamilies([…])`: the view once per family.
    func widgetConfiguration(_ call: FunctionCallExprSyntax, _ chain: [(declName: String, call: FunctionCallExprSyntax)], name: String,
                             _ scope: Scope, _ set: inout SurfaceSet) {
        let families = Self.families(chain) ?? [.systemSmall, .systemMedium, .systemLarge]
        let margins: YAMLValue? = chain.contains { $0.declName == "contentMarginsDisabled" } ? .string("none") : nil
        guard let closure = Self.closure(call, nil) ?? Self.closure(call, "content") else { return }
        let param = Self.closureParameters(closure).first ?? "entry"
        for other in Self.familiesWithoutSurface(chain) {
            ledger.unsurfaced(spot(call, scope), widget: name, family: other, "the layout language has no surface for .\(other): not imported")
        }
        for f in families {
            if let taken = set.drafts[f] {
                // Translated, it would count in the coverage though no surface shows it.
                ledger.unsurfaced(spot(call, scope), widget: name, family: f.rawValue,
                                  "a second view for \(f.rawValue) (\(taken.from) has it): the layout has one per surface, so it is not imported (import it separately)")
                continue
            }
            var s = scope
            s.surface = f
            s.names[param] = Value(.root, type: entryType(closure))
            surfaceEffects = SurfaceEffects()
            let nodes = views(closure.statements, s)
            guard let node = single(nodes, origin: Origin(spot: spot(closure, s), construct: name)) else { continue }
            set.add(SurfaceDraft(surface: f, regions: [("view", node)], background: surfaceEffects.background, margins: margins),
                    from: name, at: spot(call, s), self)
        }
    }

    /// `ActivityConfiguration(for:) { lock screen } dynamicIsland: { … }`.
    func activityConfiguration(_ call: FunctionCallExprSyntax, name: String, _ scope: Scope, _ set: inout SurfaceSet) {
        let attributes = Self.arguments(call.arguments)["for"].map { TypeName(text: $0.trimmedDescription.replacingOccurrences(of: ".self", with: "")) }
        if let lock = Self.closure(call, nil) ?? Self.closure(call, "content") {
            var s = scope
            s.names[Self.closureParameters(lock).first ?? "context"] = Value(.activityContext, type: attributes)
            s.surface = .lockScreen
            surfaceEffects = SurfaceEffects()
            if let node = single(views(lock.statements, s), origin: Origin(spot: spot(lock, s), construct: name)) {
                set.add(SurfaceDraft(surface: .lockScreen, regions: [("view", node)], background: surfaceEffects.background), from: name, at: spot(lock, s), self)
            }
        }
        if let island = Self.closure(call, "dynamicIsland") {
            var s = scope
            s.names[Self.closureParameters(island).first ?? "context"] = Value(.activityContext, type: attributes)
            for d in islandDrafts(island.statements, s) { set.add(d, from: name, at: spot(island, s), self) }
        }
    }

    /// Views that switch on `@Environment(\.widgetFamily)`: one surface per family they name.
    func familySwitchingSurfaces(_ set: inout SurfaceSet) {
        for name in catalog.typeOrder {
            guard let t = catalog.types[name], t.isView, let source = t.source,
                  t.stored.contains(where: { $0.environmentKey == "widgetFamily" }) else { continue }
            let families = familiesSwitched(t)
            for f in families {
                var s = Scope(source: source)
                s.surface = f
                surfaceEffects = SurfaceEffects()
                guard let nodes = viewComponentUse(t, nil, s, at: t.spot), let node = single(nodes, origin: Origin(spot: t.spot, construct: name)) else { continue }
                set.add(SurfaceDraft(surface: f, regions: [("view", node)], background: surfaceEffects.background), from: name, at: t.spot, self)
            }
        }
    }

    /// Without an `ActivityConfiguration`: a view of an `ActivityViewContext` (the lock screen) and
    /// types that look like a Dynamic Island.
    func activityViewSurfaces(_ set: inout SurfaceSet) {
        for name in catalog.typeOrder {
            guard let t = catalog.types[name], let source = t.source else { continue }
            if t.isView, t.stored.contains(where: { $0.type?.name.hasPrefix("ActivityViewContext") == true }), set.drafts[.lockScreen] == nil,
               !isUsedByOtherView(name) {
                var s = Scope(source: source)
                s.surface = .lockScreen
                surfaceEffects = SurfaceEffects()
                if let nodes = viewComponentUse(t, nil, s, at: t.spot), let node = single(nodes, origin: Origin(spot: t.spot, construct: name)) {
                    set.add(SurfaceDraft(surface: .lockScreen, regions: [("view", node)], background: surfaceEffects.background), from: name, at: t.spot, self)
                }
            }
            if t.conformances.contains("DynamicIsland") || (t.members["compactLeading"] != nil && t.members["minimal"] != nil) {
                var s = Scope(source: source)
                s.selfType = name
                let contextType = catalog.typeOrder.compactMap { catalog.types[$0] }.first { $0.isActivityAttributes }.map { TypeName(name: $0.name) }
                s.names["context"] = Value(.activityContext, type: contextType)
                for d in islandDraftsFromMembers(t, s) { set.add(d, from: name, at: t.spot, self) }
            }
        }
    }

    /// Views no configuration names and no other view uses: a surface guessed from each one's name,
    /// else the first as a medium widget.
    func unconfiguredViewSurfaces(_ set: inout SurfaceSet) {
        var roots = catalog.views.filter { !isUsedByOtherView($0.name) }
        if roots.isEmpty, let first = catalog.views.first { roots = [first] }
        for t in roots {
            guard let surface = Self.surfaceFromName(t.name, taken: Set(set.order)) ?? (set.isEmpty ? .systemMedium : nil), let source = t.source else { continue }
            var s = Scope(source: source)
            s.surface = surface
            surfaceEffects = SurfaceEffects()
            let nodes = viewComponentUse(t, nil, s, at: t.spot) ?? []
            guard let node = single(nodes, origin: Origin(spot: t.spot, construct: t.name)) else { continue }
            ledger.todo(t.spot, t.name, "no widget configuration names a surface for it: shown on \(surface.rawValue) (guessed from its name)", .partly)
            set.add(SurfaceDraft(surface: surface, regions: [("view", node)], background: surfaceEffects.background), from: t.name, at: t.spot, self)
        }
    }

    /// The first fragment that builds a view: a top-level `body`, a closure, an expression.
    func fragmentSurface(_ set: inout SurfaceSet, origins: inout [ImportedView]) {
        var fragments: [(Syntax, SwiftSource)] = []
        if let body = catalog.functions["body"] { fragments.append((Syntax(body.decl), body.source)) }
        fragments += catalog.fragments.map { ($0.node, $0.source) }
        for (node, source) in fragments {
            var s = Scope(source: source)
            let statements: CodeBlockItemListSyntax?
            let text = node.description
            if let v = node.as(VariableDeclSyntax.self), let m = Catalog.members(v, source: source, owner: nil).first { statements = m.body }
            else if let c = node.as(ClosureExprSyntax.self) {
                for p in Self.closureParameters(c) {
                    s.names[p] = p == "context" ? Value(.activityContext) : Value(.root, type: activityOrEntryType(p))
                }
                statements = c.statements
            } else if let e = node.as(ExprSyntax.self) {
                statements = CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(e))])
            } else { statements = nil }
            guard let statements else { continue }
            if s.names.isEmpty { s.names["entry"] = Value(.root); s.names["context"] = Value(.activityContext) }
            let surface: Surface = text.contains("context.state") || text.contains("context.attributes") ? .lockScreen : .systemMedium
            s.surface = surface
            surfaceEffects = SurfaceEffects()
            guard let n = single(views(statements, s), origin: Origin(spot: source.spot(node), construct: "fragment")) else { continue }
            origins.append(ImportedView(kind: "fragment", name: "fragment@\(source.spot(node).line)", spot: source.spot(node), fingerprint: Fingerprint.of(node)))
            set.add(SurfaceDraft(surface: surface, regions: [("view", n)], background: surfaceEffects.background), from: "fragment", at: source.spot(node), self)
            break
        }
    }

    func fingerprinted(_ kind: String, _ t: TypeInfo) -> ImportedView {
        ImportedView(kind: kind, name: t.name, spot: t.spot, fingerprint: Fingerprint.of(t.parts.map(\.0)))
    }

    func isUsedByOtherView(_ name: String) -> Bool {
        for v in catalog.views where v.name != name {
            guard let decl = v.decl else { continue }
            let finder = ReferenceFinder(name: name, viewMode: .sourceAccurate)
            finder.walk(decl)
            if finder.found { return true }
        }
        for w in catalog.typeOrder.compactMap({ catalog.types[$0] }) where w.isWidget {
            guard let decl = w.decl else { continue }
            let finder = ReferenceFinder(name: name, viewMode: .sourceAccurate)
            finder.walk(decl)
            if finder.found { return true }
        }
        return false
    }

    static func surfaceFromName(_ name: String, taken: Set<Surface>) -> Surface? {
        let n = name.lowercased()
        let table: [(String, Surface)] = [("extralarge", .systemExtraLarge), ("small", .systemSmall), ("medium", .systemMedium),
                                          ("large", .systemLarge), ("circular", .accessoryCircular), ("rectangular", .accessoryRectangular),
                                          ("inline", .accessoryInline), ("lockscreen", .lockScreen), ("liveactivity", .lockScreen),
                                          ("minimal", .islandMinimal), ("standby", .standBy)]
        for (word, s) in table where n.contains(word) && !taken.contains(s) { return s }
        return nil
    }

    /// The entry type a configuration's closure hands its view (the one TimelineEntry of the files, when only one).
    func entryType(_ closure: ClosureExprSyntax) -> TypeName? {
        let entries = catalog.typeOrder.compactMap { catalog.types[$0] }.filter(\.isEntry)
        return entries.count == 1 ? TypeName(name: entries[0].name) : nil
    }

    func activityOrEntryType(_ param: String) -> TypeName? {
        let entries = catalog.typeOrder.compactMap { catalog.types[$0] }.filter(\.isEntry)
        return entries.count == 1 ? TypeName(name: entries[0].name) : nil
    }

    /// `.supportedFamilies([.systemSmall, …])`.
    static func families(_ chain: [(declName: String, call: FunctionCallExprSyntax)]) -> [Surface]? {
        guard let m = chain.first(where: { $0.declName == "supportedFamilies" }), let arr = m.call.arguments.first?.expression.as(ArrayExprSyntax.self) else { return nil }
        let names = arr.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
        let surfaces = names.compactMap(Surface.init(rawValue:)).filter { $0.family != .island && $0.family != .control }
        return surfaces.isEmpty ? nil : surfaces
    }

    /// Families `.supportedFamilies([…])` names that no home or accessory surface stands for.
    static func familiesWithoutSurface(_ chain: [(declName: String, call: FunctionCallExprSyntax)]) -> [String] {
        guard let m = chain.first(where: { $0.declName == "supportedFamilies" }), let arr = m.call.arguments.first?.expression.as(ArrayExprSyntax.self) else { return [] }
        let names = arr.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
        return names.filter { n in Surface(rawValue: n).map { $0.family == .island || $0.family == .control } ?? true }
    }

    /// Families a view's `switch family` names (its cases), else small, medium and large.
    func familiesSwitched(_ t: TypeInfo) -> [Surface] {
        guard let body = t.body else { return [] }
        let v = SwitchCaseVisitor(viewMode: .sourceAccurate)
        v.walk(body.body)
        let found = v.cases.compactMap(Surface.init(rawValue:)).filter { [.home, .accessory].contains($0.family) }
        return found.isEmpty ? [.systemSmall, .systemMedium, .systemLarge] : found
    }

    /// The expressions of a body (`return` and plain expressions).
    static func expressions(_ items: CodeBlockItemListSyntax, depth: Int = 0) -> [ExprSyntax] {
        items.flatMap { item -> [ExprSyntax] in
            switch item.item {
            case .expr(let e): return [e]
            case .stmt(let s): return (s.as(ReturnStmtSyntax.self)?.expression ?? s.as(ExpressionStmtSyntax.self)?.expression).map { [$0] } ?? []
            case .decl(let d):
                // A widget body or configuration closure inside `#if … #endif`: its first clause.
                guard depth < Catalog.maxConditionalDepth, let c = d.as(IfConfigDeclSyntax.self),
                      case .statements(let inner)? = Catalog.firstClause(c) else { return [] }
                return expressions(inner, depth: depth + 1)
            }
        }
    }

    /// A call with its modifier chain taken off (outermost last).
    static func peel(_ e: ExprSyntax) -> (ExprSyntax, [(declName: String, call: FunctionCallExprSyntax)]) {
        var root = strip(e)
        var chain: [(String, FunctionCallExprSyntax)] = []
        while let c = root.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
              !(base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase ?? false) {
            chain.append((m.declName.baseName.text, c))
            root = strip(base)
        }
        return (root, chain.reversed())
    }

    // MARK: Dynamic Island

    func islandDrafts(_ items: CodeBlockItemListSyntax, _ scope: Scope) -> [SurfaceDraft] {
        for e in Self.expressions(items) {
            let (root, chain) = Self.peel(e)
            guard let call = root.as(FunctionCallExprSyntax.self), Self.calleeName(call) == "DynamicIsland" else { continue }
            var keyline: YAMLValue?
            if let k = chain.first(where: { $0.declName == "keylineTint" }), let c = k.call.arguments.first?.expression {
                keyline = paintYAML(value(c, scope, expecting: .color))
                recordModifier(spot(k.call.calledExpression.as(MemberAccessExprSyntax.self)!.declName, scope), "keylineTint", keyline == nil ? .placeholder : .translated,
                               keyline == nil ? "the keyline colour is not translated" : nil)
            }
            for m in chain where m.declName != "keylineTint" {
                let at = spot(m.call.calledExpression.as(MemberAccessExprSyntax.self)!.declName, scope)
                if Self.nonVisual.contains(m.declName) || m.declName == "contentMargins" { ledger.drop(at, m.declName) }
                else { recordModifier(at, m.declName, .placeholder, ".\(m.declName) on the Dynamic Island is not in the layout language: left out") }
            }
            var expanded: [(String, DraftNode)] = []
            if let closure = Self.closure(call, "expanded") ?? call.trailingClosure {
                var regionNodes: [String: [DraftNode]] = [:]
                for item in Self.expressions(closure.statements) {
                    let (r, rchain) = Self.peel(item)
                    guard let rc = r.as(FunctionCallExprSyntax.self), Self.calleeName(rc) == "DynamicIslandExpandedRegion",
                          let which = rc.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                          ["leading", "trailing", "center", "bottom"].contains(which) else { continue }
                    recordNode(spot(rc, scope), "DynamicIslandExpandedRegion", .translated)
                    for m in rchain {
                        let at = spot(m.call.calledExpression.as(MemberAccessExprSyntax.self)!.declName, scope)
                        if m.declName == "contentMargins" || m.declName == "dynamicIsland" || Self.nonVisual.contains(m.declName) { ledger.drop(at, m.declName) }
                        else { recordModifier(at, m.declName, .placeholder, ".\(m.declName) on a region is not in the layout language: left out") }
                    }
                    var s = scope
                    s.surface = .islandExpanded
                    regionNodes[which, default: []] += views(Self.closure(rc, nil)?.statements ?? CodeBlockItemListSyntax([]), s)
                }
                for region in ["leading", "center", "trailing", "bottom"] {
                    if let nodes = regionNodes[region], let n = single(nodes, origin: nil) { expanded.append((region, n)) }
                }
            }
            var drafts: [SurfaceDraft] = []
            if !expanded.isEmpty { drafts.append(SurfaceDraft(surface: .islandExpanded, regions: expanded, keylineTint: keyline)) }
            var compact: [(String, DraftNode)] = []
            for (label, region) in [("compactLeading", "leading"), ("compactTrailing", "trailing")] {
                guard let c = Self.closure(call, label) else { continue }
                var s = scope; s.surface = .islandCompact
                if let n = single(views(c.statements, s), origin: nil) { compact.append((region, n)) }
            }
            if !compact.isEmpty { drafts.append(SurfaceDraft(surface: .islandCompact, regions: compact, keylineTint: keyline)) }
            if let c = Self.closure(call, "minimal") {
                var s = scope; s.surface = .islandMinimal
                if let n = single(views(c.statements, s), origin: nil) { drafts.append(SurfaceDraft(surface: .islandMinimal, regions: [("view", n)], keylineTint: keyline)) }
            }
            return drafts
        }
        return []
    }

    /// A type with `expanded`, `compactLeading`, `compactTrailing`, `minimal` members (written as
    /// properties rather than closures).
    func islandDraftsFromMembers(_ t: TypeInfo, _ scope: Scope) -> [SurfaceDraft] {
        var drafts: [SurfaceDraft] = []
        if let m = t.members["expanded"] {
            var s = scope; s.surface = .islandExpanded
            var regions: [(String, DraftNode)] = []
            var regionNodes: [String: [DraftNode]] = [:]
            let finder = RegionFinder(viewMode: .sourceAccurate)
            finder.walk(m.body)
            for (which, call) in finder.regions {
                recordNode(spot(call, s), "DynamicIslandExpandedRegion", .translated)
                regionNodes[which, default: []] += views(Self.closure(call, nil)?.statements ?? CodeBlockItemListSyntax([]), s)
            }
            for region in ["leading", "center", "trailing", "bottom"] {
                if let nodes = regionNodes[region], let n = single(nodes, origin: nil) { regions.append((region, n)) }
            }
            if !regions.isEmpty { drafts.append(SurfaceDraft(surface: .islandExpanded, regions: regions)) }
        }
        var compact: [(String, DraftNode)] = []
        for (label, region) in [("compactLeading", "leading"), ("compactTrailing", "trailing")] {
            guard let m = t.members[label] else { continue }
            var s = scope; s.surface = .islandCompact
            if let n = single(views(m.body, s), origin: nil) { compact.append((region, n)) }
        }
        if !compact.isEmpty { drafts.append(SurfaceDraft(surface: .islandCompact, regions: compact)) }
        if let m = t.members["minimal"] {
            var s = scope; s.surface = .islandMinimal
            if let n = single(views(m.body, s), origin: nil) { drafts.append(SurfaceDraft(surface: .islandMinimal, regions: [("view", n)])) }
        }
        return drafts
    }

    // MARK: Controls

    func control(_ call: FunctionCallExprSyntax, widget: TypeInfo, _ scope: Scope) -> ControlDraft? {
        let args = Self.arguments(call.arguments)
        var id = widget.name.prefix(1).lowercased() + widget.name.dropFirst()
        if let k = args["kind"]?.as(StringLiteralExprSyntax.self)?.plainText { id = k }
        id = Self.assetKey(id)
        guard let closure = Self.closure(call, nil) ?? Self.closure(call, "content") else { return nil }
        let param = Self.closureParameters(closure).first
        for e in Self.expressions(closure.statements) {
            let (root, chain) = Self.peel(e)
            guard let c = root.as(FunctionCallExprSyntax.self), let name = Self.calleeName(c) else { continue }
            let at = spot(c, scope)
            let cargs = Self.arguments(c.arguments)
            var s = scope
            if let param { s.names[param] = Value(.unknown(param)) }
            let label = Self.closure(c, "label") ?? (name == "ControlWidgetButton" ? Self.closure(c, nil) : (c.additionalTrailingClosures.isEmpty ? c.trailingClosure : Self.closure(c, "label")))
            // The toggle's state: a condition on it picks the on or off face.
            let stateText = cargs["isOn"]?.trimmedDescription
            func face(_ assume: Bool?) -> [(String, YAMLValue)] {
                var fs = s
                if let stateText, let assume {
                    fs.assumptions[stateText] = assume
                    if let param { fs.assumptions[param] = assume }
                }
                var pairs: [(String, YAMLValue)] = []
                if let label, let lc = Self.expressions(label.statements).first.map(Self.peel)?.0.as(FunctionCallExprSyntax.self) {
                    let la = Self.arguments(lc.arguments)
                    if let t = la["_0"] { let v = value(t, fs, expecting: .text); if let p = v.textPieces { pairs.append(("label", .string(Value.render(p)))) } }
                    if let sym = la["systemImage"], let (n, _) = symbolName(sym, fs, at: at) { pairs.append(("symbol", n)) }
                }
                if let tint = chain.last(where: { $0.declName == "tint" })?.call.arguments.first?.expression,
                   let p = paintYAML(value(tint, fs, expecting: .color)) { pairs.append(("tint", p)) }
                return pairs
            }
            recordNode(at, name, .translated)
            for m in chain {
                let mat = spot(m.call.calledExpression.as(MemberAccessExprSyntax.self)!.declName, scope)
                if m.declName == "tint" { recordModifier(mat, "tint", .translated) } else { ledger.drop(mat, m.declName) }
            }
            if name == "ControlWidgetToggle" {
                let on = face(true), off = face(false)
                let base = on.filter { k in off.contains { $0.0 == k.0 && DraftWriter.flow($0.1) == DraftWriter.flow(k.1) } }
                var d = ControlDraft(id: id, kind: "toggle", face: base)
                d.on = on.filter { k in !base.contains { $0.0 == k.0 } }
                d.off = off.filter { k in !base.contains { $0.0 == k.0 } }
                if !d.face.contains(where: { $0.0 == "symbol" }) && !d.on.contains(where: { $0.0 == "symbol" }) { d.face.append(("symbol", .string("questionmark"))) }
                if !d.face.contains(where: { $0.0 == "label" }) && !(d.on.contains(where: { $0.0 == "label" }) && d.off.contains(where: { $0.0 == "label" })) {
                    d.face.append(("label", .string(SampleData.humanized(id))))
                    ledger.todo(at, name, "no label the importer can read: the control's id stands in", .partly)
                }
                return d
            }
            var f = face(nil)
            if !f.contains(where: { $0.0 == "symbol" }) { f.append(("symbol", .string("questionmark"))) }
            if !f.contains(where: { $0.0 == "label" }) {
                f.append(("label", .string(SampleData.humanized(id))))
                ledger.todo(at, name, "no label the importer can read: the control's id stands in", .partly)
            }
            return ControlDraft(id: id, kind: "button", face: f)
        }
        return nil
    }
}

/// Finds a name used as a view or type (`SmallWidgetView(…)`).
final class ReferenceFinder: SyntaxVisitor {
    let name: String
    var found = false
    init(name: String, viewMode: SyntaxTreeViewMode) { self.name = name; super.init(viewMode: viewMode) }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name { found = true }
        return found ? .skipChildren : .visitChildren
    }
}

/// `DynamicIslandExpandedRegion(.leading) { … }` calls anywhere in a body.
final class RegionFinder: SyntaxVisitor {
    var regions: [(String, FunctionCallExprSyntax)] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Translator.calleeName(node) == "DynamicIslandExpandedRegion",
           let which = node.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
           ["leading", "trailing", "center", "bottom"].contains(which) {
            regions.append((which, node))
            return .skipChildren
        }
        return .visitChildren
    }
}
