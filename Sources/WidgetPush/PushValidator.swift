import Foundation
import WidgetModel
import WidgetTemplate
import WidgetShot

/// One payload's bytes, as sent (a file, or one element of a JSON array of payloads).
public struct PushInput: Sendable {
    /// The payload as sent: what APNs counts against its 4 KB.
    public var bytes: [UInt8]
    /// For messages: the file, or `file[3]` for the fourth payload of a sequence.
    public var name: String
    /// Whitespace after the payload in its file (an editor's last newline), left out of `bytes`:
    /// it is not part of what an app server sends.
    public var trailingWhitespace: Int
    public init(bytes: [UInt8], name: String, trailingWhitespace: Int = 0) {
        self.bytes = bytes; self.name = name; self.trailingWhitespace = trailingWhitespace
    }
}

/// A payload read and checked.
public struct CheckedPush: Sendable {
    public var input: PushInput
    /// nil when the payload breaks a rule that leaves nothing to render (no `aps`, no event …).
    public var payload: PushPayload?
    public var report: PushReport
}

/// Reads ActivityKit payloads strictly (the project's JSON reader, bounded by `Limits`) and checks
/// them against the rules Apple documents, and against the layout that will show them.
public struct PushValidator: Sendable {
    /// APNs refuses a notification whose payload is over 4 KB (4,096 bytes) (VoIP: 5 KB)
    /// (developer.apple.com/documentation/usernotifications/generating-a-remote-notification).
    public static let maxPayloadBytes = 4096

    /// `aps` keys ActivityKit reads for Live Activities (the Apple article above): anything else is
    /// reported as unknown (a misspelt `stale_date` would otherwise be silently ignored).
    public static let knownKeys = ["timestamp", "event", "content-state", "stale-date", "dismissal-date",
                                   "relevance-score", "alert", "attributes-type", "attributes",
                                   "input-push-token", "input-push-channel"]

    public var layout: LayoutDocument?
    /// The activity's static attributes for `update`/`end` pushes (a `start` carries its own).
    public var attributes: DataValue?
    public var limits: Limits
    let referenced: ReferencedDataPaths?
    /// Every path the layout reads and each of its dotted prefixes (`order`, `order.driver`,
    /// `order.driver.name`): a content-state object whose path is not among them holds nothing the
    /// layout reads below it.
    private let referencedPrefixes: Set<String>

    public init(layout: LayoutDocument?, attributes: DataValue? = nil, limits: Limits = .default) {
        self.layout = layout; self.attributes = attributes; self.limits = limits
        let referenced = layout?.referencedDataPaths()
        self.referenced = referenced
        var prefixes = Set<String>()
        for path in referenced?.all ?? [] {
            prefixes.insert(path)
            var i = path.startIndex
            while let dot = path[i...].firstIndex(of: ".") {
                prefixes.insert(String(path[..<dot]))
                i = path.index(after: dot)
            }
        }
        self.referencedPrefixes = prefixes
    }

    // MARK: Checking

    /// Reads and checks one payload. `previous` is the push before it in a sequence (its
    /// timestamp must not be later). Throws for input that is not a JSON document
    /// (`PushInputError`), for a push past a limit on what a check may cost (`PushInputError` with
    /// its `limit`), and once `deadline` has passed (`RenderDeadlineExceeded`).
    public func check(_ input: PushInput, previous: PushPayload? = nil, deadline: RenderDeadline? = nil) throws -> CheckedPush {
        var spent = Spent()
        return try check(input, previous: previous, spent: &spent, deadline: deadline)
    }

    /// Checks a sequence in order: each push against the one before; attributes from the `start`
    /// push (or `attributes`) serve the pushes after it. The limits on a sequence (pushes,
    /// content-state leaves, the report's bytes) hold for all of `inputs` together, and the deadline
    /// is checked per push and within each.
    public func checkSequence(_ inputs: [PushInput], deadline: RenderDeadline? = nil) throws -> [CheckedPush] {
        try Self.checkPushCount(inputs.count, of: inputs.count == 1 ? inputs[0].name : "the sequence", limits: limits)
        var out: [CheckedPush] = []
        out.reserveCapacity(inputs.count)
        var validator = self
        var previous: PushPayload?
        var spent = Spent()
        for input in inputs {
            let checked = try validator.check(input, previous: previous, spent: &spent, deadline: deadline)
            if let p = checked.payload {
                if p.event == .start, let a = p.attributes { validator.attributes = a }
                previous = p
            }
            out.append(checked)
        }
        return out
    }

