import Foundation
import Testing
import TestSupport
import WidgetShot

/// `widgetshot serve` as a process of its own, stopped with a real SIGTERM.
@Suite(.childProcess, .timeLimit(.minutes(1)))
struct ShutdownTests {
    /// The `widgetshot` built next to these tests.
    static var executable: String? {
        let candidates: [String] = [Bundle.main.executableURL?.deletingLastPathComponent().path,
                                    Bundle.main.bundleURL.deletingLastPathComponent().path,
                                    Project.root + "/.build/debug"].compactMap { $0 }
        return candidates.map { $0 + "/widgetshot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func sigtermWithASlowRequestInFlightExitsWithinTheShutdownDeadline() async throws {
        let executable = try #require(Self.executable, "build widgetshot first (swift build)")
        // A render deadline far longer than the test, so only the shutdown deadline can end the render.
        let server = try CLIProcess(binary: executable, ["serve", "--project", SlowProject.folders.root, "--port", "0",
                                                         "--render-deadline", "120", "--shutdown-deadline", "1", "--workers", "1"])
        var reaped = false
        defer { if !reaped { server.terminate(seconds: 0) } }  // a failed test's server: killed and reaped

        // "widgetshot serving … on http://127.0.0.1:PORT/ (Ctrl-C stops)"
        let listening = Date().addingTimeInterval(30)
        while !server.outputSoFar.contains("\n"), server.isRunning, Date() < listening {
            try await Task.sleep(for: .milliseconds(20))
        }
        let text = server.outputSoFar
        let port = text.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression)
            .flatMap { Int(text[$0].dropFirst("127.0.0.1:".count).dropLast()) } ?? 0
        try #require(port > 0, "the server did not say where it listens: \(text)")

        // The slow render (about 20 s in a debug build) is in flight when SIGTERM arrives.
        let slow = Task { try? await Client.send(URL(string: "http://127.0.0.1:\(port)\(SlowProject.slowPath)")!) }
        try await Task.sleep(for: .milliseconds(500))
        let start = Date()
        kill(server.pid, SIGTERM)
        let end = Date().addingTimeInterval(15)
        while server.isRunning, Date() < end { try await Task.sleep(for: .milliseconds(20)) }
        let elapsed = Date().timeIntervalSince(start)
        #expect(!server.isRunning, "widgetshot serve still ran 15 s after SIGTERM")
        // 1 s of grace, then the render stops at its next check and Hummingbird winds down (up to
        // 1 s more: 2.4 s measured on an idle machine); the rest allows for a busy one. Without the
        // shutdown deadline the exit waits for the whole render, about 20 s.
        #expect(elapsed < 6, "exit took \(elapsed) s with a shutdown deadline of 1 s")
        let outcome = await server.wait(seconds: 1)
        reaped = true
        #expect(outcome.killedBy == nil, "ended by signal \(outcome.killedBy ?? 0), not an exit")
        slow.cancel()
    }
}
