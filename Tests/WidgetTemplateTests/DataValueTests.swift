import Testing
import WidgetModel
@testable import WidgetTemplate

@Suite struct DataValueTests {
    @Test func jsonAndYAML() throws {
        let json = try DataValue.parse(#"{"a": [1, 2.5, "x", true, null], "b": {"c": "on"}, "d": "0x10"}"#, file: "d.json")
        #expect(json == .object(["a": .array([.number(1), .number(2.5), .string("x"), .bool(true), .null]),
                                 "b": .object(["c": .string("on")]), "d": .string("0x10")]))
        // YAML 1.2 core schema: `on`, `yes` are strings; quoted numbers stay strings.
        let yaml = try DataValue.parse("a: on\nb: yes\nc: '12'\nd: 0x10\ne: ~\nf: 1e3\ng: 2026-11-22T12:45:00+09:00\n", file: "d.yaml")
        #expect(yaml == .object(["a": .string("on"), "b": .string("yes"), "c": .string("12"), "d": .number(16), "e": .null,
                                 "f": .number(1000), "g": .string("2026-11-22T12:45:00+09:00")]))
    }

    @Test func syntaxErrorsCarryLineAndColumn() {
        do {
            _ = try DataValue.parse("{\n  \"a\": 1,\n  \"b\" 2\n}\n", file: "d.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].location?.file == "d.json")
            #expect(error.diagnostics[0].location?.line == 3)
            #expect(error.diagnostics[0].description.hasPrefix("d.json:3:"))
        }
        do {
            _ = try DataValue.parse("{\"a\": 1, \"a\": 2}", file: "d.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.message == "duplicate key 'a' in one object (each key may appear once)")
            #expect(error.diagnostics.first?.location?.line == 1)
        }
    }

    @Test func truthinessAndLocalization() {
        #expect(!DataValue.null.isTruthy)
        #expect(!DataValue.number(0).isTruthy)
        #expect(!DataValue.string("").isTruthy)
        #expect(!DataValue.array([]).isTruthy)
        #expect(DataValue.object([:]).isTruthy)
        let label = DataValue.object(["ko": .string("배달 중"), "en": .string("On the way")])
        #expect(label.text(locale: "ko") == "배달 중")
        #expect(label.text(locale: "en-US") == "On the way")
        #expect(label.text(locale: "fr") == "On the way")
        #expect(DataValue.object(["ko": .string("가"), "ja": .string("あ")]).text(locale: "fr") == "あ")
        // Not every two-letter key is a locale table.
        #expect(DataValue.object(["id": .number(3), "at": .string("x")]).localizedTable == nil)
    }

    @Test func mergeForExtends() {
        let base = DataValue.object(["order": .object(["status": .string("a"), "driver": .object(["name": .string("Kim")])])])
        let top = DataValue.object(["order": .object(["status": .string("b"), "driver": .null, "new": .object(["x": .null, "y": .number(1)])])])
        #expect(top.merged(over: base) == .object(["order": .object(["status": .string("b"), "new": .object(["y": .number(1)])])]))
    }
}
