import Foundation
import OSLog
import os
import Testing

/// Widget code logs with `Logger` (`import os` / `import OSLog`): it compiles as written, with
/// privacy, alignment and number formats in its messages, and logging draws and prints nothing
/// (the widget runner's standard output is its JSON).
@Suite("unified logging as widget code writes it")
struct OSLogTests {
    static let logger = Logger(subsystem: "com.example.widgets", category: "timeline")

    @Test("Logger's messages keep what they interpolate, evaluated only when read; os_log compiles")
    func messages() {
        var evaluated = 0
        func expensive() -> String { evaluated += 1; return "eta" }
        let minutes = 12, share = 0.5, late = false
        Self.logger.info("loaded \(minutes, privacy: .public) min, \(expensive(), privacy: .private) \(share, format: .fixed(precision: 2)) \(late)")
        Self.logger.error("failed: \(NSError(domain: "x", code: 1), privacy: .public)")
        let failure: any Error = CocoaError(.fileNoSuchFile)
        Self.logger.error("failed: \(failure)")
        Self.logger.log(level: .debug, "hex \(255, format: .hex, align: .right(columns: 4))")
        os_log("provider %{public}@", log: OSLog(subsystem: "com.example", category: "p"), type: .info, "ran")
        os_log(.fault, log: .default, "fault \(minutes)")
        #expect(evaluated == 0, "a dropped message evaluates nothing")
        let message: OSLogMessage = "loaded \(minutes, privacy: .public) of \(255, format: .hex) \(late, format: .answer) \(expensive())"
        #expect(message.formatted == "loaded 12 of ff NO eta")
        #expect(evaluated == 1)
    }
}
