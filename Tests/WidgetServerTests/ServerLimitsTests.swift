import Foundation
import Testing
import TestSupport
import WidgetServer
import WidgetShot

/// The render limits (`Limits`, in WidgetModel: every stage reads them, the render key describes
/// them) and the server's knobs (`ServerLimits`, here) stay apart, in the code and in docs/limits.md.
@Suite struct ServerLimitsTests {
    /// The knobs that left `Limits` for `ServerLimits`; none may come back.
    static let serverKnobs: Set<String> = [
        "requestBodyBytes", "requestHeaderBytes", "maxConnections", "maxEventStreams", "eventStreamLifetime", "idleTimeout",
        "headerTimeout", "bodyTimeout", "queuePerWorker", "renderDeadline", "shutdownDeadline", "responseCacheBytes",
    ]

    static func fields(_ value: Any) -> [(name: String, value: Any)] {
        Mirror(reflecting: value).children.compactMap { child in child.label.map { ($0, child.value) } }
    }

    @Test func noServerKnobIsARenderLimitAndNoRenderLimitIsAServerKnob() {
        let render = Set(Self.fields(Limits.default).map(\.name))
        let server = Set(Self.fields(ServerLimits.default).map(\.name))
        #expect(render.count >= 20 && server.count >= Self.serverKnobs.count, "Mirror saw \(render.count) and \(server.count) fields")
        #expect(render.isDisjoint(with: server), "in both Limits and ServerLimits: \(render.intersection(server).sorted())")
        #expect(render.isDisjoint(with: Self.serverKnobs), "server knobs back in Limits: \(render.intersection(Self.serverKnobs).sorted())")
        #expect(Self.serverKnobs.isSubset(of: server), "server knobs missing from ServerLimits: \(Self.serverKnobs.subtracting(server).sorted())")
        // The age of stale temporary files is the gallery's and record's, not the server's.
        #expect(render.contains("staleTempFileSeconds") && !server.contains("staleTempFileSeconds"))
    }

    /// docs/limits.md has two tables: the render limits and the server limits. Every field of
    /// `ServerLimits` is a row of the second with its default, and none of the first; no field of
    /// `Limits` is a row of the second. (WidgetShotTests checks the first table against `Limits`.)
    @Test func theServerLimitsHaveTheirOwnTableInTheLimitsDocument() throws {
        let document = try String(contentsOfFile: Project.root + "/docs/limits.md", encoding: .utf8)
        let renderRows = try Self.tableRows(of: "Render limits", in: document)
        let serverRows = try Self.tableRows(of: "Server limits", in: document)
        for (name, value) in Self.fields(ServerLimits.default) {
            #expect(!renderRows.contains { $0.hasPrefix("| `\(name)` |") }, "`\(name)` is in the render limits' table")
            guard let row = serverRows.first(where: { $0.hasPrefix("| `\(name)` |") }) else {
                Issue.record("docs/limits.md's server limits table has no row for `\(name)`")
                continue
            }
            #expect(row.contains(Self.readable(value)), "the row for `\(name)` does not say its default \(Self.readable(value)): \(row)")
        }
        for (name, _) in Self.fields(Limits.default) {
            #expect(!serverRows.contains { $0.hasPrefix("| `\(name)` |") }, "`\(name)` (a render limit) is in the server limits' table")
        }
    }

    /// The table rows (`| …`) between the heading `## title` and the next heading.
    static func tableRows(of title: String, in document: String) throws -> [Substring] {
        let parts = document.components(separatedBy: "\n## ")
        let section = try #require(parts.first { $0.hasPrefix(title + "\n") }, "docs/limits.md has no '## \(title)' section")
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }
    }

    /// 67108864 → "67,108,864"; 0.5 → "0.5"; 15.0 → "15" (as the tables write them).
    static func readable(_ value: Any) -> String {
        if let int = value as? Int {
            let digits = Array(String(int))
            var out = ""
            for (i, digit) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
                out.append(digit)
            }
            return out
        }
        if let double = value as? Double { return double == double.rounded() ? String(Int(double)) : String(double) }
        return "\(value)"
    }
}
