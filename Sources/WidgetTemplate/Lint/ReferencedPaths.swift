import WidgetModel

/// The data paths a layout reads, found from its templates without data: `order.status`,
/// `order.items.*.name` (`*` stands for any list item). Tables, `strings`, `now`, `locale`,
/// `surface`, `scheme` and `context` are not data and are left out; a path inside an index
/// (`status[order.status]`) is collected on its own.
public struct ReferencedDataPaths: Sendable, Equatable {
    /// Paths whose value is shown or computed with (texts, icons, colors, progress, component
    /// arguments): the value and everything inside it counts as read.
    public var values: Set<String> = []
    /// Paths only tested (`when:`, comparisons, `forEach` lists, `.count`): the value itself is
    /// read, not what it contains.
    public var tests: Set<String> = []
    /// Paths read as dates (also among `values`): shown by a date filter (`{{eta | time}}`), given to
    /// `timerInterval` (two dates or a range), a timer progress's `start` and `end`. A number found there
    /// is read in the layout's `dateEncoding`.
    public var dates: Set<String> = []

    public var all: Set<String> { values.union(tests) }

    /// Whether data at `path` (dotted, `*` for list items) is read by the layout: a value path
    /// equals it or contains it, a tested path equals it, or a path the layout reads lies inside it.
    public func reads(_ path: String) -> Bool {
        if values.contains(path) || tests.contains(path) { return true }
        for v in values where path.hasPrefix(v + ".") { return true }
        for p in all where p.hasPrefix(path + ".") { return true }
        return false
    }
}

extension LayoutDocument {
    /// Every data path any surface of the layout reads (see ReferencedDataPaths). Components are
    /// walked once per use, with their arguments standing for the paths passed in; the walk stops
    /// after `Limits.expandedNodes` × 4 nodes, so a pathological file costs little.
    public func referencedDataPaths() -> ReferencedDataPaths { referencedDataPaths(maxDepth: nil) }

    /// `maxDepth` stops the walk that many views down (nil: as deep as a layout may nest); the
    /// walk recurses, so a caller on a small stack (a render's, DateEncodingCheck) passes less.
    public func referencedDataPaths(maxDepth: Int?) -> ReferencedDataPaths {
        var walker = PathWalker(document: self, budget: limits.expandedNodes * 4,
                                maxDepth: maxDepth ?? limits.componentDepth + limits.viewDepth)
        for surface in Surface.allCases {
            guard let t = surfaceTemplates[surface] else { continue }
            if let v = t.view { walker.node(v, locals: [:], depth: 0) }
            for r in Region.allCases { if let n = t.regions[r] { walker.node(n, locals: [:], depth: 0) } }
            switch t.background {
            case .paint(let p)?: walker.paint(p, locals: [:])
            case .node(let n)?: walker.node(n, locals: [:], depth: 0)
            case nil: break
            }
            if let k = t.keylineTint { walker.paint(k, locals: [:]) }
        }
        return walker.found
    }
}

private struct PathWalker {
    let document: LayoutDocument
    var budget: Int
    let maxDepth: Int
    var found = ReferencedDataPaths()

    /// A local name → the data path it stands for (nil: not data, e.g. `index` or a constant).
    typealias Locals = [String: String?]

    static let nonData: Set<String> = ["strings", "now", "locale", "surface", "scheme", "context"]

    /// The data path `p` reads, with locals substituted; index expressions are collected as tests.
    mutating func resolve(_ p: Path, locals: Locals) -> String? {
        var base: String?
        if let local = locals[p.root] {
            base = local
        } else if document.tables[p.root] != nil || Self.nonData.contains(p.root) {
            base = nil
        } else {
            base = p.root
        }
        var stopped = base == nil
        for component in p.components {
            switch component {
            case .key(let k):
                guard !stopped else { continue }
                if k.allSatisfy(\.isNumber) { base! += ".*" } else { base! += "." + k }
            case .index(let e):
                expression(e, locals: locals, asValue: false)
                if !stopped { base! += ".*" }
                stopped = true
            }
        }
        return stopped && base?.hasSuffix(".*") != true ? nil : base
    }

    mutating func record(_ p: Path, locals: Locals, asValue: Bool) {
        guard var path = resolve(p, locals: locals) else { return }
        var value = asValue
        if path.hasSuffix(".count") { path.removeLast(".count".count); value = false }
        if value { found.values.insert(path) } else { found.tests.insert(path) }
    }

    /// A path whose value is read as a date, when the expression is a path alone.
    mutating func recordDate(_ e: Expression, locals: Locals) {
        guard case .path(let p) = e, let path = resolve(p, locals: locals) else { return }
        found.dates.insert(path)
    }

    mutating func expression(_ e: Expression, locals: Locals, asValue: Bool) {
        if case .call(.timerInterval, let arguments, _) = e {
            for a in arguments.prefix(2) { recordDate(a, locals: locals) }
        }
        switch e {
        case .literal: break
        case .path(let p): record(p, locals: locals, asValue: asValue)
        case .list(let items): for i in items { expression(i, locals: locals, asValue: asValue) }
        case .not(let x): expression(x, locals: locals, asValue: false)
        case .and(let ts), .or(let ts): for t in ts { expression(t, locals: locals, asValue: false) }
        case .compare(let a, _, let b), .membership(let a, let b, _):
            expression(a, locals: locals, asValue: false)
            expression(b, locals: locals, asValue: false)
        case .arithmetic(let first, let rest):
            // A computed value reads its operands as values (`eta - now`, `p * 100`).
            expression(first, locals: locals, asValue: asValue)
            for o in rest { expression(o.operand, locals: locals, asValue: asValue) }
        case .negate(let x): expression(x, locals: locals, asValue: asValue)
        case .exists(let x): expression(x, locals: locals, asValue: false)
        case .conditional(let c, let a, let b):
            expression(c, locals: locals, asValue: false)
            expression(a, locals: locals, asValue: asValue)
            expression(b, locals: locals, asValue: asValue)
        case .call(_, let arguments, let named):
            for a in arguments { expression(a, locals: locals, asValue: asValue) }
            for key in named.keys.sorted() { expression(named[key]!, locals: locals, asValue: false) }
        }
    }

