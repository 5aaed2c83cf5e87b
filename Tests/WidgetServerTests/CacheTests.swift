import Foundation
import NIOCore
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// ETags from inputs, 304 without a render, the response cache and request coalescing, /metrics
/// and X-Request-Id, against a real server on 127.0.0.1 (each test its own, so the counters in
/// /metrics are its own).
@Suite(.timeLimit(.minutes(1)))
struct CacheTests {
    static let url = "/render/delivery/systemSmall.png?preview=onTheWay&scale=2"

    /// The sum of the samples of `name` whose labels include `labels`, from Prometheus text.
    static func metric(_ text: String, _ name: String, _ labels: [String: String] = [:]) -> Double {
        var total = 0.0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, let value = Double(parts[parts.count - 1]) else { continue }
            let series = String(parts[0])
            let base = series.split(separator: "{", maxSplits: 1).first.map(String.init) ?? series
            guard base == name else { continue }
            if labels.allSatisfy({ series.contains("\($0.key)=\"\($0.value)\"") }) { total += value }
        }
        return total
    }

    static func metrics(_ server: RunningServer) async throws -> String {
        let reply = try await Client.send(server.url("/metrics"))
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
        return reply.text
    }

    static func renders(_ server: RunningServer) async throws -> Double {
        metric(try await metrics(server), "widgetshot_renders_total", ["outcome": "ok"])
    }

    static func generousLimits(_ change: (inout ServerLimits) -> Void = { _ in }) -> ServerLimits {
        var limits = ServerLimits.default
        limits.renderDeadline = 30
        limits.queuePerWorker = 64
        change(&limits)
        return limits
    }

    @Test func a304CostsNoRenderAndAHitIsTheSameBytesAsTheMiss() async throws {
        let server = try await RunningServer.start(serverLimits: Self.generousLimits())
        defer { Task { try await server.stop() } }
        let first = try await Client.send(server.url(Self.url))
        #expect(first.status == 200)
        #expect(first.header("X-Render-Cache") == "miss")
        let etag = try #require(first.header("ETag"))
        #expect(etag.count == 66 && etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(try await Self.renders(server) == 1)

        let second = try await Client.send(server.url(Self.url))
        #expect(second.status == 200)
        #expect(second.header("X-Render-Cache") == "hit")
        #expect(second.body == first.body)
        #expect(second.header("ETag") == etag)

        for tag in [etag, "W/\(etag)", "\"abc\", \(etag)"] {
            let again = try await Client.send(server.url(Self.url), headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
        }
        // Another request whose ETag does not match: rendered.
        let other = "/render/delivery/systemMedium.png?preview=pending&scheme=dark"
        let otherReply = try await Client.send(server.url(other), headers: ["If-None-Match": "\"x\""])
        #expect(otherReply.status == 200 && otherReply.header("ETag") != etag)

        let text = try await Self.metrics(server)
        #expect(Self.metric(text, "widgetshot_renders_total", ["outcome": "ok"]) == 2)
        #expect(Self.metric(text, "widgetshot_not_modified_total") == 3)
        #expect(Self.metric(text, "widgetshot_cache_hits_total") == 1)
        #expect(Self.metric(text, "widgetshot_cache_misses_total") == 2)
        #expect(Self.metric(text, "widgetshot_http_requests_total",
                            ["route": "/render/{layout}/{surface}.png", "status": "304"]) == 3)
        #expect(Self.metric(text, "widgetshot_http_requests_total",
                            ["route": "/render/{layout}/{surface}.png", "status": "200"]) == 3)
        #expect(Self.metric(text, "widgetshot_cache_entries") == 2)
        #expect(Self.metric(text, "widgetshot_cache_bytes") > Double(first.body.count))
        #expect(Self.metric(text, "widgetshot_render_phase_seconds_count", ["phase": "draw"]) == 2)
    }

    @Test func thePreviewAndNowInTheURLMakeItImmutable() async throws {
        let server = try await SharedServer.get()
        let pinned = try await Client.send(server.url(Self.url + "&now=2026-11-22T12:27:00%2B09:00"))
        #expect(pinned.status == 200)
        #expect(pinned.header("Cache-Control") == "public, max-age=31536000, immutable")
        let defaults = try await Client.send(server.url(Self.url))
        #expect(defaults.header("Cache-Control") == "public, max-age=60")
        // Same picture? The preview's own now: is 12:27+09:00, so the same key too.
        #expect(pinned.header("ETag") == defaults.header("ETag"))
        #expect(pinned.body == defaults.body)
    }

    @Test func everyInputChangesTheETag() async throws {
        let server = try await SharedServer.get()
        var etags: [String] = []
        for query in ["", "&scheme=dark", "&locale=en", "&device=iphone15promax", "&placeholder=true",
                      "&now=2026-11-22T12:28:00%2B09:00"] {
            let reply = try await Client.send(server.url(Self.url + query))
            #expect(reply.status == 200, "\(query): \(reply.text)")
            etags.append(try #require(reply.header("ETag")))
        }
        let scaled = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=3"))
        etags.append(try #require(scaled.header("ETag")))
        func post(_ json: String) async throws -> String? {
            let reply = try await Client.send("POST", server.url("/render"), body: Array(json.utf8))
            #expect(reply.status == 200, "\(reply.text)")
            return reply.header("ETag")
        }
        let a = try #require(try await post(#"{"layout": "delivery", "surface": "systemSmall", "now": "2026-11-22T12:27:00+09:00", "data": {"order": {"status": "pending"}}}"#))
        let b = try #require(try await post(#"{"layout": "delivery", "surface": "systemSmall", "now": "2026-11-22T12:27:00+09:00", "data": {"order": {"status": "ready"}}}"#))
        // The same data with its keys in another order is the same render.
        let c = try #require(try await post(#"{"now": "2026-11-22T12:27:00+09:00", "data": {"order": {"status": "pending"}}, "surface": "systemSmall", "layout": "delivery"}"#))
        #expect(a == c)
        etags += [a, b]
        #expect(Set(etags).count == etags.count, "\(etags)")
    }

    @Test func anEditedLayoutFileChangesTheETag() async throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("ws-etag-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: root) }
        try fm.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        let text = try String(contentsOfFile: Project.folders.layouts + "/delivery.yaml", encoding: .utf8)
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/delivery.yaml"))
        let folders = ProjectFolders(root: root)
        func etag() async throws -> String? {
            let server = try await RunningServer.start(folders: folders, serverLimits: Self.generousLimits())
            let reply = try await Client.send(server.url(Self.url), headers: ["If-None-Match": "\"x\""])
            try await server.stop()
            #expect(reply.status == 200)
            return reply.header("ETag")
        }
        let before = try #require(try await etag())
        #expect(try await etag() == before)  // restarted, same files: same ETag
        try Data((text + "\n# edited\n").utf8).write(to: URL(fileURLWithPath: root + "/Layouts/delivery.yaml"))
        let after = try #require(try await etag())
        #expect(after != before)
    }

    /// Two identical requests while the first renders: one render, both get its bytes (the cache is
    /// off, so the second is not a hit but waits for the first's render).
    @Test func identicalConcurrentRequestsRenderOnce() async throws {
        let server = try await RunningServer.start(folders: SlowProject.folders, workerThreads: 2,
                                                   serverLimits: Self.generousLimits { $0.responseCacheBytes = 0 })
        defer { Task { try await server.stop() } }
        // A few hundred milliseconds of rendering (the slow layout at a smaller scale).
        let path = "/render/slow/systemLarge.png?preview=heavy&scale=1"
        async let one = Client.send(server.url(path))
        try await Task.sleep(for: .milliseconds(50))
        async let two = Client.send(server.url(path))
        let (r1, r2) = try await (one, two)
        #expect(r1.status == 200 && r2.status == 200)
        #expect(r1.body == r2.body)
        #expect(Set([r1.header("X-Render-Cache"), r2.header("X-Render-Cache")]) == ["miss", "coalesced"])
        let text = try await Self.metrics(server)
        #expect(Self.metric(text, "widgetshot_renders_total", ["outcome": "ok"]) == 1)
        #expect(Self.metric(text, "widgetshot_cache_coalesced_total") == 1)
        // Cache off: a third request renders again.
        let r3 = try await Client.send(server.url(path))
        #expect(r3.header("X-Render-Cache") == "miss")
        #expect(r3.body == r1.body)
        #expect(Self.metric(try await Self.metrics(server), "widgetshot_renders_total", ["outcome": "ok"]) == 2)
    }

    @Test func metricsCountErrorsAnd429s() async throws {
        let server = try await RunningServer.start(
            folders: SlowProject.folders, workerThreads: 1,
            serverLimits: Self.generousLimits { $0.queuePerWorker = 0; $0.renderDeadline = 2 })
        defer { Task { try await server.stop() } }
        #expect(try await Client.send(server.url("/render/nope/systemSmall.png")).status == 404)
        #expect(try await Client.send(server.url("/no/such/route")).status == 404)
        let slow = Task { try await Client.send(server.url(SlowProject.slowPath)) }
        try await Task.sleep(for: .milliseconds(300))
        var refused = 0
        for i in 0..<100 where refused == 0 {
            // Different keys (scale), so none waits for another's render.
            let reply = try await Client.send(server.url("/render/slow/systemSmall.png?preview=heavy&scale=\(1 + Double(i) / 100)"))
            if reply.status == 429 { refused += 1 } else { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(refused == 1)
        #expect(try await slow.value.status == 503)
        let text = try await Self.metrics(server)
        #expect(Self.metric(text, "widgetshot_render_rejections_total") == 1)
        #expect(Self.metric(text, "widgetshot_http_requests_total", ["status": "429"]) == 1)
        #expect(Self.metric(text, "widgetshot_http_requests_total", ["status": "503"]) == 1)
        #expect(Self.metric(text, "widgetshot_http_requests_total", ["status": "404"]) == 2)
        #expect(Self.metric(text, "widgetshot_http_requests_total", ["route": "unmatched", "status": "404"]) == 1, "\(text)")
        #expect(Self.metric(text, "widgetshot_renders_total", ["outcome": "error"]) == 1)
        #expect(Self.metric(text, "widgetshot_renders_in_flight") == 0)
        #expect(text.contains("widgetshot_render_queue_depth"))
    }

    @Test func requestIdsAreEchoedWhenSaneAndGeneratedOtherwise() async throws {
        let server = try await SharedServer.get()
        let echoed = try await Client.send(server.url("/health"), headers: ["X-Request-Id": "abc-123_x.y:z"])
        #expect(echoed.header("X-Request-Id") == "abc-123_x.y:z")
        func isGenerated(_ id: String?) -> Bool {
            guard let id else { return false }
            return id.count == 32 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }
        let none = try await Client.send(server.url("/health"))
        #expect(isGenerated(none.header("X-Request-Id")))
        let other = try await Client.send(server.url("/health"))
        #expect(other.header("X-Request-Id") != none.header("X-Request-Id"))
        for bad in ["has space", "quote\"", String(repeating: "a", count: 129), "ünï"] {
            let reply = try await Client.send(server.url("/health"), headers: ["X-Request-Id": bad])
            #expect(isGenerated(reply.header("X-Request-Id")), "\(bad)")
        }
        // Errors carry one too.
        let missing = try await Client.send(server.url("/nope"), headers: ["X-Request-Id": "err-1"])
        #expect(missing.status == 404)
        #expect(missing.header("X-Request-Id") == "err-1")
    }

    // MARK: - The cache itself

    static func key(_ n: Int) -> RenderKey {
        RenderKey(hex: String(repeating: String(n % 10), count: 64) + "-\(n)")
    }

    @Test func theCacheStaysWithinItsBudgetAndEvictsTheLeastRecentlyUsed() async throws {
        let png = ByteBuffer(bytes: [UInt8](repeating: 7, count: 1000))
        let entry = 1000 + ResponseCache.entryOverhead
        let cache = ResponseCache(budget: entry * 3)
        for n in 0..<3 { _ = try await cache.png(for: Self.key(n)) { png } }
        #expect(cache.count == 3 && cache.bytes == entry * 3)
        _ = try await cache.png(for: Self.key(0)) { Issue.record("0 is kept"); return png }  // 0 is now the most recent
        _ = try await cache.png(for: Self.key(3)) { png }
        #expect(cache.count == 3 && cache.bytes <= entry * 3)
        #expect(cache.contains(Self.key(0)) && !cache.contains(Self.key(1)))
        #expect(cache.contains(Self.key(2)) && cache.contains(Self.key(3)))
        // Larger than the whole budget: served, not kept.
        let big = ByteBuffer(bytes: [UInt8](repeating: 1, count: entry * 3))
        let (answer, outcome) = try await cache.png(for: Self.key(9)) { big }
        #expect(answer == big && outcome == .miss)
        #expect(!cache.contains(Self.key(9)) && cache.count == 3)
        // Budget 0: nothing kept.
        let off = ResponseCache(budget: 0)
        _ = try await off.png(for: Self.key(1)) { png }
        #expect(off.count == 0 && off.bytes == 0)
    }

    @Test func aFailedRenderIsNotKept() async throws {
        let cache = ResponseCache(budget: 1 << 20)
        await #expect(throws: APIError.self) {
            _ = try await cache.png(for: Self.key(1)) { throw APIError(.serviceUnavailable, "slow") }
        }
        #expect(cache.count == 0)
        let (_, outcome) = try await cache.png(for: Self.key(1)) { ByteBuffer(bytes: [1]) }
        #expect(outcome == .miss)
    }
}
