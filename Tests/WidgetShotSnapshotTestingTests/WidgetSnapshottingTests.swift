import Foundation
import SnapshotTesting
import Testing
import TestSupport
import WidgetShot
import WidgetShotSnapshotTesting
import WidgetShotTesting
import WidgetModel

/// The swift-snapshot-testing strategy `.widget`: a layout cell rendered to PNG and compared by
/// pixels with WidgetShot's diff, under swift-snapshot-testing's own references and record mode.
@Suite struct WidgetSnapshottingTests {
    static let appRepo = try! ProjectFolders.at(Project.root + "/Examples/app-repo")

    func cell(_ preview: String, scheme: ColorScheme = .light) -> WidgetCell {
        WidgetCell(layout: "steps", surface: .systemSmall, preview: preview, scheme: scheme, project: Self.appRepo)
    }

    /// The committed reference (`__Snapshots__/WidgetSnapshottingTests/theStepsWidgetMatches.1.png`)
    /// holds the example app's golden pixels.
    @Test func theStepsWidgetMatches() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: cell("morning"), as: .widget)
        }
    }

    /// A reference of another picture fails with the diff's reason and names both files.
    @Test func aDifferentPictureFailsAndSaysWhy() throws {
        let folder = scratchDirectory("snapshotting")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let evening = try WidgetSnapshot.render(layout: "steps", surface: .systemSmall, preview: "evening",
                                                project: Self.appRepo, near: folder)
        try Data(evening).write(to: URL(fileURLWithPath: folder + "/t.steps.png"))
        let message = verifySnapshot(of: cell("morning"), as: .widget, named: "steps", record: .never,
                                     snapshotDirectory: folder, testName: "t")
        // swift-snapshot-testing writes the failing picture to the temporary folder's
        // WidgetSnapshottingTests/ (no SNAPSHOT_ARTIFACTS here): removed with the test.
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("WidgetSnapshottingTests").path
        defer { removeScratch(artifacts + "/t.steps.png"); rmdir(artifacts) }
        #expect(message?.contains("widget snapshot differs:") == true, "\(message ?? "nil")")
        #expect(message?.contains("pixels") == true, "\(message ?? "nil")")
        // The same picture passes.
        try Data(try WidgetSnapshot.render(layout: "steps", surface: .systemSmall, preview: "morning",
                                           project: Self.appRepo, near: folder)).write(to: URL(fileURLWithPath: folder + "/t.same.png"))
        #expect(verifySnapshot(of: cell("morning"), as: .widget, named: "same", record: .never, snapshotDirectory: folder, testName: "t") == nil)
    }

    /// An app repository with no fonts of its own, far from any checkout: the fonts come from the
    /// WidgetShot package the library was built from. (This test's own process lives in the
    /// checkout's .build, so it would find them anyway; the consumer package
    /// `Examples/app-repo/WidgetTests`, which `make test` builds and runs, is the case that failed
    /// with "no fonts were installed with widgetshot" before `WidgetSnapshot.packageAnchor`.)
    @Test func anAppRepositoryWithoutFontsRendersWithThePackagesFonts() throws {
        let folder = scratchDirectory("snapshotting-app")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/app-repo", withIntermediateDirectories: true)
        for item in ["widgetshot.yaml", "Widgets"] {
            try FileManager.default.copyItem(atPath: Project.root + "/Examples/app-repo/" + item, toPath: folder + "/app-repo/" + item)
        }
        let png = try WidgetSnapshot.render(layout: "steps", surface: .systemSmall, preview: "morning",
                                            near: folder + "/app-repo/Widgets")
        let golden = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Project.root
            + "/Examples/app-repo/Widgets/Golden/steps/systemSmall/morning-light.png")))
        #expect(try WidgetSnapshot.compare(reference: golden, actual: png) == nil)
    }

    /// A cell that cannot render fails the test with the reason, not a crash, and hands nothing over
    /// (the snapshot then times out: swift-snapshot-testing writes what it is handed).
    @Test func aCellThatCannotRenderSaysWhy() throws {
        let folder = scratchDirectory("snapshotting-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(try WidgetSnapshot.render(layout: "steps", surface: .systemSmall, preview: "morning",
                                           project: Self.appRepo, near: folder)).write(to: URL(fileURLWithPath: folder + "/t.bad.png"))
        var message: String?
        withKnownIssue {
            message = verifySnapshot(of: cell("noon"), as: .widget, named: "bad", record: .never, snapshotDirectory: folder,
                                     timeout: 0.5, testName: "t")
        } matching: { issue in
            "\(issue)".contains("no preview named 'noon'") && "\(issue)".contains("widgetshot render failed: steps/systemSmall/noon")
        }
        #expect(message != nil)
    }

    /// Issue 36: a failed render on the first run (no reference yet, recording on) wrote the error's
    /// text as the reference `.png`, and the next run compared against it. Now no file is written.
    @Test func aFailedRenderIsNeverWrittenAsTheReference() throws {
        let folder = scratchDirectory("snapshotting-first")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for record in [SnapshotTestingConfiguration.Record.missing, .all] {
            var message: String?
            withKnownIssue {
                message = verifySnapshot(of: cell("noon"), as: .widget, named: "first", record: record, snapshotDirectory: folder,
                                         timeout: 0.5, testName: "t")
            } matching: { issue in "\(issue)".contains("no reference written") }
            #expect(message != nil, "\(record)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/t.first.png"), "\(record): a failed render became the reference")
        }
        // A render that works is still recorded on the first run.
        let recorded = verifySnapshot(of: cell("morning"), as: .widget, named: "first", record: .missing, snapshotDirectory: folder, testName: "t")
        #expect(recorded?.contains("Automatically recorded") == true, "\(recorded ?? "nil")")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/t.first.png")))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