    /// What the pushes checked so far took of the limits that hold for a whole check.
    struct Spent {
        var leaves = 0
        var reportBytes = 0
    }

    /// What a push's check may still take, and when it must stop.
    struct Budget {
        var name: String
        var limits: Limits
        var deadline: RenderDeadline?
        /// Report bytes the pushes before this one took.
        var reportBytesBefore: Int

        func check(_ report: PushReport) throws {
            try WidgetRenderer.check(deadline)
            guard reportBytesBefore + report.bytes > limits.pushReportBytes else { return }
            throw PushInputError(message: "\(name): the check's findings take more than \(limits.pushReportBytes) bytes "
                                     + "(Limits.pushReportBytes); fix the first ones, or check fewer pushes at once",
                                 limit: "pushReportBytes")
        }
    }

    func check(_ input: PushInput, previous: PushPayload?, spent: inout Spent, deadline: RenderDeadline?) throws -> CheckedPush {
        try WidgetRenderer.check(deadline)
        let value = try Self.parse(input.bytes, name: input.name, limits: limits)
        let budget = Budget(name: input.name, limits: limits, deadline: deadline, reportBytesBefore: spent.reportBytes)
        var report = PushReport()
        let payload = try read(value, input: input, previous: previous, spent: &spent, budget: budget, into: &report)
        try budget.check(report)
        spent.reportBytes += report.bytes
        return CheckedPush(input: input, payload: payload, report: report)
    }

    /// The data a layout binds for `payload`: the content-state over the attributes (objects merge
    /// key by key, so `order.status` from the state sits beside `order.restaurant` from the attributes).
    public func data(for payload: PushPayload) -> DataValue {
        let attributes = payload.attributes ?? self.attributes ?? .object([:])
        return Self.merge(payload.contentState ?? .object([:]), over: attributes)
    }

    static func merge(_ top: DataValue, over base: DataValue) -> DataValue {
        guard case .object(let t) = top, case .object(var result) = base else { return top }
        for (k, v) in t { result[k] = result[k].map { merge(v, over: $0) } ?? v }
        return .object(result)
    }

    /// `size`: APNs's limit on the payload, trailing whitespace of its file not counted (and the
    /// message says so when there was some).
    static func sizeMessage(_ input: PushInput) -> String {
        let trailing = input.trailingWhitespace
        let note = trailing == 0 ? ""
            : " (the file's trailing whitespace, \(trailing) byte\(trailing == 1 ? "" : "s"), is not counted: it is not part of the payload)"
        return "payload is \(input.bytes.count) bytes; APNs accepts at most \(maxPayloadBytes)\(note)"
    }

