import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// Payloads built as an app server would send them, checked against the delivery layout.
enum PushFixtures {
    static let samples = Project.root + "/Layouts/samples/delivery"
    /// 2026-11-22T12:27:00+09:00.
    static let t1227 = 1_795_318_020
    static let attributes: DataValue = try! DataValue.load(path: samples + "/attributes.json")

    static func validator() throws -> PushValidator {
        PushValidator(layout: try Project.layout("delivery"), attributes: attributes)
    }

    /// The onTheWay update of the sample sequence, as an object to edit.
    static func update() -> [String: Any] {
        ["aps": ["timestamp": t1227, "event": "update",
                 "content-state": ["order": ["status": "onTheWay", "eta": "2026-11-22T12:45:00+09:00",
                                             "driver": ["name": "김민수"], "distanceKm": 1.2]]] as [String: Any]]
    }

    static func edit(_ object: [String: Any], _ change: (inout [String: Any]) -> Void) -> [String: Any] {
        var aps = object["aps"] as! [String: Any]
        change(&aps)
        var o = object
        o["aps"] = aps
        return o
    }

    static func input(_ object: Any, name: String = "payload") -> PushInput {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return PushInput(bytes: [UInt8](data), name: name)
    }

    static func check(_ object: Any, previous: PushPayload? = nil) throws -> CheckedPush {
        try validator().check(input(object), previous: previous)
    }
}

@Suite struct PushValidationTests {
    typealias F = PushFixtures

    func rules(_ c: CheckedPush, _ severity: PushProblem.Severity) -> [String] {
        c.report.problems.filter { $0.severity == severity }.map { "\($0.rule.rawValue) \($0.key)" }
    }

    @Test func theSampleUpdateHasNoProblemAtAll() throws {
        let c = try F.check(F.update())
        #expect(c.report.problems.isEmpty, "\(c.report.problems)")
        #expect(c.payload?.event == .update)
        #expect(c.payload?.timestamp == Date(timeIntervalSince1970: Double(F.t1227)))
    }

    @Test func apsMustBeThere() throws {
        let c = try F.check(["order": ["status": "onTheWay"]])
        #expect(rules(c, .error) == ["aps aps"])
        #expect(c.payload == nil)
        let notObject = try F.check(["aps": [1, 2]])
        #expect(rules(notObject, .error) == ["type aps"])
    }

    /// APNs: at most 4,096 bytes. Padding goes into a value the layout reads, so no other rule fires.
    @Test(arguments: [4095, 4096, 4097, 5000])
    func payloadSizeBoundary(bytes: Int) throws {
        let base = F.update()
        func sized(_ padding: Int) -> PushInput {
            F.input(F.edit(base) { aps in
                var state = aps["content-state"] as! [String: Any]
                var order = state["order"] as! [String: Any]
                order["driver"] = ["name": String(repeating: "x", count: padding)]
                state["order"] = order
                aps["content-state"] = state
            })
        }
        let empty = sized(0).bytes.count
        let input = sized(bytes - empty)
        #expect(input.bytes.count == bytes)
        let c = try F.validator().check(input)
        let sizeErrors = c.report.errors.filter { $0.rule == .size }
        if bytes <= 4096 {
            #expect(sizeErrors.isEmpty)
            #expect(c.report.isValid)
        } else {
            #expect(sizeErrors.count == 1)
            #expect(sizeErrors.first?.key == "$")
            #expect(sizeErrors.first?.message.contains("\(bytes) bytes") == true)
            #expect(sizeErrors.first?.message.contains("4096") == true)
        }
        #expect(c.payload?.byteCount == bytes)
    }

