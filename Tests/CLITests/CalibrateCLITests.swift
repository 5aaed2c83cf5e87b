import Foundation
import Testing
import TestSupport
import WidgetDiff

/// `widgetshot calibrate` as a team runs it: against a picture, with thresholds and a report folder.
/// The references here are WidgetShot's own renders (the real pictures iOS drew are the team's);
/// a render compared with itself must match every element exactly, and a different look must not.
@Suite(.timeLimit(.minutes(3)))
struct CalibrateCLITests {
    @Test(.childProcess) func aRenderAgainstItselfAndAgainstAnotherLook() async throws {
        let dir = scratchDirectory("calibrate")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try await CLIProcess.run(["render", "delivery", "--surface", "systemSmall", "--preview", "onTheWay", "--scale", "3",
                                             "-o", dir + "/ref.png", "--project", Project.root], seconds: 60)
        #expect(made.status == 0, "\(made.stderr)")

        // The scale is the reference's (474 px over 158 pt), found without --scale.
        let same = try await CLIProcess.run(["calibrate", dir + "/ref.png", "--layout", "delivery", "--surface", "systemSmall",
                                             "--preview", "onTheWay", "--out", dir + "/same", "--max-centre-error", "0",
                                             "--min-matched", "1", "--project", Project.root], seconds: 60)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("centre error: median 0.00 pt, 90th percentile 0.00 pt"), "\(same.stdout)")
        for file in ["index.html", "report.json", "render.png", "reference.png"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/same/" + file), "\(file)")
        }
        let report = try JSONDecoder().decode(Calibration.Report.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/same/report.json")))
        #expect(report.matchedRatio == 1 && report.referenceElements > 5 && report.scale == 3)
        // Every element is told by what the render drew there, and summarised by kind.
        #expect(report.matches.allSatisfy { $0.kind != nil }, "\(report.matches.filter { $0.kind == nil })")
        #expect(Set(report.byKind.map(\.kind)).isSuperset(of: ["text", "symbol"]), "\(report.byKind)")
        #expect((report.byKind.first { $0.kind == "text" }?.matched ?? 0) >= 4)
        #expect(same.stdout.contains("\n  text (") && same.stdout.contains("\n  symbol ("), "\(same.stdout)")

        // Larger text moves and widens the text elements: outside a 1 pt threshold, exit 1, saying which.
        let larger = try await CLIProcess.run(["calibrate", dir + "/ref.png", "--layout", "delivery", "--surface", "systemSmall",
                                               "--preview", "onTheWay", "--dynamic-type", "xxLarge", "--max-centre-error", "1",
                                               "--project", Project.root], seconds: 60)
        #expect(larger.status == 1, "\(larger.stdout)\(larger.stderr)")
        #expect(larger.stderr.contains("90th-percentile centre error"), "\(larger.stderr)")

        // A reference of another size than any scale gives is bad input, named.
        let wrong = try await CLIProcess.run(["calibrate", dir + "/ref.png", "--layout", "delivery", "--surface", "systemMedium",
                                              "--preview", "onTheWay", "--project", Project.root], seconds: 60)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("474×474 px") && wrong.stderr.contains("--canvas"), "\(wrong.stderr)")
        let missing = try await CLIProcess.run(["calibrate", dir + "/nope.png", "--layout", "delivery", "--surface", "systemSmall",
                                                "--project", Project.root], seconds: 60)
        #expect(missing.status == 2 && missing.stderr.contains("nope.png"), "\(missing.stderr)")
    }

    /// A snapshot-style layout (one view, drawn at the snapshot's size) needs no --surface with
    /// --canvas: its first surface is drawn. Without either, the error lists the layout's surfaces.
    @Test(.childProcess) func canvasPicksTheLayoutsFirstSurface() async throws {
        let dir = scratchDirectory("canvas-surface")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let given = try await CLIProcess.run(["render", "reference", "--surface", "systemMedium", "--canvas", "200x100",
                                              "-o", dir + "/given.png", "--project", Project.root], seconds: 60)
        let first = try await CLIProcess.run(["render", "reference", "--canvas", "200x100",
                                              "-o", dir + "/first.png", "--project", Project.root], seconds: 60)
        #expect(given.status == 0 && first.status == 0, "\(given.stderr)\(first.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/given.png")) == Data(contentsOf: URL(fileURLWithPath: dir + "/first.png")))
        let calibrated = try await CLIProcess.run(["calibrate", dir + "/first.png", "--layout", "reference", "--canvas", "200x100",
                                                   "--min-matched", "1", "--project", Project.root], seconds: 60)
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        let neither = try await CLIProcess.run(["render", "delivery", "-o", dir + "/x.png", "--project", Project.root], seconds: 60)
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("give --surface: delivery has systemSmall, systemMedium") && neither.stderr.contains("--canvas"), "\(neither.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
