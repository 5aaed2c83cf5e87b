import Foundation
import Testing
import TestSupport
import WidgetModel
@testable import WidgetImport

/// `--check` after formatting-only and structural edits; the importer's limits; the command line.
@Suite(.serialized) struct DriftAndLimitTests {
    /// A folder with the order widget imported into `Layouts/orders.yaml`.
    func imported() throws -> (folder: String, swift: String, layout: String) {
        let folder = try ImportSupport.temporaryFolder()
        let swift = folder + "/OrderWidget.swift"
        try ImportSupport.fixture("OrderWidget.swift").write(toFile: swift, atomically: true, encoding: .utf8)
        let layout = folder + "/orders.yaml"
        try WidgetImporter.run(paths: [swift]).yaml.write(toFile: layout, atomically: true, encoding: .utf8)
        return (folder, swift, layout)
    }

    @Test(.childProcess) func formattingAndCommentsAreNotDrift() throws {
        let (folder, swift, layout) = try imported()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try DriftCheck.check(layoutPath: layout, paths: [swift]).isEmpty)
        var text = try String(contentsOfFile: swift, encoding: .utf8)
        text = text.replacingOccurrences(of: "VStack(alignment: .leading, spacing: 4) {", with: "VStack(alignment: .leading,\n               spacing: 4)   // reflowed\n{")
        text = "// A comment on top\n\n" + text.replacingOccurrences(of: "    ", with: "  ")
        try text.write(toFile: swift, atomically: true, encoding: .utf8)
        #expect(try DriftCheck.check(layoutPath: layout, paths: [swift]).isEmpty)
    }

    @Test func structuralChangeNamesTheViewAndWhere() throws {
        let (folder, swift, layout) = try imported()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = try String(contentsOfFile: swift, encoding: .utf8)
        text = text.replacingOccurrences(of: ".font(.caption2)", with: ".font(.caption)")
        try text.write(toFile: swift, atomically: true, encoding: .utf8)
        let findings = try DriftCheck.check(layoutPath: layout, paths: [swift])
        #expect(findings.map(\.description) == ["\(swift):93: view MediumOrderView changed structurally since the import (the layout may be stale)"])
    }

    @Test(.childProcess) func checkExitCodes() async throws {
        let (folder, swift, layout) = try imported()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = ImportSupport.binary("widgetshot-import")
        let clean = try await ImportSupport.run(tool, ["--check", layout, swift])
        #expect(clean.status == 0, "\(clean.stderr)")
        var text = try String(contentsOfFile: swift, encoding: .utf8)
        text = text.replacingOccurrences(of: "Text(\"No orders\")", with: "Text(\"Nothing yet\")")
        try text.write(toFile: swift, atomically: true, encoding: .utf8)
        let drift = try await ImportSupport.run(tool, ["--check", layout, swift])
        #expect(drift.status == 1)
        #expect(drift.stdout.contains("view OrderWidgetView changed structurally"), "\(drift.stdout)")
    }

    @Test func limitsAreNamedErrors() throws {
        var limits = Limits.default
        limits.importBytes = 100
        let big = ImportSupport.widget("Text(\"x\")")
        let e1 = #expect(throws: ImportError.self) { try ImportSupport.importText(big, limits: limits) }
        #expect(e1?.message.contains("(Limits.importBytes)") == true)

        limits = .default
        limits.importNodes = 3
        let many = ImportSupport.widget("VStack { Text(\"a\"); Text(\"b\"); Text(\"c\"); Text(\"d\") }")
        let e2 = #expect(throws: ImportError.self) { try ImportSupport.importText(many, limits: limits) }
        #expect(e2?.message.contains("(Limits.importNodes)") == true)

        limits = .default
        limits.importDepth = 8
        let deep = ImportSupport.widget(String(repeating: "VStack { ", count: 12) + "Text(\"deep\")" + String(repeating: " }", count: 12))
        let r = try ImportSupport.importText(deep, limits: limits)
        #expect(r.report.todos.contains { $0.why.contains("(Limits.importDepth)") }, "\(r.report.todos)")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty)
    }

    /// Branch n of an `else if` chain carries the negations of the n − 1 before it, so conditions grow
    /// with the chain's square: 200 branches in 6 KB of Swift took 11 s (debug, ASan) and the import
    /// fuzz target timed out on such a chain. Past `Limits.importBranches` the rest is one placeholder.
    @Test func aLongElseIfChainStopsAtTheBranchLimit() throws {
        var limits = Limits.default
        limits.importBranches = 5
        let chain = "VStack { if entry.order.count == 0 { Text(\"0\") } "
            + (1..<12).map { "else if entry.order.count == \($0) { Text(\"\($0)\") }" }.joined(separator: " ") + " else { Text(\"many\") } }"
        let r = try ImportSupport.importText(ImportSupport.widget(chain), limits: limits)
        let fragment = ImportSupport.component(r.yaml)
        #expect(fragment.contains(#"text: "4""#) && !fragment.contains(#"text: "5""#) && !fragment.contains("text: many"), "\(fragment)")
        #expect(fragment.contains(#"when: "order.count != 0 && order.count != 1 && order.count != 2 && order.count != 3 && order.count == 4""#), "\(fragment)")
        #expect(r.report.todos.contains { $0.why.contains("(Limits.importBranches)") && $0.spot.line == 21 }, "\(r.report.todos)")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty)
    }

    @Test(.childProcess) func noFileIsWrittenWhenNothingImports() async throws {
        let folder = try ImportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "struct Model { let x: Int }".write(toFile: folder + "/Model.swift", atomically: true, encoding: .utf8)
        let run = try await ImportSupport.run(ImportSupport.binary("widgetshot-import"), [folder + "/Model.swift", "-o", folder + "/out.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: no widget view found in \(folder)/Model.swift"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.yaml"))
    }

    /// A fresh folder holding the OrderWidget fixture as W.swift (the caller removes the folder).
    static func orderWidgetInAFolder() throws -> (folder: String, swift: String) {
        let folder = try ImportSupport.temporaryFolder()
        let swift = folder + "/W.swift"
        try ImportSupport.fixture("OrderWidget.swift").write(toFile: swift, atomically: true, encoding: .utf8)
        return (folder, swift)
    }

    @Test(.childProcess) func widgetshotImportRunsTheImporterBesideIt() async throws {
        let (folder, swift) = try Self.orderWidgetInAFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let main = ImportSupport.binary("widgetshot")
        let run = try await ImportSupport.run(main, ["import", swift, "-o", folder + "/w.yaml", "--report", folder + "/r.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("nodes,") && run.stderr.contains("% placeholders"))
        #expect(FileManager.default.fileExists(atPath: folder + "/w.yaml"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/r.json"))) as? [String: Any]
        #expect((report?["summary"] as? String)?.hasSuffix("placeholders") == true)
        // Alone in a folder, widgetshot says which binary is missing and how to build it.
        try FileManager.default.copyItem(atPath: main, toPath: folder + "/widgetshot")
        let alone = try await ImportSupport.run(folder + "/widgetshot", ["import", swift])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("widgetshot-import is not built: expected it at \(folder)/widgetshot-import") && alone.stderr.contains("swift build --product widgetshot-import"), "\(alone.stderr)")
    }

    /// An output in a folder that does not exist is named before the import runs (it was a bare
    /// "cannot write: The file doesn't exist." after the whole TODO list).
    @Test(.childProcess) func anOutputInAMissingFolderIsNamedFirst() async throws {
        let (folder, swift) = try Self.orderWidgetInAFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let importer = ImportSupport.binary("widgetshot-import")
        for (option, extra) in [("--output", ["-o", folder + "/Nope/w.yaml"]), ("--report", ["--report", folder + "/Nope/r.json"])] {
            let run = try await ImportSupport.run(importer, [swift] + extra)
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("\(option) \(folder)/Nope/") && run.stderr.contains("the folder \(folder)/Nope does not exist"), "\(run.stderr)")
            #expect(!run.stderr.contains("TODO"), "\(run.stderr)")
        }
    }

    /// swift-syntax stays out of the main binary (and so out of the server and the renderer).
    @Test func mainBinaryDoesNotCarrySwiftSyntax() throws {
        let main = try Data(contentsOf: URL(fileURLWithPath: ImportSupport.binary("widgetshot")))
        let importer = try Data(contentsOf: URL(fileURLWithPath: ImportSupport.binary("widgetshot-import")))
        let marker = Data("11SwiftParser".utf8)
        #expect(importer.range(of: marker) != nil)
        #expect(main.range(of: marker) == nil)
    }

    @Test(.childProcess) func fuzzTargetReplaysItsCorpus() async throws {
        let run = try await ImportSupport.run(ImportSupport.binary("FuzzImport"), [], seconds: 300)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("without a crash or a hang"))
    }
}
