import Foundation
import WidgetModel

/// The expression evaluator: paths against data, locals, tables and the built-in roots; operators,
/// comparisons and functions. Non-mutating, so it can run inside filters and paint resolution; it spends
/// `Limits.bindSteps` through `work` and hands problems back through `problems`.
extension Binder {
    func lookup(_ root: String, _ env: Environment) -> DataValue? {
        if let v = env.locals[root] { return v }
        if case .object(let o) = data, let v = o[root] { return v }
        if let t = document.tables[root] { return t }
        switch root {
        case "strings": return document.strings
        case "now": return .string(ISODate.format(context.look.now, timeZone: context.look.timeZone))
        case "locale": return .string(context.look.locale)
        case "surface": return .string(context.surface.rawValue)
        case "scheme": return .string(context.look.scheme.rawValue)
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
        case .conditional(let c, let a, let b): return evaluate(c, env).isTruthy ? evaluate(a, env) : evaluate(b, env)
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
        return ISODate.parse(s, defaultOffset: context.look.timeZone.secondsFromGMT(for: context.look.now))?.date
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
            return .string(ISODate.format(Date(timeIntervalSince1970: result), timeZone: context.look.timeZone))
        }
        switch (op, da, db) {
        case (.subtract, let p?, let q?):
            return .number(p.timeIntervalSince(q))
        case (.subtract, let p?, nil), (.add, let p?, nil):
            if case .number(let n) = y { return shifted(p, by: op == .add ? n : -n) }
        case (.add, nil, let q?):
            if case .number(let n) = x { return shifted(q, by: n) }
        case (.subtract, nil, let q?):
            // a number in the layout's dateEncoding - ISO date
            if case .number(let n) = x, let p = dates.encoding.date(n) { return .number(p.timeIntervalSince(q)) }
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
            // `timerInterval(start, end, …)`, or `timerInterval(range, …)` with a `ClosedRange<Date>` as
            // Swift encodes one (`[lower, upper]`), as `Text(timerInterval:)` takes a range.
            let isRange: Bool = { if case .array = args[0] { return true }; return false }()
            let flags = isRange ? 1 : 2
            let countsDown = flag(named["countsDown"] ?? (args.count > flags ? args[flags] : nil), "countsDown") ?? true
            let showsHours = flag(named["showsHours"] ?? (args.count > flags + 1 ? args[flags + 1] : nil), "showsHours") ?? true
            let interval: (start: Date, end: Date)
            if isRange {
                guard let range = dates.parseRange(args[0]) else {
                    problems.warn("timerInterval expected a range of two dates [start, end] (\(dates.expectedDate) each), found '\(args[0].excerpt(locale: locale))'")
                    return .null
                }
                interval = range
            } else {
                if args[0] == .null || args.count < 2 || args[1] == .null { return .null }
                guard let start = dates.parseDate(args[0]), let end = dates.parseDate(args[1]) else {
                    problems.warn("timerInterval expected two dates (\(dates.expectedDate) each) or a range [start, end], found '\(args[0].excerpt(locale: locale))' and '\(args[1].excerpt(locale: locale))'")
                    return .null
                }
                interval = (start, end)
            }
            return .string(dates.timerInterval(start: interval.start, end: interval.end, countsDown: countsDown, showsHours: showsHours))
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
}
