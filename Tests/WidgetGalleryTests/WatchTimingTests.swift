import Foundation
import Testing
import TestSupport
import WidgetShot

/// How long an edit takes to reach an open page when a (release) `widgetshot serve --watch` serves
/// it: run with `WIDGETSHOT_TIMING_BINARY=.build/release/widgetshot swift test --skip-build --filter
/// WatchTimingTests`. It prints the times and asserts none (speed is measured, not tested); without
/// the variable it does not run.
@Suite("Live gallery timing (release server)", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["WIDGETSHOT_TIMING_BINARY"] != nil))
struct WatchTimingTests {
    @Test("edit → the new image shown in the open page, per kind of edit", .browser)
    func timing() async throws {
        let binary = ProcessInfo.processInfo.environment["WIDGETSHOT_TIMING_BINARY"]!
        let root = NSTemporaryDirectory() + "/gallery-timing-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Project.folders.layouts, toPath: root + "/Layouts")
        try FileManager.default.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        let layout = root + "/Layouts/delivery.yaml"

        let server = try CLIProcess(binary: binary, ["serve", "--watch", "--port", "0", "--project", root])
        defer { server.terminate() }
        var output = ""
        let started = Date()
        while !output.contains("http://"), server.isRunning, Date().timeIntervalSince(started) < 60 {
            try await Task.sleep(for: .milliseconds(20))
            output = server.outputSoFar
        }
        let url = try #require(output.firstMatch(of: /http:\/\/[0-9.]+:[0-9]+\//).map { String($0.0) })

        let browser = try HeadlessChromium()
        defer { browser.close() }
        try await browser.open(url)
        try await browser.waitFor("!document.getElementById('live').hidden", timeout: 60)
        do {
            try await browser.waitFor("document.getElementById('push') && [...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)", timeout: 60)
        } catch {
            // What the page was waiting for: the filmstrip section, or images that failed.
            let state = try? browser.evaluate("JSON.stringify({version: document.body.dataset.version, push: !!document.getElementById('push'), live: document.getElementById('live').textContent, broken: [...document.querySelectorAll('main img')].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')).slice(0, 5)})")
            let served = try? String(contentsOf: URL(string: url)!, encoding: .utf8)
            print("watch timing: the page never got its filmstrips and images: \(state ?? "?"); the server's page has data-version \(served?.firstMatch(of: /data-version=\d+/).map { String($0.0) } ?? "none") and \(served?.contains("id=push") == true ? "the push section" : "no push section")")
            throw error
        }
        try? await Task.sleep(for: .seconds(1))

        var times: [String: [Int]] = [:]
        /// `all`: also the time until every image of `all` (a selector) has a new address and is loaded.
        func edit(_ from: String, _ to: String, anchor: String, label: String, all: String? = nil) async throws {
            let text = try String(contentsOfFile: layout, encoding: .utf8)
            try #require(text.components(separatedBy: from).count == 2, "\(from)")
            let before = try browser.evaluate("document.getElementById('\(anchor)').querySelector('img').src") as? String ?? ""
            if let all {
                _ = try browser.evaluate("window.beforeEdit = {}; document.querySelectorAll(\"\(all)\").forEach(f => window.beforeEdit[f.id] = (f.querySelector('img') || {}).src); 1")
            }
            let edited = Date()
            try AtomicFile.write(Array(text.replacingOccurrences(of: from, with: to).utf8), to: layout)
            try await browser.waitFor("document.getElementById('\(anchor)').querySelector('img').src !== '\(before)' && document.getElementById('\(anchor)').querySelector('img').complete", timeout: 60)
            let ms = Int(Date().timeIntervalSince(edited) * 1000)
            times[label, default: []].append(ms)
            var allPart = ""
            if let all {
                try await browser.waitFor("[...document.querySelectorAll(\"\(all)\")].every(f => { const i = f.querySelector('img'); return !i || (i.src !== window.beforeEdit[f.id] && i.complete) })", timeout: 60)
                let allMs = Int(Date().timeIntervalSince(edited) * 1000)
                times[label + ", every image", default: []].append(allMs)
                allPart = "; every image new in the page at \(allMs) ms"
            }
            // The page's and the server's own times (a server without stage times leaves them "?").
            func field(_ name: String) throws -> String { try browser.evaluate("document.body.dataset.\(name) || '?'") as? String ?? "?" }
            print("watch timing: delivery.yaml \(label): \(ms) ms = server \(try field("serverMs")) ms [\(try field("stages"))]"
                  + " + page \(try field("updateMode")) swap \(try field("swapMs")) ms (\(try field("changedFigures")) figures)"
                  + " + images \(try field("imagesMs")) ms (server build \(try field("buildMs")) ms)\(allPart)")
            try? await Task.sleep(for: .milliseconds(1500))
        }
        let small = "delivery/systemSmall/onTheWay/light/iphone15pro"
        for (a, b) in [("2", "4"), ("4", "2"), ("2", "4")] {
            try await edit("              lineLimit: 1\n              padding: { top: \(a) }\n            - spacer:\n            - use: outcome",
                     "              lineLimit: 1\n              padding: { top: \(b) }\n            - spacer:\n            - use: outcome",
                     anchor: small, label: "systemSmall view value")
        }
        try await edit("              lineLimit: 1\n              padding: { top: 4 }\n            - spacer:\n            - use: outcome",
                 "              lineLimit: 1\n              padding: { top: 4 }\n            - spacer:\n              minLength: 2\n            - use: outcome",
                 anchor: small, label: "systemSmall view, a line added")
        for (a, b) in [("도착 예정", "도착 예정 시각"), ("도착 예정 시각", "도착 예정"), ("도착 예정", "도착 예정 시각")] {
            try await edit("  eta: { ko: \(a), en: Arriving }", "  eta: { ko: \(b), en: Arriving }",
                     anchor: "delivery/systemMedium/onTheWay/light/iphone15pro", label: "shared string (every surface)",
                     all: "main figure.card[data-layout=delivery]")
        }
        for (label, ms) in times.sorted(by: { $0.key < $1.key }) {
            print("watch timing: median \(label): \(ms.sorted()[ms.count / 2]) ms of \(ms)")
        }
        #expect(browser.errors().filter { !$0.contains("gallery-events") } == [])
    }
}
