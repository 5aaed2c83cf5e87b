import Foundation
import Testing
import TestSupport
import WidgetRender
import WidgetShot
import WidgetShotTesting

/// `assertWidgetSnapshot` as a team uses it: the example app repository's layout, its references
/// committed in `__Snapshots__/StepsSnapshotTests/` beside this file.
@Suite struct StepsSnapshotTests {
    static let app = try! ProjectFolders.at(Project.root + "/Examples/app-repo")

    @Test func smallWidgetInTheMorning() {
        assertWidgetSnapshot(layout: "steps", surface: .systemSmall, preview: "morning", project: Self.app, record: .never)
    }

    @Test func circularAccessoryInTheEveningDark() {
        assertWidgetSnapshot(layout: "steps", surface: .accessoryCircular, preview: "evening", scheme: .dark,
                             project: Self.app, record: .never)
    }
}

/// What a failure looks like and what it leaves on disk; recording.
@Suite struct WidgetSnapshotBehaviourTests {
    /// A copy of the example app repository with a test file path inside it.
    func scratchApp() throws -> (folders: ProjectFolders, testFile: String, root: String) {
        let root = scratchDirectory("snapshot")
        for item in ["widgetshot.yaml", "Widgets"] {   // not WidgetTests/.build, the example consumer's build
            try FileManager.default.createDirectory(atPath: root + "/app", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Project.root + "/Examples/app-repo/" + item, toPath: root + "/app/" + item)
        }
        try FileManager.default.createDirectory(atPath: root + "/app/Tests", withIntermediateDirectories: true)
        return (try ProjectFolders.at(root + "/app"), root + "/app/Tests/StepsTests.swift", root)
    }

    @Test func recordsThenMatchesThenFailsWithOneLineAndPictures() throws {
        let (folders, testFile, root) = try scratchApp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func verify(_ record: WidgetSnapshot.RecordMode) -> String? {
            WidgetSnapshot.verify(layout: "steps", surface: .systemSmall, preview: "morning", project: folders, record: record,
                                  file: testFile, function: "smallWidget()")
        }
        let reference = root + "/app/Tests/__Snapshots__/StepsTests/smallWidget.steps.systemSmall.morning-light.png"
        #expect(verify(.never) == "no reference snapshot at __Snapshots__/StepsTests/smallWidget.steps.systemSmall.morning-light.png (record mode never); record it with WIDGETSHOT_RECORD=missing")
        #expect(verify(.missing) == "recorded a new snapshot at __Snapshots__/StepsTests/smallWidget.steps.systemSmall.morning-light.png; run the test again to compare with it")
        #expect(FileManager.default.fileExists(atPath: reference))
        #expect(verify(.missing) == nil)

        // The app changes its accent colour: one line naming the reference, the rule and the pictures.
        let layout = folders.layouts + "/steps.yaml"
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        try text.replacingOccurrences(of: "tint: green", with: "tint: orange").write(toFile: layout, atomically: true, encoding: .utf8)
        let failure = try #require(verify(.missing))
        #expect(!failure.contains("\n"), "\(failure)")
        #expect(failure.hasPrefix("snapshot __Snapshots__/StepsTests/smallWidget.steps.systemSmall.morning-light.png differs: "), "\(failure)")
        #expect(failure.contains("pixels differ"), "\(failure)")
        // The actual and diff pictures are named in the line and written outside the team's sources.
        let named = failure.split(separator: " ").map(String.init)
        let actual = try #require(named.first { $0.hasSuffix("smallWidget.steps.systemSmall.morning-light.actual.png,") }).dropLast()
        let diff = try #require(named.first { $0.hasSuffix("smallWidget.steps.systemSmall.morning-light.diff.png") })
        // The artifacts folder (the temporary folder's widgetshot-artifacts/StepsTests/) goes with the test.
        let artifacts = (String(actual) as NSString).deletingLastPathComponent
        defer { removeScratch(artifacts); rmdir((artifacts as NSString).deletingLastPathComponent) }
        #expect(failure.hasSuffix("(WIDGETSHOT_RECORD=failed to accept)"), "\(failure)")
        #expect(actual.contains("/StepsTests/") && !actual.hasPrefix(root) && !diff.hasPrefix(root), "\(failure)")
        #expect(try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: diff)))).width == 316)
        #expect(FileManager.default.fileExists(atPath: String(actual)))
        #expect(!FileManager.default.fileExists(atPath: reference.replacingOccurrences(of: ".png", with: ".actual.png")))

        // `failed` accepts the change (and says so); the leftovers go once it matches.
        #expect(verify(.failed)?.hasPrefix("recorded __Snapshots__/StepsTests/smallWidget.steps.systemSmall.morning-light.png over a reference that differed") == true)
        #expect(verify(.never) == nil)
        #expect(!FileManager.default.fileExists(atPath: String(actual)) && !FileManager.default.fileExists(atPath: diff))
        #expect(verify(.all)?.hasPrefix("recorded __Snapshots__/StepsTests/") == true)
    }

    @Test func aNameIsAFileNameNotAPath() throws {
        let (folders, testFile, root) = try scratchApp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let failure = WidgetSnapshot.verify(layout: "steps", surface: .systemSmall, preview: "morning", named: "../../escape",
                                            project: folders, record: .all, file: testFile, function: "t()")
        #expect(failure == "snapshot name '../../escape' is not a file name (no '/', not starting with '.'); it names a PNG beside the test")
        #expect(!FileManager.default.fileExists(atPath: root + "/app/escape.png") && !FileManager.default.fileExists(atPath: root + "/escape.png"))
    }

    @Test func aFailingAssertionIsAnIssueAtTheCall() throws {
        let (folders, testFile, root) = try scratchApp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        withKnownIssue {
            assertWidgetSnapshot(layout: "steps", surface: .systemSmall, preview: "noon", project: folders, record: .never,
                                 file: StaticString(stringLiteral: "StepsTests.swift"))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no preview named 'noon' in") && $0.rawValue.contains("(previews: morning, evening)") }
        }
        _ = testFile
    }
}
