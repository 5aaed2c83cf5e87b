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
    private var useDepth = 0
    private var viewDepth = 0
    private var expanded = 0
    /// Characters of every text bound so far on this surface (`Limits.surfaceTextLength`).
    private var textCharacters = 0
    /// Set once a bound goes over: binding stops adding views.
    private var stopped = false
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
        /// Text settings from enclosing nodes (TextEnvironmentTemplate); nil: the text default.
        var text = TextEnvironmentTemplate()
        var unredacted = false
        /// The size icons default to: the inherited font's.
        var resolvedFontSize: Double { fontSize ?? fontStyle.size }
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

    var locale: String { context.locale }
    var dates: DateText { DateText(locale: context.locale, timeZone: context.timeZone, now: context.now) }

    mutating func bind(_ t: SurfaceTemplate) -> BoundSurface {
        let env = Environment()
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

    // MARK: Scope and expressions

    func lookup(_ root: String, _ env: Environment) -> DataValue? {
        if let v = env.locals[root] { return v }
        if case .object(let o) = data, let v = o[root] { return v }
        if let t = document.tables[root] { return t }
        switch root {
        case "strings": return document.strings
        case "now": return .string(ISODate.format(context.now, timeZone: context.timeZone))
        case "locale": return .string(context.locale)
        case "surface": return .string(context.surface.rawValue)
        case "scheme": return .string(context.scheme.rawValue)
        case "context": return .object(["isStale": .bool(context.isStale),
                                         "renderingMode": .string(context.renderingMode.rawValue)])
        default: return nil
        }
    }

    func evaluate(_ path: Path, _ env: Environment) -> DataValue {
        guard work.spend(1 + path.components.count), var value = lookup(path.root, env) else { return .null }
        for component in path.components {
            switch component {
            case .key(let k):
                switch value {
                case .object(let o):
                    if let v = o[k] { value = v } else if k == "count" { value = .number(Double(o.count)) } else { return .null }
                case .array(let a) where k == "count": value = .number(Double(a.count))
                case .string(let s) where k == "count":
                    guard work.spend(Self.textSteps(s.utf8.count)) else { return .null }
                    value = .number(Double(s.count))
                case .array(let a):
                    guard let i = CheckedNumber.int(k), a.indices.contains(i) else { return .null }
                    value = a[i]
                default: return .null
                }
            case .index(let e):
                let key = evaluate(e, env).localized(locale)
                switch (value, key) {
                case (.array(let a), .number(let n)):
                    guard n.rounded() == n, let i = CheckedNumber.int(n) else { return .null }
                    // From the end when negative; `count + i` cannot overflow for i ≥ Int.min.
                    let index = i < 0 ? a.count + i : i
                    guard a.indices.contains(index) else { return .null }
                    value = a[index]
                case (.object(let o), .string(let s)): value = o[s] ?? .null
                case (.object(let o), .number(let n)): value = o[NumberText.plain(n)] ?? .null
                case (.object(let o), .bool(let b)): value = o[b ? "true" : "false"] ?? .null
                default: return .null
                }
            }
            if value == .null { return .null }
        }
        return value
    }

    func evaluate(_ e: Expression, _ env: Environment) -> DataValue {
        guard work.spend(1) else { return .null }
        switch e {
        case .literal(let v): return v
        case .path(let p): return evaluate(p, env)
        case .list(let items): return .array(items.map { evaluate($0, env) })
        case .not(let x): return .bool(!evaluate(x, env).isTruthy)
        case .and(let terms): return .bool(terms.allSatisfy { evaluate($0, env).isTruthy })
        case .or(let terms): return .bool(terms.contains { evaluate($0, env).isTruthy })
        case .compare(let a, let op, let b):
            return .bool(compare(evaluate(a, env).localized(locale), op, evaluate(b, env).localized(locale)))
        case .exists(let x):
            return .bool(evaluate(x, env) != .null)
        case .negate(let x):
            let v = evaluate(x, env).localized(locale)
            if v == .null { return .null }
            guard case .number(let n) = Self.numeric(v) else {
                problems.warn("'-' expected a number, found \(v.typeName) '\(v.excerpt(locale: locale))'")
                return .null
            }
            guard n.isFinite else {
                problems.fail("arithmetic overflow: -\(NumberText.plain(n)) is not a finite number")
                return .null
            }
            return .number(-n)
        case .arithmetic(let first, let rest):
            var acc = evaluate(first, env).localized(locale)
            for operation in rest {
                if acc == .null { return .null }
                let rhs = evaluate(operation.operand, env).localized(locale)
                acc = arithmetic(acc, operation.op, rhs)
            }
            return acc
        case .call(let function, let args, let named):
            return call(function, args.map { evaluate($0, env).localized(locale) },
                        named.mapValues { evaluate($0, env).localized(locale) })
        case .membership(let a, let list, let negated):
            let needle = evaluate(a, env).localized(locale)
            let items: [DataValue]
            switch evaluate(list, env) {
            case .array(let xs):
                guard work.spend(xs.count) else { return .null }
                items = xs
            case .object(let o):
                guard work.spend(o.count) else { return .null }
                if case .string(let k) = needle { return .bool((o[k] != nil) != negated) }
                items = o.keys.map(DataValue.string)
            case .string(let s):
                if case .string(let n) = needle {
                    // A substring search may compare each position with the whole needle.
                    let (product, overflow) = s.utf8.count.multipliedReportingOverflow(by: max(1, n.utf8.count))
                    guard !overflow, work.spend(Self.textSteps(product)) else { return .null }
                    return .bool(s.contains(n) != negated)
                }
                items = []
            default: items = []
            }
            let found = items.contains { compare(needle, .eq, $0.localized(locale)) }
            return .bool(found != negated)
        }
    }

    /// A number, or a string that reads as one, as `.number`; anything else unchanged.
    static func numeric(_ v: DataValue) -> DataValue {
        switch v {
        case .number: return v
        case .string(let s): return ScalarSyntax.number(s.trimmingSpaces).map(DataValue.number) ?? v
        default: return v
        }
    }

    /// A string that reads as an ISO 8601 date (a missing offset means the context's zone).
    func isoDate(_ v: DataValue) -> Date? {
        guard case .string(let s) = v, s.utf8.count <= 64, let first = s.utf8.first, first >= 0x30, first <= 0x39 else { return nil }
        return ISODate.parse(s, defaultOffset: context.timeZone.secondsFromGMT(for: context.now))?.date
    }

    /// `a op b`: numbers; dates (`date - date` → seconds, `date ± seconds` → date); `+` joins text.
    /// A missing operand gives null; a value that does not fit warns; division by zero is an error.
    func arithmetic(_ a: DataValue, _ op: Expression.ArithmeticOperator, _ b: DataValue) -> DataValue {
        if a == .null || b == .null { return .null }
        let x = Self.numeric(a), y = Self.numeric(b)
        if case .number(let m) = x, case .number(let n) = y {
            let result: Double
            switch op {
            case .add: result = m + n
            case .subtract: result = m - n
            case .multiply: result = m * n
            case .divide, .remainder:
                if n == 0 {
                    problems.fail("division by zero: \(NumberText.plain(m)) \(op.rawValue) 0")
                    return .null
                }
                result = op == .divide ? m / n : m.truncatingRemainder(dividingBy: n)
            }
            guard result.isFinite else {
                problems.fail("arithmetic overflow: \(NumberText.plain(m)) \(op.rawValue) \(NumberText.plain(n)) is not a finite number")
                return .null
            }
            return .number(result)
        }
        let da = isoDate(a), db = isoDate(b)
        /// `date ± seconds`, when the result is a date a binding can show (years 0001–9999).
        func shifted(_ date: Date, by seconds: Double) -> DataValue {
            let result = date.timeIntervalSince1970 + seconds
            guard ISODate.representableSeconds.contains(result) else {
                problems.fail("arithmetic overflow: \(a.excerpt(locale: locale)) \(op.rawValue) \(b.excerpt(locale: locale)) is not a date within the years 0001–9999")
                return .null
            }
            return .string(ISODate.format(Date(timeIntervalSince1970: result), timeZone: context.timeZone))
        }
        switch (op, da, db) {
        case (.subtract, let p?, let q?):
            return .number(p.timeIntervalSince(q))
        case (.subtract, let p?, nil), (.add, let p?, nil):
            if case .number(let n) = y { return shifted(p, by: op == .add ? n : -n) }
        case (.add, nil, let q?):
            if case .number(let n) = x { return shifted(q, by: n) }
        case (.subtract, nil, let q?):
            // epoch seconds - ISO date
            if case .number(let n) = x, let p = ISODate.epochDate(n) { return .number(p.timeIntervalSince(q)) }
        default: break
        }
        if op == .add, a.isString || b.isString {
            // Joined text is bound text: past `Limits.textLength` it is refused here, before it grows further.
            let cap = limits.textLength * 4 + 4
            let joined = a.text(locale: locale, limit: cap) + b.text(locale: locale, limit: cap)
            guard Self.length(joined, cappedAt: limits.textLength) <= limits.textLength else {
                problems.fail("'+' makes a text of more than \(limits.textLength) characters (Limits.textLength)")
                return .null
            }
            return .string(joined)
        }
        problems.warn("cannot compute \(a.typeName) '\(a.excerpt(locale: locale))' \(op.rawValue) \(b.typeName) '\(b.excerpt(locale: locale))' (expected numbers, or dates and seconds)")
        return .null
    }

    func call(_ f: Expression.Function, _ args: [DataValue], _ named: [String: DataValue]) -> DataValue {
        func number(_ v: DataValue) -> Double? {
            if case .number(let n) = Self.numeric(v) {
                // ∞ and NaN come only from data (YAML `.inf`, `.nan`); no function makes sense of them.
                if n.isFinite { return n }
                problems.warn("\(f.rawValue) expected a finite number, found \(NumberText.plain(n))")
                return nil
            }
            if v != .null { problems.warn("\(f.rawValue) expected a number, found \(v.typeName) '\(v.excerpt(locale: locale))'") }
            return nil
        }
        func flag(_ v: DataValue?, _ name: String) -> Bool? {
            switch v {
            case nil, .null?: return nil
            case .bool(let b)?: return b
            case .string(let s)?: if let b = ScalarSyntax.bool(s.trimmingSpaces) { return b }
            default: break
            }
            problems.warn("\(f.rawValue) argument '\(name)' expected true or false, found \(v!.typeName) '\(v!.excerpt(locale: locale))'")
            return nil
        }
        switch f {
        case .round:
            guard let x = number(args[0]) else { return .null }
            // Decimals from data are clamped into 0…10, as they always were; converted clamped, so 1e19 cannot trap.
            var decimals = 0
            if args.count > 1, args[1] != .null {
                guard let d = number(args[1]) else { return .null }
                decimals = CheckedNumber.int(d, clampedTo: 0...10)
            }
            return .number(Rounding.round(x, decimals: decimals, rule: .toNearestOrAwayFromZero))
        case .floor: return number(args[0]).map { .number($0.rounded(.down)) } ?? .null
        case .ceil: return number(args[0]).map { .number($0.rounded(.up)) } ?? .null
        case .abs: return number(args[0]).map { .number(Swift.abs($0)) } ?? .null
        case .min, .max:
            var values: [Double] = []
            for a in args {
                if case .array(let items) = a {
                    for i in items.prefix(limits.forEachItems) { if let n = number(i) { values.append(n) } }
                } else if let n = number(a) { values.append(n) }
            }
            guard let r = f == .min ? values.min() : values.max() else { return .null }
            return .number(r)
        case .exists: return .bool(args[0] != .null)
        case .timerInterval:
            let countsDown = flag(named["countsDown"] ?? (args.count > 2 ? args[2] : nil), "countsDown") ?? true
            let showsHours = flag(named["showsHours"] ?? (args.count > 3 ? args[3] : nil), "showsHours") ?? true
            if args[0] == .null || args[1] == .null { return .null }
            guard let start = dates.parseDate(args[0]), let end = dates.parseDate(args[1]) else {
                problems.warn("timerInterval expected dates (ISO 8601 or epoch seconds), found '\(args[0].excerpt(locale: locale))' and '\(args[1].excerpt(locale: locale))'")
                return .null
            }
            return .string(dates.timerInterval(start: start, end: end, countsDown: countsDown, showsHours: showsHours))
        }
    }

    func compare(_ a: DataValue, _ op: Expression.Comparison, _ b: DataValue) -> Bool {
        // Numbers compare as numbers when either side is one and the other reads as one.
        var order: Int?   // -1, 0, 1
        let numeric: Bool = {
            // `false == 0` is false: a boolean is not a number here.
            if case .number = a { if case .bool = b { return false }; return b.numberValue != nil && b != .null }
            if case .number = b { if case .bool = a { return false }; return a.numberValue != nil && a != .null }
            return false
        }()
        if numeric, let x = a.numberValue, let y = b.numberValue {
            order = x < y ? -1 : x > y ? 1 : 0
        } else if case .string(let x) = a, case .string(let y) = b {
            guard work.spend(Self.textSteps(min(x.utf8.count, y.utf8.count))) else { return false }
            if x != y, let dx = isoDate(a), let dy = isoDate(b) {
                order = dx < dy ? -1 : dx > dy ? 1 : 0
            } else {
                order = x < y ? -1 : x > y ? 1 : 0
            }
        } else if a == b {
            order = 0
        }
        switch op {
        case .eq: return order == 0
        case .ne: return order != 0
        case .lt: return order.map { $0 < 0 } ?? false
        case .le: return order.map { $0 <= 0 } ?? false
        case .gt: return order.map { $0 > 0 } ?? false
        case .ge: return order.map { $0 >= 0 } ?? false
        }
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
            case .value(let a)?: argument = a
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
            case .faded(let x, _): return collect(x)
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
        let resolver = PaintResolver(scheme: context.scheme, generation: context.colors,
                                     evaluate: { values[$0] ?? .null }, text: { texts[$0] ?? "" },
                                     warn: { box.items.append(($0, $1)) })
        let result = resolver.paint(t)
        collected = box.items
        for (m, l) in collected { warn(m, at: l) }
        if result == nil, !bound.isEmpty { return .color(.clear) }
        return result
    }

    func label(_ name: String = "label") -> Paint {
        .color(SystemColors.color(named: name, scheme: context.scheme, generation: context.colors) ?? .black)
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
        }
        var nodes: [ViewNode]
        switch t.kind {
        case .forEach(let f):
            nodes = []
            let list = evaluate(f.list, env)
            report(at: t.source)
            let items: [DataValue]
            switch list {
            case .array(let a): items = a
            case .null:
                warn("missing value '\(f.listText)'", at: t.source); items = []
            default:
                warn("forEach expected a list at '\(f.listText)', found \(list.typeName)", at: t.source); items = []
            }
            let cap = min(f.limit ?? Int.max, limits.forEachItems)
            if items.count > cap, f.limit.map({ $0 > limits.forEachItems }) ?? true {
                warn("forEach over '\(f.listText)' has \(items.count) items; only the first \(limits.forEachItems) are shown (Limits.forEachItems)", at: t.source)
            }
            for (index, item) in items.prefix(cap).enumerated() {
                if stopped { break }
                var inner = env
                inner.locals[f.itemName] = item
                inner.locals["index"] = .number(Double(index))
                nodes += bind(f.content, inner)
            }
        case .use(let u):
            guard let component = document.components[u.component] else { return [] }
            guard useDepth < limits.componentDepth else {
                fail("component '\(u.component)' nested more than \(limits.componentDepth) components deep (Limits.componentDepth)", at: t.source)
                stopped = true
                return []
            }
            var inner = env
            for pair in u.arguments {
                switch pair.value {
                case .constant(let v): inner.locals[pair.name] = v
                case .expression(let e): inner.locals[pair.name] = evaluate(e, env); report(at: t.source)
                case .interpolated(let i):
                    if let b = i.soleBinding { inner.locals[pair.name] = value(of: b, env) } else {
                        inner.locals[pair.name] = .string(text(i, env))
                    }
                }
            }
            useDepth += 1
            nodes = bind(component, inner)
            useDepth -= 1
        default:
            guard let kind = viewKind(t, env, ownForeground: ownForeground) else { return [] }
            var node = ViewNode(kind, source: t.source)
            if case .progress(let pt) = t.kind, let marker = pt.marker, case .progress(let content) = kind {
                node.modifiers.append(.marker(single(marker, env), fraction: content.fraction))
            }
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

    var redact: Bool { context.placeholder }

    mutating func viewKind(_ t: TemplateNode, _ env: Environment, ownForeground: Paint?) -> ViewKind? {
        switch t.kind {
        case .vstack(let spacing, let alignment, let c):
            return .vstack(spacing: spacing, alignment: alignment, children: children(c, env))
        case .hstack(let spacing, let alignment, let c):
            return .hstack(spacing: spacing, alignment: alignment, children: children(c, env))
        case .zstack(let alignment, let c):
            return .zstack(alignment: alignment, children: children(c, env))
        case .spacer(let minLength):
            return .spacer(minLength: minLength)
        case .text(let tt):
            let string = text(tt.content.pick(locale), env)
            guard admitText(string, at: t.source) else { return nil }
            let style = tt.style ?? env.fontStyle
            let explicitSize = tt.size ?? (tt.style == nil ? env.fontSize : nil)
            let size = explicitSize ?? style.size
            var weight = tt.weight ?? (tt.style == nil ? env.fontWeight : nil) ?? style.weight
            if tt.bold, tt.weight == nil { weight = style.emphasizedWeight }
            let lineHeight = tt.lineHeight ?? (explicitSize == nil ? style.lineHeight : nil)
            // The text's own settings are in env.text too (the parser put them there).
            let font = FontSpec(size: size, weight: weight, lineHeight: lineHeight,
                                monospacedDigits: env.text.monospacedDigit ?? tt.monospacedDigit, tracking: tt.tracking ?? 0)
            return .text(TextContent(string: string, font: font, color: env.foreground ?? label(),
                                     lineLimit: env.text.lineLimit ?? tt.lineLimit,
                                     minimumScaleFactor: env.text.minimumScaleFactor ?? tt.minimumScaleFactor,
                                     alignment: env.text.multilineAlignment ?? tt.alignment,
                                     redacted: redact && !env.unredacted,
                                     truncationMode: env.text.truncationMode ?? tt.truncationMode))
        case .icon(let it):
            let name = text(it.name, env)
            if name.isEmpty { return .empty }
            guard let glyph = IconCatalog.glyph(for: name) else {
                warn("unknown icon '\(name)'\(Suggestion.hint(name, in: IconCatalog.names)) from a bound value", at: it.name.location)
                return .empty
            }
            return .icon(IconContent(symbol: name, glyph: glyph, size: it.size ?? env.resolvedFontSize,
                                     color: env.foreground ?? label(), redacted: redact && !env.unredacted))
        case .image(let im):
            let relative = text(im.path, env)
            if relative.isEmpty { return .empty }
            switch ImageAsset.locate(relative, in: document.directory) {
            case .success(let px):
                // A template image takes the foreground colour; `color:` on the image itself makes it one.
                let isTemplate = im.renderingMode.map { $0 == .template } ?? (ownForeground != nil)
                return .image(ImageContent(path: px.path, naturalSize: Size(width: Double(px.width) / im.scale, height: Double(px.height) / im.scale),
                                           resizable: im.resizable, contentMode: im.contentMode, redacted: redact && !env.unredacted,
                                           tint: isTemplate ? env.foreground ?? label() : nil))
            case .failure(let failure):
                let d = Diagnostic.error(failure.message, at: t.source)
                if !diagnostics.contains(d) { diagnostics.append(d) }
                return .empty
            }
        case .shape(let s):
            var fill = s.fill.flatMap { paint($0, env) }
            let stroke = s.stroke.flatMap { paint($0, env) }
            if s.fill == nil, s.stroke == nil { fill = env.foreground ?? label() }
            return .shape(ShapeContent(shape: s.shape, fill: fill,
                                       stroke: stroke.map { Stroke(paint: $0, width: s.lineWidth, dash: s.dash) }))
        case .progress(let p):
            let tint = p.tint.flatMap { paint($0, env) } ?? env.foreground ?? label("blue")
            let track = p.track.flatMap { paint($0, env) }?.solidColor ?? tint.solidColor.multipliedAlpha(0.2)
            return .progress(ProgressContent(fraction: fraction(p.value, env), style: p.style, tint: tint, track: track,
                                             thickness: p.thickness))
        case .divider:
            let color = ownForeground?.solidColor ?? label("separator").solidColor
            return .divider(color: color, thickness: 0.5)
        case .forEach, .use, .deferred:
            return nil
        }
    }

    mutating func fraction(_ v: ProgressTemplate.Value, _ env: Environment) -> Double {
        func clamp(_ x: Double) -> Double { x.isNaN ? 0 : max(0, min(1, x)) }
        func interval(_ start: DataValue, _ end: DataValue, _ countsDown: Bool, at location: SourceLocation) -> Double {
            guard let s = dates.parseDate(start), let e = dates.parseDate(end) else {
                if start != .null && end != .null {
                    warn("progress expected dates for start and end, found '\(start.excerpt(locale: locale))' and '\(end.excerpt(locale: locale))'", at: location)
                }
                return 0
            }
            let duration = e.timeIntervalSince(s)
            let elapsed = duration > 0 ? clamp(context.now.timeIntervalSince(s) / duration) : 1
            return countsDown ? 1 - elapsed : elapsed
        }
        switch v {
        case .fraction(let f): return clamp(f)
        case .bound(let i):
            let value: DataValue = i.soleBinding.map { self.value(of: $0, env) } ?? .string(text(i, env))
            if case .object(let o) = value, let s = o["start"], let e = o["end"] {
                return interval(s, e, o["countsDown"]?.isTruthy ?? false, at: i.location)
            }
            if value == .null || value == .string("") { return 0 }
            guard let n = value.numberValue else {
                warn("progress expected a fraction 0…1, found '\(value.excerpt(locale: locale))'", at: i.location)
                return 0
            }
            return clamp(n)
        case .interval(let start, let end, let countsDown):
            func date(_ i: Interpolated) -> DataValue {
                if let b = i.soleBinding { return value(of: b, env) }
                return .string(text(i, env))
            }
            return interval(date(start), date(end), countsDown, at: start.location)
        }
    }

    mutating func modifier(_ m: TemplateModifier, _ env: Environment) -> Modifier? {
        switch m {
        case .padding(let e): return .padding(e)
        case .frame(let f): return .frame(f)
        case .opacity(let o): return .opacity(o)
        case .clip(let c): return .clip(c)
        case .fixedSize(let h, let v): return .fixedSize(horizontal: h, vertical: v)
        case .offset(let x, let y): return .offset(x: x, y: y)
        case .rotation(let degrees, let anchor): return .rotation(degrees: degrees, anchor: anchor)
        case .scale(let x, let y, let anchor): return .scale(x: x, y: y, anchor: anchor)
        case .accentable(let on): return .accentable(on)
        case .background(let layer, let alignment):
            return layerNode(layer, env).map { .background($0, alignment: alignment) }
        case .overlay(let layer, let alignment):
            return layerNode(layer, env).map { .overlay($0, alignment: alignment) }
        }
    }

    mutating func layerNode(_ layer: TemplateModifier.Layer, _ env: Environment) -> ViewNode? {
        switch layer {
        case .paint(let p):
            guard let paint = paint(p, env), admit(1, at: nil) else { return nil }
            return ViewNode(.shape(ShapeContent(shape: .rect, fill: paint)))
        case .node(let n):
            return single(n, env)
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
