import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate
@testable import WidgetImport

/// Swift made to break the importer (the fourth hostile round): nesting that overflowed the stack
/// or made the parser's time explode is refused with a warning naming the limit and the place,
/// before anything recursive walks it; the CLI has a deadline of its own; text is never a binding.
@Suite struct HostileImportTests {
    /// Each file is one past a limit, small enough to stay quick; each would have crashed or hung
    /// at the sizes the probe used (1,472 `<`, 8,448 `#if`, 24,600 `.bold()`, 49,000 `+`).
    static let cases: [(name: String, swift: String, limit: String)] = [
        ("generic arguments", "let x = f(" + String(repeating: "a<", count: 40) + "b)\n", "Limits.importGenericDepth"),
        ("typealias", "typealias T = " + String(repeating: "A<", count: 40) + "Int" + String(repeating: ">", count: 40) + "\n", "Limits.importGenericDepth"),
        ("nested #if", String(repeating: "#if A\n", count: 40) + "let x = 1\n" + String(repeating: "#endif\n", count: 40), "Limits.importConditionalDepth"),
        ("a chain of .bold()", "let t = Text(\"x\")" + String(repeating: ".bold()", count: 4_100) + "\n", "Limits.importSyntaxDepth"),
        ("a member chain", "let x = a" + String(repeating: ".b", count: 4_100) + "\n", "Limits.importSyntaxDepth"),
        ("an optional chain", "let x = a" + String(repeating: "?.b", count: 4_100) + "\n", "Limits.importSyntaxDepth"),
        ("a + chain", "let x = a" + String(repeating: " + a", count: 1_100) + "\n", "Limits.importOperatorChain"),
        ("a ?? chain", "let x = a" + String(repeating: " ?? a", count: 1_100) + "\n", "Limits.importOperatorChain"),
        ("a ternary chain", "let x = " + String(repeating: "c ? a : ", count: 1_100) + "b\n", "Limits.importOperatorChain"),
        ("unterminated interpolations", "let s = \"" + String(repeating: "\\(", count: 400) + "\n", "Limits.importDepth × 4"),
        ("brackets after a quote in a regex literal", "let r = #/\"/#\nlet x = " + String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20) + "\n", "Limits.importBracketDepth"),
        ("brackets after a quote in a backticked name", "let `a\"b` = 1\nlet x = " + String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20) + "\n", "Limits.importBracketDepth"),
    ]

    @Test("a file nested past a limit is skipped with a warning naming the limit and its line", arguments: 0..<cases.count)
    func nestingPastALimitIsSkipped(_ index: Int) throws {
        let c = Self.cases[index]
        let widget = ImportSupport.widget("Text(\"ok\")")
        let result = try WidgetImporter.run(texts: [("Widget.swift", widget), ("Hostile.swift", c.swift)],
                                            options: ImportOptions(name: "draft"))
        let warning = try #require(result.report.warnings.first { $0.spot.file == "Hostile.swift" }, "\(c.name): \(result.report.warnings)")
        #expect(warning.message.contains(c.limit) && warning.skipsFile, "\(c.name): \(warning)")
        // The other file is still imported.
        #expect(result.yaml.contains("text: ok"), "\(c.name)")
    }

    @Test("real nesting stays well inside the limits: the fixtures and the shared widget code import with no file skipped")
    func realCodeIsNotSkipped() throws {
        var files = try FileManager.default.contentsOfDirectory(atPath: ImportSupport.fixtures.path)
            .filter { $0.hasSuffix(".swift") }.map { ImportSupport.fixtures.path + "/" + $0 }
        // The write-ups' widget code beside the repository (CI lays ../shared beside the clone).
        let shared = ImportSupport.projectRoot.deletingLastPathComponent().appendingPathComponent("shared/swiftui").path
        if let walker = FileManager.default.enumerator(atPath: shared) {
            while let rel = walker.nextObject() as? String { if rel.hasSuffix(".swift") { files.append(shared + "/" + rel) } }
        }
        #expect(files.count >= 2)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            var limits = Limits.default
            limits.importSyntaxDepth = 400      // a tenth of each limit: real files stay far below them
            limits.importOperatorChain = 100
            limits.importGenericDepth = 4
            limits.importConditionalDepth = 4
            let (_, warnings) = SourceReader.parse([(file, text)], limits: limits)
            #expect(!warnings.contains { $0.skipsFile }, "\(file): \(warnings)")
        }
    }

    @Test("braces written in a Swift string stay text in the draft, never a binding")
    func bracesInSwiftTextAreEscaped() throws {
        let r = try ImportSupport.importText(ImportSupport.widget(#"Text("Use {{order.secret}} here \(entry.order.title)")"#))
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty, "\(r.yaml)")
        let document = try ImportSupport.parse(r.yaml)
        let preview = try #require(document.previews.first)
        let request = RenderRequest(layout: document, surface: try #require(document.surfaces.first), preview: preview)
        var texts: [String] = []
        try WidgetRenderer(fonts: Project.fonts).prepare(request).composed.root.forEach {
            if case .text(let t) = $0.content { texts.append(t.content.string) }
        }
        #expect(texts.contains { $0.hasPrefix("Use {{order.secret}} here") }, "\(texts)")
        #expect(!texts.contains { $0.contains("LEAKED") })
    }

    @Test("the import stops at its deadline with an error naming the file, and writes nothing", .childProcess)
    func theDeadlineStopsTheImport() async throws {
        let folder = try ImportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = ImportSupport.fixtures.path + "/OrderWidget.swift"
        let late = try await ImportSupport.run(ImportSupport.binary("widgetshot-import"), [swift, "--deadline", "0.000001", "-o", folder + "/out.yaml"])
        #expect(late.status == 2)
        #expect(late.stderr.contains("the import took more than") && late.stderr.contains("(Limits.importSeconds, --deadline)"), "\(late.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.yaml"))
        // The same import in time, written to a device: written through, and the device stays one.
        let null = try await ImportSupport.run(ImportSupport.binary("widgetshot-import"), [swift, "-o", "/dev/null", "--quiet"])
        #expect(null.status == 0, "\(null.stderr)")
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }
}
