import Foundation
import Testing
import TestSupport
import WidgetServer
import WidgetShot

/// What a hostile or broken client can do to the server, each on a real server on 127.0.0.1 with
/// limits small enough to reach quickly. Every test is bounded in time.
@Suite(.timeLimit(.minutes(1)))
struct ProtectionTests {
    private func serverLimits(_ change: (inout ServerLimits) -> Void) -> ServerLimits {
        var limits = ServerLimits.default
        change(&limits)
        return limits
    }

    private func expectJSONError(_ response: RawResponse?, status: Int, mentioning words: [String] = [],
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let response else {
            Issue.record("no HTTP response", sourceLocation: sourceLocation)
            return
        }
        #expect(response.status == status, "\(response)", sourceLocation: sourceLocation)
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true, "\(response)",
                sourceLocation: sourceLocation)
        let message = response.json?["error"] as? String ?? ""
        #expect(!message.isEmpty, "no error message: \(response)", sourceLocation: sourceLocation)
        for word in words {
            #expect(message.contains(word), "'\(word)' not in: \(message)", sourceLocation: sourceLocation)
        }
    }

    /// Sends `bytes` on a new connection and reads until the server closes it (at most 5 s).
    private func exchange(_ port: Int, _ bytes: [UInt8]) async throws -> (response: RawResponse?, closed: Bool) {
        try await onThread {
            let socket = try RawSocket(port: port)
            socket.send(bytes)
            let (reply, closed) = socket.readUntilClosed(seconds: 5)
            return (RawResponse(reply), closed)
        }
    }

    // MARK: Load shedding and deadlines

    @Test func aRequestBeyondTheQueueGets429WithRetryAfter() async throws {
        let server = try await RunningServer.start(
            folders: SlowProject.folders, workerThreads: 1,
            serverLimits: serverLimits { $0.queuePerWorker = 0; $0.renderDeadline = 2 })
        defer { Task { try await server.stop() } }
        let slow = Task { try await Client.send(server.url(SlowProject.slowPath)) }
        // Lets the slow request reach the worker first (it takes a few milliseconds).
        try await Task.sleep(for: .milliseconds(300))
        // The slow render takes the only place; from then on every render is refused at once.
        var refused: Reply?
        for _ in 0..<100 where refused == nil {
            let reply = try await Client.send(server.url(SlowProject.quickPath))
            if reply.status == 429 { refused = reply } else { try await Task.sleep(for: .milliseconds(20)) }
        }
        let reply = try #require(refused, "no request was refused while the only worker was busy")
        #expect(reply.header("Retry-After") == "1")
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect((reply.json?["error"] as? String)?.contains("ServerLimits.queuePerWorker") == true, "\(reply.text)")
        // /health does not render, so it is never refused.
        #expect(try await Client.send(server.url("/health")).status == 200)
        #expect(try await slow.value.status == 503)
    }

    @Test func aRenderPastItsDeadlineGets503AndFreesTheWorker() async throws {
        let server = try await RunningServer.start(
            folders: SlowProject.folders, workerThreads: 1, serverLimits: serverLimits { $0.renderDeadline = 1 })
        defer { Task { try await server.stop() } }
        // Without the deadline this render takes about 45 s (debug build).
        let reply = try await Client.send(server.url(SlowProject.slowPath))
        #expect(reply.status == 503, "\(reply.text)")
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect((reply.json?["error"] as? String)?.contains("ServerLimits.renderDeadline") == true, "\(reply.text)")
        // The one worker is free again: a quick render succeeds.
        let quick = try await Client.send(server.url(SlowProject.quickPath))
        #expect(quick.status == 200)
        #expect(quick.header("Content-Type") == "image/png")
    }

    @Test func timeWaitingInTheQueueIsNotPartOfTheDeadline() async throws {
        let server = try await RunningServer.start(
            folders: SlowProject.folders, workerThreads: 1,
            serverLimits: serverLimits { $0.queuePerWorker = 1; $0.renderDeadline = 1 })
        defer { Task { try await server.stop() } }
        let slow = Task { try await Client.send(server.url(SlowProject.slowPath)) }
        try await Task.sleep(for: .milliseconds(300))
        // Waits about 0.7 s for the worker, then renders in milliseconds: within its own deadline.
        let queued = try await Client.send(server.url(SlowProject.quickPath))
        #expect(queued.status == 200, "\(queued.text)")
        #expect(try await slow.value.status == 503)
    }

    // MARK: Timeouts

    @Test func anIdleConnectionIsClosedAfterItsTimeout() async throws {
        let server = try await RunningServer.start(serverLimits: serverLimits { $0.idleTimeout = 0.5 })
        defer { Task { try await server.stop() } }
        let (afterRequest, silent) = try await onThread { () throws -> ((RawResponse?, Bool), Bool) in
            // Keep-alive after one request …
            let used = try RawSocket(port: server.port)
            used.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let (bytes, closed) = used.readUntilClosed(seconds: 5)
            // … and a connection that never says anything.
            let quiet = try RawSocket(port: server.port)
            return ((RawResponse(bytes), closed), quiet.readUntilClosed(seconds: 5).closed)
        }
        #expect(afterRequest.0?.status == 200)
        #expect(afterRequest.1, "a keep-alive connection idle past idleTimeout stayed open")
        #expect(silent, "a connection that sent nothing stayed open past idleTimeout")
    }

    @Test func aHeaderSentAByteAtATimeIsCutOffAtTheHeaderTimeout() async throws {
        let server = try await RunningServer.start(serverLimits: serverLimits { $0.headerTimeout = 0.5; $0.idleTimeout = 30 })
        defer { Task { try await server.stop() } }
        let (response, bytesSent) = try await onThread { () throws -> (RawResponse?, Int) in
            let socket = try RawSocket(port: server.port)
            let request = Array("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: \(String(repeating: "z", count: 100))\r\n\r\n".utf8)
            var sent = 0
            // A byte every 50 ms: the whole head would take over 6 s.
            while sent < request.count, !socket.waitReadable(seconds: 0.05) {
                guard socket.send([request[sent]]) else { break }
                sent += 1
            }
            return (RawResponse(socket.readUntilClosed(seconds: 5).bytes), sent)
        }
        expectJSONError(response, status: 408, mentioning: ["ServerLimits.headerTimeout"])
        #expect(bytesSent < 60, "the server read \(bytesSent) bytes before cutting the client off")
    }

    @Test func aBodySentTooSlowlyIsCutOffAtTheBodyTimeout() async throws {
        let server = try await RunningServer.start(serverLimits: serverLimits { $0.bodyTimeout = 0.5 })
        defer { Task { try await server.stop() } }
        let head = "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"lay"
        let (response, closed) = try await exchange(server.port, Array(head.utf8))
        expectJSONError(response, status: 408, mentioning: ["ServerLimits.bodyTimeout"])
        #expect(closed)
        // Counted as the client saw it: a 408, never a 500 (the route's body read failed behind it).
        var metrics = ""
        for _ in 0..<50 {
            metrics = String(decoding: try await Client.send(server.url("/metrics")).body, as: UTF8.self)
            if metrics.contains("status=\"408\"") { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let requests = metrics.split(separator: "\n").filter { $0.hasPrefix("widgetshot_http_requests_total") && $0.contains("/render") }
        #expect(requests.contains { $0.contains("status=\"408\"") }, "\(requests)")
        #expect(!requests.contains { $0.contains("status=\"500\"") }, "\(requests)")
    }

    // MARK: Malformed and oversized requests

    @Test(arguments: [
        ("a malformed request line", "GARBAGE\r\n\r\n", 400),
        ("an unknown method", "FOO /health HTTP/1.1\r\nHost: localhost\r\n\r\n", 400),
        ("NUL in the path", "GET /he\0alth HTTP/1.1\r\nHost: localhost\r\n\r\n", 400),
        ("no HTTP version", "GET /health\r\n\r\n", 400),
        ("a header line with no colon", "GET /health HTTP/1.1\r\nHost t\r\n\r\n", 400),
        ("Content-Length and Transfer-Encoding", "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("two different Content-Lengths", "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n"
            + "Content-Length: 6\r\n\r\nhello!", 400),
        ("bad chunked encoding", "POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", 400),
        ("a huge header", "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
        ("a huge request line", "GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: localhost\r\n\r\n", 431),
        ("an HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400),
    ])
    func aMalformedRequestGetsA4xxJSONBodyAndTheServerGoesOn(_ what: String, _ request: String, _ status: Int) async throws {
        let server = try await SharedServer.get()
        let (response, closed) = try await exchange(server.port, Array(request.utf8))
        expectJSONError(response, status: status)
        #expect(closed, "\(what): the connection stayed open")
        #expect(try await Client.send(server.url("/health")).status == 200)
    }

    @Test func badUTF8InThePathGetsA4xxJSONBody() async throws {
        let server = try await SharedServer.get()
        let request: [UInt8] = Array("GET /render/".utf8) + [0xFF, 0xFE, 0xC3] + Array("/x.png HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        let (response, _) = try await exchange(server.port, request)
        let status = try #require(response?.status)
        #expect((400..<500).contains(status), "\(String(describing: response))")
        #expect(response?.json?["error"] is String)
        #expect(try await Client.send(server.url("/health")).status == 200)
    }

    @Test func requestSizesAreBoundedByTheLimits() async throws {
        let server = try await RunningServer.start(serverLimits: serverLimits { $0.requestHeaderBytes = 2_000; $0.requestBodyBytes = 1_000 })
        defer { Task { try await server.stop() } }
        // Headers of 3,000 bytes in many small fields, each under the limit.
        let fields = (0..<100).map { "X-F\($0): \(String(repeating: "v", count: 25))\r\n" }.joined()
        let headers = try await exchange(server.port, Array("GET /health HTTP/1.1\r\nHost: localhost\r\n\(fields)\r\n".utf8))
        expectJSONError(headers.response, status: 431, mentioning: ["2000", "ServerLimits.requestHeaderBytes"])
        // A declared body over the limit, on a route that never reads one.
        let declared = try await exchange(server.port, Array("POST /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n\r\n".utf8))
        expectJSONError(declared.response, status: 413, mentioning: ["1000", "ServerLimits.requestBodyBytes"])
        // A chunked body that grows past it.
        let chunk = String(repeating: "x", count: 600)
        let chunked = "POST /render HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n"
        expectJSONError(try await exchange(server.port, Array(chunked.utf8)).response, status: 413,
                        mentioning: ["ServerLimits.requestBodyBytes"])
        #expect(try await Client.send(server.url("/health")).status == 200)
    }

    // MARK: Connections

    @Test func healthAnswersWhileSlowClientsHoldConnections() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let holders = try await onThread { () throws -> [RawSocket] in
            try (0..<200).map { _ in
                let socket = try RawSocket(port: server.port)
                socket.send("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
                return socket
            }
        }
        for _ in 0..<5 {
            #expect(try await Client.send(server.url("/health")).status == 200)
        }
        withExtendedLifetime(holders) {}
    }

    @Test func atTheLimitTheLongestIdleConnectionMakesRoomAndBusyOnesAreNot() async throws {
        // Event streams are what keeps a connection answering for long: the tiny project, watched.
        let server = try await RunningServer.start(folders: TinyProject.folders,
                                                   serverLimits: serverLimits { $0.maxConnections = 4; $0.maxEventStreams = 4 }, watch: true)
        defer { Task { try await server.stop() } }
        let (holders, answer, refusal) = try await onThread { () throws -> ([RawSocket], RawResponse?, (RawResponse?, Bool)) in
            // Each holder has one answered request, so it is surely counted before the next comes
            // (connections are set up on several event loops, not in the order they connect); each
            // then sits idle between requests, the first the longest.
            let holders = try (0..<4).map { _ in
                let socket = try RawSocket(port: server.port)
                socket.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
                _ = socket.waitReadable(seconds: 5)
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
                Thread.sleep(forTimeInterval: 0.05)
                return socket
            }
            // A fifth takes the place of the first.
            let fifth = try RawSocket(port: server.port)
            fifth.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let answer = RawResponse(fifth.readUntilClosed(seconds: 5).bytes)
            // Now every holder but the first opens an event stream, and only then one more
            // connection does: all four places are busy answering, so a sixth connection is refused.
            // (The filler connects after the holders are busy: the server may still be releasing
            // the fifth's place when its client has seen the close, and a filler arriving then took
            // the place of the longest-idle holder, leaving room for the sixth. CI saw that.)
            for socket in holders.dropFirst() {
                socket.send("GET /gallery-events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            }
            for socket in holders.dropFirst() {
                guard socket.waitReadable(seconds: 5) else { throw TestFailure("an event stream did not open") }
            }
            let filler = try RawSocket(port: server.port)
            filler.send("GET /gallery-events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            guard filler.waitReadable(seconds: 5) else { throw TestFailure("the filler's event stream did not open") }
            let extra = try RawSocket(port: server.port)
            let (bytes, closed) = extra.readUntilClosed(seconds: 5)
            return (holders + [filler], answer, (RawResponse(bytes), closed))
        }
        #expect(answer?.status == 200, "\(String(describing: answer))")
        #expect(holders[0].readUntilClosed(seconds: 2).closed, "the longest-idle connection was not the one closed")
        expectJSONError(refusal.0, status: 503, mentioning: ["ServerLimits.maxConnections"])
        #expect(refusal.0?.headers["retry-after"] == "1")
        #expect(refusal.1, "the connection over the limit stayed open")
        for holder in holders { holder.closeNow() }
        var status = 0
        for _ in 0..<50 where status != 200 {
            status = (try? await Client.send(server.url("/health")).status) ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(status == 200, "/health did not answer once the held connections closed")
    }
}
