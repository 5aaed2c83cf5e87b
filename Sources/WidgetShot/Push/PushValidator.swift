import Foundation
import WidgetModel
import WidgetTemplate

/// One payload's bytes, as sent (a file, or one element of a JSON array of payloads).
public struct PushInput: Sendable {
    public var bytes: [UInt8]
    /// For messages: the file, or `file[3]` for the fourth payload of a sequence.
    public var name: String
    public init(bytes: [UInt8], name: String) { self.bytes = bytes; self.name = name }
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
    private let referenced: ReferencedDataPaths?

    public init(layout: LayoutDocument?, attributes: DataValue? = nil, limits: Limits = .default) {
        self.layout = layout; self.attributes = attributes; self.limits = limits
        self.referenced = layout?.referencedDataPaths()
    }

    // MARK: Reading

    /// The payloads in a file: one JSON object, or a JSON array of them (a sequence). Each
    /// element keeps its bytes as written, so its size is counted exactly.
    public static func inputs(in bytes: [UInt8], name: String, limits: Limits = .default) throws(PushInputError) -> [PushInput] {
        guard bytes.count <= limits.documentBytes else {
            throw PushInputError(message: "\(name): \(bytes.count) bytes, more than \(limits.documentBytes) (Limits.documentBytes)")
        }
        guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }) else {
            throw PushInputError(message: "\(name): empty file (expected a JSON object with \"aps\", or an array of them)")
        }
        if bytes[first] == UInt8(ascii: "{") { return [PushInput(bytes: bytes, name: name)] }
        guard bytes[first] == UInt8(ascii: "[") else {
            throw PushInputError(message: "\(name): a push payload is JSON: an object starting with '{' (or an array of them), found '\(Character(UnicodeScalar(bytes[first])))'")
        }
        // Parse the whole array first so a syntax error is reported with its line and column.
        _ = try parse(bytes, name: name, limits: limits)
        let spans = elementSpans(bytes, from: first)
        guard !spans.isEmpty else { throw PushInputError(message: "\(name): an empty array: no push to check") }
        return spans.enumerated().map { i, r in PushInput(bytes: Array(bytes[r]), name: "\(name)[\(i)]") }
    }

    /// Parses JSON text strictly (errors at line:col).
    public static func parse(_ bytes: [UInt8], name: String, limits: Limits = .default) throws(PushInputError) -> DataValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PushInputError(message: "\(name): not UTF-8 text")
        }
        do { return try DataValue.parse(text, file: name, limits: limits) } catch {
            throw PushInputError(message: error.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Byte ranges of a JSON array's elements (the array is already known to parse).
    static func elementSpans(_ b: [UInt8], from open: Int) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var depth = 0, inString = false, escaped = false, start: Int?
        var i = open
        while i < b.count {
            let c = b[i]
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
                if depth == 1, start == nil { start = i }
            } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                if depth == 1, start == nil { start = i }
                depth += 1
            } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    if let s = start { spans.append(s..<Self.trimEnd(b, s, i)) }
                    break
                }
            } else if c == UInt8(ascii: ","), depth == 1 {
                if let s = start { spans.append(s..<Self.trimEnd(b, s, i)) }
                start = nil
            } else if depth == 1, start == nil, !isSpace(c) {
                start = i
            }
            i += 1
        }
        return spans
    }

    private static func trimEnd(_ b: [UInt8], _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start, isSpace(b[e - 1]) { e -= 1 }
        return e
    }

    // MARK: Checking

    /// Reads and checks one payload. `previous` is the push before it in a sequence (its
    /// timestamp must not be later). Throws only for input that is not a JSON document.
    public func check(_ input: PushInput, previous: PushPayload? = nil) throws(PushInputError) -> CheckedPush {
        let value = try Self.parse(input.bytes, name: input.name, limits: limits)
        var report = PushReport()
        let payload = read(value, byteCount: input.bytes.count, previous: previous, into: &report)
        return CheckedPush(input: input, payload: payload, report: report)
    }

    /// Checks a sequence in order: each push against the one before; attributes from the `start`
    /// push (or `attributes`) serve the pushes after it.
    public func checkSequence(_ inputs: [PushInput]) throws(PushInputError) -> [CheckedPush] {
        var out: [CheckedPush] = []
        var validator = self
        var previous: PushPayload?
        for input in inputs {
            let checked = try validator.check(input, previous: previous)
            if let p = checked.payload {
                if p.event == .start, let a = p.attributes { validator.attributes = a }
                previous = p
            }
            out.append(checked)
        }
        return out
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

    func read(_ root: DataValue, byteCount: Int, previous: PushPayload?, into report: inout PushReport) -> PushPayload? {
        if byteCount > Self.maxPayloadBytes {
            report.error(.size, "$", "payload is \(byteCount) bytes; APNs accepts at most \(Self.maxPayloadBytes)")
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
        case .object?: contentState = aps["content-state"]
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
        if contentState != nil { checkAgainstLayout(payload, into: &report) }
        return payload
    }

    /// Missing: bindings of the Live Activity surfaces that find no value in this push's data.
    /// Unused: content-state values no surface of the layout reads.
    func checkAgainstLayout(_ payload: PushPayload, into report: inout PushReport) {
        guard let layout, let referenced, let state = payload.contentState else { return }
        let data = data(for: payload)
        var missing: [String] = []
        for surface in LiveActivityPresentation.layoutSurfaces where layout.hasView(for: surface) {
            let context = BindContext(surface: surface, scheme: .dark, locale: "en", now: payload.timestamp,
                                      isStale: payload.staleDate.map { payload.timestamp >= $0 } ?? false)
            for path in layout.bind(surface: surface, data: data, context: context).missingPaths where !missing.contains(path) {
                missing.append(path)
            }
        }
        for path in missing {
            report.warning(.missingKey, "aps.content-state.\(path)",
                           "the layout '\(layout.name)' binds \(path), and neither the content-state nor the attributes have it")
        }
        for leaf in Self.leaves(state) where !referenced.reads(leaf) {
            report.warning(.unusedKey, "aps.content-state.\(leaf)",
                           "no surface of the layout '\(layout.name)' reads it: it costs payload bytes for nothing")
        }
    }

    /// Dotted paths to every value that is not an object or list (`*` for list items, deduplicated).
    static func leaves(_ v: DataValue, prefix: String = "") -> [String] {
        var out: [String] = []
        var pending: [(DataValue, String)] = [(v, prefix)]
        while let (value, path) = pending.popLast() {
            switch value {
            case .object(let o) where !o.isEmpty:
                for k in o.keys.sorted().reversed() { pending.append((o[k]!, path.isEmpty ? k : path + "." + k)) }
            case .array(let a) where !a.isEmpty:
                for item in a.reversed() { pending.append((item, path + ".*")) }
            default:
                if !path.isEmpty, !out.contains(path) { out.append(path) }
            }
        }
        return out
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
        let n = Array(name.lowercased())
        let best = names.map { ($0, distance(n, Array($0))) }.min { $0.1 < $1.1 }
        return best.flatMap { $0.1 <= 2 ? $0.0 : nil }
    }
}
