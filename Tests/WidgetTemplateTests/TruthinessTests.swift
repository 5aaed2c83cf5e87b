import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// What `when:` takes as true: missing and null are false and do not exist; false, 0, "" and []
/// exist but are false; `x exists` / `exists(x)` and `x == null` tell "no value" from "zero".
@Suite struct TruthinessTests {
    let data = #"{"zero": 0, "empty": "", "no": false, "none": null, "list": [], "one": 1, "text": "a", "yes": true}"#

    func shown(_ condition: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let bound = bindView("text: shown\nwhen: '\(condition)'", data: data, sourceLocation: sourceLocation)
        return bound?.view?.text?.string == "shown"
    }

    @Test(arguments: [
        // value, truthy, exists, == null
        ("zero", false, true, false),
        ("empty", false, true, false),
        ("no", false, true, false),
        ("list", false, true, false),
        ("none", false, false, true),
        ("missing", false, false, true),
        ("one", true, true, false),
        ("text", true, true, false),
        ("yes", true, true, false),
    ])
    func eachKindOfValue(name: String, truthy: Bool, exists: Bool, isNull: Bool) {
        #expect(shown(name) == truthy, "\(name)")
        #expect(shown("!\(name)") == !truthy, "!\(name)")
        #expect(shown("\(name) exists") == exists, "\(name) exists")
        #expect(shown("exists(\(name))") == exists, "exists(\(name))")
        #expect(shown("!exists(\(name))") == !exists, "!exists(\(name))")
        #expect(shown("\(name) == null") == isNull, "\(name) == null")
        #expect(shown("\(name) != null") == !isNull, "\(name) != null")
    }

    @Test func zeroIsNotMissing() {
        // The issue's case: tell "no value" from "zero" without `!x && x != 0`.
        #expect(shown("zero exists && zero == 0"))
        #expect(!shown("missing exists && missing == 0"))
        #expect(shown("zero == 0"))
        #expect(!shown("missing == 0"))
        #expect(!shown("none == 0"))
        #expect(!shown("empty == 0"))
        #expect(!shown("no == 0"))
    }
}
