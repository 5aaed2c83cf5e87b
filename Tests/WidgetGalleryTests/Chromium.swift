import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Headless Chromium driven through the DevTools protocol over `--remote-debugging-pipe`: commands
/// go to its fd 3, answers and events come from its fd 4, each a JSON text ended by NUL. No port,
/// no WebSocket, and the browser ends with the test (kill + wait in `close`).
final class Chromium: @unchecked Sendable {
    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let lock = NSLock()
    private let arrived = NSCondition()
    private var nextID = 1
    private var answers: [Int: [String: Any]] = [:]
    private(set) var events: [[String: Any]] = []
    private var reader: Thread?
    private let profile: String
    var session: String?

    static func executable() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw TestFailure("no chromium on this machine: run scripts/setup (it installs Debian's chromium), then the tests again")
    }

    init() throws {
        let exe = try Self.executable()
        profile = NSTemporaryDirectory() + "/gallery-chromium-\(UUID().uuidString)"
        var commands: [Int32] = [0, 0], answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw TestFailure("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, answers[1], 4)
        let devnull = Glibc.open("/dev/null", O_WRONLY)
        posix_spawn_file_actions_adddup2(&actions, devnull, 1)
        posix_spawn_file_actions_adddup2(&actions, devnull, 2)
        let args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                    "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                    "--hide-scrollbars", "--user-data-dir=\(profile)", "--window-size=1400,1000", "about:blank"]
        var cargs = args.map { strdup($0) } + [nil]
        defer { for a in cargs { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, exe, &actions, nil, &cargs, environ)
        Glibc.close(commands[0]); Glibc.close(answers[1]); Glibc.close(devnull)
        guard rc == 0 else { throw TestFailure("cannot start \(exe): error \(rc)") }
        pid = child
        toBrowser = commands[1]
        fromBrowser = answers[0]
        let thread = Thread { [self] in readLoop() }
        reader = thread
        thread.start()
    }

    private func readLoop() {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            pending += buffer[0..<n]
            while let end = pending.firstIndex(of: 0) {
                let message = Array(pending[..<end])
                pending.removeFirst(end + 1)
                guard let json = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else { continue }
                arrived.lock()
                if let id = json["id"] as? Int { answers[id] = json } else { events.append(json) }
                arrived.broadcast()
                arrived.unlock()
            }
        }
        arrived.lock(); arrived.broadcast(); arrived.unlock()
    }

    /// Sends a command (to the attached page unless `browser`) and waits up to `timeout` for its answer.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], browser: Bool = false, timeout: Double = 30) throws -> [String: Any] {
        let id = lock.withLock { defer { nextID += 1 }; return nextID }
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if !browser, let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        let written = data.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
        guard written == data.count else { throw TestFailure("cannot write to chromium (\(method))") }
        let deadline = Date().addingTimeInterval(timeout)
        arrived.lock()
        defer { arrived.unlock() }
        while answers[id] == nil {
            if !arrived.wait(until: deadline) { throw TestFailure("chromium did not answer \(method) within \(timeout) s") }
        }
        let answer = answers.removeValue(forKey: id)!
        if let error = answer["error"] { throw TestFailure("\(method) failed: \(error)") }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Opens a page, attaches to it and turns on the console and log events.
    func open(_ url: String) async throws {
        let target = try send("Target.createTarget", ["url": "about:blank"], browser: true)
        let attached = try send("Target.attachToTarget", ["targetId": target["targetId"]!, "flatten": true], browser: true)
        session = attached["sessionId"] as? String
        try send("Runtime.enable")
        try send("Log.enable")
        try send("Page.enable")
        try send("Emulation.setDeviceMetricsOverride", ["width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": false])
        try await navigate(url)
    }

    func navigate(_ url: String) async throws {
        try send("Page.navigate", ["url": url])
        try await waitFor("document.readyState === 'complete'")
    }

    /// The value of a JavaScript expression (promises awaited).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw TestFailure("script failed: \(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits (bounded) until `condition` is true in the page.
    func waitFor(_ condition: String, timeout: Double = 20) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? evaluate("!!(\(condition))")) as? Bool == true { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("the page never got to: \(condition)")
    }

    /// Console errors, uncaught exceptions and error log entries (failed loads) so far.
    func errors() -> [String] {
        arrived.lock(); defer { arrived.unlock() }
        return events.compactMap { event -> String? in
            let params = event["params"] as? [String: Any] ?? [:]
            switch event["method"] as? String {
            case "Runtime.consoleAPICalled" where params["type"] as? String == "error":
                return "console.error: \(params["args"] ?? "")"
            case "Runtime.exceptionThrown":
                return "exception: \(params["exceptionDetails"] ?? "")"
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                return entry["level"] as? String == "error" ? "log: \(entry["text"] ?? "") \(entry["url"] ?? "")" : nil
            default: return nil
            }
        }
    }

    func screenshot(to path: String, fullPage: Bool = true) throws {
        var params: [String: Any] = ["format": "png", "captureBeyondViewport": fullPage]
        if fullPage, let height = try evaluate("Math.min(document.documentElement.scrollHeight, 6000)") as? Int {
            params["clip"] = ["x": 0, "y": 0, "width": 1400, "height": height, "scale": 1]
        }
        let shot = try send("Page.captureScreenshot", params)
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw TestFailure("no screenshot")
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    func close() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        try? FileManager.default.removeItem(atPath: profile)
    }
}
