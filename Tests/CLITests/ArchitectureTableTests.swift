import Foundation
import Testing
import TestSupport

/// docs/architecture.md's target table against what SwiftPM itself reports about Package.swift:
/// `swift package describe --type json` (each target's folder and in-package dependencies) and
/// `swift package dump-package` (the order the targets are declared in). Both run with a scratch
/// path of their own, so they never wait on the lock of the build running these tests.
@Suite("docs/architecture.md's target table is what SwiftPM reports", .childProcess)
struct ArchitectureTableTests {
    struct Row: Equatable {
        var folder: String
        var target: String
        var uses: Set<String>
    }

    /// `| \`Sources/X\` | \`X\` | \`A\`, \`B\` | … |` rows under `## Targets`.
    static func tableRows() throws -> [Row] {
        let text = try String(contentsOfFile: Project.root + "/docs/architecture.md", encoding: .utf8)
        let start = try #require(text.range(of: "\n## Targets\n"), "docs/architecture.md has no ## Targets section")
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var rows: [Row] = []
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { continue }
            func names(_ cell: String) -> [String] {
                cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
            rows.append(Row(folder: names(cells[1]).first ?? "", target: names(cells[2]).first ?? "", uses: Set(names(cells[3]))))
        }
        return rows
    }

    static func swiftPackage(_ arguments: [String]) async throws -> Any {
        let scratch = scratchDirectory("architecture-swiftpm")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outcome = try await CLIProcess.run(binary: "/usr/bin/env",
                                               ["swift", "package", "--package-path", Project.root, "--scratch-path", scratch] + arguments)
        try #require(outcome.status == 0, "swift package \(arguments.joined(separator: " ")): \(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    @Test("every target has its row, in its own folder, using what Package.swift says it uses, in declaration order")
    func tableMatchesThePackage() async throws {
        let describe = try #require(try await Self.swiftPackage(["describe", "--type", "json"]) as? [String: Any])
        let dump = try #require(try await Self.swiftPackage(["dump-package"]) as? [String: Any])
        let described = try #require(describe["targets"] as? [[String: Any]])
        var fromSwiftPM: [String: Row] = [:]
        for target in described where target["type"] as? String != "test" {
            let name = try #require(target["name"] as? String)
            fromSwiftPM[name] = Row(folder: target["path"] as? String ?? "", target: name,
                                    uses: Set(target["target_dependencies"] as? [String] ?? []))
        }
        let declared = try #require(dump["targets"] as? [[String: Any]]).compactMap { target -> String? in
            target["type"] as? String == "test" ? nil : target["name"] as? String
        }
        let rows = try Self.tableRows()

        #expect(rows.map(\.target) == declared, "the table's order is not Package.swift's")
        for row in rows {
            let actual = try #require(fromSwiftPM[row.target], "the table names \(row.target), which Package.swift does not declare")
            #expect(row == actual)
            #expect(row.folder == "Sources/\(row.target)" || row.target == "TestSupport",
                    "\(row.target) lives in \(row.folder), not the folder SwiftPM looks for")
        }
        // A macOS checkout is case-insensitive: two folders that differ only by case are one there.
        let byCase = Dictionary(grouping: rows.map(\.folder), by: { $0.lowercased() }).values.filter { $0.count > 1 }
        #expect(byCase.isEmpty, "folders that are one folder on macOS: \(byCase)")
        // Stage order: every target after the targets it uses.
        var seen: Set<String> = []
        for row in rows {
            #expect(row.uses.isSubset(of: seen), "\(row.target) comes before \(row.uses.subtracting(seen).sorted())")
            seen.insert(row.target)
        }
    }

    @Test("Package.swift names no folder: each target is where SwiftPM looks for it")
    func packageNamesNoPaths() throws {
        let manifest = try String(contentsOfFile: Project.root + "/Package.swift", encoding: .utf8)
        let paths = manifest.split(separator: "\n").filter { $0.contains("path: \"") }
        #expect(paths.count == 1)
        #expect(paths.allSatisfy { $0.contains(#"name: "TestSupport""#) && $0.contains(#"path: "Tests/TestSupport""#) })
    }
}
