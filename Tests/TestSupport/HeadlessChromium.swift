import Foundation
import WidgetModel
#if canImport(Glibc)
import Glibc
#endif

/// Debian's `chromium`, headless, driven through the DevTools protocol over
/// `--remote-debugging-pipe`: commands go to its fd 3, answers and events come from its fd 4, each a
/// JSON text ended by NUL. No port, no WebSocket, and the browser ends with the test (kill + wait in
/// `close`). The gallery tests keep one open and act on the page; the report tests use the one-shot
/// `dumpDOM` and `screenshot` below.
public final class HeadlessChromium: @unchecked Sendable {
    private let child: ChildProcess
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let lock = NSLock()
    private let arrived = NSCondition()
    private var nextID = 1
    private var answers: [Int: [String: Any]] = [:]
    public private(set) var events: [[String: Any]] = []
    private var reader: Thread?
    private let profile: String
    private var viewport = (width: 1400, height: 1000)
    public var session: String?

    /// The first `chromium` (or `chromium-browser`, `google-chrome`) on PATH.
    public static var binary: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    public init() throws {
        guard let exe = Self.binary else {
            throw ChromiumFailure("no chromium on PATH: run scripts/setup (it installs Debian's chromium), then the tests again")
        }
        profile = scratchDirectory("chromium")
        let commands = try ChildProcess.makePipe(), answers = try ChildProcess.makePipe()
        // --allow-file-access-from-files: a file:// page may read a file:// frame beside it (the
        // report's toolbar test drives the report in a frame).
        let args = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                    "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                    "--allow-file-access-from-files", "--hide-scrollbars", "--user-data-dir=\(profile)",
                    "--window-size=1400,1000", "about:blank"]
        // HOME in the profile too, so nothing is written to the user's home; TMPDIR too, so that
        // Chromium's own temporary files (org.chromium.Chromium.*) go with the profile when `close`
        // removes it instead of staying in the temporary folder. Its singleton socket lives there
        // (TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket), and a Unix socket's path has at
        // most 107 bytes: longer, and Chromium ends at once ("Socket path too long"), which the
        // test saw as a browser that never answered (measured, make test with a long TMPDIR).
        let temporary = profile + "/t"
        let socket = temporary + "/org.chromium.Chromium.XXXXXX/SingletonSocket"
        guard socket.utf8.count <= 107 else {
            for fd in [commands.read, commands.write, answers.read, answers.write] { Glibc.close(fd) }
            try? FileManager.default.removeItem(atPath: profile)
            throw ChromiumFailure("the temporary folder's path is too long for chromium: its socket \(socket) would have "
                                  + "\(socket.utf8.count) bytes, a Unix socket path at most 107; run the tests with a shorter TMPDIR")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile
        environment["TMPDIR"] = temporary
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            child = try ChildProcess(exe, args, environment: environment, stdout: .null, stderr: .null,
                                     descriptors: [3: commands.read, 4: answers.write])
        } catch {
            for fd in [commands.read, commands.write, answers.read, answers.write] { Glibc.close(fd) }
            try? FileManager.default.removeItem(atPath: profile)
            throw ChromiumFailure("cannot start chromium: \(error)")
        }
        Glibc.close(commands.read); Glibc.close(answers.write)
        toBrowser = commands.write
        fromBrowser = answers.read
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
    public func send(_ method: String, _ params: [String: Any] = [:], browser: Bool = false, timeout: Double = 30) throws -> [String: Any] {
        let id = lock.withLock { defer { nextID += 1 }; return nextID }
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if !browser, let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        guard writeToBrowser(data) else { throw ChromiumFailure("cannot write to chromium (\(method))") }
        let deadline = Date().addingTimeInterval(timeout)
        arrived.lock()
        defer { arrived.unlock() }
        while answers[id] == nil {
            if !arrived.wait(until: deadline) { throw ChromiumFailure("chromium did not answer \(method) within \(timeout) s") }
        }
        let answer = answers.removeValue(forKey: id)!
        if let error = answer["error"] { throw ChromiumFailure("\(method) failed: \(error)") }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Opens a page in a viewport of `width` × `height` CSS pixels (at 1x), attaches to it and turns
    /// on the console and log events.
    public func open(_ url: String, width: Int = 1400, height: Int = 1000) async throws {
        let target = try send("Target.createTarget", ["url": "about:blank"], browser: true)
        let attached = try send("Target.attachToTarget", ["targetId": target["targetId"]!, "flatten": true], browser: true)
        session = attached["sessionId"] as? String
        try send("Runtime.enable")
        try send("Log.enable")
        try send("Page.enable")
        viewport = (width, height)
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        try await navigate(url)
    }

    /// Goes to `url` and waits until the page's `document.readyState` is `complete`.
    public func navigate(_ url: String) async throws {
        try send("Page.navigate", ["url": url])
        try await waitFor("document.readyState === 'complete'")
    }

    /// The value of a JavaScript expression (promises awaited).
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw ChromiumFailure("script failed: \(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits (bounded) until `condition` is true in the page. Task.sleep, not a blocking sleep: see
    /// CLIProcess.wait.
    public func waitFor(_ condition: String, timeout: Double = 20) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? evaluate("!!(\(condition))")) as? Bool == true { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        throw ChromiumFailure("the page never got to: \(condition)")
    }

    /// Console errors, uncaught exceptions and error log entries (failed loads) so far.
    public func errors() -> [String] {
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

    /// A PNG of the viewport, or with `fullPage` of the whole page's width and height (at most 6000 px).
    public func screenshot(to path: String, fullPage: Bool = true) throws {
        var params: [String: Any] = ["format": "png", "captureBeyondViewport": fullPage]
        if fullPage, let height = try evaluate("Math.min(document.documentElement.scrollHeight, 6000)") as? Int {
            params["clip"] = ["x": 0, "y": 0, "width": viewport.width, "height": height, "scale": 1]
        }
        let shot = try send("Page.captureScreenshot", params)
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw ChromiumFailure("no screenshot")
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Writes `data` to the browser's command pipe; false if it could not (the browser has gone).
    /// SIGPIPE is blocked on this thread for the write and a pending one taken back: a browser that
    /// ended (crashed, or closing) must fail the write with EPIPE, not end the test process.
    private func writeToBrowser(_ data: Data) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let written = data.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var now = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return written == data.count
    }

    /// Ends the browser and removes its profile folder (and the temporary files in it). First
    /// `Browser.close`, which ends Chromium's helper processes before the browser exits (a SIGKILL
    /// alone left them writing into the profile after it was removed); SIGKILL after 5 s.
    public func close() {
        if child.isRunning,
           var data = try? JSONSerialization.data(withJSONObject: ["id": 0, "method": "Browser.close", "params": [:]] as [String: Any]) {
            data.append(0)
            _ = writeToBrowser(data)
        }
        let deadline = Date().addingTimeInterval(5)
        while child.isRunning && Date() < deadline { usleep(10_000) }
        if child.isRunning { child.signal(SIGKILL) }
        _ = try? child.wait()
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        try? FileManager.default.removeItem(atPath: profile)
    }
}

extension HeadlessChromium {
    /// The DOM of `url` once its scripts and image loads have run, from a browser of its own.
    public static func dumpDOM(_ url: String) async throws -> String {
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open(url)
        try await browser.waitFor(loaded)
        guard let html = try browser.evaluate("document.documentElement.outerHTML") as? String else {
            throw ChromiumFailure("no DOM from \(url)")
        }
        return html
    }

    /// A PNG of `url`'s first `width` × `height` CSS pixels once it has loaded, from a browser of its own.
    public static func screenshot(_ url: String, to path: String, width: Int = 1280, height: Int = 1800) async throws {
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open(url, width: width, height: height)
        try await browser.waitFor(loaded)
        try browser.screenshot(to: path, fullPage: false)
    }

    /// The page given has loaded, not the about:blank it replaces.
    private static let loaded = "location.href !== 'about:blank' && document.readyState === 'complete'"
}

public struct ChromiumFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ message: String) { description = message }
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
