import Foundation
import Testing
import TestSupport
import WidgetDiff

/// `widgetshot calibrate --hairline-gap`: on by default (a gridline behind three bars is one
/// element), 0 for the elements before the rule, and a bad value refused by name.
@Suite(.timeLimit(.minutes(3)))
struct CalibrationHairlineCLITests {
    static let layout = """
        name: hairlines
        surfaces:
          systemMedium:
            view:
              zstack:
                - { rect: null, fill: "#E5E5EA", frame: { width: 200, height: 0.5 } }
                - hstack:
                    - { rect: null, fill: "#007AFF", frame: { width: 20, height: 60 } }
                    - { rect: null, fill: "#007AFF", frame: { width: 20, height: 60 } }
                    - { rect: null, fill: "#007AFF", frame: { width: 20, height: 60 } }
                  spacing: 40
        previews:
          one: { data: {} }
        """

    @Test(.childProcess) func theOptionReachesTheComparison() async throws {
        let dir = scratchDirectory("calibrate-hairlines")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.layout.write(toFile: dir + "/hairlines.yaml", atomically: true, encoding: .utf8)
        let common = ["--layout", dir + "/hairlines.yaml", "--surface", "systemMedium", "--preview", "one", "--canvas", "300x200",
                      "--project", Project.root]
        let made = try await CLIProcess.run(["render", dir + "/hairlines.yaml", "--surface", "systemMedium", "--preview", "one",
                                             "--canvas", "300x200", "--scale", "3", "-o", dir + "/ref.png", "--project", Project.root],
                                            seconds: 60)
        #expect(made.status == 0, "\(made.stderr)")
        func elements(_ extra: [String], _ name: String) async throws -> Int {
            let run = try await CLIProcess.run(["calibrate", dir + "/ref.png"] + common + extra + ["--out", dir + "/" + name], seconds: 60)
            #expect(run.status == 0, "\(run.stderr)")
            let report = try JSONDecoder().decode(Calibration.Report.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/" + name + "/report.json")))
            #expect(report.matchedRatio == 1, "\(name): \(report.unmatchedReference)")
            return report.referenceElements
        }
        // The gridline's four pieces and the three bars, or one line and the bars.
        #expect(try await elements([], "on") == 4)
        #expect(try await elements(["--hairline-gap", "0"], "off") == 7)
        let bad = try await CLIProcess.run(["calibrate", dir + "/ref.png"] + common + ["--hairline-gap=-1"], seconds: 60)
        #expect(bad.status != 0 && bad.stderr.contains("--hairline-gap must be 0…100 points, got -1.0"), "\(bad.status) \(bad.stderr)")
    }
}
