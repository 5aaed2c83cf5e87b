import Foundation
import WidgetModel

/// Template + data + context → view tree, bounded by `limits`: at most `expandedNodes` views,
/// `componentDepth` nested components, `viewDepth` nested views and `textLength` characters per
/// text; a `forEach` repeats at most `forEachItems` items.
struct Binder {
    let document: LayoutDocument
    let data: DataValue
    let context: BindContext
    let limits: Limits
    var diagnostics: [Diagnostic] = []
    /// Roots `lookup` answers without data.
    static let builtInRoots: Set<String> = ["strings", "now", "locale", "surface", "scheme", "context"]
    /// Data paths of bindings that found no value (BoundSurface.missingPaths).
    var missingPaths: [String] = []
    var useDepth = 0
    private var viewDepth = 0
    private var expanded = 0
    /// Characters of every text bound so far on this surface (`Limits.surfaceTextLength`).
    private var textCharacters = 0
    /// Set once a bound goes over: binding stops adding views.
    var stopped = false
    /// `Limits.bindSteps`, spent by the non-mutating evaluators.
    let work: WorkBudget
    /// Errors and warnings from evaluating an expression (division by zero …), reported by the caller
    /// at the binding's or condition's location.
    let problems = ProblemBox()

    /// What a node inherits from its ancestors, like SwiftUI's environment.
    struct Environment {
        var locals: [String: DataValue] = [:]
        var foreground: Paint?
        var fontStyle: TextStyle = .body
        var fontSize: Double?
        var fontWeight: FontWeight?
        /// The system font's design (SwiftUI's `fontDesign`), inherited until a text or node sets another.
        var fontDesign: FontDesign?
        /// Text settings from enclosing nodes (TextEnvironmentTemplate); nil: the text default.
        var text = TextEnvironmentTemplate()
        var unredacted = false
        var dynamicType = DynamicTypeSize.large
        /// The size icons default to: the inherited font's.
        var resolvedFontSize: Double { fontSize ?? fontStyle.size(at: dynamicType) }
    }

    init(document: LayoutDocument, data: DataValue, context: BindContext, limits: Limits = .default) {
        self.document = document; self.data = data; self.context = context; self.limits = limits
        self.work = WorkBudget(limits.bindSteps)
    }

    /// True (with an error, once) when `Limits.bindSteps` is spent: binding stops.
    mutating func workExhausted(at location: SourceLocation?) -> Bool {
        guard work.exhausted else { return false }
        if !stopped {
            fail("binding \(context.surface.rawValue) takes more than \(limits.bindSteps) steps evaluating conditions and bindings (Limits.bindSteps)", at: location)
            stopped = true
        }
        return true
    }

    /// Steps for touching `bytes` bytes of text.
    static func textSteps(_ bytes: Int) -> Int { bytes / 16 + 1 }

    mutating func fail(_ message: String, at location: SourceLocation?) {
        let d = Diagnostic.error(message, at: location)
        if !diagnostics.contains(d) { diagnostics.append(d) }
    }

    /// Checks one bound text against `Limits.textLength` and adds it to the surface's total
    /// (`Limits.surfaceTextLength`); false with an error when either is passed. Not inlined: this runs
    /// inside the recursive node binder, whose stack frame bounds how deep views may nest.
    @inline(never)
    mutating func admitText(_ string: String, at location: SourceLocation?) -> Bool {
        let length = Self.length(string, cappedAt: limits.textLength)
        if length > limits.textLength {
            fail("text is more than \(limits.textLength) characters once bound (Limits.textLength)", at: location)
            return false
        }
        textCharacters += length
        if textCharacters > limits.surfaceTextLength {
            fail("the texts of \(context.surface.rawValue) come to more than \(limits.surfaceTextLength) characters once bound (Limits.surfaceTextLength)", at: location)
            stopped = true
            return false
        }
        return true
    }

