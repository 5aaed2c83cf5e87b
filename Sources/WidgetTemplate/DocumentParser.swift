import Foundation
import Yams
import WidgetModel

extension LayoutParser {
    static let topKeys = ["name", "strings", "tables", "components", "surfaces", "previews"]

    mutating func document(_ root: Yams.Node, path: String) -> LayoutDocument? {
        guard case .mapping = root else {
            error("expected a layout (a mapping with surfaces:, previews: …), found \(describe(root))", root)
            return nil
        }
        let url = URL(fileURLWithPath: path)
        var name = url.deletingPathExtension().lastPathComponent
        var strings = DataValue.object([:])
        var tables: [String: DataValue] = [:]
        var components: [String: TemplateNode] = [:]
        var surfaceTemplates: [Surface: SurfaceTemplate] = [:]
        var surfaceOrder: [Surface] = []
        var previews: [Preview] = []
        let entries = pairs(root)

        // Component names first, so `use:` anywhere can be checked.
        if let c = entries.first(where: { $0.key == "components" })?.value, case .mapping = c {
            componentNames = Set(pairs(c).map(\.key))
        }
        var sawSurfaces = false
        for (key, keyNode, value) in entries {
            switch key {
            case "name":
                if let n = string(value, "name") { name = n }
            case "strings":
                strings = data(value, "strings")
            case "tables":
                guard case .object(let o) = data(value, "tables") else { break }
                tables = o
            case "components":
                guard case .mapping = value else { error("expected a mapping of component names to nodes for 'components', found \(describe(value))", value); break }
                for (cname, _, body) in pairs(value) {
                    if let n = node(body, depth: 2) { components[cname] = n }
                }
                checkComponentCycles(components, value)
            case "surfaces":
                sawSurfaces = true
                guard case .mapping = value else { error("expected a mapping of surface names for 'surfaces', found \(describe(value))", value); break }
                for (sname, sk, body) in pairs(value) {
                    guard let surface = Surface(rawValue: sname) else {
                        let all = Surface.allCases.map(\.rawValue)
                        error("unknown surface '\(sname)'\(Suggestion.hint(sname, in: all)) (expected one of \(all.joined(separator: ", ")))", sk)
                        continue
                    }
                    if let t = surfaceTemplate(surface, body) {
                        surfaceTemplates[surface] = t
                        surfaceOrder.append(surface)
                    }
                }
            case "previews":
                previews = self.previews(value)
            default:
                error("unknown top-level key '\(key)'\(Suggestion.hint(key, in: Self.topKeys)) (expected one of \(Self.topKeys.joined(separator: ", ")))", keyNode)
            }
        }
        if !sawSurfaces { error("a layout needs 'surfaces:' with at least one surface", root) }
        return LayoutDocument(name: name, path: path, directory: url.deletingLastPathComponent().path,
                              surfaces: surfaceOrder, previews: previews, surfaceTemplates: surfaceTemplates,
                              components: components, tables: tables, strings: strings, warnings: warnings)
    }

    mutating func data(_ node: Yams.Node, _ key: String) -> DataValue {
        var converter = DataConverter(locate: locate)
        let v = converter.convert(node, depth: 1)
        errors += converter.errors
        if case .object = v { return v }
        if v != .null { error("expected a mapping for '\(key)', found \(describe(node))", node) }
        return .object([:])
    }

