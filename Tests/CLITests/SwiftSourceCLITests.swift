#if os(Linux)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import WidgetRender
import WidgetShot

/// A widget extension's folder as the CLI's source (issue 35's first slice): `list` finds its
/// widgets and #Previews, `render` draws the team's own code — the same bytes as the Swift test's
/// reference for the same look — a compile error comes back at the team's file and line, a missing
/// app type says what to do, and the team's folder is never changed.
///
/// Every test works on one copy of the example's folder (Examples/swift-only), with one app folder
/// included, in one project, so they share one scratch package, cached under
/// .build/test-output/swift-source/team/.build: only a first run builds WidgetShot's modules for it
/// (about 40 s on two cores).
@Suite("a Swift folder as the CLI's source", .serialized)
struct SwiftSourceCLITests {
    static let examples = Project.root + "/Examples/swift-only"
    static let work = Project.output("swift-source")

    static let team = work + "/team"

    /// The port a `serve` child says it listens on (its start-up line), within 300 s.
    static func port(of server: CLIProcess) async throws -> Int? {
        let started = Date()
        while server.isRunning, Date().timeIntervalSince(started) < 300 {
            if let range = server.outputSoFar.range(of: "http://127.0.0.1:") {
                return Int(server.outputSoFar[range.upperBound...].prefix { $0.isNumber })
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// A session whose requests may wait for a build: up to 600 s (the default gives up after 60).
    static let patient: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 600
        configuration.timeoutIntervalForResource = 600
        return URLSession(configuration: configuration)
    }()
    static let folder = team + "/DeliveryWidgets"
    static let app = team + "/Shared"

    /// widgetshot with `arguments`, the team's folder and its app folder (`--include`), run in the
    /// team's project.
    func run(_ arguments: [String]) async throws -> CLIProcess.Outcome {
        let all = [arguments[0], Self.folder] + arguments.dropFirst() + ["--include", Self.app]
        return try await runInProject(all)
    }

    func runInProject(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIProcess.Outcome {
        await try CLIProcess(binary: CLIProcess.binary, arguments, environment: environment, cwd: Self.team).wait(seconds: 900)
    }

    /// A fresh copy of the example's extension, an app folder with nothing the widgets need, and a
    /// widgetshot.yaml naming both; the build cache (`.build`) stays, so every test shares one build.
    func freshCopy() throws {
        for part in ["DeliveryWidgets", "Shared", "Golden", "widgetshot.yaml"] { try? FileManager.default.removeItem(atPath: Self.team + "/" + part) }
        try FileManager.default.createDirectory(atPath: Self.team, withIntermediateDirectories: true)
        try Data("swift:\n  widgets: [DeliveryWidgets]\n  include: [Shared]\n".utf8).write(to: URL(fileURLWithPath: Self.team + "/widgetshot.yaml"))
        try FileManager.default.createDirectory(atPath: Self.app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.examples + "/DeliveryWidgets", toPath: Self.folder)
        // The app's shared code: a helper that imports Foundation alone and formats with
        // DateComponentsFormatter, as it may on iOS (WidgetShot declares it, imported implicitly),
        // and logs with os's Logger (WidgetShot's `os` module).
        try Data("""
            // The app's shared code the widgets need goes here.
            import Foundation
            import os

            private let log = Logger(subsystem: "com.example.delivery", category: "shared")

            func remainingText(_ seconds: TimeInterval) -> String {
                log.debug("formatting \\(seconds, privacy: .public) s")
                let formatter = DateComponentsFormatter()
                formatter.allowedUnits = [.hour, .minute]
                return formatter.string(from: seconds) ?? ""
            }

            """.utf8).write(to: URL(fileURLWithPath: Self.app + "/Shared.swift"))
    }

    /// Every file under `folder` with its bytes: what must be the same before and after a build.
    func snapshot(_ folder: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            out[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return out
    }

    @Test("list names the widgets and #Previews; render draws the same bytes as the Swift test's reference", .childProcess)
    func listAndRender() async throws {
        try freshCopy()
        let folder = Self.folder
        let before = snapshot(folder)
        let list = try await run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("DeliveryWidget  (families: systemSmall, systemMedium, accessoryRectangular)"), "\(list.stdout)")
        #expect(list.stdout.contains("DeliveryLiveActivity  (Live Activity"), "\(list.stdout)")
        #expect(list.stdout.contains("'Notification' at DeliveryLiveActivity.swift:72: activity on lockScreen, 2 pictures"), "\(list.stdout)")
        #expect(list.stdout.contains("unnamed at DeliveryWidget.swift:77: widget on systemSmall, 2 pictures"), "\(list.stdout)")
        // lint draws every family's placeholder and snapshot and every preview picture, light and dark.
        let lint = try await run(["lint", "--strict"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stderr.contains("picture(s) in light and dark: 0 error(s), 0 warning(s)"), "\(lint.stderr)")

        let png = Self.work + "/ko.png"
        let render = try await run(["render", "--widget", "DeliveryWidget", "--surface", "systemMedium", "--entry", "timeline-1",
                                    "--scheme", "dark", "--locale", "ko", "--dynamic-type", "accessibility3", "-o", png])
        #expect(render.status == 0, "\(render.stderr)")
        let reference = Project.root + "/Examples/app-repo/WidgetTests/Tests/DeliveryWidgetTests/__Snapshots__/DeliveryWidgetTests/"
            + "deliveryWidgetDarkKorean.systemMedium.timeline-1-dark.ko.accessibility3.png"
        #expect(FileManager.default.contents(atPath: png) == FileManager.default.contents(atPath: reference),
                "the CLI's picture of the team's widget differs from the Swift test's reference")

        let preview = try await run(["render", "--preview", "Notification", "--entry", "1", "-o", Self.work + "/notification.png"])
        #expect(preview.status == 0, "\(preview.stderr)")
        let decoded = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: Self.work + "/notification.png"))))
        #expect(decoded.width > 600 && decoded.height > 100)
        let wrong = try await run(["render", "--preview", "Notification", "--entry", "7", "-o", Self.work + "/x.png"])
        #expect(wrong.status != 0 && wrong.stderr.contains("DeliveryLiveActivity.swift:72: the #Preview gives 2 pictures; no picture 7"), "\(wrong.stderr)")
        #expect(snapshot(folder) == before, "the build changed the team's folder")
    }

    @Test("a compile error is the compiler's, at the team's file and line; a missing app type says what to do", .childProcess)
    func errorsAtTheTeamsLines() async throws {
        try freshCopy()
        let folder = Self.folder
        let widget = folder + "/DeliveryWidget.swift"
        var text = try String(contentsOfFile: widget, encoding: .utf8)
        text = text.replacingOccurrences(of: "Text(\"\\(entry.order.items) items\")", with: "Text(entry.order.itemCount)")
        try text.write(toFile: widget, atomically: true, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("itemCount") }! + 1
        let broken = try await run(["render", "-o", Self.work + "/broken.png"])
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("\(widget):\(line):"), "\(broken.stderr)")
        #expect(broken.stderr.contains("error: value of type 'Order' has no member 'itemCount'"), "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.work + "/broken.png"))

        // The app's model lives elsewhere: named, with what to do.
        try FileManager.default.copyItem(atPath: Self.examples + "/DeliveryWidgets/DeliveryWidget.swift", toPath: widget + ".fixed")
        try FileManager.default.removeItem(atPath: widget)
        try FileManager.default.moveItem(atPath: widget + ".fixed", toPath: widget)
        try FileManager.default.removeItem(atPath: folder + "/Order.swift")
        let missing = try await run(["list"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("error: cannot find type 'Order' in scope"), "\(missing.stderr)")
        #expect(missing.stderr.contains("add the folder that defines it to `include:`"), "\(missing.stderr)")
        // The app folder brings it back.
        try FileManager.default.copyItem(atPath: Self.examples + "/DeliveryWidgets/Order.swift", toPath: Self.app + "/Order.swift")
        let included = try await run(["list"])
        #expect(included.status == 0, "\(included.stderr)")
        #expect(included.stdout.contains("DeliveryWidget  (families:"), "\(included.stdout)")
    }

    @Test("a Swift-only project records and verifies goldens; a one-line change fails, annotated in the team's file", .childProcess)
    func goldensOfASwiftProject() async throws {
        try freshCopy()
        try FileManager.default.copyItem(atPath: Self.examples + "/DeliveryWidgets/Order.swift", toPath: Self.app + "/Order.swift")
        try FileManager.default.removeItem(atPath: Self.folder + "/Order.swift")
        let record = try await runInProject(["record"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("20 created, 0 updated, 0 unchanged"), "\(record.stdout)")
        // The same names as the example's own goldens, and the same bytes.
        for name in ["DeliveryWidget/systemSmall/placeholder-light.png", "DeliveryWidget/systemSmall/preview-1-dark.png",
                     "DeliveryLiveActivity/lockScreen/Notification-1-light.png", "DeliveryLiveActivity/islandExpanded/Island-dark.png"] {
            let ours = FileManager.default.contents(atPath: Self.team + "/Golden/" + name)
            #expect(ours != nil && ours == FileManager.default.contents(atPath: Self.examples + "/Golden/" + name), "\(name)")
        }
        let verify = try await runInProject(["verify"])
        #expect(verify.status == 0 && verify.stdout.contains("20 passed, 0 failed"), "\(verify.stdout)\(verify.stderr)")

        // One line of the Live Activity's view changes: its goldens fail, annotated in its file at
        // the view whose frame holds the change (issue 35 item 5): the padding moves the whole
        // banner's content, so the HStack it pads; the #Preview's line is the context.
        let activity = Self.folder + "/DeliveryLiveActivity.swift"
        let text = try String(contentsOfFile: activity, encoding: .utf8)
        func line(_ needle: String) -> Int { text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }! + 1 }
        try text.replacingOccurrences(of: ".padding(16)", with: ".padding(12)").write(toFile: activity, atomically: true, encoding: .utf8)
        let failed = try await runInProject(["verify", "--format", "github"])
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stdout.contains("::error file=DeliveryWidgets/DeliveryLiveActivity.swift,line=\(line("HStack(spacing: 12)")),"), "\(failed.stdout)")
        #expect(failed.stdout.contains("in the preview at DeliveryWidgets/DeliveryLiveActivity.swift:\(line("#Preview(\"Notification\""))"), "\(failed.stdout)")
        #expect(failed.stdout.contains("16 passed, 4 failed"), "\(failed.stdout)")
        // A change inside one text (its style on its own line): annotated at that text's line.
        try text.replacingOccurrences(of: "Text(context.state.status.title).foregroundStyle(.secondary)",
                                      with: "Text(context.state.status.title).foregroundStyle(.primary)")
            .write(toFile: activity, atomically: true, encoding: .utf8)
        let oneText = try await runInProject(["verify"])
        #expect(oneText.status == 1, "\(oneText.stderr)")
        #expect(oneText.stdout.contains("(DeliveryWidgets/DeliveryLiveActivity.swift:\(line("Text(context.state.status.title).foregroundStyle(.secondary)")), in the preview at DeliveryWidgets/DeliveryLiveActivity.swift:\(line("#Preview(\"Notification\""))"),
                "\(oneText.stdout)")
        try text.replacingOccurrences(of: ".padding(16)", with: ".padding(12)").write(toFile: activity, atomically: true, encoding: .utf8)
        let accepted = try await runInProject(["record", "--mode", "failed"])
        #expect(accepted.stdout.contains("0 created, 4 updated, 16 unchanged"), "\(accepted.stdout)")
        let again = try await runInProject(["verify"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test("serve --watch rebuilds the Swift on save and the open gallery's picture changes", .childProcess)
    func liveGalleryFollowsSwiftEdits() async throws {
        try freshCopy()
        let server = try CLIProcess(binary: CLIProcess.binary, ["serve", "--watch", "--port", "0"], environment: [:], cwd: Self.team)
        defer { kill(server.pid, SIGTERM); _ = server.terminate(seconds: 20) }
        let started = Date()
        let bound = try #require(try await Self.port(of: server), "serve did not start")
        /// The version of the small widget's first preview on the page (its key: the sources' digest).
        func shown() async throws -> String? {
            // The first page waits for the build, which is a cold one when WidgetShot's modules changed since the last run.
            let request = URLRequest(url: URL(string: "http://127.0.0.1:\(bound)/")!, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 600)
            let page = String(decoding: try await Self.patient.data(for: request).0, as: UTF8.self)
            guard let at = page.range(of: "DeliveryWidget/systemSmall/preview-light.png?v=") else { return nil }
            return String(page[at.upperBound...].prefix { $0 != "\"" && $0 != "&" })
        }
        var before: String?
        while before == nil, Date().timeIntervalSince(started) < 300 {
            before = try await shown()
            if before == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        let first = try #require(before, "the page never showed the Swift widget")
        /// The render route's picture of the island, which the brand colour draws.
        func routed() async throws -> Data {
            let url = URL(string: "http://127.0.0.1:\(bound)/v1/render/DeliveryLiveActivity/islandExpanded.png?now=2026-11-29T10:00:00Z")!
            return try await Self.patient.data(for: URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 600)).0
        }
        let routedBefore = try await routed()
        let theme = Self.folder + "/Theme.swift"
        let text = try String(contentsOfFile: theme, encoding: .utf8)
        try text.replacingOccurrences(of: "Color(red: 1.0, green: 0.42, blue: 0.21)", with: "Color(red: 0.2, green: 0.42, blue: 1.0)")
            .write(toFile: theme, atomically: true, encoding: .utf8)
        var after = first
        let saved = Date()
        while after == first, Date().timeIntervalSince(saved) < 120 {
            try await Task.sleep(for: .milliseconds(200))
            after = try await shown() ?? first
        }
        #expect(after != first, "the page still shows \(first) \(Int(Date().timeIntervalSince(saved))) s after the save")
        // The render routes draw the rebuilt code too.
        let routedAfter = try await routed()
        #expect(!routedAfter.isEmpty && routedAfter != routedBefore, "the render route still draws the old code")
    }

    @Test("serve draws the Swift widgets on the render and push routes: the goldens' pixels, data and pushes decoded by the team's types, 304, 404 and 422", .childProcess)
    func renderRoutesDrawTheSwift() async throws {
        try freshCopy()
        let server = try CLIProcess(binary: CLIProcess.binary, ["serve", "--port", "0"], environment: [:], cwd: Self.team)
        defer { kill(server.pid, SIGTERM); _ = server.terminate(seconds: 20) }
        let bound = try #require(try await Self.port(of: server), "serve did not start: \(server.outputSoFar)")
        func send(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> (Int, [String: String], Data) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(bound)\(path)")!, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 600)
            request.httpMethod = method
            if let body { request.httpBody = Data(body.utf8); request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            // The first request may wait for the start-up build (a minute or more when WidgetShot's modules are built cold).
            let (data, response) = try await Self.patient.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            var fields: [String: String] = [:]
            for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
            return (http.statusCode, fields, data)
        }
        func pixels(_ png: Data) throws -> [UInt8] { try PNGCodec.decode([UInt8](png)).pixels }
        func golden(_ path: String) throws -> [UInt8] {
            try pixels(try #require(FileManager.default.contents(atPath: Self.examples + "/Golden/" + path), "\(path)"))
        }

        // GET /layouts names the Swift widgets with their surfaces and previews.
        let (listed, _, listing) = try await send("GET", "/v1/layouts")
        #expect(listed == 200)
        let layouts = try #require((try JSONSerialization.jsonObject(with: listing) as? [String: Any])?["layouts"] as? [[String: Any]])
        let widget = try #require(layouts.first { $0["name"] as? String == "DeliveryWidget" }, "\(layouts)")
        #expect(widget["surfaces"] as? [String] == ["systemSmall", "systemMedium", "accessoryRectangular"])
        #expect((widget["previews"] as? [String])?.contains("preview-1") == true)

        // A preview's picture is the golden's pixels; pinned by now, it is immutable and revalidates to 304.
        let url = "/v1/render/DeliveryWidget/systemSmall.png?preview=preview-1&now=2026-11-29T10:00:00Z"
        let (status, headers, png) = try await send("GET", url)
        #expect(status == 200 && headers["content-type"] == "image/png", "\(String(decoding: png, as: UTF8.self))")
        #expect(try pixels(png) == golden("DeliveryWidget/systemSmall/preview-1-light.png"))
        #expect(headers["cache-control"] == "public, max-age=31536000, immutable")
        let etag = try #require(headers["etag"])
        let (again, _, _) = try await send("GET", url, headers: ["If-None-Match": etag])
        #expect(again == 304)
        let (_, hit, _) = try await send("GET", url)
        #expect(hit["x-render-cache"] == "hit")
        let (darkStatus, _, dark) = try await send("GET", "/render/DeliveryLiveActivity/islandExpanded.png?scheme=dark")
        #expect(darkStatus == 200)
        #expect(try pixels(dark) == golden("DeliveryLiveActivity/islandExpanded/Island-dark.png"))

        // POST with data: decoded by the team's own ContentState, as the app would.
        let state = #"{"layout": "DeliveryLiveActivity", "surface": "lockScreen", "data": {"content-state": {"status": "onTheWay", "minutesLeft": 12}}}"#
        let (posted, _, statePNG) = try await send("POST", "/v1/render", body: state)
        #expect(posted == 200, "\(String(decoding: statePNG, as: UTF8.self))")
        #expect(try pixels(statePNG) == golden("DeliveryLiveActivity/lockScreen/Notification-1-light.png"))
        let wrong = #"{"layout": "DeliveryLiveActivity", "surface": "lockScreen", "data": {"content-state": {"status": "onTheWay", "minutesLeft": "soon"}}}"#
        let (refused, _, why) = try await send("POST", "/v1/render", body: wrong)
        let error = try #require(try JSONSerialization.jsonObject(with: why) as? [String: Any])
        #expect(refused == 422 && error["field"] as? String == "data.content-state.minutesLeft", "\(error)")
        #expect((error["error"] as? String)?.contains(#"expected Int, found String "soon""#) == true, "\(error)")

        // The push route: each content-state decoded by the team's ContentState and drawn by the runner.
        let attributes = #"{"restaurant":"Seoul Kitchen"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let push = "/v1/live-activity/preview?layout=DeliveryLiveActivity&attributes=\(attributes)"
        let update = #"{"aps": {"timestamp": 1795306500, "event": "update", "content-state": {"status": "onTheWay", "minutesLeft": 12}}}"#
        let (pushed, pushHeaders, pushPNG) = try await send("POST", push + "&surface=lockScreen", body: update)
        #expect(pushed == 200 && pushHeaders["content-type"] == "image/png", "\(String(decoding: pushPNG, as: UTF8.self))")
        #expect(try pixels(pushPNG) == golden("DeliveryLiveActivity/lockScreen/Notification-1-light.png"))
        let (reported, _, reportBody) = try await send("POST", push, body: update)
        let report = String(decoding: reportBody, as: UTF8.self)
        #expect(reported == 200 && report.contains(#""islandExpanded":"iVBOR"#) && report.contains(#""lockScreen":"iVBOR"#), "\(report.prefix(300))")
        let soon = update.replacingOccurrences(of: "12}", with: "\"soon\"}")
        let (pushRefused, _, pushWhy) = try await send("POST", push + "&surface=lockScreen", body: soon)
        let pushError = try #require(try JSONSerialization.jsonObject(with: pushWhy) as? [String: Any])
        #expect(pushRefused == 422 && pushError["field"] as? String == "aps.content-state.minutesLeft", "\(pushError["error"] ?? "")")
        // An alert: its band under the runner's expanded island, the island's pixels above it.
        let alerted = update.replacingOccurrences(of: #""event": "update","#, with: #""event": "update", "alert": {"title": "On the way", "body": "12 minutes"},"#)
        let (alert, _, alertPNG) = try await send("POST", push + "&surface=alert", body: alerted)
        #expect(alert == 200, "\(String(decoding: alertPNG, as: UTF8.self))")
        let (_, _, islandPNG) = try await send("POST", push + "&surface=islandExpanded", body: alerted)
        let band = try PNGCodec.decode([UInt8](alertPNG)), island = try PNGCodec.decode([UInt8](islandPNG))
        #expect(band.width == island.width && band.height > island.height + 100, "\(band.width)×\(band.height) under \(island.width)×\(island.height)")
        #expect(Array(band.pixels.prefix(island.pixels.count)) == island.pixels)
        let (noAlert, _, _) = try await send("POST", push + "&surface=alert", body: update)
        #expect(noAlert == 422)
        let (noActivity, _, _) = try await send("POST", "/v1/live-activity/preview?layout=DeliveryWidget", body: update)
        #expect(noActivity == 404)

        // Names and values checked as for a layout.
        let (unknown, _, unknownBody) = try await send("GET", "/v1/render/DeliveryWidgte/systemSmall.png")
        let unknownText = String(decoding: unknownBody, as: UTF8.self)
        #expect(unknown == 404 && unknownText.contains("no layout or Swift widget named 'DeliveryWidgte'") && unknownText.contains("DeliveryWidget"), "\(unknownText)")
        let (noFamily, _, _) = try await send("GET", "/v1/render/DeliveryWidget/systemLarge.png")
        #expect(noFamily == 404)
        let (badPreview, _, _) = try await send("GET", "/v1/render/DeliveryWidget/systemMedium.png?preview=preview-1")
        #expect(badPreview == 404)
        let (control, _, _) = try await send("GET", "/v1/render/DeliveryWidget/systemSmall.png?control=x")
        #expect(control == 400)
        #expect(snapshot(Self.folder) == snapshot(Self.examples + "/DeliveryWidgets"), "the team's folder changed")
    }
}
#endif
