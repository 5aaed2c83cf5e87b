import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Names that become file names (a layout's `name:`, preview names, control ids) follow one rule,
/// and the parser reports a name that breaks it where it is written, naming the field and the rule.
@Suite struct SafeNameTests {
    static func layout(name: String? = nil, preview: String = "p", control: String? = nil) -> String {
        var text = name.map { "name: \"\($0)\"\n" } ?? ""
        text += "surfaces:\n  systemSmall:\n    view: { text: x }\npreviews:\n  \"\(preview)\": { data: { a: 1 } }\n"
        if let control { text += "controls:\n  - { id: \"\(control)\", kind: button, symbol: bell.fill, label: L }\n" }
        return text
    }

    @Test(arguments: [
        ("../x", "contains '..'"), ("a/b", "contains '/'"), ("a\\\\b", "contains '\\'"), (".hidden", "starts with '.'"),
        ("", "is empty"), ("a\\tb", "contains the control character U+0009"), ("a\\u0000b", "contains a NUL character"),
        (String(repeating: "n", count: 101), "is 101 bytes long, more than the limit of 100"),
    ])
    func badLayoutNameIsALocatedError(name: String, rule: String) {
        let errors = parseErrors(Self.layout(name: name), file: "Layouts/x.yaml")
        #expect(errors.count == 1, "\(errors)")
        let text = errors.first?.description ?? ""
        #expect(text.hasPrefix("Layouts/x.yaml:1:7: error: layout name (name:) '"), "\(text)")
        #expect(text.contains("is not safe as a file name: it \(rule)"), "\(text)")
        #expect(text.contains("Limits.nameBytes"), "\(text)")
    }

    @Test func badPreviewNameIsALocatedError() {
        let errors = parseErrors(Self.layout(preview: "../../up"), file: "Layouts/x.yaml")
        #expect(errors.map(\.description) == [
            "Layouts/x.yaml:5:3: error: preview name '../../up' is not safe as a file name: it contains '..' (a name that becomes a file name must be not empty, at most 100 bytes (Limits.nameBytes), without '/', '\\', '..', NUL or control characters, not starting with '.')",
        ])
    }

    @Test func controlIdsPassTheSameRule() {
        // Control ids have a stricter pattern of their own (at most 64 letters, digits, '_', '-'),
        // so of this rule only a lower `nameBytes` can refuse one.
        var limits = Limits.default
        limits.nameBytes = 8
        do {
            _ = try LayoutLoader.parse(Self.layout(control: "refresh-all"), path: "Layouts/x.yaml", limits: limits)
            Issue.record("parsed")
        } catch {
            #expect(error.diagnostics.map(\.description).first?.hasPrefix(
                "Layouts/x.yaml:7:11: error: control id 'refresh-all' is not safe as a file name: it is 11 bytes long, more than the limit of 8") == true,
                "\(error.diagnostics)")
        }
    }

    @Test func aFileNameThatIsNotSafeNeedsAName() throws {
        let errors = parseErrors(Self.layout(), file: "Layouts/.hidden.yaml")
        #expect(errors.first?.description.hasPrefix("Layouts/.hidden.yaml:1:1: error: layout name (from the file name; give 'name:') '.hidden'") == true, "\(errors)")
        // A safe `name:` fixes it.
        #expect(document(Self.layout(name: "visible"), file: "Layouts/.hidden.yaml")?.name == "visible")
    }

    @Test func ordinaryNamesPass() {
        let doc = document(Self.layout(name: "배달 주문-1_v2", preview: "onTheWay (en)", control: "refresh-1"))
        #expect(doc?.name == "배달 주문-1_v2")
        #expect(doc?.previews.map(\.name) == ["onTheWay (en)"])
    }

    @Test func theLimitIsALimitsField() {
        var limits = Limits.default
        limits.nameBytes = 4
        #expect(throws: LayoutError.self) { try LayoutLoader.parse(Self.layout(name: "abcde"), path: "x.yaml", limits: limits) }
        #expect((try? LayoutLoader.parse(Self.layout(name: "abcd", preview: "p"), path: "x.yaml", limits: limits)) != nil)
    }

    @Test func relativePathsAreCheckedComponentByComponent() {
        #expect((try? SafeName.components(ofRelativePath: "delivery/systemSmall/a-light.png").get())?.count == 3)
        for bad in ["", "/etc/passwd", "a//b", "./a", "a/..", "a/.b", "a/b\u{7F}", "a\\b"] {
            guard case .failure = SafeName.components(ofRelativePath: bad) else {
                Issue.record("'\(bad)' passed"); continue
            }
        }
    }
}