    func read(_ root: DataValue, input: PushInput, previous: PushPayload?, spent: inout Spent, budget: Budget,
              into report: inout PushReport) throws -> PushPayload? {
        let byteCount = input.bytes.count
        if byteCount > Self.maxPayloadBytes {
            report.error(.size, "$", Self.sizeMessage(input))
        }
        guard case .object(let top) = root else {
            report.error(.aps, "$", "expected a JSON object with \"aps\", found \(Self.typeName(root))")
            return nil
        }
        guard let apsValue = top["aps"] else {
            report.error(.aps, "aps", "missing: a Live Activity push carries its fields in \"aps\"")
            return nil
        }
        guard case .object(let aps) = apsValue else {
            report.error(.type, "aps", "expected an object, found \(Self.typeName(apsValue))")
            return nil
        }
        for key in aps.keys.sorted() where !Self.knownKeys.contains(key) {
            let hint = Self.closest(key, in: Self.knownKeys).map { " (did you mean '\($0)'?)" } ?? ""
            report.warning(.unknownKey, "aps.\(key)", "ActivityKit does not read this key\(hint)")
            try budget.check(report)
        }

        // event
        var event: PushPayload.Event?
        switch aps["event"] {
        case nil: report.error(.required, "aps.event", "missing: one of start, update, end")
        case .string(let s)?:
            event = PushPayload.Event(rawValue: s)
            if event == nil { report.error(.event, "aps.event", "'\(s)' is not an event: expected start, update or end") }
        case let v?: report.error(.type, "aps.event", "expected a string (start, update or end), found \(Self.typeName(v))")
        }

        // timestamp and dates
        let timestamp = date(aps, "timestamp", required: true, into: &report)
        let stale = date(aps, "stale-date", required: false, into: &report)
        let dismissal = date(aps, "dismissal-date", required: false, into: &report)
        if let t = timestamp {
            if let s = stale, s <= t {
                report.warning(.order, "aps.stale-date", "\(Self.unix(s)) is not after aps.timestamp \(Self.unix(t)): the content is stale as soon as it arrives")
            }
            if let d = dismissal, d < t {
                report.warning(.order, "aps.dismissal-date", "\(Self.unix(d)) is before aps.timestamp \(Self.unix(t)): the system removes the activity at once")
            }
            if let p = previous {
                if t < p.timestamp {
                    report.error(.order, "aps.timestamp", "\(Self.unix(t)) is earlier than the previous push's \(Self.unix(p.timestamp)): ActivityKit keeps the newer content and drops this one")
                } else if t == p.timestamp {
                    report.warning(.order, "aps.timestamp", "\(Self.unix(t)) equals the previous push's: which one wins is not defined")
                }
            }
        }
        if dismissal != nil, let e = event, e != .end {
            report.error(.dismissalDate, "aps.dismissal-date", "only an end event may carry a dismissal date (this is \(e.rawValue))")
        }

        // relevance-score
        var relevance: Double?
        if let r = aps["relevance-score"] {
            if case .number(let n) = r { relevance = n } else {
                report.error(.type, "aps.relevance-score", "expected a number, found \(Self.typeName(r))")
            }
        }

        // content-state
        var contentState: DataValue?
        switch aps["content-state"] {
        case nil:
            if let e = event {
                if e == .end {
                    report.warning(.required, "aps.content-state", "missing: the ended activity keeps its last content")
                } else {
                    report.error(.required, "aps.content-state", "missing: a\(e == .update ? "n" : "") \(e.rawValue) event needs the activity's content")
                }
            }
        case .object?:
            contentState = aps["content-state"]
            try countLeaves(contentState!, name: input.name, spent: &spent)
        case let v?: report.error(.type, "aps.content-state", "expected an object (the ContentState), found \(Self.typeName(v))")
        }

        // alert
        let alert = self.alert(aps, into: &report)
        if event == .start, aps["alert"] == nil {
            report.error(.alert, "aps.alert", "missing: a start event must carry an alert (title and body)")
        }

        // attributes
        var attributesType: String?
        var attributes: DataValue?
        if event == .start {
            switch aps["attributes-type"] {
            case nil: report.error(.attributes, "aps.attributes-type", "missing: a start event names its ActivityAttributes type")
            case .string(let s)?: attributesType = s
            case let v?: report.error(.type, "aps.attributes-type", "expected a string, found \(Self.typeName(v))")
            }
            switch aps["attributes"] {
            case nil: report.error(.attributes, "aps.attributes", "missing: a start event carries the activity's static attributes")
            case .object?: attributes = aps["attributes"]
            case let v?: report.error(.type, "aps.attributes", "expected an object, found \(Self.typeName(v))")
            }
        } else if let e = event {
            for key in ["attributes-type", "attributes"] where aps[key] != nil {
                report.warning(.attributes, "aps.\(key)", "ignored on \(e.rawValue): attributes are set once, by the start event")
            }
        }

        guard let event, let timestamp else { return nil }
        let payload = PushPayload(event: event, timestamp: timestamp, contentState: contentState, staleDate: stale,
                                  dismissalDate: dismissal, relevanceScore: relevance, alert: alert,
                                  attributesType: attributesType, attributes: attributes, byteCount: byteCount)
        if contentState != nil { try checkAgainstLayout(payload, into: &report, budget: budget) }
        return payload
    }

    /// Refuses a content-state of more than `Limits.pushLeaves` leaves, or one that takes the
    /// sequence past `Limits.sequenceLeaves`, before anything is bound or walked by path.
    func countLeaves(_ state: DataValue, name: String, spent: inout Spent) throws(PushInputError) {
        let leaves = Self.leafCount(state)
        guard leaves <= limits.pushLeaves else {
            throw PushInputError(message: "\(name): aps.content-state has \(leaves) values, more than \(limits.pushLeaves) (Limits.pushLeaves); "
                                     + "a payload APNs accepts (\(Self.maxPayloadBytes) bytes) has room for about 680",
                                 limit: "pushLeaves", field: "aps.content-state")
        }
        spent.leaves += leaves
        guard spent.leaves <= limits.sequenceLeaves else {
            throw PushInputError(message: "\(name): the sequence's content-states have \(spent.leaves) values up to here, more than "
                                     + "\(limits.sequenceLeaves) (Limits.sequenceLeaves); split the sequence",
                                 limit: "sequenceLeaves")
        }
    }

