import Foundation
import Testing
import TestSupport
import WidgetServer
import WidgetShot

/// What one request may cost the server, on a real server: a push body past a limit is refused
/// before anything is checked further or drawn, the deadline covers the push check, and a request
/// whose client has gone stops and frees its worker.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PushBoundsRouteTests {
    static let samples = Project.root + "/Layouts/samples/delivery"
    static let path = "/v1/live-activity/preview?layout=delivery"

    static func flood(_ count: Int) -> [UInt8] {
        Array(("[" + Array(repeating: "{}", count: count).joined(separator: ",") + "]").utf8)
    }

    static func serverLimits(_ change: (inout ServerLimits) -> Void = { _ in }) -> ServerLimits {
        var limits = ServerLimits.default
        limits.renderDeadline = 30
        limits.queuePerWorker = 64
        change(&limits)
        return limits
    }

    @Test func aFloodOfPushesIs413NamingTheLimitAndRendersGoOn() async throws {
        let server = try await RunningServer.start(workerThreads: 1, serverLimits: Self.serverLimits())
        defer { Task { try await server.stop() } }
        // Two floods at once, then an ordinary render: each is answered within the client's 10 s.
        async let one = Client.send("POST", server.url(Self.path), body: Self.flood(16_000))
        async let two = Client.send("POST", server.url(Self.path), body: Self.flood(32_000))
        let (r1, r2) = try await (one, two)
        for (reply, count) in [(r1, 16_000), (r2, 32_000)] {
            #expect(reply.status == 413, "\(reply.text.prefix(300))")
            #expect(reply.json?["field"] as? String == "body")
            let error = reply.json?["error"] as? String ?? ""
            #expect(error.contains("\(count) pushes") && error.contains("Limits.sequencePushes"), "\(error)")
        }
        let render = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay"))
        #expect(render.status == 200)
    }

    @Test func aPushWithFortyThousandKeysIs413NamingTheLeavesLimit() async throws {
        let server = try await RunningServer.start(workerThreads: 1, serverLimits: Self.serverLimits())
        defer { Task { try await server.stop() } }
        let keys = (0..<40_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let body = #"{"aps":{"timestamp":1795318020,"event":"update","content-state":{"# + keys + "}}}"
        let reply = try await Client.send("POST", server.url(Self.path), body: Array(body.utf8))
        #expect(reply.status == 413, "\(reply.text.prefix(300))")
        #expect(reply.json?["field"] as? String == "aps.content-state")
        let error = reply.json?["error"] as? String ?? ""
        #expect(error.contains("40000") && error.contains("Limits.pushLeaves"), "\(error)")
        #expect(reply.body.count < 4_096)
    }

    /// The deadline starts when a worker takes the job and covers reading and checking the pushes,
    /// not only drawing them: a sequence that draws nothing still answers 503 past it.
    @Test func theDeadlineCoversTheCheck() async throws {
        let server = try await RunningServer.start(workerThreads: 1, serverLimits: Self.serverLimits { $0.renderDeadline = 0 })
        defer { Task { try await server.stop() } }
        let reply = try await Client.send("POST", server.url(Self.path), body: Self.flood(50))
        #expect(reply.status == 503, "\(reply.text.prefix(300))")
        #expect((reply.json?["error"] as? String)?.contains("ServerLimits.renderDeadline") == true, "\(reply.text.prefix(300))")
    }

    /// A client that closes its connection while its render runs (or waits for a worker) stops
    /// that render: the one worker is free for the next request at once instead of after the slow
    /// render's tens of seconds, and /metrics counts the cancelled jobs.
    @Test func aRequestWhoseClientIsGoneStopsAndFreesTheWorker() async throws {
        let server = try await RunningServer.start(folders: SlowProject.folders, workerThreads: 1,
                                                   serverLimits: Self.serverLimits { $0.renderDeadline = 120 })
        defer { Task { try await server.stop() } }
        func metric(_ name: String, _ labels: [String: String] = [:]) async throws -> Double {
            let reply = try await Client.send(server.url("/metrics"))
            return CacheTests.metric(reply.text, name, labels)
        }
        // Two slow renders (different scales: no coalescing): one runs, one waits for the worker.
        var sockets: [RawSocket] = []
        for scale in [4, 3.5] {
            let socket = try RawSocket(port: server.port)
            #expect(socket.send("GET /render/slow/systemLarge.png?preview=heavy&scale=\(scale) HTTP/1.1\r\nHost: localhost\r\n\r\n"))
            sockets.append(socket)
        }
        var running = 0.0
        for _ in 0..<100 where running < 1 {
            running = try await metric("widgetshot_renders_in_flight")
            if running < 1 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(running == 1)
        for socket in sockets { socket.closeNow() }

        let quick = try await Client.send(server.url(SlowProject.quickPath))
        #expect(quick.status == 200)
        var cancelled = 0.0
        for _ in 0..<100 where cancelled < 2 {
            cancelled = try await metric("widgetshot_render_cancellations_total")
            if cancelled < 2 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(cancelled == 2)
        #expect(try await metric("widgetshot_renders_in_flight") == 0)
        #expect(try await metric("widgetshot_renders_total", ["outcome": "ok"]) == 1)
    }
}
