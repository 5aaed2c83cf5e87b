import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

private let key = "signed-url-test-key-0123456789ab"
private let serverNow = Date(timeIntervalSince1970: 1_800_000_000)
private let inAnHour = 1_800_003_600

private func signingServer() async throws -> RunningServer {
    var limits = ServerLimits.default
    limits.renderDeadline = 30
    limits.queuePerWorker = 64
    var policy = AccessPolicy(tokens: ["a-token"], signingKeys: [Array(key.utf8)])
    policy.now = { serverNow }
    return try await RunningServer.start(serverLimits: limits, access: policy)
}

/// `path` (no query) with `expires` and `extra` pairs, signed with `key` however out of range the
/// expiry is (`sign` refuses to make such a URL; a client can still send one).
private func signedAnyway(_ path: String, expires: String, extra: [(name: String, value: String)] = []) -> String {
    let signer = URLSigner(key: key)
    let query = extra + [(name: "expires", value: expires)]
    let segments = (try? RequestTarget.segments(ofPath: path).get()) ?? []
    let sig = URLSigner.signature(RequestTarget.canonical(segments: segments, query: query), key: signer.keys[0])
    return path + "?" + RequestTarget.queryString(query + [(name: "sig", value: sig)])
}

/// Signatures whose numbers are extreme: the server answers them, never traps.
@Suite(.timeLimit(.minutes(2)))
struct SignatureNumberTests {
    @Test func anExpiresNearIntMinIsRefusedAndTheServerGoesOn() async throws {
        let server = try await signingServer()
        defer { Task { try? await server.stop() } }
        let path = "/v1/render/delivery/systemSmall.png"
        let preview = [(name: "preview", value: "onTheWay")]
        // Correctly signed, so the check reaches the expiry.
        for expires in [Int.min, Int.min + 1, -1, Int.max, 253_402_300_800] {
            let reply = try await Client.send(server.url(signedAnyway(path, expires: String(expires), extra: preview)))
            #expect(reply.status == 403, "\(expires): \(reply.text)")
            #expect(reply.json?["field"] as? String == "expires", "\(expires): \(reply.text)")
            #expect((reply.json?["error"] as? String)?.contains("253402300799") == true, "\(reply.text)")
        }
        #expect(try await Client.send(server.url("/health")).status == 200)
        // The last second that can be written in ISO 8601 with four digits is still a good expiry,
        // and the first one a long time ago.
        let latest = try await Client.send(server.url(try URLSigner(key: key).sign(path + "?preview=onTheWay", expires: 253_402_300_799)))
        #expect(latest.status == 200, "\(latest.text)")
        let epoch = try await Client.send(server.url(try URLSigner(key: key).sign(path + "?preview=onTheWay", expires: 0)))
        #expect(epoch.status == 403, "\(epoch.text)")
        #expect((epoch.json?["error"] as? String)?.contains("expired at 1970-01-01T00:00:00Z (1800000000 s ago)") == true, "\(epoch.text)")
        #expect(throws: SignedURLError.expiryOutOfRange(-1)) { try URLSigner(key: key).sign(path, expires: -1) }
    }