    /// Counts views made; false (with an error) once there are more than `Limits.expandedNodes`.
    mutating func admit(_ count: Int, at location: SourceLocation?) -> Bool {
        if stopped { return false }
        expanded += count
        if expanded > limits.expandedNodes {
            fail("more than \(limits.expandedNodes) view nodes on \(context.surface.rawValue) once components and forEach are expanded (Limits.expandedNodes)", at: location)
            stopped = true
            return false
        }
        return true
    }

    var locale: String { context.look.locale }
    var dates: DateText {
        DateText(locale: context.look.locale, timeZone: context.look.timeZone, now: context.look.now, encoding: document.dateEncoding)
    }

    mutating func bind(_ t: SurfaceTemplate) -> BoundSurface {
        var env = Environment()
        env.dynamicType = context.look.dynamicType
        var background: Paint?
        var backgroundView: ViewNode?
        switch t.background {
        case .paint(let p)?: background = paint(p, env)
        case .node(let n)?: backgroundView = single(n, env)
        case nil: break
        }
        let keylineTint = t.keylineTint.flatMap { paint($0, env) }
        var view: ViewNode?
        var regions: [Region: ViewNode] = [:]
        if let v = t.view { view = single(v, env) }
        for region in Region.allCases { if let r = t.regions[region] { regions[region] = single(r, env) } }
        var bound = BoundSurface(view: view, regions: regions, background: background, margins: t.margins, diagnostics: diagnostics)
        bound.backgroundView = backgroundView
        bound.keylineTint = keylineTint
        bound.cost = limits.bindSteps - work.remaining + expanded
        bound.missingPaths = missingPaths
        return bound
    }

    /// Hands what the last evaluation found (division by zero, a value of the wrong kind) to the diagnostics.
    mutating func report(at location: SourceLocation?) {
        guard !problems.isEmpty else { return }
        for m in problems.errors { fail(m, at: location) }
        for m in problems.warnings { warn(m, at: location) }
        problems.clear()
    }

    mutating func warn(_ message: String, at location: SourceLocation?) {
        let d = Diagnostic.warning(message, at: location)
        if !diagnostics.contains(d) { diagnostics.append(d) }
    }

    /// A binding's value after its filters; warns about missing values and values a filter cannot read.
    mutating func value(of binding: Binding, _ env: Environment) -> DataValue {
        var v = evaluate(binding.expression, env)
        report(at: binding.location)
        if v == .null, !binding.hasDefault {
            var missing: [Path] = []
            if case .path(let p) = binding.expression {
                warn("missing value '\(p.text)'", at: binding.location)
                missing = [p]
            } else {
                // `a * 100` with a missing: name the missing path.
                for p in binding.expression.paths.prefix(8) where evaluate(.path(p), env) == .null {
                    warn("missing value '\(p.text)'", at: binding.location)
                    missing.append(p)
                }
            }
            // Data paths only (not locals, tables, built-ins), for the push validator.
            for p in missing where env.locals[p.root] == nil && document.tables[p.root] == nil
                && !Self.builtInRoots.contains(p.root) && !missingPaths.contains(p.text) {
                missingPaths.append(p.text)
            }
        }
        let applier = FilterApplier(dates: dates, textLength: limits.textLength)
        for filter in binding.filters {
            if case .string(let s) = v {
                guard work.spend(Self.textSteps(s.utf8.count)) else { return .null }
            } else if case .array(let a) = v {
                guard work.spend(a.count) else { return .null }
            }
            var argument: DataValue?
            switch filter.argument {
            case .value(let a)?: argument = filter.name == .plural ? pluralForms(keyed: a, env) : a
            case .path(let p)?: argument = evaluate(p, env)
            case nil: argument = nil
            }
            switch applier.apply(filter, to: v, argument: argument) {
            case .value(let next): v = next
            case .failure(let message):
                warn(message, at: binding.location)
                return .null
            case .overLimit(let message):
                fail(message, at: binding.location)
                return .null
            }
        }
        return v
    }

