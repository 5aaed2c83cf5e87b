import Foundation
import Testing
import TestSupport

/// Every input a fuzz target was seeded with or once failed on (`Fuzz/TARGET/corpus`,
/// `Fuzz/TARGET/regressions`), replayed by the target's normal build: a crash or a hang found
/// by fuzzing stays a failing test until it is fixed.
@Suite struct FuzzRegressionTests {
    @Test(.childProcess, arguments: ["FuzzLayout", "FuzzData", "FuzzLayoutData", "FuzzExpression", "FuzzPNG", "FuzzRequest",
                      "FuzzSignature", "FuzzConfig", "FuzzManifest", "FuzzPush", "FuzzSymbol"])
    func replaysWithoutACrashOrAHang(_ product: String) async throws {
        let binary = URL(fileURLWithPath: CLIProcess.binary).deletingLastPathComponent().appendingPathComponent(product).path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "\(binary) is not built (swift build --build-tests)")
        let run = try await CLIProcess.run(binary: binary, [], seconds: 300)
        #expect(run.status == 0 && run.killedBy == nil,
                "\(product) exited \(run.status)\(run.killedBy.map { " (signal \($0))" } ?? ""): \(run.stdout.suffix(2000))\(run.stderr.suffix(2000))")
        #expect(run.stdout.contains("without a crash or a hang"), "\(run.stdout)")
    }
}
