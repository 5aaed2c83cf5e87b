import Foundation
import Testing
import TestSupport
import WidgetModel

/// The render limits' table in docs/limits.md is what operators and layout authors read: every field of
/// `Limits` must be listed there with its default, so a new limit or a changed default cannot go
/// undocumented. (The server's knobs, `ServerLimits`, have their own table: WidgetServerTests.)
@Suite struct LimitsDocumentationTests {
    @Test func everyLimitIsInTheLimitsDocumentWithItsDefault() throws {
        let document = try String(contentsOfFile: Project.root + "/docs/limits.md", encoding: .utf8)
        let section = try #require(document.components(separatedBy: "\n## ").first { $0.hasPrefix("Render limits\n") },
                                   "docs/limits.md has no '## Render limits' section")
        let fields = Mirror(reflecting: Limits.default).children
        #expect(fields.count >= 20)
        for field in fields {
            let name = try #require(field.label)
            guard let row = section.split(separator: "\n").first(where: { $0.hasPrefix("| `\(name)` |") }) else {
                Issue.record("docs/limits.md's render limits table has no row for `\(name)`")
                continue
            }
            let value = Self.readable(field.value)
            #expect(row.contains(value), "docs/limits.md row for `\(name)` does not say its default \(value): \(row)")
        }
    }

    /// 2097152 → "2,097,152"; 0.5 → "0.5"; 15.0 → "15".
    static func readable(_ value: Any) -> String {
        if let int = value as? Int {
            let digits = Array(String(int))
            var out = ""
            for (i, d) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
                out.append(d)
            }
            return out
        }
        if let double = value as? Double {
            return double == double.rounded() ? String(Int(double)) : String(double)
        }
        return "\(value)"
    }
}
