import Foundation
import Yams
import WidgetModel

extension LayoutParser {
    static let topKeys = ["name", "dateEncoding", "stringCatalog", "strings", "tables", "components", "surfaces", "controls", "previews", "timeline"]
    static let previewKeys = ["now", "timeZone", "locale", "data", "extends", "surfaces", "dynamicType"]
    /// Families a preview's `surfaces:` may name instead of surfaces.
    static let previewFamilies = ["home", "accessory", "liveActivity", "island", "smallActivity", "control"]

    /// The keys a surface's entry takes. A surface with regions takes them instead of `view`; the
    /// island is always black with fixed margins (iOS ignores a container background and content
    /// margins there), so it takes a `keylineTint` instead.
    static func surfaceKeys(_ surface: Surface) -> [String] {
        (surface.regions.isEmpty ? ["view"] : [])
            + (surface.family == .island ? ["keylineTint"] : ["background", "margins"]) + surface.regions.map(\.rawValue)
    }

    /// `stringCatalog: File.xcstrings` or a list of them: their strings, later catalogs winning.
    mutating func stringCatalogs(_ value: Yams.Node) -> [String: DataValue] {
        let names: [(String, Yams.Node)]
        switch value {
        case .scalar(let s): names = [(s.string, value)]
        case .sequence(let q) where q.allSatisfy({ $0.scalar != nil }) && q.count <= 16: names = q.map { ($0.scalar!.string, $0) }
        default:
            error("expected an .xcstrings file name or a list of at most 16 for 'stringCatalog', found \(describe(value))", value)
            return [:]
        }
        var out: [String: DataValue] = [:]
        for (name, node) in names {
            switch StringCatalog.load(name, layoutDirectory: directory, limits: limits) {
            case .success(let loaded):
                out.merge(loaded.strings) { _, later in later }
                catalogDigests.append(contentsOf: loaded.digest)
                for case .object(let texts) in loaded.strings.values { catalogLocales.formUnion(texts.keys) }
                for w in loaded.warnings { warnings.append(.warning(w, at: locate(node))) }
            case .failure(let f):
                if let at = f.location { errors.append(.error(f.message, at: at)) } else { error(f.message, node) }
            }
        }
        return out
    }