    /// The text of an interpolated string. Stops early once it is certainly longer than
    /// `Limits.textLength` (4 UTF-8 bytes per character at most), so a huge value costs little.
    mutating func text(_ i: Interpolated, _ env: Environment) -> String {
        let cap = limits.textLength * 4 + 4
        var out = ""
        for segment in i.segments {
            switch segment {
            case .literal(let s): out += s
            case .binding(let b):
                let piece = value(of: b, env).text(locale: locale, limit: cap - out.utf8.count)
                guard work.spend(Self.textSteps(piece.utf8.count)) else { return out }
                out += piece
            }
            if out.utf8.count > cap { break }
        }
        return out
    }

    /// Characters in `s`, counted only as far as `limit + 1`.
    static func length(_ s: String, cappedAt limit: Int) -> Int {
        if s.utf8.count <= limit { return s.unicodeScalars.count }
        var n = 0
        for _ in s.unicodeScalars { n += 1; if n > limit { break } }
        return n
    }

    mutating func paint(_ t: PaintTemplate, _ env: Environment) -> Paint? {
        // Bindings are evaluated first (they may warn); the resolver only reads their values.
        var collected: [(String, SourceLocation)] = []
        var values: [Binding: DataValue] = [:]
        var texts: [Interpolated: String] = [:]
        func collect(_ c: ColorTemplate) -> [Interpolated] {
            switch c {
            case .bound(let i): return [i]
            case .schemed(let l, let d): return collect(l) + collect(d)
            case .faded(let x, _), .lightened(let x, _): return collect(x)
            default: return []
            }
        }
        let bound: [Interpolated]
        switch t {
        case .color(let c): bound = collect(c)
        case .linearGradient(let colors, _, _, _): bound = colors.flatMap(collect)
        }
        for i in bound {
            if let b = i.soleBinding { values[b] = value(of: b, env) } else { texts[i] = text(i, env) }
        }
        let box = WarningBox()
        let resolver = PaintResolver(scheme: context.look.scheme, generation: context.look.colors,
                                     evaluate: { values[$0] ?? .null }, text: { texts[$0] ?? "" },
                                     warn: { box.items.append(($0, $1)) })
        let result = resolver.paint(t)
        collected = box.items
        for (m, l) in collected { warn(m, at: l) }
        if result == nil, !bound.isEmpty { return .color(.clear) }
        return result
    }

    func label(_ name: String = "label") -> Paint {
        .color(SystemColors.color(named: name, scheme: context.look.scheme, generation: context.look.colors) ?? .black)
    }

    // MARK: Nodes

    /// A node in a place that needs exactly one view (a surface, a region, a background).
    mutating func single(_ t: TemplateNode, _ env: Environment) -> ViewNode {
        let nodes = bind(t, env)
        if nodes.count == 1 { return nodes[0] }
        if nodes.isEmpty { return ViewNode(.empty, source: t.source) }
        return ViewNode(.vstack(spacing: nil, alignment: .center, children: nodes), source: t.source)
    }

