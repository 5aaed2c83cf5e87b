import Foundation
import Testing

/// The two tiers of the suite. `make test` (CI) runs everything. `make check`, the loop to run
/// while working, sets `WIDGETSHOT_TESTS=check` and skips what needs more than this process: tests
/// that run a child process (the CLI, `serve`, the fuzz replayers) and tests that drive Chromium.
/// (Swift Testing's tags cannot be filtered from `swift test` with this toolchain, so the tiers are
/// condition traits.)
public enum TestTier {
    public static var isCheck: Bool { ProcessInfo.processInfo.environment["WIDGETSHOT_TESTS"] == "check" }
}

extension Trait where Self == ConditionTrait {
    /// Runs `widgetshot` (or another executable of this package) as a child process.
    public static var childProcess: Self {
        .disabled(if: TestTier.isCheck, "runs a child process: make test runs it, make check skips it")
    }

    /// Drives headless Chromium.
    public static var browser: Self {
        .disabled(if: TestTier.isCheck, "drives Chromium: make test runs it, make check skips it")
    }
}
