import Foundation
import WidgetModel
import WidgetTemplate
import WidgetShot

/// What WidgetKit does after a timeline's last entry (`TimelineReloadPolicy`: atEnd, after(date), never).
public enum ReloadPolicy: Sendable, Equatable, CustomStringConvertible {
    case atEnd
    case never
    /// Seconds after the first entry.
    case after(TimeInterval)

    public var description: String {
        switch self {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let s): "after \(TimelinePolicy.duration(s))"
        }
    }
}

/// One entry: the date WidgetKit shows it, and the data it binds.
public struct TimelineEntry: Sendable, Equatable {
    public var date: Date
    public var data: DataValue
    /// Why it is there, e.g. `onTheWay · every 1 min`.
    public var note: String
    public init(date: Date, data: DataValue, note: String = "") { self.date = date; self.data = data; self.note = note }
}

/// Entries in date order and what happens after the last one.
public struct Timeline: Sendable, Equatable {
    public var entries: [TimelineEntry]
    public var reload: ReloadPolicy

    public init(entries: [TimelineEntry], reload: ReloadPolicy) { self.entries = entries; self.reload = reload }

    /// When WidgetKit asks for the next timeline; nil for `never`.
    public var reloadDate: Date? {
        guard let first = entries.first, let last = entries.last else { return nil }
        switch reload {
        case .atEnd: return last.date
        case .never: return nil
        case .after(let s): return first.date.addingTimeInterval(s)
        }
    }

    /// `reload atEnd: WidgetKit asks for a new timeline at 12:38:00`.
    public func reloadSummary(timeZone: TimeZone) -> String {
        switch reload {
        case .never: return "reload never: the last entry stays until the app reloads the timeline"
        default:
            let when = reloadDate.map { Filmstrip.clock($0, timeZone) } ?? "?"
            return "reload \(reload): WidgetKit asks for a new timeline at \(when)"
        }
    }
}

public struct TimelineError: Error, Sendable, CustomStringConvertible {
    /// Dotted key, e.g. `timeline.every.onTheWay`.
    public var field: String
    public var message: String
    public var description: String { "\(field): \(message)" }
}

/// A layout's `timeline:` section: an interval per state, as a delivery widget refreshes faster
/// the closer the order is.
///
/// ```yaml
/// timeline:
///   state: order.status      # the data path whose value picks the interval
///   every: { preparing: 5m, onTheWay: 1m, nearbyHome: 30s, default: 15m }
///   horizon: 1h              # entries cover at most this long
///   maxEntries: 12
///   reload: atEnd            # atEnd | never | after 30m
/// ```
public struct TimelinePolicy: Sendable, Equatable {
    public var statePath: String?
    public var every: [String: TimeInterval]
    public var fallback: TimeInterval?
    public var horizon: TimeInterval
    public var maxEntries: Int
    public var reload: ReloadPolicy

    /// Reads a `timeline:` section; `maxEntries` may not pass `Limits.timelineEntries`.
    public static func parse(_ value: DataValue, limits: Limits = .default) throws(TimelineError) -> TimelinePolicy {
        let entryCap = limits.timelineEntries
        guard case .object(let o) = value else { throw TimelineError(field: "timeline", message: "expected a mapping") }
        let allowed = ["state", "every", "horizon", "maxEntries", "reload"]
        for k in o.keys.sorted() where !allowed.contains(k) {
            throw TimelineError(field: "timeline.\(k)", message: "unknown key (expected one of \(allowed.joined(separator: ", ")))")
        }
        var policy = TimelinePolicy(statePath: nil, every: [:], fallback: nil, horizon: 3600, maxEntries: 12, reload: .atEnd)
        switch o["state"] {
        case nil: break
        case .string(let s)?: policy.statePath = s
        default: throw TimelineError(field: "timeline.state", message: "expected a data path such as order.status")
        }
        switch o["every"] {
        case .object(let e)?:
            for (k, v) in e {
                let d = try interval(v, field: "timeline.every.\(k)")
                if k == "default" { policy.fallback = d } else { policy.every[k] = d }
            }
        case nil: throw TimelineError(field: "timeline.every", message: "missing: an interval per state (e.g. onTheWay: 1m) or default:")
        case let v?:
            policy.fallback = try interval(v, field: "timeline.every")
        }
        if let h = o["horizon"] { policy.horizon = try interval(h, field: "timeline.horizon") }
        if let m = o["maxEntries"] {
            guard case .number(let n) = m, n.rounded() == n, n >= 1, n <= Double(entryCap) else {
                throw TimelineError(field: "timeline.maxEntries", message: "expected a whole number 1…\(entryCap) (Limits.timelineEntries)")
            }
            policy.maxEntries = Int(n)
        }
        if let r = o["reload"] { policy.reload = try reloadPolicy(r, field: "timeline.reload") }
        return policy
    }