    mutating func checkComponentCycles(_ components: [String: TemplateNode], _ at: Yams.Node) {
        func uses(_ n: TemplateNode) -> [String] {
            var out: [String] = []
            func walk(_ n: TemplateNode) {
                switch n.kind {
                case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): c.forEach(walk)
                case .forEach(let f): walk(f.content)
                case .use(let u): out.append(u.component)
                default: break
                }
                for m in n.modifiers {
                    if case .background(.node(let b), _) = m { walk(b) }
                    if case .overlay(.node(let b), _) = m { walk(b) }
                }
            }
            walk(n)
            return out
        }
        var reported = Set<String>()
        for start in components.keys.sorted() {
            // Depth-first search for a path back to `start`.
            var stack: [(String, [String])] = [(start, [start])]
            var seen = Set<String>()
            while let (current, trail) = stack.popLast() {
                guard let body = components[current] else { continue }
                for next in uses(body) {
                    if next == start {
                        let cycle = trail + [start]
                        let key = Set(cycle).sorted().joined(separator: ",")
                        if reported.insert(key).inserted {
                            errors.append(.error("component recursion: \(cycle.joined(separator: " → "))", at: components[start]?.source ?? locate(at)))
                        }
                    } else if seen.insert(next).inserted {
                        stack.append((next, trail + [next]))
                    }
                }
            }
        }
    }

    mutating func surfaceTemplate(_ surface: Surface, _ body: Yams.Node) -> SurfaceTemplate? {
        guard case .mapping = body else {
            error("expected a mapping with 'view:' for \(surface.rawValue), found \(describe(body))", body)
            return nil
        }
        var t = SurfaceTemplate(surface: surface, source: locate(body))
        let regionNames = surface.regions.map(\.rawValue)
        let allowed = ["view", "background", "margins"] + regionNames
        var ok = true
        for (k, kn, v) in pairs(body) {
            switch k {
            case "view":
                if !surface.regions.isEmpty {
                    error("\(surface.rawValue) has regions \(regionNames.joined(separator: ", ")); give them instead of 'view:'", kn)
                    ok = false
                } else if let n = node(v, depth: 3) { t.view = n } else { ok = false }
            case "background":
                t.background = paint(v, "background")
            case "margins":
                if stringValue(v) == "none" { t.margins = .zero } else { t.margins = edges(v, "margins", trueValue: 16) }
            default:
                if let region = Region(rawValue: k) {
                    if surface.regions.contains(region) {
                        if let n = node(v, depth: 3) { t.regions[region] = n } else { ok = false }
                    } else if surface.regions.isEmpty {
                        error("region '\(k)' on \(surface.rawValue), which has no regions (only islandCompact and islandExpanded do); use 'view:'", kn)
                        ok = false
                    } else {
                        error("\(surface.rawValue) has no region '\(k)' (expected one of \(regionNames.joined(separator: ", ")))", kn)
                        ok = false
                    }
                } else {
                    unknownKey(k, kn, in: surface.rawValue, allowed: allowed)
                    ok = false
                }
            }
        }
        if ok, t.view == nil, t.regions.isEmpty {
            if surface.regions.isEmpty {
                error("missing 'view:' for \(surface.rawValue)", body)
            } else {
                error("missing regions for \(surface.rawValue) (expected \(regionNames.joined(separator: ", ")))", body)
            }
            return nil
        }
        return ok ? t : nil
    }

    mutating func previews(_ value: Yams.Node) -> [Preview] {
        guard case .mapping = value else {
            error("expected a mapping of preview names for 'previews', found \(describe(value))", value)
            return []
        }
        struct Raw { var preview: Preview; var extends: String?; var extendsNode: Yams.Node? }
        var raws: [Raw] = []
        for (name, _, body) in pairs(value) {
            guard case .mapping = body else {
                error("expected a mapping with data: for preview '\(name)', found \(describe(body))", body); continue
            }
            var p = Preview(name: name, now: nil, timeZone: nil, locale: nil, data: .object([:]), source: locate(body))
            var raw = Raw(preview: p, extends: nil, extendsNode: nil)
            for (k, kn, v) in pairs(body) {
                switch k {
                case "now":
                    guard let text = stringValue(v), let parsed = ISODate.parse(text), parsed.offset != nil else {
                        error("expected an ISO 8601 date with offset for 'now' such as 2026-11-22T12:27:00+09:00, found \(describe(v))", v)
                        continue
                    }
                    p.now = parsed.date
                    if p.timeZone == nil { p.timeZone = TimeZone(secondsFromGMT: parsed.offset!) }
                case "timeZone":
                    guard let id = string(v, "timeZone") else { continue }
                    guard let tz = TimeZone(identifier: id) else {
                        error("unknown time zone '\(id)' (expected an identifier such as Asia/Seoul)", v); continue
                    }
                    p.timeZone = tz
                case "locale":
                    p.locale = string(v, "locale")
                case "data":
                    p.data = data(v, "data")
                case "extends":
                    raw.extends = string(v, "extends"); raw.extendsNode = v
                case "surfaces":
                    p.surfaces = previewSurfaces(v)
                default:
                    unknownKey(k, kn, in: "preview '\(name)'", allowed: ["now", "timeZone", "locale", "data", "extends", "surfaces"])
                }
            }
            raw.preview = p
            raws.append(raw)
        }
        // Resolve `extends` chains: data deep-merged, now/timeZone/locale inherited when not given.
        let byName = Dictionary(raws.map { ($0.preview.name, $0) }, uniquingKeysWith: { a, _ in a })
        var resolved: [String: Preview] = [:]
        var failed = Set<String>()
        func resolve(_ name: String, _ trail: [String]) -> Preview? {
            if let r = resolved[name] { return r }
            if failed.contains(name) { return nil }
            guard let raw = byName[name] else { return nil }
            guard let parentName = raw.extends else { resolved[name] = raw.preview; return raw.preview }
            if trail.contains(parentName) || parentName == name {
                error("preview 'extends' cycle: \((trail + [name, parentName]).drop { $0 != parentName }.joined(separator: " → "))", raw.extendsNode!)
                failed.insert(name)
                return nil
            }
            guard byName[parentName] != nil else {
                let names = byName.keys.sorted()
                error("'\(name)' extends unknown preview '\(parentName)'\(Suggestion.hint(parentName, in: names)) (expected one of \(names.joined(separator: ", ")))", raw.extendsNode!)
                failed.insert(name)
                return nil
            }
            guard let parent = resolve(parentName, trail + [name]) else { failed.insert(name); return nil }
            var p = raw.preview
            p.data = p.data.merged(over: parent.data)
            if p.now == nil { p.now = parent.now }
            if p.timeZone == nil { p.timeZone = parent.timeZone }
            if p.locale == nil { p.locale = parent.locale }
            if p.surfaces == nil { p.surfaces = parent.surfaces }
            resolved[name] = p
            return p
        }
        return raws.compactMap { resolve($0.preview.name, []) }
    }

    /// `surfaces: [systemSmall, accessory]`: surface names or families (home, accessory,
    /// liveActivity, island) a preview applies to, e.g. "no order" has no Live Activity.
    private mutating func previewSurfaces(_ node: Yams.Node) -> Set<Surface>? {
        guard case .sequence(let items) = node else {
            error("expected a list of surfaces or families for 'surfaces', found \(describe(node))", node)
            return nil
        }
        var result = Set<Surface>()
        let families = ["home", "accessory", "liveActivity", "island"]
        for item in items {
            guard let name = string(item, "surfaces") else { continue }
            if let s = Surface(rawValue: name) {
                result.insert(s)
            } else if families.contains(name) {
                result.formUnion(Surface.allCases.filter { $0.family.rawValue == name })
            } else {
                let names = Surface.allCases.map(\.rawValue) + families
                error("unknown surface '\(name)'\(Suggestion.hint(name, in: names)) (expected one of \(names.joined(separator: ", ")))", item)
            }
        }
        return result
    }
}
