import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetGoldens

/// Golden/manifest.json carries the library stack that recorded the goldens (version 2), still
/// reads version 1 (stack unknown), and `verify` names the libraries that differ.
@Suite struct LibraryStackTests {
    static let debian12 = LibraryStack(cairo: "1.16.0", pango: "1.50.12", freetype: "2.12.1", harfbuzz: "6.0.0",
                                       fontconfig: "2.14.1", pixman: "0.42.2")
    static let debian13 = LibraryStack(cairo: "1.18.4", pango: "1.56.3", freetype: "2.13.3", harfbuzz: "10.2.0",
                                       fontconfig: "2.15.0", pixman: "0.44.0")

    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stack-\(UUID().uuidString)").path

    func write(_ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/manifest.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func runningStackIsAskedOfTheLibraries() {
        let s = LibraryStack.running
        for (name, version) in s.libraries {
            let parts = version.split(separator: ".")
            #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(name) \(version)")
        }
        #expect(s.freetype != "0.0.0")
        #expect(s.differences(running: s).isEmpty)
    }

    @Test func differencesNameEachLibraryRecordedAndRunning() {
        var newer = Self.debian12
        newer.pango = "1.56.3"; newer.cairo = "1.18.4"
        let d = Self.debian12.differences(running: newer)
        #expect(d.map(\.description) == ["cairo 1.16.0 → 1.18.4", "pango 1.50.12 → 1.56.3"])
        #expect(Self.debian12.differences(running: Self.debian13).count == 6)
    }

    @Test func versionOneIsReadWithAnUnknownStack() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write(#"{"version": 1, "entries": {"a/b/c-light.png": {"file": "01", "pixels": "02"}}}"#)
        let m = try GoldenManifest.load(path)
        #expect(m.stack == nil && m.entries.count == 1)
        #expect(StackCheck(recorded: m.stack, running: Self.debian12).note?.contains("unknown") == true)
        // Written again, it is version 2 (still without a stack until a record run sets one).
        try m.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""version" : 2"#) && !text.contains("stack"))
    }

    @Test func versionTwoRoundTripsTheStack() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write("{}")
        var m = GoldenManifest(entries: ["x/y/z-dark.png": .init(file: "aa", pixels: "bb")], stack: Self.debian12)
        try m.write(to: path)
        #expect(try GoldenManifest.load(path) == m)
        m.version = 3
        let encoder = JSONEncoder()
        try encoder.encode(m).write(to: URL(fileURLWithPath: path))
        do {
            _ = try GoldenManifest.load(path)
            Issue.record("version 3 loaded")
        } catch let e as GoldenFileError {
            #expect(e.description == path + ": version 3 is not one this widgetshot reads (1, 2)")
        }
    }

    @Test func aStackWithoutALibraryIsAnErrorNamingIt() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write(#"{"version": 2, "entries": {}, "stack": {"cairo": "1.16.0"}}"#)
        do {
            _ = try GoldenManifest.load(path)
            Issue.record("loaded a stack without pango")
        } catch let e as GoldenFileError {
            #expect(e.description.hasPrefix(path + ": stack.pango: missing"), "\(e)")
        }
    }

    @Test func noteSaysSameDifferentOrUnknown() {
        #expect(StackCheck(recorded: Self.debian12, running: Self.debian12).note == nil)
        var newer = Self.debian12
        newer.pango = "1.56.3"
        #expect(StackCheck(recorded: Self.debian12, running: newer).note
                == "goldens recorded on another library stack: pango 1.50.12 → 1.56.3")
        #expect(StackCheck(recorded: nil, running: Self.debian12).note?.hasPrefix("the goldens' library stack is unknown") == true)
    }

    @Test func reportCarriesTheStack() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var document = ReportDocument(kind: .verify, cells: 0, results: [], seconds: 0.5)
        document.stack = ReportStack(StackCheck(recorded: Self.debian12, running: Self.debian13))
        try VerifyReport(document: document).write(to: dir)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/report.json"))) as! [String: Any]
        let stack = try #require(json["stack"] as? [String: Any])
        #expect(stack["status"] as? String == "different")
        #expect((stack["recorded"] as? [String: String])?["pango"] == "1.50.12")
        #expect((stack["running"] as? [String: String])?["pango"] == "1.56.3")
        let differs = try #require(stack["differs"] as? [[String: String]])
        #expect(differs.map { $0["library"]! } == ["cairo", "pango", "freetype", "harfbuzz", "fontconfig", "pixman"])
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<property name="stack" value="different"/>"#))
        #expect(junit.contains(#"<property name="stack.recorded.harfbuzz" value="6.0.0"/>"#))
        #expect(junit.contains(#"<property name="stack.running.harfbuzz" value="10.2.0"/>"#))
        let html = try String(contentsOfFile: dir + "/index.html", encoding: .utf8)
        #expect(html.contains("Rendered on another library stack") && html.contains("pango 1.50.12 → 1.56.3"))
        #expect(html.contains(#"<tr class="differs"><td>pango</td><td>1.50.12</td><td>1.56.3</td></tr>"#))
    }

    /// The CLI: verify on a manifest from another stack passes what matches, and says which
    /// libraries differ; an old manifest says the stack is unknown; a full record run writes it.
    @Test(.childProcess) func verifyNamesAStackMismatchAndRecordWritesTheStack() async throws {
        let project = try ScratchProject(from: Project.root)
        defer { project.remove() }
        let path = project.golden + "/manifest.json"
        var manifest = try GoldenManifest.load(path)
        var other = LibraryStack.running
        other.pango = "0.0.1"
        manifest.stack = other
        try manifest.write(to: path)
        let report = project.root + "/report"
        let run = try await CLIProcess.run(["verify", "--project", project.root, "--layout", "reference", "--report", report])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("passed, 0 failed; goldens recorded on another library stack: pango 0.0.1 → \(LibraryStack.running.pango)"),
                "\(run.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/report.json"))) as! [String: Any]
        #expect((json["stack"] as? [String: Any])?["status"] as? String == "different")

        manifest.stack = nil
        try manifest.write(to: path)
        let unknown = try await CLIProcess.run(["verify", "--project", project.root, "--layout", "reference"])
        #expect(unknown.status == 0 && unknown.stdout.contains("library stack is unknown"), "\(unknown.stdout)\(unknown.stderr)")

        // A filtered record run does not claim the stack for every golden; a full one does.
        let partial = try await CLIProcess.run(["record", "--project", project.root, "--mode", "failed", "--layout", "reference"])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(try GoldenManifest.load(path).stack == nil)
        let full = try await CLIProcess.run(["record", "--project", project.root, "--mode", "failed"], seconds: 300)
        #expect(full.status == 0 && full.stdout.contains("0 created, 0 updated"), "\(full.stdout)\(full.stderr)")
        #expect(try GoldenManifest.load(path).stack == LibraryStack.running)
        let same = try await CLIProcess.run(["verify", "--project", project.root, "--layout", "reference"])
        #expect(same.status == 0 && !same.stdout.contains("library stack"), "\(same.stdout)")
    }
}