    @Test("sign refuses a URL that already holds scope twice, which verify would refuse (fuzz-signature finding)")
    func signRefusesTwoScopes() throws {
        let signer = URLSigner(key: key)
        #expect { try signer.sign("/v1/layouts?scope=layouts&scope=render", expires: 2_000_000_000) } throws: {
            "\($0)".contains("more than once")
        }
        // With a scope of its own the signer replaces the URL's, so that one is signed.
        let signed = try signer.sign("/v1/layouts?scope=layouts&scope=render", expires: 2_000_000_000, scope: "layouts")
        #expect(signed.components(separatedBy: "scope=").count == 2, "\(signed)")
    }

    @Test func theVerifierNamesAnExpiryOutOfRangeWithoutTrapping() {
        let signer = URLSigner(key: key)
        for expires in ["-9223372036854775808", "9223372036854775807", "99999999999999999999", "1e9", "-0x10"] {
            let query = "expires=\(expires)&sig=AAAA"
            guard case .invalid(_, let field) = signer.verify(path: "/v1/render/a/b.png", query: query, now: serverNow) else {
                Issue.record("\(expires) was not refused")
                continue
            }
            #expect(field == "expires", "\(expires)")
        }
    }

    @Test(.childProcess) func signRefusesAnExpiryItCannotWrite() async throws {
        let url = "/v1/render/delivery/systemSmall.png"
        let base = ["sign", url, "--signing-key", key]
        for duration in ["9223372036854775807", "9223372036854775807s", "106751991167300d", "253402300800"] {
            let run = try await ServerCLI.run(base + ["--expires-in", duration])
            #expect(run.status == 2, "--expires-in \(duration): \(run)")
            #expect(run.stderr.contains("--expires-in"), "\(run)")
        }
        for time in ["-1", "-9223372036854775808", "9223372036854775807", "253402300800"] {
            let run = try await ServerCLI.run(base + ["--expires-at=\(time)"])
            #expect(run.status == 2, "--expires-at \(time): \(run)")
            #expect(run.stderr.contains("--expires-at"), "\(run)")
            #expect(run.stdout.isEmpty, "\(run)")
        }
        // In the past but writable: the URL is made (it shows what an expired link answers), with a word.
        let past = try await ServerCLI.run(base + ["--expires-at", "1000"])
        #expect(past.status == 0, "\(past)")
        #expect(past.stdout.contains("expires=1000&sig="))
        #expect(past.stderr.contains("already expired"), "\(past)")
        let ahead = try await ServerCLI.run(base + ["--expires-in", "7d"])
        #expect(ahead.status == 0, "\(ahead)")
        #expect(ahead.stderr.isEmpty, "\(ahead)")
    }
}

/// What a signed URL opens: the route family it was signed for.
@Suite(.timeLimit(.minutes(2)))
struct SignedScopeTests {
    @Test func aSignedURLOpensRenderRoutesOnlyUnlessItsScopeSaysMore() async throws {
        let server = try await signingServer()
        defer { Task { try? await server.stop() } }
        let signer = URLSigner(key: key)
        let render = "/v1/render/delivery/systemSmall.png?preview=onTheWay"

        let plainRender = try await Client.send(server.url(try signer.sign(render, expires: inAnHour)))
        #expect(plainRender.status == 200, "\(plainRender.text)")
        #expect(plainRender.header("Content-Type") == "image/png")

        // Not signed for the listing: a render signature must not open it.
        for path in ["/v1/layouts", "/layouts"] {
            let reply = try await Client.send(server.url(try signer.sign(path, expires: inAnHour)))
            #expect(reply.status == 403, "\(path): \(reply.text)")
            #expect(reply.json?["field"] as? String == "scope", "\(path): \(reply.text)")
            #expect((reply.json?["error"] as? String)?.contains("render") == true, "\(reply.text)")
        }
        // The signer widens it; the scope is covered by the signature.
        let listing = try await Client.send(server.url(try signer.sign("/v1/layouts?scope=layouts", expires: inAnHour)))
        #expect(listing.status == 200, "\(listing.text)")
        #expect(listing.json?["layouts"] != nil)
        let both = try await Client.send(server.url(try signer.sign(render + "&scope=layouts,render", expires: inAnHour)))
        #expect(both.status == 200, "\(both.text)")
        #expect(both.body == plainRender.body)
        let widened = try signer.sign("/v1/layouts?scope=layouts", expires: inAnHour).replacingOccurrences(of: "scope=layouts", with: "scope=gallery,layouts")
        #expect(try await Client.send(server.url(widened)).status == 403)

        let narrowed = try await Client.send(server.url(try signer.sign(render + "&scope=layouts", expires: inAnHour)))
        #expect(narrowed.status == 403, "\(narrowed.text)")
        #expect(narrowed.json?["field"] as? String == "scope")
        let unknown = try await Client.send(server.url(signedAnyway("/v1/render/delivery/systemSmall.png", expires: String(inAnHour),
                                                                    extra: [(name: "scope", value: "admin")])))
        #expect(unknown.status == 403, "\(unknown.text)")
        #expect((unknown.json?["error"] as? String)?.contains("'admin'") == true, "\(unknown.text)")
        // The gallery family: past access control (200, or 404 where no verify report was written; not 401/403).
        let report = try await Client.send(server.url(try signer.sign("/verify-report/index.html?scope=gallery", expires: inAnHour)))
        #expect([200, 404].contains(report.status), "\(report.text)")
        #expect(try await Client.send(server.url(try signer.sign("/verify-report/index.html", expires: inAnHour))).status == 403)
    }

