import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// Event streams and silent clients must not lock everyone else out: streams exist only with
/// `--watch`, are capped (`ServerLimits.maxEventStreams`) and end (`ServerLimits.eventStreamLifetime`, or a
/// signature's expiry); at the connection cap the longest-idle connection makes room. Every test
/// uses real sockets on 127.0.0.1 and bounds each wait.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ConnectionSlotTests {
    /// Opens `GET path` and reads until the response head (and the first event, for a stream) is in,
    /// at most `seconds`.
    static func openStream(_ port: Int, _ path: String = "/gallery-events", seconds: Double = 5) throws -> (RawSocket, RawResponse?) {
        let socket = try RawSocket(port: port)
        socket.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        var bytes: [UInt8] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, socket.waitReadable(seconds: end.timeIntervalSinceNow) {
            var buffer = [UInt8](repeating: 0, count: 16384)
            let n = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
            let text = String(decoding: bytes, as: UTF8.self)
            // A stream's first event, or a whole error body.
            if text.contains("event: hello") { break }
            if let response = RawResponse(bytes), response.status != 200,
               let length = response.headers["content-length"].flatMap({ Int($0) }), response.body.count >= length { break }
        }
        return (socket, RawResponse(bytes))
    }

    /// Seconds until the server ends the stream on `socket` (the chunked body's last chunk, or the
    /// connection closing), or nil if it has not within `seconds`. `read` is what of the body was
    /// read already (the last chunk's marker may follow it directly).
    static func secondsUntilStreamEnds(_ socket: RawSocket, read: [UInt8], within seconds: Double) -> Double? {
        let start = Date()
        var tail = Array(read.suffix(16))
        while Date().timeIntervalSince(start) < seconds {
            guard socket.waitReadable(seconds: seconds - Date().timeIntervalSince(start)) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 16384)
            let n = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return Date().timeIntervalSince(start) }
            tail = Array((tail + buffer[0..<n]).suffix(16))
            if String(decoding: tail, as: UTF8.self).hasSuffix("\r\n0\r\n\r\n") { return Date().timeIntervalSince(start) }
        }
        return nil
    }

    /// GET /health on a new connection; the status, or 0 when no answer came within `seconds`.
    static func health(_ port: Int, within seconds: Double) throws -> Int {
        let socket = try RawSocket(port: port)
        socket.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return RawResponse(socket.readUntilClosed(seconds: seconds).bytes)?.status ?? 0
    }

    @Test func withoutWatchThereIsNoEventStreamRoute() async throws {
        let server = try await RunningServer.start(folders: TinyProject.folders)
        defer { Task { try? await server.stop() } }
        let (socket, response) = try await onThread { try Self.openStream(server.port, seconds: 3) }
        defer { socket.closeNow() }
        #expect(response?.status == 404, "\(String(describing: response))")
        #expect(response?.json?["error"] is String)
    }

    @Test func eventStreamsAreCappedAndTheOneOverGets503() async throws {
        var limits = ServerLimits.default
        limits.maxEventStreams = 3
        let server = try await RunningServer.start(folders: TinyProject.folders, serverLimits: limits, watch: true)
        defer { Task { try? await server.stop() } }
        var (streams, over) = try await onThread { () throws -> ([RawSocket], RawResponse?) in
            var streams: [RawSocket] = []
            for _ in 0..<3 {
                let (socket, response) = try Self.openStream(server.port)
                guard response?.status == 200 else { throw TestFailure("a stream under the cap was refused: \(String(describing: response))") }
                streams.append(socket)
            }
            let (extra, response) = try Self.openStream(server.port)
            extra.closeNow()
            return (streams, response)
        }
        #expect(over?.status == 503, "\(String(describing: over))")
        #expect(over?.headers["retry-after"] == "1")
        #expect((over?.json?["error"] as? String)?.contains("ServerLimits.maxEventStreams") == true, "\(String(describing: over))")
        // A stream that ends gives its place back.
        streams[0].closeNow()
        var reopened: RawResponse?
        for _ in 0..<50 where reopened?.status != 200 {
            let (socket, response) = try await onThread { try Self.openStream(server.port) }
            reopened = response
            if response?.status == 200 { streams[0] = socket } else {
                socket.closeNow()
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(reopened?.status == 200, "the place of a closed stream was not given back")
        withExtendedLifetime(streams) {}
    }

    @Test func aStreamEndsAtItsLifetime() async throws {
        var limits = ServerLimits.default
        limits.eventStreamLifetime = 1
        let server = try await RunningServer.start(folders: TinyProject.folders, serverLimits: limits, watch: true)
        defer { Task { try? await server.stop() } }
        let ended = try await onThread { () throws -> Double? in
            let (socket, response) = try Self.openStream(server.port)
            guard response?.status == 200 else { throw TestFailure("no stream: \(String(describing: response))") }
            return Self.secondsUntilStreamEnds(socket, read: response?.body ?? [], within: 15)
        }
        // 1 s, give or take a busy machine (other tests load and render beside this one).
        #expect(ended != nil, "the stream was still open 15 s after it opened, past its 1 s lifetime")
    }

    @Test func aStreamOpenedWithASignedURLEndsWhenTheSignatureExpires() async throws {
        let key = "stream-signing-key-0123456789abc"
        let server = try await RunningServer.start(folders: TinyProject.folders, access: AccessPolicy(signingKeys: [Array(key.utf8)]),
                                                   watch: true)
        defer { Task { try? await server.stop() } }
        let expires = Int(Date().timeIntervalSince1970) + 3
        let signed = try URLSigner(key: key).sign("/gallery-events?scope=gallery", expires: expires)
        let ended = try await onThread { () throws -> Double? in
            let (socket, response) = try Self.openStream(server.port, signed)
            guard response?.status == 200 else { throw TestFailure("no stream: \(String(describing: response))") }
            return Self.secondsUntilStreamEnds(socket, read: response?.body ?? [], within: 15)
        }
        // About 3 s, give or take a busy machine.
        try #require(ended != nil, "the stream was still open 15 s after it opened, past its signature's expiry")
        // Once expired, the same URL opens nothing.
        let again = try await onThread { try Self.openStream(server.port, signed, seconds: 3) }
        again.0.closeNow()
        #expect(again.1?.status == 403, "\(String(describing: again.1))")
    }

    @Test func healthAnswersWhileEveryConnectionIsHeldBySilentClientsAndStreams() async throws {
        let limits = ServerLimits.default
        let server = try await RunningServer.start(folders: TinyProject.folders, serverLimits: limits, watch: true)
        defer { Task { try? await server.stop() } }
        let (held, statuses) = try await onThread { () throws -> ([RawSocket], [Int]) in
            var held: [RawSocket] = []
            // Every stream the server allows, then silent connections up to the cap.
            for _ in 0..<limits.maxEventStreams {
                let (socket, response) = try Self.openStream(server.port)
                guard response?.status == 200 else { throw TestFailure("stream refused: \(String(describing: response))") }
                held.append(socket)
            }
            for index in 0..<(limits.maxConnections - limits.maxEventStreams) {
                let socket = try RawSocket(port: server.port)
                // A third say nothing, a third start a head and a third a body, and never finish.
                switch index % 3 {
                case 1: socket.send("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
                case 2: socket.send("POST /render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                default: break
                }
                held.append(socket)
            }
            // Let the server take them all in before asking.
            Thread.sleep(forTimeInterval: 1)
            var statuses: [Int] = []
            // Five in a row: a client that keeps reconnecting does not keep the slots either.
            for _ in 0..<5 {
                statuses.append(try Self.health(server.port, within: 1))
                held.append(try RawSocket(port: server.port))
            }
            return (held, statuses)
        }
        #expect(statuses == [200, 200, 200, 200, 200], "\(statuses)")
        // The streams were not the ones closed to make room.
        let streamsOpen = held.prefix(limits.maxEventStreams).filter(Self.isOpen).count
        #expect(streamsOpen == limits.maxEventStreams, "\(limits.maxEventStreams - streamsOpen) event streams were closed")
        for socket in held { socket.closeNow() }
    }

    /// Whether the server has not closed `socket`: what is waiting is read and dropped (at most
    /// 1 MB), then an end of stream says closed and nothing more to read says open.
    static func isOpen(_ socket: RawSocket) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16384)
        for _ in 0..<64 {
            let n = buffer.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 { return false }
            if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK }
        }
        return true
    }

    @Test func aConnectionAnsweringARequestIsNotClosedToMakeRoom() async throws {
        // Four connections each being answered (an event stream): none is idle, so a fifth is
        // refused rather than one of them cut off.
        var limits = ServerLimits.default
        limits.maxConnections = 4
        limits.maxEventStreams = 4
        let server = try await RunningServer.start(folders: TinyProject.folders, serverLimits: limits, watch: true)
        defer { Task { try? await server.stop() } }
        let (holders, refusal) = try await onThread { () throws -> ([RawSocket], RawResponse?) in
            let holders = try (0..<4).map { _ in
                let (socket, response) = try Self.openStream(server.port)
                guard response?.status == 200 else { throw TestFailure("stream refused: \(String(describing: response))") }
                return socket
            }
            let extra = try RawSocket(port: server.port)
            return (holders, RawResponse(extra.readUntilClosed(seconds: 3).bytes))
        }
        #expect(holders.allSatisfy(Self.isOpen), "a stream was closed to make room")
        #expect(refusal?.status == 503, "\(String(describing: refusal))")
        #expect((refusal?.json?["error"] as? String)?.contains("ServerLimits.maxConnections") == true)
        for holder in holders { holder.closeNow() }
    }
}