    static func reloadPolicy(_ v: DataValue, field: String) throws(TimelineError) -> ReloadPolicy {
        guard case .string(let s) = v else { throw TimelineError(field: field, message: "expected atEnd, never or after DURATION") }
        switch s {
        case "atEnd": return .atEnd
        case "never": return .never
        default:
            if s.hasPrefix("after ") { return .after(try interval(.string(String(s.dropFirst(6))), field: field)) }
            throw TimelineError(field: field, message: "'\(s)' is not a reload policy: expected atEnd, never or after DURATION (e.g. after 30m)")
        }
    }

    /// `30s`, `5m`, `1h`, or a number of seconds.
    static func interval(_ v: DataValue, field: String) throws(TimelineError) -> TimeInterval {
        var seconds: Double?
        switch v {
        case .number(let n): seconds = n
        case .string(let s):
            let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
            if let unit = s.last, let factor = units[unit], let n = Double(s.dropLast()) { seconds = n * factor }
        default: break
        }
        guard let seconds, seconds.isFinite, seconds >= 1, seconds <= 86_400 else {
            throw TimelineError(field: field, message: "expected a duration between 1s and 24h such as 30s, 5m or 1h")
        }
        return seconds
    }

    /// `30 s`, `5 min`, `1 h`.
    static func duration(_ s: TimeInterval) -> String {
        if s >= 3600, s.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(s / 3600)) h" }
        if s >= 60, s.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(s / 60)) min" }
        return "\(Int(s)) s"
    }

    /// The interval for `data`'s state.
    public func interval(for data: DataValue) -> (state: String?, seconds: TimeInterval?) {
        let state = statePath.flatMap { Self.value(at: $0, in: data) }
        if case .string(let s)? = state, let d = every[s] { return (s, d) }
        if case .string(let s)? = state { return (s, fallback) }
        return (nil, fallback)
    }

    /// Entries from `start`: one every interval of the data's state, within `horizon`, at most
    /// `maxEntries`. A state without an interval (and no default) gives the one entry at `start`.
    public func timeline(start: Date, data: DataValue) -> Timeline {
        let (state, seconds) = interval(for: data)
        let label = state ?? "default"
        guard let seconds else {
            return Timeline(entries: [TimelineEntry(date: start, data: data, note: "\(label) · no interval")], reload: reload)
        }
        let count = min(maxEntries, Int((horizon / seconds).rounded(.down)) + 1)
        let entries = (0..<max(1, count)).map { i in
            TimelineEntry(date: start.addingTimeInterval(Double(i) * seconds), data: data,
                          note: "\(label) · every \(Self.duration(seconds))")
        }
        return Timeline(entries: entries, reload: reload)
    }

    static func value(at path: String, in data: DataValue) -> DataValue? {
        var v = data
        for key in path.split(separator: ".") {
            guard case .object(let o) = v, let next = o[String(key)] else { return nil }
            v = next
        }
        return v
    }
}

/// An explicit timeline file: `{"entries": [{"date": ISO 8601, "data": {…}}, …], "reload": "atEnd"}`
/// (or just the array of entries). Dates must not go back.
public enum TimelineFile {
    /// Reads an entries file; more than `Limits.timelineEntries` entries is an error.
    public static func parse(_ value: DataValue, limits: Limits = .default) throws(TimelineError) -> Timeline {
        let maxEntries = limits.timelineEntries
        var list: [DataValue]
        var reload = ReloadPolicy.atEnd
        switch value {
        case .array(let a): list = a
        case .object(let o):
            guard case .array(let a)? = o["entries"] else { throw TimelineError(field: "entries", message: "expected a list of {date, data}") }
            list = a
            if let r = o["reload"] { reload = try TimelinePolicy.reloadPolicy(r, field: "reload") }
            for k in o.keys.sorted() where k != "entries" && k != "reload" {
                throw TimelineError(field: k, message: "unknown key (expected entries, reload)")
            }
        default: throw TimelineError(field: "entries", message: "expected a list of entries or {entries, reload}")
        }
        guard !list.isEmpty else { throw TimelineError(field: "entries", message: "a timeline needs at least one entry") }
        guard list.count <= maxEntries else {
            throw TimelineError(field: "entries", message: "\(list.count) entries, more than \(maxEntries) (Limits.timelineEntries)")
        }
        var entries: [TimelineEntry] = []
        for (i, item) in list.enumerated() {
            guard case .object(let o) = item else { throw TimelineError(field: "entries[\(i)]", message: "expected {date, data}") }
            guard case .string(let s)? = o["date"] else { throw TimelineError(field: "entries[\(i)].date", message: "missing: an ISO 8601 date with offset") }
            let date: Date
            do { date = try ISODate.readInstant(s).date } catch { throw TimelineError(field: "entries[\(i)].date", message: error.message) }
            if let last = entries.last, date < last.date {
                throw TimelineError(field: "entries[\(i)].date", message: "\(s) is before the entry above it: WidgetKit shows entries in date order")
            }
            entries.append(TimelineEntry(date: date, data: o["data"] ?? .object([:]), note: "entry \(i + 1)"))
        }
        return Timeline(entries: entries, reload: reload)
    }
}