    mutating func document(_ root: Yams.Node, path: String) -> LayoutDocument? {
        guard case .mapping = root else {
            error("expected a layout (a mapping with surfaces:, previews: …), found \(describe(root))", root)
            return nil
        }
        let url = URL(fileURLWithPath: path)
        var name = url.deletingPathExtension().lastPathComponent
        var nameNode: Yams.Node?
        var strings = DataValue.object([:])
        var catalogStrings: [String: DataValue] = [:]
        var tables: [String: DataValue] = [:]
        var components: [String: TemplateNode] = [:]
        var surfaceTemplates: [Surface: SurfaceTemplate] = [:]
        var surfaceOrder: [Surface] = []
        var previews: [Preview] = []
        var timeline: DataValue?
        var controls: [ControlTemplate] = []
        var dateEncoding = DateEncoding.secondsSince1970
        let entries = pairs(root)

        // Component names first, so `use:` anywhere can be checked.
        if let c = entries.first(where: { $0.key == "components" })?.value, case .mapping = c {
            componentNames = Set(pairs(c).map(\.key))
        }
        var sawSurfaces = false
        var previewsKey: Yams.Node?
        for (key, keyNode, value) in entries {
            switch key {
            case "name":
                if let n = string(value, "name") { name = n; nameNode = value }
            case "dateEncoding":
                if let e = word(value, "dateEncoding", DateEncoding.allCases.map(\.rawValue), DateEncoding.init) { dateEncoding = e }
            case "strings":
                strings = data(value, "strings")
            case "stringCatalog":
                catalogStrings = stringCatalogs(value)
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
                    if surface.family == .control {
                        error("\(sname) is drawn from the layout's 'controls:' section (a list of controls with id, kind, symbol, label …), not from 'surfaces:'", sk)
                        continue
                    }
                    if let t = surfaceTemplate(surface, body) {
                        surfaceTemplates[surface] = t
                        surfaceOrder.append(surface)
                    }
                }
            case "controls":
                controls = self.controls(value)
            case "previews":
                previews = self.previews(value)
                previewsKey = keyNode
            case "timeline":
                // Read as plain data; the timeline stage (WidgetShot's TimelinePolicy) checks it.
                timeline = data(value, "timeline")
            default:
                error("unknown top-level key '\(key)'\(Suggestion.hint(key, in: Self.topKeys)) (expected one of \(Self.topKeys.joined(separator: ", ")))", keyNode)
            }
        }
        if !sawSurfaces { error("a layout needs 'surfaces:' with at least one surface", root) }
        // A catalog's strings under the inline ones: a key written in the layout wins.
        if !catalogStrings.isEmpty, case .object(let inline) = strings {
            strings = .object(catalogStrings.merging(inline) { _, written in written })
        }
        // The name is the first folder of every image the gallery and `record` write.
        if let problem = SafeName.problem(name, maxBytes: limits.nameBytes) {
            if let nameNode {
                error(SafeName.message("layout name (name:)", name, problem, maxBytes: limits.nameBytes), nameNode)
            } else {
                errors.append(.error(SafeName.message("layout name (from the file name; give 'name:')", name, problem,
                                                      maxBytes: limits.nameBytes),
                                     at: SourceLocation(file: file, line: 1, column: 1)))
            }
        }
        if let previewsKey { checkPreviewSurfaces(previews, surfaces: surfaceOrder, at: previewsKey) }
        var document = LayoutDocument(name: name, path: path, directory: url.deletingLastPathComponent().path,
                                      surfaces: surfaceOrder, previews: previews, surfaceTemplates: surfaceTemplates,
                                      components: components, tables: tables, strings: strings, warnings: warnings)
        document.timeline = timeline
        document.dateEncoding = dateEncoding
        document.catalogLocales = catalogLocales.sorted()
        document.controls = controls
        return document
    }

    mutating func data(_ node: Yams.Node, _ key: String) -> DataValue {
        var converter = DataConverter(locate: locate, limits: limits)
        let v = converter.convert(node, depth: 1)
        errors += converter.errors
        if case .object = v { return v }
        if v != .null { error("expected a mapping for '\(key)', found \(describe(node))", node) }
        return .object([:])
    }

    /// Recursion among components is an error, and so is a chain of components using each other
    /// deeper than `Limits.componentDepth`. One depth-first pass with a stack (no copied paths), so
    /// thousands of components cost linear time.
    mutating func checkComponentCycles(_ components: [String: TemplateNode], _ at: Yams.Node) {
        func uses(_ n: TemplateNode) -> [(component: String, source: SourceLocation)] {
            var out: [(String, SourceLocation)] = []
            var pending = [n]
            while let n = pending.popLast() {
                switch n.kind {
                case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c), .viewThatFits(_, let c): pending += c.reversed()
                case .forEach(let f): pending.append(f.content)
                case .use(let u): out.append((u.component, n.source))
                default: break
                }
                for m in n.modifiers.reversed() {
                    if case .background(.node(let b), _) = m { pending.append(b) }
                    if case .overlay(.node(let b), _) = m { pending.append(b) }
                }
            }
            return out
        }
        let names = components.keys.sorted()
        var edges: [String: [(component: String, source: SourceLocation)]] = [:]
        for name in names { edges[name] = uses(components[name]!).filter { components[$0.component] != nil } }

        enum State { case open, done }
        var state: [String: State] = [:]
        var position: [String: Int] = [:]     // index in `stack` of each open component
        var height: [String: Int] = [:]       // components in the longest chain starting here
        var cyclesReported = Set<String>()
        func chain(_ path: [String]) -> String {
            path.count <= 10 ? path.joined(separator: " → ")
                : (path.prefix(5) + ["…"] + path.suffix(3)).joined(separator: " → ")
        }
        for start in names where state[start] == nil {
            var stack: [(name: String, next: Int)] = [(start, 0)]
            state[start] = .open
            position[start] = 0
            while let top = stack.last {
                let out = edges[top.name]!
                if top.next < out.count {
                    stack[stack.count - 1].next += 1
                    let target = out[top.next].component
                    switch state[target] {
                    case nil:
                        state[target] = .open
                        position[target] = stack.count
                        stack.append((target, 0))
                    case .open?:
                        if cyclesReported.insert(target).inserted {
                            let path = stack[position[target]!...].map(\.name) + [target]
                            errors.append(.error("component recursion: \(chain(path))", at: components[target]?.source ?? locate(at)))
                        }
                    case .done?:
                        break
                    }
                } else {
                    height[top.name] = 1 + (out.compactMap { height[$0.component] }.max() ?? 0)
                    state[top.name] = .done
                    position[top.name] = nil
                    stack.removeLast()
                }
            }
        }
        // Report the chain that goes over once, at the `use:` where it does.
        let limit = limits.componentDepth
        guard var current = names.first(where: { (height[$0] ?? 0) > limit }) else { return }
        while height[current]! > limit + 1, let next = edges[current]!.first(where: { height[$0.component] == height[current]! - 1 }) {
            current = next.component
        }
        var rest = [current]
        var walker = current
        while let next = edges[walker]!.first(where: { height[$0.component] == height[walker]! - 1 }) {
            walker = next.component
            rest.append(walker)
        }
        let overAt = edges[current]!.first { height[$0.component] == limit }?.source ?? components[current]!.source
        errors.append(.error("component '\(current)' starts a chain of \(limit + 1) components using each other (\(chain(rest))), more than the limit of \(limit) (Limits.componentDepth)", at: overAt))
    }

    mutating func surfaceTemplate(_ surface: Surface, _ body: Yams.Node) -> SurfaceTemplate? {
        guard case .mapping = body else {
            error("expected a mapping with 'view:' for \(surface.rawValue), found \(describe(body))", body)
            return nil
        }
        var t = SurfaceTemplate(surface: surface, source: locate(body))
        let regionNames = surface.regions.map(\.rawValue)
        let isIsland = surface.family == .island
        let allowed = Self.surfaceKeys(surface)
        var ok = true
        for (k, kn, v) in pairs(body) {
            switch k {
            case "background" where isIsland, "margins" where isIsland:
                error("\(surface.rawValue) does not honour '\(k)': the Dynamic Island is always black with the system's margins (color the content instead, or use 'keylineTint:' for the island's outline)", kn)
                ok = false
            case "keylineTint" where isIsland:
                t.keylineTint = paint(v, k)
            case "keylineTint":
                error("'keylineTint' is for the Dynamic Island surfaces (islandCompact, islandMinimal, islandExpanded), not \(surface.rawValue)", kn)
                ok = false
            case "view":
                if !surface.regions.isEmpty {
                    error("\(surface.rawValue) has regions \(regionNames.joined(separator: ", ")); give them instead of 'view:'", kn)
                    ok = false
                } else if let n = node(v, depth: 3) { t.view = n } else { ok = false }
            case "background":
                if let layer = layer(v, "background", depth: 3) { t.background = layer } else { ok = false }
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
        for (name, nameNode, body) in pairs(value) {
            // A preview's name is part of the file name of each of its images.
            if let problem = SafeName.problem(name, maxBytes: limits.nameBytes) {
                error(SafeName.message("preview name", name, problem, maxBytes: limits.nameBytes), nameNode)
                continue
            }
            guard case .mapping = body else {
                error("expected a mapping with data: for preview '\(name)', found \(describe(body))", body); continue
            }
            var p = Preview(name: name, now: nil, timeZone: nil, locale: nil, data: .object([:]), source: locate(body))
            var raw = Raw(preview: p, extends: nil, extendsNode: nil)
            for (k, kn, v) in pairs(body) {
                switch k {
                case "now":
                    guard let text = stringValue(v), case .string = scalarValue(v) ?? .null else {
                        error("expected an ISO 8601 date with offset for 'now' such as 2026-11-22T12:27:00+09:00, found \(describe(v))", v)
                        continue
                    }
                    do {
                        let (date, offset) = try ISODate.readInstant(text)
                        p.now = date
                        if p.timeZone == nil { p.timeZone = TimeZone(secondsFromGMT: offset) }
                    } catch let problem {
                        error("expected an ISO 8601 date with offset for 'now' such as 2026-11-22T12:27:00+09:00: \(problem.message)", v)
                    }
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
                case "dynamicType":
                    guard let text = string(v, "dynamicType") else { continue }
                    guard let size = DynamicTypeSize(name: text) else {
                        let names = DynamicTypeSize.allCases.map(\.rawValue)
                        error("unknown dynamicType '\(text)'\(Suggestion.hint(text, in: names)) (expected one of \(names.joined(separator: ", ")), or AX1…AX5)", v)
                        continue
                    }
                    p.dynamicType = size
                default:
                    unknownKey(k, kn, in: "preview '\(name)'", allowed: Self.previewKeys)
                }
            }
            raw.preview = p
            raws.append(raw)
        }
        // Resolve `extends` chains: data deep-merged, now/timeZone/locale inherited when not given.
        // Iteratively, from each preview up to one already resolved, so a chain of thousands costs
        // linear time and no stack; a chain longer than `Limits.extendsDepth` is an error.
        let byName = Dictionary(raws.map { ($0.preview.name, $0) }, uniquingKeysWith: { a, _ in a })
        var resolved: [String: (preview: Preview, depth: Int)] = [:]
        var failed = Set<String>()
        let limit = limits.extendsDepth
        lazy var names = byName.keys.sorted()
        for raw in raws where resolved[raw.preview.name] == nil && !failed.contains(raw.preview.name) {
            // Walk up: `chain` holds previews still to resolve, children first.
            var chain = [raw.preview.name]
            var onChain: Set<String> = [raw.preview.name]
            var brokenChain = false
            while let name = chain.last, let parentName = byName[name]!.extends,
                  resolved[parentName] == nil, !failed.contains(parentName) {
                let extendsNode = byName[name]!.extendsNode!
                if onChain.contains(parentName) {
                    let from = chain.firstIndex(of: parentName)!
                    let cycle = Array(chain[from...]) + [parentName]
                    error("preview 'extends' cycle: \(cycle.joined(separator: " → "))", extendsNode)
                    brokenChain = true
                    break
                }
                guard byName[parentName] != nil else {
                    error("'\(name)' extends unknown preview '\(parentName)'\(Suggestion.hint(parentName, in: names)) (expected one of \(Suggestion.list(names)))", extendsNode)
                    brokenChain = true
                    break
                }
                chain.append(parentName)
                onChain.insert(parentName)
            }
            if brokenChain { failed.formUnion(chain); continue }
            // Resolve down, parents first.
            for name in chain.reversed() {
                let raw = byName[name]!
                guard let parentName = raw.extends else { resolved[name] = (raw.preview, 0); continue }
                guard let parent = resolved[parentName] else { failed.insert(name); continue }
                if parent.depth + 1 > limit {
                    error("preview '\(name)' extends a chain of \(parent.depth + 1) previews, more than the limit of \(limit) (Limits.extendsDepth)", raw.extendsNode!)
                    failed.insert(name)
                    continue
                }
                var p = raw.preview
                p.data = p.data.merged(over: parent.preview.data)
                if p.now == nil { p.now = parent.preview.now }
                if p.timeZone == nil { p.timeZone = parent.preview.timeZone }
                if p.locale == nil { p.locale = parent.preview.locale }
                if p.surfaces == nil { p.surfaces = parent.preview.surfaces }
                if p.dynamicType == nil { p.dynamicType = parent.preview.dynamicType }
                resolved[name] = (p, parent.depth + 1)
            }
        }
        return raws.compactMap { resolved[$0.preview.name]?.preview }
    }

    /// Every preview is rendered on every surface it applies to (the gallery and the goldens, in
    /// light and dark): past `Limits.previewSurfaces` such pictures, an error at the `previews:` key.
    mutating func checkPreviewSurfaces(_ previews: [Preview], surfaces: [Surface], at key: Yams.Node) {
        let limit = limits.previewSurfaces
        var pictures = 0
        for preview in previews { pictures += surfaces.count { preview.applies(to: $0) } }
        guard pictures > limit else { return }
        error("\(previews.count) previews on the surfaces each applies to are \(pictures) pictures, more than \(limit) "
                  + "(Limits.previewSurfaces): the gallery and the goldens render each in light and dark", key)
    }

    /// `surfaces: [systemSmall, accessory]`: surface names or families (home, accessory,
    /// liveActivity, island) a preview applies to, e.g. "no order" has no Live Activity.
    private mutating func previewSurfaces(_ node: Yams.Node) -> Set<Surface>? {
        guard case .sequence(let items) = node else {
            error("expected a list of surfaces or families for 'surfaces', found \(describe(node))", node)
            return nil
        }
        var result = Set<Surface>()
        let families = Self.previewFamilies
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