    /// Values in `v` that are not a non-empty object or list (what `unusedKey` reports on), all of them.
    static func leafCount(_ v: DataValue) -> Int {
        var count = 0
        var pending = [v]
        while let value = pending.popLast() {
            switch value {
            case .object(let o) where !o.isEmpty: pending.append(contentsOf: o.values)
            case .array(let a) where !a.isEmpty: pending.append(contentsOf: a)
            default: count += 1
            }
        }
        return count
    }

    /// Missing: bindings of the Live Activity surfaces that find no value in this push's data.
    /// Unused: content-state values no surface of the layout reads.
    func checkAgainstLayout(_ payload: PushPayload, into report: inout PushReport, budget: Budget) throws {
        guard let layout, let state = payload.contentState else { return }
        let data = data(for: payload)
        var missing: [String] = []
        var seen = Set<String>()
        for surface in LiveActivityPresentation.layoutSurfaces where layout.hasView(for: surface) {
            try WidgetRenderer.check(budget.deadline)
            let context = BindContext(surface: surface, scheme: .dark, locale: "en", now: payload.timestamp,
                                      isStale: payload.staleDate.map { payload.timestamp >= $0 } ?? false)
            for path in layout.bind(surface: surface, data: data, context: context).missingPaths where seen.insert(path).inserted {
                missing.append(path)
            }
        }
        for path in missing {
            report.warning(.missingKey, "aps.content-state.\(path)",
                           "the layout '\(layout.name)' binds \(path), and neither the content-state nor the attributes have it")
            try budget.check(report)
        }
        try reportUnused(state, layout: layout.name, into: &report, budget: budget)
        try reportDateEncodings(state, at: payload.timestamp, layout: layout, into: &report, budget: budget)
    }

    /// One `unusedKey` warning per content-state leaf no surface reads (`ReferencedDataPaths.reads`),
    /// per dotted path (`*` for list items), in key order.
    ///
    /// Linear in the content-state and the findings, not leaves × the layout's paths: an object is
    /// settled as a whole when the layout shows it whole (`{{order}}` reads everything inside) or
    /// when none of the layout's paths lies inside it (nothing inside is read); only objects on the
    /// way to a path the layout reads are looked into key by key. Inside an unread object, a leaf's
    /// path is counted before it is built, so deep paths cannot make a small payload cost more
    /// than `Limits.pushReportBytes`.
    func reportUnused(_ state: DataValue, layout: String, into report: inout PushReport, budget: Budget) throws {
        guard let referenced, case .object = state else { return }
        let message = "no surface of the layout '\(layout)' reads it: it costs payload bytes for nothing"
        var reported = Set<String>()
        var pathBytes = 0
        var steps = 0
        func step() throws {
            steps += 1
            if steps & 1023 == 0 { try WidgetRenderer.check(budget.deadline) }
        }
        /// Whether a value path of the layout is `path` or contains it, given that none contains its
        /// first `parent` bytes (the parent's path, already looked at).
        func shownWhole(_ path: String, parent: Int) -> Bool {
            if referenced.values.contains(path) { return true }
            let bytes = Array(path.utf8)
            for i in parent..<bytes.count where bytes[i] == UInt8(ascii: ".") {
                if referenced.values.contains(String(decoding: bytes[..<i], as: UTF8.self)) { return true }
            }
            return false
        }
        // Objects and lists not shown whole, with their dotted paths, in key order.
        var pending: [(value: DataValue, path: String)] = []
        func lookInto(_ value: DataValue, _ path: String) {
            switch value {
            case .object(let o):
                for k in o.keys.sorted().reversed() {
                    let child = path.isEmpty ? k : path + "." + k
                    if !shownWhole(child, parent: path.isEmpty ? 0 : path.utf8.count + 1) { pending.append((o[k]!, child)) }
                }
            case .array(let a):
                let child = path + ".*"
                guard !referenced.values.contains(child) else { return }
                for item in a.reversed() { pending.append((item, child)) }
            default: break
            }
        }
        lookInto(state, "")
        while let (value, path) = pending.popLast() {
            try step()
            if referencedPrefixes.contains(path) {
                // A path the layout reads is here or inside: a leaf here is read (tested, or on the
                // way to a deeper path); an object or list is looked into.
                lookInto(value, path)
                continue
            }
            // Nothing inside is read: every leaf below is unused. The keys on the way down are kept
            // on a stack, and a leaf's path is counted before it is joined.
            var keys: [String] = []
            var inner: [(value: DataValue, key: String?, depth: Int)] = [(value, nil, 0)]
            while let (v, key, depth) = inner.popLast() {
                try step()
                keys.removeLast(keys.count - max(0, depth - 1))
                if let key { keys.append(key) }
                switch v {
                case .object(let o) where !o.isEmpty:
                    for k in o.keys.sorted().reversed() { inner.append((o[k]!, k, depth + 1)) }
                case .array(let a) where !a.isEmpty:
                    for item in a.reversed() { inner.append((item, "*", depth + 1)) }
                default:
                    pathBytes += keys.reduce(path.utf8.count) { $0 + 1 + $1.utf8.count }
                    guard pathBytes <= budget.limits.pushReportBytes else {
                        throw PushInputError(message: "\(budget.name): the key paths of aps.content-state's unused values take more than "
                                                 + "\(budget.limits.pushReportBytes) bytes (Limits.pushReportBytes)",
                                             limit: "pushReportBytes", field: "aps.content-state")
                    }
                    let leaf = keys.isEmpty ? path : path + "." + keys.joined(separator: ".")
                    guard reported.insert(leaf).inserted else { continue }
                    report.warning(.unusedKey, "aps.content-state.\(leaf)", message)
                    try budget.check(report)
                }
            }
        }
    }

