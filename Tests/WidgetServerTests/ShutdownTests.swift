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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // A render deadline far longer than the test, so only the shutdown deadline can end the render.
        process.arguments = ["serve", "--project", SlowProject.folders.root, "--port", "0",
                             "--render-deadline", "120", "--shutdown-deadline", "1", "--workers", "1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        let port = try await onThread { () -> Int in
            // "widgetshot serving … on http://127.0.0.1:PORT/ (Ctrl-C stops)"
            var text = ""
            while !text.contains("\n") {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            guard let range = text.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression) else { return 0 }
            return Int(text[range].dropFirst("127.0.0.1:".count).dropLast()) ?? 0
        }
        try #require(port > 0, "the server did not say where it listens")

        // The slow render (about 20 s in a debug build) is in flight when SIGTERM arrives.
        let slow = Task { try? await Client.send(URL(string: "http://127.0.0.1:\(port)\(SlowProject.slowPath)")!) }
        try await Task.sleep(for: .milliseconds(500))
        let start = Date()
        kill(process.processIdentifier, SIGTERM)
        let exited = try await onThread { () -> Bool in
            let end = Date().addingTimeInterval(15)
            while process.isRunning, Date() < end { usleep(20_000) }
            return !process.isRunning
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(exited, "widgetshot serve still ran 15 s after SIGTERM")
        // 1 s of grace, then the render stops at its next check and Hummingbird winds down (up to
        // 1 s more: 2.4 s measured on an idle machine); the rest allows for a busy one. Without the
        // shutdown deadline the exit waits for the whole render, about 20 s.
        #expect(elapsed < 6, "exit took \(elapsed) s with a shutdown deadline of 1 s")
        #expect(process.terminationReason == .exit)
        slow.cancel()
    }
}