    @Test func typesAreChecked() throws {
        let timestamp = try F.check(F.edit(F.update()) { $0["timestamp"] = "2026-11-22T12:27:00+09:00" })
        #expect(rules(timestamp, .error) == ["type aps.timestamp"])
        let state = try F.check(F.edit(F.update()) { $0["content-state"] = ["onTheWay"] })
        #expect(rules(state, .error) == ["type aps.content-state"])
        let score = try F.check(F.edit(F.update()) { $0["relevance-score"] = "high" })
        #expect(rules(score, .error) == ["type aps.relevance-score"])
        let stale = try F.check(F.edit(F.update()) { $0["stale-date"] = true })
        #expect(rules(stale, .error) == ["type aps.stale-date"])
        let good = try F.check(F.edit(F.update()) { $0["relevance-score"] = 50; $0["stale-date"] = F.t1227 + 600 })
        #expect(good.report.problems.isEmpty, "\(good.report.problems)")
        let millis = try F.check(F.edit(F.update()) { $0["timestamp"] = Double(F.t1227) * 1000 })
        #expect(rules(millis, .error) == ["type aps.timestamp"])
    }

    @Test func requiredKeysPerEvent() throws {
        let noTimestamp = try F.check(F.edit(F.update()) { $0["timestamp"] = nil })
        #expect(rules(noTimestamp, .error) == ["required aps.timestamp"])
        let noEvent = try F.check(F.edit(F.update()) { $0["event"] = nil })
        #expect(rules(noEvent, .error) == ["required aps.event"])
        let noState = try F.check(F.edit(F.update()) { $0["content-state"] = nil })
        #expect(rules(noState, .error) == ["required aps.content-state"])
        // An end may leave the content as it was: a warning, not an error.
        let endNoState = try F.check(F.edit(F.update()) { $0["content-state"] = nil; $0["event"] = "end" })
        #expect(rules(endNoState, .error).isEmpty)
        #expect(rules(endNoState, .warning) == ["required aps.content-state"])
    }

    @Test func eventIsStartUpdateOrEnd() throws {
        let bad = try F.check(F.edit(F.update()) { $0["event"] = "refresh" })
        #expect(rules(bad, .error) == ["event aps.event"])
        #expect(bad.report.errors.first?.message.contains("'refresh'") == true)
        for event in ["update", "end"] {
            #expect(try F.check(F.edit(F.update()) { $0["event"] = event }).report.isValid)
        }
    }

    nonisolated(unsafe) static let alert: [String: Any] = ["title": "배달 중", "body": "출발했어요", "sound": "default"]

