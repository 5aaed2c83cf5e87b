import SwiftSyntax
import WidgetModel

extension Translator {
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
        if let name = viewComponents[t.name] {
            if let e = componentEffects[t.name] { surfaceEffects.adopt(e) }
            return name
        }
        let name = t.name.replacingOccurrences(of: ".", with: "_")
        viewComponents[t.name] = name
        componentOrder.append(name)
        componentsInProgress.insert(t.name)
        defer { componentsInProgress.remove(t.name) }
        var nodes: [DraftNode] = []
        if let body = t.body {
            var s = template
            s.surface = nil
            let outer = surfaceEffects
            surfaceEffects = SurfaceEffects()
            nodes = views(body.body, s)
            componentEffects[t.name] = surfaceEffects
            surfaceEffects = outer.adopting(surfaceEffects)
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
