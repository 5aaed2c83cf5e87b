import Foundation
import Testing
import TestSupport

/// Progress lines are for a person watching a terminal. Run by CI (standard error a pipe or a file,
/// as here) a command writes its findings and its summary, and no `37/234` lines between them.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ProgressCLITests {
    /// Lines of `text` that read as a progress count (`12/40`, `12/40 0.3 s name.png`), however
    /// they were written (a carriage return rewrites a terminal's line in place).
    static func progressLines(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init)
            .filter { $0.trimmingCharacters(in: .whitespaces).wholeMatch(of: /\d+\/\d+( .*)?/) != nil }
    }

    static let few = ["--layout", "weather", "--surface", "systemSmall"]

    @Test(.childProcess) func verifyWritesItsSummaryAndNoProgress() async throws {
        let run = try await CLIProcess.run(["verify"] + Self.few + ["--project", Project.root])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(/[1-9]\d* passed, 0 failed/), "\(run.stdout)")
        #expect(run.stderr.contains("verified "), "\(run.stderr)")
        #expect(Self.progressLines(run.stderr).isEmpty, "\(run.stderr)")
        #expect(Self.progressLines(run.stdout).isEmpty, "\(run.stdout)")
    }

    @Test(.childProcess) func recordWritesItsSummaryAndNoProgress() async throws {
        let scratch = try ScratchProject(from: Project.root)
        defer { scratch.remove() }
        let run = try await CLIProcess.run(["record", "--mode", "all"] + Self.few + ["--project", scratch.root])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(/\d+ created, \d+ updated, \d+ unchanged/), "\(run.stdout)")
        #expect(!run.stdout.contains("0 created, 0 updated, 0 unchanged"), "\(run.stdout)")
        #expect(Self.progressLines(run.stderr).isEmpty, "\(run.stderr)")
    }

    @Test(.childProcess) func galleryWritesItsSummaryAndNoProgress() async throws {
        let out = scratchDirectory("progress-gallery")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try await CLIProcess.run(["gallery", "--out", out, "--no-push-section"] + Self.few + ["--project", Project.root])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(/[1-9]\d* of \d+ PNGs in/), "\(run.stdout)")
        #expect(Self.progressLines(run.stderr).isEmpty, "\(run.stderr)")
    }
}