    @Test func startNeedsAnAlertWithTitleAndBody() throws {
        func start(_ change: (inout [String: Any]) -> Void) throws -> CheckedPush {
            try F.check(F.edit(F.update()) { aps in
                aps["event"] = "start"
                aps["attributes-type"] = "DeliveryAttributes"
                aps["attributes"] = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: F.samples + "/attributes.json")))
                aps["alert"] = Self.alert
                change(&aps)
            })
        }
        #expect(try start { _ in }.report.problems.isEmpty)
        #expect(rules(try start { $0["alert"] = nil }, .error) == ["alert aps.alert"])
        #expect(rules(try start { $0["alert"] = ["title": "배달 중"] }, .error) == ["alert aps.alert.body"])
        #expect(rules(try start { $0["alert"] = "배달 중" }, .error) == ["type aps.alert"])
        // Alerts are allowed on updates too.
        #expect(try F.check(F.edit(F.update()) { $0["alert"] = Self.alert }).report.problems.isEmpty)
    }

    @Test func attributesOnlyWithStart() throws {
        let start = try F.check(F.edit(F.update()) { $0["event"] = "start"; $0["alert"] = Self.alert })
        #expect(Set(rules(start, .error)) == ["attributes aps.attributes-type", "attributes aps.attributes"])
        let update = try F.check(F.edit(F.update()) { $0["attributes-type"] = "DeliveryAttributes"; $0["attributes"] = [String: Any]() })
        #expect(rules(update, .error).isEmpty)
        #expect(Set(rules(update, .warning)) == ["attributes aps.attributes-type", "attributes aps.attributes"])
    }

    @Test func dismissalDateOnlyWithEnd() throws {
        let update = try F.check(F.edit(F.update()) { $0["dismissal-date"] = F.t1227 + 3600 })
        #expect(rules(update, .error) == ["dismissal-date aps.dismissal-date"])
        let end = try F.check(F.edit(F.update()) { $0["dismissal-date"] = F.t1227 + 3600; $0["event"] = "end" })
        #expect(end.report.problems.isEmpty, "\(end.report.problems)")
    }

    @Test func timestampsInOrder() throws {
        let v = try F.validator()
        let first = F.input(F.update(), name: "a")
        let later = F.input(F.edit(F.update()) { $0["timestamp"] = F.t1227 + 60 }, name: "b")
        let earlier = F.input(F.edit(F.update()) { $0["timestamp"] = F.t1227 - 60 }, name: "c")
        let forwards = try v.checkSequence([first, later])
        #expect(forwards.allSatisfy { $0.report.problems.isEmpty })
        let backwards = try v.checkSequence([first, earlier])
        #expect(backwards[0].report.problems.isEmpty)
        #expect(rules(backwards[1], .error) == ["order aps.timestamp"])
        // Dates that come before the timestamp they travel with.
        let staleAlready = try F.check(F.edit(F.update()) { $0["stale-date"] = F.t1227 - 1 })
        #expect(rules(staleAlready, .warning) == ["order aps.stale-date"])
    }

    @Test func unknownApsKeysAreNamedWithASuggestion() throws {
        let c = try F.check(F.edit(F.update()) { $0["stale_date"] = F.t1227 + 600 })
        #expect(rules(c, .warning) == ["unknown-key aps.stale_date"])
        #expect(c.report.warnings.first?.message.contains("'stale-date'") == true)
        #expect(c.report.isValid)
    }

    @Test func contentStateKeysTheLayoutBindsButLack() throws {
        let c = try F.check(F.edit(F.update()) { aps in
            var state = aps["content-state"] as! [String: Any]
            var order = state["order"] as! [String: Any]
            order["eta"] = nil
            state["order"] = order
            aps["content-state"] = state
        })
        #expect(rules(c, .warning) == ["missing-key aps.content-state.order.eta"])
        #expect(c.report.isValid)
        // Without attributes, what they would have carried is missing too.
        let bare = try PushValidator(layout: try Project.layout("delivery")).check(F.input(F.update()))
        #expect(rules(bare, .warning).contains("missing-key aps.content-state.order.restaurant.name"))
    }

    @Test func contentStateKeysNoSurfaceReads() throws {
        let c = try F.check(F.edit(F.update()) { aps in
            aps["content-state"] = ["order": ["status": "onTheWay", "eta": "2026-11-22T12:45:00+09:00",
                                              "driver": ["name": "김민수", "phone": "010-1234-5678"],
                                              "distanceKm": 1.2, "courierLatitude": 37.5]]
        })
        #expect(Set(rules(c, .warning)) == ["unused-key aps.content-state.order.driver.phone",
                                            "unused-key aps.content-state.order.courierLatitude"])
    }

    /// A content-state date as Swift's default `JSONEncoder` writes it (seconds since 2001-01-01, what
    /// ActivityKit decodes), read by a layout that takes numbers as Unix seconds, lands 31 years before
    /// the push: a warning names the path and the `dateEncoding:` that fits.
    @Test func aNumberReadAsADateDecadesFromThePushWarnsOfTheEncoding() throws {
        func eta(_ value: Any) throws -> CheckedPush {
            try F.check(F.edit(F.update()) { aps in
                var state = aps["content-state"] as! [String: Any]
                var order = state["order"] as! [String: Any]
                order["eta"] = value
                state["order"] = order
                aps["content-state"] = state
            })
        }
        // 2026-11-22T12:45:00+09:00, eighteen minutes after the push.
        let unix = 1_795_319_100
        let swift = try eta(unix - 978_307_200)
        #expect(rules(swift, .warning) == ["date-encoding aps.content-state.order.eta"])
        let message = try #require(swift.report.warnings.first?.message)
        #expect(message.contains("31 years before"), "\(message)")
        #expect(message.contains("dateEncoding: deferredToDate"), "\(message)")
        #expect(swift.report.isValid)

        let milliseconds = try eta(Double(unix) * 1000)
        #expect(rules(milliseconds, .warning) == ["date-encoding aps.content-state.order.eta"])
        #expect(milliseconds.report.warnings.first?.message.contains("dateEncoding: millisecondsSince1970") == true,
                "\(milliseconds.report.warnings)")

        // Unix seconds, as the layout reads them, and ISO 8601 text: nothing to say.
        #expect(try eta(unix).report.problems.isEmpty)
        #expect(try eta("2026-11-22T12:45:00+09:00").report.problems.isEmpty)
    }

    @Test func notJSONIsUnusableInputNotAValidationProblem() throws {
        #expect(throws: PushInputError.self) { try PushValidator.inputs(in: Array("aps: {}".utf8), name: "p.yaml") }
        #expect(throws: PushInputError.self) { try F.validator().check(PushInput(bytes: Array(#"{"aps": {"#.utf8), name: "p")) }
        #expect(throws: PushInputError.self) { try PushValidator.inputs(in: [], name: "empty") }
        #expect(throws: PushInputError.self) { try PushValidator.inputs(in: Array(" [ ] ".utf8), name: "none") }
    }

    @Test func aSequenceFileKeepsEachPayloadsBytes() throws {
        let text = "[ {\"aps\": {\"a\": \"],\\\"[\"}} ,\n  {\"aps\": {}}\n]"
        let inputs = try PushValidator.inputs(in: Array(text.utf8), name: "seq.json")
        #expect(inputs.map { String(decoding: $0.bytes, as: UTF8.self) } == ["{\"aps\": {\"a\": \"],\\\"[\"}}", "{\"aps\": {}}"])
        #expect(inputs.map(\.name) == ["seq.json[0]", "seq.json[1]"])
    }

    /// One sample per rule in Layouts/samples/delivery/invalid, each failing (or warning) by its rule.
    @Test func everyInvalidSampleBreaksItsRule() throws {
        let folder = F.samples + "/invalid"
        let expected: [String: (PushRule, PushProblem.Severity)] = [
            "aps-missing": (.aps, .error), "size-4097-bytes": (.size, .error), "type-timestamp-not-number": (.type, .error),
            "required-timestamp-missing": (.required, .error), "required-content-state-missing": (.required, .error),
            "event-unknown": (.event, .error), "alert-missing-on-start": (.alert, .error),
            "attributes-missing-on-start": (.attributes, .error), "dismissal-date-on-update": (.dismissalDate, .error),
            "order-timestamp-backwards": (.order, .error), "unknown-key-warning": (.unknownKey, .warning),
            "missing-key-warning": (.missingKey, .warning), "unused-key-warning": (.unusedKey, .warning),
            "date-encoding-warning": (.dateEncoding, .warning),
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(expected.keys))
        for rule in PushRule.allCases { #expect(expected.values.contains { $0.0 == rule }, "no sample for \(rule)") }
        for file in files {
            let (rule, severity) = expected[String(file.dropLast(5))]!
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
            let checked = try F.validator().checkSequence(try PushValidator.inputs(in: bytes, name: file))
            let problems = checked.flatMap(\.report.problems)
            #expect(problems.contains { $0.rule == rule && $0.severity == severity }, "\(file): \(problems)")
            if severity == .warning { #expect(problems.allSatisfy { $0.severity == .warning }, "\(file): \(problems)") }
        }
    }

    @Test func theSampleSequenceIsValid() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: F.samples + "/sequence.json")))
        let checked = try PushValidator(layout: try Project.layout("delivery"))
            .checkSequence(try PushValidator.inputs(in: bytes, name: "sequence.json"))
        #expect(checked.map { $0.payload?.event } == [.start, .update, .update, .update, .end])
        for c in checked { #expect(c.report.problems.isEmpty, "\(c.input.name): \(c.report.problems)") }
    }
}