    func date(_ aps: [String: DataValue], _ key: String, required: Bool, into report: inout PushReport) -> Date? {
        switch aps[key] {
        case nil:
            if required { report.error(.required, "aps.\(key)", "missing: UNIX seconds (e.g. \(1_795_000_000))") }
            return nil
        case .number(let n)?:
            guard n.isFinite, n >= 0, n < 1e11 else {
                report.error(.type, "aps.\(key)", "\(n) is not a UNIX time in seconds")
                return nil
            }
            if n > 1e10 {
                report.warning(.type, "aps.\(key)", "\(Self.unix(Date(timeIntervalSince1970: n))) is after the year 2286: milliseconds instead of seconds?")
            }
            if n.rounded() != n {
                report.warning(.type, "aps.\(key)", "\(n) has a fraction: APNs dates are whole seconds")
            }
            return Date(timeIntervalSince1970: n)
        case let v?:
            report.error(.type, "aps.\(key)", "expected UNIX seconds (a number), found \(Self.typeName(v))")
            return nil
        }
    }

    func alert(_ aps: [String: DataValue], into report: inout PushReport) -> PushAlert? {
        guard let value = aps["alert"] else { return nil }
        guard case .object(let o) = value else {
            report.error(.type, "aps.alert", "expected an object with title, body and sound, found \(Self.typeName(value))")
            return nil
        }
        func text(_ key: String) -> String? {
            switch o[key] {
            case nil: return nil
            case .string(let s)?: return s
            case .object(let l)? where l["loc-key"] != nil:
                if case .string(let k)? = l["loc-key"] { return k }
                report.error(.type, "aps.alert.\(key).loc-key", "expected a string")
                return nil
            case let v?:
                report.error(.type, "aps.alert.\(key)", "expected a string (or {\"loc-key\", \"loc-args\"}), found \(Self.typeName(v))")
                return nil
            }
        }
        let title = text("title"), body = text("body")
        for key in ["title", "body"] where o[key] == nil {
            report.error(.alert, "aps.alert.\(key)", "missing: the alert's \(key) (Apple Watch shows it)")
        }
        var sound: String?
        switch o["sound"] {
        case nil: break
        case .string(let s)?: sound = s
        case let v?: report.error(.type, "aps.alert.sound", "expected a sound file name or \"default\", found \(Self.typeName(v))")
        }
        return PushAlert(title: title ?? "", body: body ?? "", sound: sound)
    }

    static func typeName(_ v: DataValue) -> String {
        switch v {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string(let s): "a string ('\(s.prefix(40))')"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `1795000000 (2026-11-18T…Z)`.
    static func unix(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return "\(Int(d.timeIntervalSince1970)) (\(f.string(from: d)))"
    }

    /// The known name within two edits of `name`, if any.
    static func closest(_ name: String, in names: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...max(1, a.count) where !a.isEmpty {
                var prev = row[0]; row[0] = i
                for j in 1...max(1, b.count) where !b.isEmpty {
                    let cur = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                    prev = cur
                }
            }
            return row[b.count]
        }
        // Names of different lengths are at least that difference apart: a long key costs nothing.
        let candidates = names.filter { abs($0.count - name.count) <= 2 }
        guard !candidates.isEmpty else { return nil }
        let n = Array(name.lowercased())
        let best = candidates.map { ($0, distance(n, Array($0))) }.min { $0.1 < $1.1 }
        return best.flatMap { $0.1 <= 2 ? $0.0 : nil }
    }
}