    /// Zero nodes (an unmet `when:`), one, or many (`forEach`).
    mutating func bind(_ t: TemplateNode, _ outer: Environment) -> [ViewNode] {
        if stopped { return [] }
        if case .deferred(let d) = t.kind {
            // A parameter bound to data: parsed now, with the values in place (BoundParameters.swift).
            guard work.spend(d.size), let concrete = resolve(d, outer, at: t.source) else {
                _ = workExhausted(at: t.source)
                return []
            }
            return bind(concrete, outer)
        }
        if workExhausted(at: t.source) { return [] }
        // Every template node visited counts, shown or hidden by `when:`.
        guard admit(1, at: t.source) else { return [] }
        if viewDepth >= limits.viewDepth {
            fail("views nested deeper than \(limits.viewDepth) levels once components are expanded (Limits.viewDepth)", at: t.source)
            stopped = true
            return []
        }
        viewDepth += 1
        defer { viewDepth -= 1 }
        if let w = t.when {
            let shown = evaluate(w, outer).isTruthy
            report(at: t.source)
            if !shown {
                _ = workExhausted(at: t.source)
                return []
            }
        }
        var env = outer
        if t.unredacted { env.unredacted = true }
        var ownForeground: Paint?
        if let f = t.foreground {
            ownForeground = paint(f, outer)
            if let ownForeground { env.foreground = ownForeground }
        }
        env.text.inherit(t.textEnvironment)
        if let f = t.font {
            if let s = f.style { env.fontStyle = s; env.fontSize = nil; env.fontWeight = nil }
            if let s = f.size { env.fontSize = s }
            if let w = f.weight { env.fontWeight = w }
            if let d = f.design { env.fontDesign = d }
        }
        var nodes: [ViewNode]
        switch t.kind {
        case .forEach(let f):
            nodes = bindForEach(f, env, at: t.source)
        case .use(let u):
            guard let bound = bindUse(u, env, at: t.source) else { return [] }
            nodes = bound
        default:
            guard let kind = viewKind(t, env, ownForeground: ownForeground) else { return [] }
            var node = ViewNode(kind, source: t.source)
            if case .progress(let pt) = t.kind { addMarker(pt, to: &node, env); node = labelled(pt, bar: node, env) }
            nodes = [node]
        }
        let modifiers = t.modifiers.compactMap { modifier($0, env) }
        if workExhausted(at: t.source) { return [] }
        return nodes.map { n in
            var n = n
            n.modifiers += modifiers
            if t.layoutPriority != 0 { n.layoutPriority = t.layoutPriority }
            return n
        }
    }

    mutating func children(_ list: [TemplateNode], _ env: Environment) -> [ViewNode] {
        list.flatMap { bind($0, env) }
    }

    var redact: Bool { context.look.placeholder }

    mutating func viewKind(_ t: TemplateNode, _ env: Environment, ownForeground: Paint?) -> ViewKind? {
        switch t.kind {
        case .vstack, .hstack, .zstack, .viewThatFits: return bindStack(t.kind, env)
        case .spacer(let minLength): return .spacer(minLength: minLength)
        case .text(let tt): return bindText(tt, env, at: t.source)
        case .icon(let it): return bindIcon(it, env)
        case .image(let im): return bindImage(im, env, ownForeground: ownForeground, at: t.source)
        case .shape(let s): return bindShape(s, env)
        case .progress(let p): return bindProgress(p, env)
        case .divider: return bindDivider(ownForeground: ownForeground)
        case .toggle(let tt): return bindToggle(tt, env, at: t.source)
        case .forEach, .use, .deferred:
            return nil
        }
    }

}

/// What is left of `Limits.bindSteps`; a class so the non-mutating evaluators can spend it.
final class WorkBudget: @unchecked Sendable {
    private(set) var remaining: Int
    private(set) var exhausted = false
    init(_ steps: Int) { remaining = steps }

    /// False (for good) once the budget is gone; the caller then skips the work.
    func spend(_ steps: Int) -> Bool {
        if exhausted { return false }
        remaining -= steps
        if remaining < 0 { exhausted = true }
        return !exhausted
    }
}

/// What evaluating an expression found; a class so the non-mutating evaluators can add to it.
final class ProblemBox: @unchecked Sendable {
    private(set) var errors: [String] = []
    private(set) var warnings: [String] = []
    var isEmpty: Bool { errors.isEmpty && warnings.isEmpty }
    func fail(_ m: String) { if errors.count < 8, !errors.contains(m) { errors.append(m) } }
    func warn(_ m: String) { if warnings.count < 8, !warnings.contains(m) { warnings.append(m) } }
    func clear() { errors.removeAll(); warnings.removeAll() }
}

/// Lets a non-mutating closure hand warnings back to the binder.
final class WarningBox: @unchecked Sendable {
    var items: [(String, SourceLocation)] = []
}