extension Filmstrip {
    /// A timeline's filmstrip: one column per entry, one row per surface, the reload policy last.
    public static func timeline(_ timeline: Timeline, renders: [[(Surface, RenderResult)]], title: String,
                                timeZone: TimeZone) -> Filmstrip {
        var rows: [String] = []
        for r in renders { for (s, _) in r where !rows.contains(s.rawValue) { rows.append(s.rawValue) } }
        let columns = zip(timeline.entries, renders).map { entry, results in
            var cells: [String: Cell] = [:]
            for (s, r) in results { cells[s.rawValue] = Cell(bitmap: r.bitmap, png: r.png) }
            return Column(title: clock(entry.date, timeZone), subtitle: entry.note,
                          warnings: results.flatMap { $0.1.warnings.filter { $0.severity == .warning }.map(\.description) },
                          cells: cells)
        }
        return Filmstrip(title: title, rows: rows, columns: columns, footer: timeline.reloadSummary(timeZone: timeZone))
    }
}

/// Renders a timeline: each surface at each entry's date, with the entry's data; relative and
/// timer texts advance because `now` is the entry's date, as WidgetKit renders each entry then.
public struct TimelinePreviewer: Sendable {
    public var layout: LayoutDocument
    public var surfaces: [Surface]
    /// How every picture looks; its `now` is replaced by each entry's date.
    public var look: Look

    public init(layout: LayoutDocument, surfaces: [Surface], look: Look) {
        self.layout = layout; self.surfaces = surfaces; self.look = look
    }

    public init(layout: LayoutDocument, surfaces: [Surface], device: DeviceProfile = .default, scale: Double? = nil,
                scheme: ColorScheme = .light, locale: String? = nil, timeZone: TimeZone? = nil) {
        self.init(layout: layout, surfaces: surfaces,
                  look: Look(device: device, scale: scale, scheme: scheme,
                             locale: locale ?? layout.previews.first?.locale ?? Look.defaultLocale,
                             timeZone: timeZone ?? layout.previews.first?.timeZone ?? TimeZone(secondsFromGMT: 0)!))
    }

    public var device: DeviceProfile { look.device }
    public var timeZone: TimeZone { look.timeZone }

    /// The layout's `timeline:` policy, nil when it has none.
    public static func policy(of layout: LayoutDocument) throws(TimelineError) -> TimelinePolicy? {
        try layout.timeline.map { v throws(TimelineError) in try TimelinePolicy.parse(v, limits: layout.limits) }
    }

    public func request(_ entry: TimelineEntry, surface: Surface) -> RenderRequest {
        var entryLook = look
        entryLook.now = entry.date
        return RenderRequest(layout: layout, surface: surface, data: entry.data, look: entryLook)
    }

    public func render(_ timeline: Timeline, with renderer: WidgetRenderer) throws -> [[(Surface, RenderResult)]] {
        try timeline.entries.map { entry in try surfaces.map { s in (s, try renderer.render(request(entry, surface: s))) } }
    }

    public func filmstrip(_ timeline: Timeline, with renderer: WidgetRenderer) throws -> Filmstrip {
        let renders = try render(timeline, with: renderer)
        return Filmstrip.timeline(timeline, renders: renders, title: "\(layout.name) timeline · \(surfaces.map(\.rawValue).joined(separator: ", "))",
                                  timeZone: timeZone)
    }

    public var effectiveScale: Double { look.effectiveScale }
}