    @Test(.childProcess) func signTakesAScopeAndRefusesAnUnknownOne() async throws {
        let run = try await ServerCLI.run(["sign", "/v1/layouts", "--signing-key", key, "--expires-at", "2000000000", "--scope", "layouts"])
        #expect(run.status == 0, "\(run)")
        let url = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(url.hasPrefix("/v1/layouts?scope=layouts&expires=2000000000&sig="), "\(url)")
        let query = String(url.dropFirst("/v1/layouts?".count))
        #expect(URLSigner(key: key).verify(path: "/v1/layouts", query: query, now: serverNow) == .valid)
        let bad = try await ServerCLI.run(["sign", "/v1/layouts", "--signing-key", key, "--scope", "everything"])
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("--scope"), "\(bad)")
    }
}

/// What `sign` makes must verify: the promises fuzz-signature checks, for the inputs it found
/// breaking them (Fuzz/signature/regressions).
@Suite struct SignRoundTripTests {
    let signer = URLSigner(key: key)

    /// The signed URL as a client sends it (no fragment), read as the server reads it.
    func verify(_ signed: String) -> SignatureCheck {
        let sent = signed.prefix { $0 != "#" }
        let question = sent.firstIndex(of: "?")
        let path = String(sent[..<(question ?? sent.endIndex)])
        return signer.verify(path: path, query: question.map { String(sent[sent.index(after: $0)...]) }, now: serverNow)
    }

    @Test(arguments: [
        "/v1/render/delivery/systemSmall.png?image=https://example.com/a.png",
        "/v1/render/delivery/systemSmall.png?data=%7B%22u%22%3A%22http://x%22%7D",
    ])
    func aSchemeSeparatorInTheQueryIsPartOfTheQuery(_ url: String) throws {
        let signed = try signer.sign(url, expires: inAnHour)
        #expect(signed.hasPrefix("/v1/render/delivery/systemSmall.png?"), "\(signed)")
        #expect(verify(signed) == .valid, "\(signed)")
    }

    /// `/://` (a path with an empty segment, which no signature opens): the signature covers the
    /// path as sent, so the verdict is about the route, not a bad signature.
    @Test(arguments: ["/://", "/v1/render/a://b/systemSmall.png"])
    func aSchemeSeparatorInThePathIsPartOfThePath(_ url: String) throws {
        let signed = try signer.sign(url, expires: inAnHour)
        #expect(signed.hasPrefix(url.replacingOccurrences(of: ":", with: "%3A") + "?"), "\(signed)")
        guard case .invalid(let reason, let field) = verify(signed) else { Issue.record("\(signed) verifies"); return }
        #expect(field == "scope" && reason.contains("not a route a signature opens"), "\(reason)")
    }

    @Test func anAbsoluteURLKeepsItsSchemeAndHostOutOfTheSignature() throws {
        let signed = try signer.sign("https://widgets.example:8443/v1/render/delivery/systemSmall.png?u=http://x", expires: inAnHour)
        #expect(signed.hasPrefix("https://widgets.example:8443/v1/render/delivery/systemSmall.png?u=http%3A%2F%2Fx&expires="), "\(signed)")
        #expect(verify(String(signed.dropFirst("https://widgets.example:8443".count))) == .valid, "\(signed)")
    }
}
