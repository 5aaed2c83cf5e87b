import Foundation
import Testing

/// Debian's `chromium`, headless, as the report tests drive it: `--dump-dom` gives the DOM after the
/// page's scripts ran (within a virtual-time budget), `--screenshot` a PNG to look at.
public enum HeadlessChromium {
    public static var binary: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    public static func run(_ extra: [String], url: String, seconds: Double = 60) async throws -> String {
        guard let binary else { throw ChromiumMissing() }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                             "--allow-file-access-from-files", "--user-data-dir=\(profile)", "--hide-scrollbars"] + extra + [url]
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = profile
        process.environment = env
        let out = profile + ".out"
        FileManager.default.createFile(atPath: out, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: out) }
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        // Task.sleep, not a blocking sleep: see CLIProcess.wait.
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("chromium still running after \(seconds) s on \(url)")
        }
        process.waitUntilExit()
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }

    /// The DOM once the page's scripts and image loads have run.
    public static func dumpDOM(_ url: String, budgetMilliseconds: Int = 4000) async throws -> String {
        try await run(["--dump-dom", "--virtual-time-budget=\(budgetMilliseconds)"], url: url)
    }

    public static func screenshot(_ url: String, to path: String, width: Int = 1280, height: Int = 1800) async throws {
        try? FileManager.default.removeItem(atPath: path)
        _ = try await run(["--screenshot=\(path)", "--window-size=\(width),\(height)", "--virtual-time-budget=4000"], url: url)
    }
}

public struct ChromiumMissing: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "chromium is not on PATH (scripts/setup installs it)" }
}

/// The value of `name="…"` in the first tag that has it, e.g. `<body … data-images-loaded="12">`.
public func attribute(_ name: String, in html: String, tag: String = "<body") -> String? {
    guard let start = html.range(of: tag) else { return nil }
    let rest = html[start.upperBound...]
    guard let end = rest.firstIndex(of: ">") else { return nil }
    let open = rest[..<end]
    guard let a = open.range(of: " \(name)=\"") else { return nil }
    let value = open[a.upperBound...]
    return value.firstIndex(of: "\"").map { String(value[..<$0]) }
}

/// The opening tag of the element with this id.
public func openingTag(id: String, in html: String) -> String? {
    guard let r = html.range(of: "id=\"\(id)\"") else { return nil }
    let before = html[..<r.lowerBound]
    guard let open = before.lastIndex(of: "<"), let close = html[r.upperBound...].firstIndex(of: ">") else { return nil }
    return String(html[open...close])
}
