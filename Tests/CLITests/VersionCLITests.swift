import Foundation
import Testing
import TestSupport
import WidgetShot

/// One version, said the same way by every way in: `--version`, `serve`'s start-up line (GET /health's
/// body is in ServerTests).
@Suite(.timeLimit(.minutes(2)))
struct VersionCLITests {
    /// This build's version: as this process read it, or as the checkout's HEAD says it now.
    static func said(_ version: String) -> Bool {
        version == WidgetShotVersion.current || version == WidgetShotVersion.describe(commit: BuildCommit.head(ofCheckout: Project.root))
    }

    @Test(.childProcess) func versionPrintsTheLibrarysConstant() async throws {
        let run = try await CLIProcess.run(["--version"], seconds: 30)
        #expect(run.status == 0, "\(run.stderr)")
        // The commit is the checkout's HEAD when asked: another commit may land between this process
        // asking and the child asking (WidgetShotVersion, ReleaseFilesTests).
        #expect(Self.said(run.stdout.trimmingCharacters(in: .newlines)), "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// Also: the server seals its fonts and never uses fontconfig's cache, so it makes no cache
    /// folder (it made an empty `~/.cache/widgetshot/fontconfig` before).
    @Test(.childProcess) func serveSaysItsVersionWhenItStarts() async throws {
        let cacheRoot = scratchDirectory("serve-cache")
        defer { try? FileManager.default.removeItem(atPath: cacheRoot) }
        let serve = try CLIProcess(binary: CLIProcess.binary, ["serve", "--port", "0", "--project", Project.root],
                                   environment: ["WIDGETSHOT_CACHE": cacheRoot], cwd: nil)
        let deadline = Date().addingTimeInterval(60)
        while serve.isRunning, !serve.outputSoFar.contains("\n"), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(serve.pid, SIGTERM)
        let run = await serve.wait(seconds: 30)
        let line = try #require(run.stdout.split(separator: "\n").first, "no start-up line; stderr: \(run.stderr)")
        let version = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(line.hasPrefix("widgetshot ") && line.contains(" serving ") && Self.said(version), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: cacheRoot + "/fontconfig"))
    }
}
