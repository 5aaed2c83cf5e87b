import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// The router, the signature check and `widgetshot sign` read a URL one way (RequestTarget), and
/// the HTTP details around it follow the RFCs: names that need encoding resolve, `/verify-report/`
/// is the report, HTTP/1.0 closes unless asked to keep alive, CONNECT gets a JSON error.
@Suite(.timeLimit(.minutes(2)))
struct RequestTargetTests {
    /// One request on a new connection: the response (waited for up to 30 s) and whether the server
    /// then closed the connection within `seconds`.
    private static func exchange(_ port: Int, _ request: String, seconds: Double = 3) async throws -> (RawResponse?, Bool) {
        try await onThread {
            let socket = try RawSocket(port: port)
            socket.send(request)
            let (bytes, closed) = socket.readResponse(seconds: 30, settle: seconds)
            return (RawResponse(bytes), closed)
        }
    }

    @Test func everyLayoutTheListingNamesRendersAtItsEncodedLink() async throws {
        var limits = ServerLimits.default
        limits.renderDeadline = 30
        let server = try await RunningServer.start(folders: TinyProject.folders, serverLimits: limits)
        defer { Task { try? await server.stop() } }
        let listing = try await Client.send(server.url("/v1/layouts"))
        let names = (listing.json?["layouts"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(names) == Set(TinyProject.names), "\(names)")
        for name in names {
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
            for prefix in ["/v1", ""] {
                let reply = try await Client.send(server.url("\(prefix)/render/\(encoded)/systemSmall.png?preview=one"))
                #expect(reply.status == 200, "\(prefix)/render/\(encoded): \(reply.text)")
                #expect(reply.header("Content-Type") == "image/png")
            }
        }
        // Over-encoded unreserved letters are the same path; a malformed escape is a 400 naming the path.
        let overEncoded = try await Client.send(server.url("/v1/render/my%20l%61yout/system%53mall.png?pr%65view=o%6Ee"))
        #expect(overEncoded.status == 200, "\(overEncoded.text)")
        let (malformed, _) = try await Self.exchange(server.port, "GET /v1/render/my%2layout/systemSmall.png HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(malformed?.status == 400, "\(String(describing: malformed))")
        #expect((malformed?.json?["error"] as? String)?.contains("percent-encoding") == true, "\(String(describing: malformed))")
        let badQuery = try await Client.send(server.url("/v1/render/my%20layout/systemSmall.png?preview=%E0%A4"))
        #expect(badQuery.status == 400, "\(badQuery.text)")
        #expect(badQuery.json?["field"] as? String == "preview", "\(badQuery.text)")
    }

    @Test func theSignerAndTheRouterReadATargetAlike() async throws {
        let key = "target-test-key-0123456789abcdef"
        let signer = URLSigner(key: key)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        // An encoded slash stays inside its segment: the signature of a/b is not one of a%2Fb.
        let split = try signer.sign("/v1/render/a/b.png", expires: 1_900_000_000)
        let query = String(split.split(separator: "?")[1])
        #expect(signer.verify(path: "/v1/render/a/b.png", query: query, now: now) == .valid)
        #expect(signer.verify(path: "/v1/render/a%2Fb.png", query: query, now: now) != .valid)
        #expect(RequestTarget.canonicalPath("/v1/render/a%2Fb.png") == .success("/v1/render/a%2Fb.png"))
        #expect(RequestTarget.canonicalPath("/v1/%72ender/my layout/%EC%B9%B4%ED%8E%98") == .success("/v1/render/my%20layout/%EC%B9%B4%ED%8E%98"))
        // Names are decoded like values (by the router too, below).
        let pairs = try RequestTarget.query("sc%61le=2&now=2026-11-22T12:00:00+09:00&&flag").get()
        #expect(pairs.map(\.name) == ["scale", "now", "flag"])
        #expect(pairs.map(\.value) == ["2", "2026-11-22T12:00:00+09:00", ""])
        #expect(throws: RequestTarget.Malformed.self) { try RequestTarget.query("a=%zz").get() }

        var policy = AccessPolicy(signingKeys: [Array(key.utf8)])
        policy.now = { now }
        var limits = ServerLimits.default
        limits.renderDeadline = 30
        let server = try await RunningServer.start(folders: TinyProject.folders, serverLimits: limits, access: policy)
        defer { Task { try? await server.stop() } }
        // Signed as `sign` prints it (canonical), fetched as a client may send it (names and
        // letters encoded, pairs reordered): the same request to the signature and to the router.
        let signed = try signer.sign("/v1/render/my layout/systemSmall.png?preview=one&scale=2", expires: 1_900_000_000)
        try #require(signed.hasPrefix("/v1/render/my%20layout/systemSmall.png?preview=one&scale=2&expires=1900000000&sig="), "\(signed)")
        let direct = try await Client.send(server.url(signed))
        #expect(direct.status == 200, "\(direct.text)")
        let sig = String(signed.split(separator: "&").last!)
        let reworded = "/v1/render/my%20l%61yout/systemSmall.png?sc%61le=2&expires=1900000000&\(sig)&preview=%6Fne"
        let reply = try await Client.send(server.url(reworded))
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.body == direct.body)
    }

    @Test func theVerifyReportIsAtItsFolderAddress() async throws {
        let server = try await RunningServer.start(folders: TinyProject.folders)
        defer { Task { try? await server.stop() } }
        for path in ["/verify-report/", "/verify-report/index.html"] {
            let reply = try await Client.send(server.url(path))
            #expect(reply.status == 200, "\(path): \(reply.text)")
            #expect(reply.text == TinyProject.reportPage, "\(path)")
            #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true)
        }
        // Without the slash the page's relative links would miss: a redirect to the folder.
        let (bare, _) = try await Self.exchange(server.port, "GET /verify-report HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(bare?.status == 308, "\(String(describing: bare))")
        #expect(bare?.headers["location"] == "/verify-report/", "\(String(describing: bare))")
    }

    @Test func anHTTP10ConnectionClosesUnlessItAsksToBeKeptAlive() async throws {
        let server = try await SharedServer.get()
        let (plain, plainClosed) = try await Self.exchange(server.port, "GET /health HTTP/1.0\r\n\r\n")
        #expect(plain?.status == 200, "\(String(describing: plain))")
        #expect(plain?.json?["status"] as? String == "ok")
        #expect(plainClosed, "an HTTP/1.0 connection without keep-alive stayed open after its answer")
        let (asked, askedClosed) = try await Self.exchange(server.port, "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", seconds: 1)
        #expect(asked?.status == 200)
        #expect(!askedClosed, "an HTTP/1.0 connection that asked for keep-alive was closed")
        #expect(asked?.headers["connection"]?.lowercased() == "keep-alive", "\(String(describing: asked))")
        let (closing, closingClosed) = try await Self.exchange(server.port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(closing?.status == 200)
        #expect(closingClosed, "an HTTP/1.1 connection that sent Connection: close stayed open")
        // A render (a body of its own length) and an error answer close the same way.
        let (error, errorClosed) = try await Self.exchange(server.port, "GET /nosuch HTTP/1.0\r\n\r\n")
        #expect(error?.status == 404)
        #expect(errorClosed)
    }

    @Test("a Host the loopback server does not answer to gets 421 naming the Host; a loopback name passes")
    func aForeignHostIsMisdirected() async throws {
        let server = try await SharedServer.get()
        let (foreign, _) = try await Self.exchange(server.port, "GET /health HTTP/1.1\r\nHost: rebind.attacker.example:\(server.port)\r\nConnection: close\r\n\r\n")
        #expect(foreign?.status == 421, "\(String(describing: foreign))")
        #expect((foreign?.json?["error"] as? String)?.contains("rebind.attacker.example") == true, "\(String(describing: foreign))")
        let (local, _) = try await Self.exchange(server.port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
        #expect(local?.status == 200, "\(String(describing: local))")
    }

    @Test func connectGetsA405WithAJSONBody() async throws {
        let server = try await SharedServer.get()
        // CONNECT is refused by its method before the Host is looked at, whatever host it names.
        for request in ["CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
                        "CONNECT /v1/layouts HTTP/1.1\r\nHost: localhost\r\n\r\n"] {
            let (response, closed) = try await Self.exchange(server.port, request)
            #expect(response?.status == 405, "\(String(describing: response))")
            #expect(response?.headers["content-type"]?.hasPrefix("application/json") == true, "\(String(describing: response))")
            #expect((response?.json?["error"] as? String)?.contains("CONNECT") == true, "\(String(describing: response))")
            #expect(response?.headers["allow"] == "GET, HEAD, POST", "\(String(describing: response))")
            #expect(closed)
        }
        #expect(try await Client.send(server.url("/health")).status == 200)
    }
}