    mutating func binding(_ b: Binding, locals: Locals) {
        // `more` and `count` read only how many items there are.
        let countsOnly = b.filters.contains { $0.name == .more || $0.name == .count }
        expression(b.expression, locals: locals, asValue: !countsOnly)
        // Only the first filter sees the expression's value; the rest see what the one before made.
        if b.filters.first?.name.readsADate == true { recordDate(b.expression, locals: locals) }
        for f in b.filters { if case .path(let p)? = f.argument { record(p, locals: locals, asValue: true) } }
    }

    mutating func interpolated(_ i: Interpolated, locals: Locals) {
        for s in i.segments { if case .binding(let b) = s { binding(b, locals: locals) } }
    }

    mutating func color(_ c: ColorTemplate, locals: Locals) {
        switch c {
        case .bound(let i): interpolated(i, locals: locals)
        case .schemed(let l, let d): color(l, locals: locals); color(d, locals: locals)
        case .faded(let x, _), .lightened(let x, _): color(x, locals: locals)
        case .named, .rgba: break
        }
    }

    mutating func paint(_ p: PaintTemplate, locals: Locals) {
        switch p {
        case .color(let c): color(c, locals: locals)
        case .linearGradient(let cs, _, _, _): for c in cs { color(c, locals: locals) }
        }
    }

    mutating func node(_ n: TemplateNode, locals: Locals, depth: Int) {
        guard budget > 0, depth <= maxDepth else { return }
        budget -= 1
        if let w = n.when { expression(w, locals: locals, asValue: false) }
        if let f = n.foreground { paint(f, locals: locals) }
        for m in n.modifiers {
            switch m {
            case .background(.paint(let p), _), .overlay(.paint(let p), _): paint(p, locals: locals)
            case .background(.node(let x), _), .overlay(.node(let x), _): node(x, locals: locals, depth: depth + 1)
            default: break
            }
        }
        switch n.kind {
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c), .viewThatFits(_, let c):
            for child in c { node(child, locals: locals, depth: depth + 1) }
        case .spacer, .divider: break
        case .toggle(let t):
            expression(t.isOn, locals: locals, asValue: false)
            if let tint = t.tint { paint(tint, locals: locals) }
        case .deferred(let d):
            // Bound parameters (`alignment: '{{x}}'`) read data; the node's children are parsed at bind time.
            for b in d.bound { interpolated(b.value, locals: locals) }
            // And what else the node holds (its texts, children …), read with those parameters at their defaults.
            budget -= d.size
            guard budget > 0, let skeleton = d.skeleton(file: n.source.file, limits: document.limits,
                                                        componentNames: Set(document.components.keys), path: document.path) else { return }
            if case .deferred = skeleton.kind { return }
            node(skeleton, locals: locals, depth: depth)
        case .text(let t): for v in t.content.variants { interpolated(v.text, locals: locals) }
        case .icon(let i): interpolated(i.name, locals: locals)
        case .image(let i): interpolated(i.path, locals: locals)
        case .shape(let s):
            if let f = s.fill { paint(f, locals: locals) }
            if let st = s.stroke { paint(st, locals: locals) }
        case .progress(let p):
            switch p.value {
            case .fraction: break
            case .bound(let i): interpolated(i, locals: locals)
            case .interval(let a, let b, _):
                interpolated(a, locals: locals); interpolated(b, locals: locals)
                for i in [a, b] {
                    if let binding = i.soleBinding, binding.filters.isEmpty { recordDate(binding.expression, locals: locals) }
                }
            }
            if let t = p.tint { paint(t, locals: locals) }
            if let t = p.track { paint(t, locals: locals) }
            // The marker and the labels are views of their own.
            for child in [p.marker, p.label, p.currentValueLabel, p.minimumValueLabel, p.maximumValueLabel].compactMap({ $0 }) {
                node(child, locals: locals, depth: depth + 1)
            }
        case .forEach(let f):
            expression(f.list, locals: locals, asValue: false)
            var inner = locals
            if case .path(let p) = f.list, let list = resolve(p, locals: locals) {
                inner[f.itemName] = .some(list + ".*")
            } else {
                inner[f.itemName] = .some(nil)
            }
            inner["index"] = .some(nil)
            node(f.content, locals: inner, depth: depth + 1)
        case .use(let u):
            guard let body = document.components[u.component] else { return }
            var inner = locals
            for pair in u.arguments {
                switch pair.value {
                case .constant: inner[pair.name] = .some(nil)
                case .expression(let e):
                    if case .path(let p) = e { inner[pair.name] = .some(resolve(p, locals: locals)) } else {
                        expression(e, locals: locals, asValue: true)
                        inner[pair.name] = .some(nil)
                    }
                case .interpolated(let i):
                    if let b = i.soleBinding, b.filters.isEmpty, case .path(let p) = b.expression {
                        inner[pair.name] = .some(resolve(p, locals: locals))
                    } else {
                        interpolated(i, locals: locals)
                        inner[pair.name] = .some(nil)
                    }
                }
            }
            node(body, locals: inner, depth: depth + 1)
        }
    }
}
