#if os(Linux)
import Foundation
import Testing
import TestSupport

/// docs/swift-coverage.md, the table of what the Apple-named modules support (✓ / partly / ✗), is
/// what `scripts/swift-coverage` makes of the modules now: a declaration made unavailable, a
/// `/// Partly:` line, a new modifier each change the table, and this test fails until it is
/// regenerated (`make swift-coverage`).
@Suite("docs/swift-coverage.md is what the modules declare", .childProcess)
struct SwiftCoverageTableTests {
    static let table = Project.root + "/docs/swift-coverage.md"

    /// `| \`Name\` | kind | status | members |` rows, by name (the first row of a name).
    static func rows() throws -> [String: (kind: String, status: String, members: String)] {
        let text = try String(contentsOfFile: table, encoding: .utf8)
        var rows: [String: (kind: String, status: String, members: String)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            if rows[name] == nil { rows[name] = (cells[2], cells[3], cells[4]) }
        }
        return rows
    }

    @Test("scripts/swift-coverage --check: the committed table is the one the modules give now")
    func tableIsCurrent() async throws {
        let run = try await CLIProcess.run(binary: "/usr/bin/env",
                                           ["python3", Project.root + "/scripts/swift-coverage", "--check"], seconds: 300)
        #expect(run.status == 0, "docs/swift-coverage.md is stale: run `make swift-coverage`\n\(run.stdout)\(run.stderr)")
    }

    @Test("what is unavailable is ✗ with its message, what is drawn is ✓")
    func facts() throws {
        let rows = try Self.rows()
        let sector = try #require(rows["SectorMark"], "no SectorMark row")
        #expect(sector.kind == "struct")
        #expect(sector.status == "✗ WidgetShot does not draw SectorMark (pie and donut charts) yet (docs/swift.md, Charts)")
        #expect(sector.members.contains("`init(angle:innerRadius:outerRadius:angularInset:)`"))
        let canvas = try #require(rows["Canvas"], "no Canvas row")
        #expect(canvas.status == "✓")
        #expect(canvas.members.contains("`init(opaque:colorMode:rendersAsynchronously:renderer:file:line:)`"))
        #expect(rows["GraphicsContext.Filter"]?.status.hasPrefix("partly") == true)
        #expect(rows["GeometryReader"]?.status == "✓")
        let text = try #require(rows["Text"], "no Text row")
        #expect(text.status == "✓")
        #expect(text.members.contains("`init(verbatim:file:line:)`"))
        #expect(rows["View"]?.members.contains("`padding(_:_:)`") == true)
        #expect(rows["WidgetFamily"]?.members.contains("`systemSmall`") == true)
        #expect(rows["ActivityAttributes"]?.status == "✓")
        // WidgetShot's own plumbing is named once, under its module, not as a row.
        #expect(rows["ConditionalContent"] == nil)
        #expect(rows.keys.allSatisfy { !$0.hasPrefix("_") && !$0.contains("._") })
    }

    /// swift-symbolgraph-extract leaves out what is unavailable everywhere; the script reads it
    /// anyway. Every `@available(*, unavailable, message:)` in the modules' sources is a ✗ reason.
    @Test("every unavailable message in the sources is a ✗ in the table")
    func everyUnavailableMessageIsListed() throws {
        let table = try String(contentsOfFile: Self.table, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"@available\(\s*\*\s*,\s*unavailable\s*,\s*message:\s*"((?:[^"\\]|\\.)*)""#)
        var messages: Set<String> = []
        for module in ["SwiftUI", "WidgetKit", "ActivityKit", "AppIntents", "UIKit", "CoreGraphics", "DeveloperToolsSupport"] {
            let folder = Project.root + "/Sources/" + module
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".swift") {
                let source = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                    if let range = Range(match.range(at: 1), in: source) { messages.insert(String(source[range])) }
                }
            }
        }
        #expect(!messages.isEmpty)
        for message in messages.sorted() {
            #expect(table.contains("✗ " + message.replacingOccurrences(of: "|", with: "\\|")), "not a ✗ in the table: \(message)")
        }
    }
}
#endif
