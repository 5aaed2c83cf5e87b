import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate
@testable import WidgetImport

/// Shared pieces of the importer tests: fixtures, in-process import, parse + lint, render.
enum ImportSupport {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let projectRoot = URL(fileURLWithPath: Project.root)
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// Imports Swift text held in memory as `file`.
    static func importText(_ swift: String, file: String = "Widget.swift", limits: Limits = .default) throws -> ImportResult {
        try WidgetImporter.run(texts: [(file, swift)], options: ImportOptions(name: "draft", limits: limits))
    }

    /// A view body wrapped in a widget with one family, for per-construct tests.
    static func widget(_ body: String, extra: String = "", family: String = "systemMedium") -> String {
        """
        import SwiftUI
        import WidgetKit
        struct Entry: TimelineEntry {
            let date: Date
            let order: Order
        }
        struct Order {
            let title: String
            let status: Status
            let eta: Date
            let count: Int
            let progress: Double
            let isLate: Bool
            let items: [Item]
        }
        struct Item { let name: String }
        enum Status { case preparing, onTheWay, delivered }
        struct V: View {
            let entry: Entry
            var body: some View {
        \(body)
            }
        }
        \(extra)
        struct W: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "w", provider: P()) { entry in V(entry: entry) }
                    .supportedFamilies([.\(family)])
            }
        }
        """
    }

    /// The YAML of the component `V` (the widget's view) in a draft.
    static func component(_ yaml: String, _ name: String = "V") -> String {
        var out: [String] = []
        var inside = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "  \(name):" { inside = true; continue }
            if inside {
                if line.hasPrefix("    ") { out.append(String(line.dropFirst(4))) } else { break }
            }
        }
        return out.joined(separator: "\n")
    }

    static func parse(_ yaml: String, path: String = "/tmp/draft.yaml") throws -> LayoutDocument {
        do { return try LayoutLoader.parse(yaml, path: path) } catch {
            Issue.record("the draft does not load: \(error)\n\(yaml)")
            throw error
        }
    }

    /// Lint errors, and warnings about data the draft's previews lack.
    static func lintProblems(_ yaml: String) throws -> [Diagnostic] {
        let doc = try parse(yaml)
        return Linter.lint(doc).filter { $0.severity == .error || $0.message.hasPrefix("missing value") }
    }

    static let fonts = try! FontLibrary(directory: projectRoot.appendingPathComponent("Fonts").path)

    /// Renders every surface × preview the draft names (light), returning how many PNGs came out.
    static func renderAll(_ yaml: String, folder: String) throws -> Int {
        let path = folder + "/draft.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let doc = try LayoutLoader.load(path: path)
        let renderer = WidgetRenderer(fonts: fonts)
        var count = 0
        for surface in doc.surfaces where DeviceProfile.default.surfaces.contains(surface) {
            for preview in doc.previews where preview.applies(to: surface) {
                let png = try renderer.render(RenderRequest(layout: doc, surface: surface, preview: preview, scale: 1, scheme: .light)).png
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(surface.rawValue)/\(preview.name) is not a PNG")
                count += 1
            }
        }
        return count
    }

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// A binary built beside the test bundle.
    static func binary(_ name: String) -> String {
        var url = Bundle.main.bundleURL
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent(name).path
    }

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    /// Runs a binary with a time bound (TestSupport's CLIProcess: killed, and the test failed, past
    /// `seconds`).
    static func run(_ binary: String, _ arguments: [String], seconds: Double = 120) async throws -> Run {
        let run = try await CLIProcess.run(binary: binary, arguments, seconds: seconds)
        return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }
}
