import Foundation
import Testing
@testable import WidgetServer
import WidgetShot

private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
private let signingKey = "test-signing-key-0123456789abcdef"
/// The clock the server checks expiry against: fixed, so expiry is exact.
private let serverNow = Date(timeIntervalSince1970: 1_800_000_000)

private func accessServer(protectMetrics: Bool = false) async throws -> RunningServer {
    var limits = ServerLimits.default
    limits.renderDeadline = 30
    limits.queuePerWorker = 64
    var policy = AccessPolicy(tokens: ["alpha-token", "beta-token"], signingKeys: [Array(signingKey.utf8)],
                              openPaths: AccessPolicy.defaultOpenPaths(protectMetrics: protectMetrics))
    policy.now = { serverNow }
    return try await RunningServer.start(serverLimits: limits, access: policy)
}

private func expectJSONError(_ reply: Reply, _ status: Int, mentioning words: [String] = [],
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(reply.status == status, "body: \(reply.text)", sourceLocation: sourceLocation)
    #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    let message = reply.json?["error"] as? String ?? ""
    for word in words { #expect(message.contains(word), "'\(word)' not in: \(message)", sourceLocation: sourceLocation) }
}

@Suite(.timeLimit(.minutes(2)))
struct AccessTests {
    let renderPath = "/v1/render/delivery/systemSmall.png?preview=onTheWay&scale=1"

    @Test func withoutCredentialsEveryProtectedRouteIs401WithBearerChallenge() async throws {
        let server = try await accessServer()
        defer { Task { try? await server.stop() } }
        for path in [renderPath, "/render/delivery/systemSmall.png", "/v1/layouts", "/layouts"] {
            let reply = try await Client.send(server.url(path))
            expectJSONError(reply, 401, mentioning: ["Bearer"])
            #expect(reply.header("WWW-Authenticate")?.hasPrefix("Bearer realm=\"widgetshot\"") == true, "\(path)")
            #expect(reply.json?["field"] as? String == "Authorization")
        }
        let post = try await Client.send("POST", server.url("/v1/render"), body: Array(#"{"layout":"delivery","surface":"systemSmall"}"#.utf8))
        expectJSONError(post, 401)
    }

    @Test func healthAndTheAPIDocumentStayOpen() async throws {
        let server = try await accessServer()
        defer { Task { try? await server.stop() } }
        for path in ["/health", "/v1/health", "/v1/openapi.json"] {
            #expect(try await Client.send(server.url(path)).status == 200, "\(path)")
        }
    }

    @Test func aWrongTokenIs401InvalidTokenAndARightOneGetsThePNG() async throws {
        let server = try await accessServer()
        defer { Task { try? await server.stop() } }
        let wrong = try await Client.send(server.url(renderPath), headers: ["Authorization": "Bearer alpha-tokeN"])
        expectJSONError(wrong, 401, mentioning: ["not accepted"])
        #expect(wrong.header("WWW-Authenticate")?.contains("error=\"invalid_token\"") == true)
        let malformed = try await Client.send(server.url(renderPath), headers: ["Authorization": "Basic YTpi"])
        expectJSONError(malformed, 401, mentioning: ["Bearer"])
        for token in ["alpha-token", "beta-token"] {
            let right = try await Client.send(server.url(renderPath), headers: ["Authorization": "Bearer \(token)"])
            #expect(right.status == 200)
            #expect(right.header("Content-Type") == "image/png")
            #expect(Array(right.body.prefix(8)) == pngSignature)
            // Answered on a token: no shared cache may keep it for callers without one.
            let cacheControl = try #require(right.header("Cache-Control"))
            #expect(cacheControl.hasPrefix("private") && !cacheControl.contains("public"), "\(cacheControl)")
        }
        let post = try await Client.send("POST", server.url("/v1/render"), body: Array(#"{"layout":"delivery","surface":"systemSmall"}"#.utf8),
                                         headers: ["Authorization": "Bearer beta-token"])
        #expect(post.status == 200)
        #expect(Array(post.body.prefix(8)) == pngSignature)
    }

    @Test func aSignedURLGetsTheSamePNGAsATokenUntilItExpires() async throws {
        let server = try await accessServer()
        defer { Task { try? await server.stop() } }
        let signer = URLSigner(key: signingKey)
        let expires = Int(serverNow.timeIntervalSince1970) + 60
        let signed = try signer.sign(renderPath, expires: expires)
        #expect(signed.contains("expires=\(expires)&sig="))
        let viaSignature = try await Client.send(server.url(signed))
        #expect(viaSignature.status == 200, "\(viaSignature.text)")
        let viaToken = try await Client.send(server.url(renderPath), headers: ["Authorization": "Bearer alpha-token"])
        #expect(viaSignature.body == viaToken.body)
        #expect(viaSignature.header("Cache-Control")?.contains("public") == true)

        // The parameters in another order, re-encoded: still the same signed request.
        let query = signed.split(separator: "?")[1].split(separator: "&").reversed().joined(separator: "&")
        let reordered = try await Client.send(server.url("/v1/render/delivery/systemSmall.png?" + query))
        #expect(reordered.status == 200)

        // Exactly at expiry it is still valid; one second later it is not.
        let atExpiry = try await Client.send(server.url(try signer.sign(renderPath, expires: Int(serverNow.timeIntervalSince1970))))
        #expect(atExpiry.status == 200)
        let expired = try await Client.send(server.url(try signer.sign(renderPath, expires: Int(serverNow.timeIntervalSince1970) - 1)))
        expectJSONError(expired, 403, mentioning: ["expired at 2027-01-15T07:59:59Z", "1 s ago"])
        #expect(expired.json?["field"] as? String == "expires")
    }

    @Test func aTamperedOrForeignSignatureIs403BadSignature() async throws {
        let server = try await accessServer()
        defer { Task { try? await server.stop() } }
        let expires = Int(serverNow.timeIntervalSince1970) + 60
        let signed = try URLSigner(key: signingKey).sign(renderPath, expires: expires)
        let tampered = signed.replacingOccurrences(of: "scale=1", with: "scale=2")
        expectJSONError(try await Client.send(server.url(tampered)), 403, mentioning: ["bad signature"])
        let otherPath = signed.replacingOccurrences(of: "systemSmall", with: "systemMedium")
        expectJSONError(try await Client.send(server.url(otherPath)), 403, mentioning: ["bad signature"])
        let later = signed.replacingOccurrences(of: "expires=\(expires)", with: "expires=\(expires + 3600)")
        expectJSONError(try await Client.send(server.url(later)), 403, mentioning: ["bad signature"])
        let foreign = try URLSigner(key: "another-key-0123456789abcdef").sign(renderPath, expires: expires)
        expectJSONError(try await Client.send(server.url(foreign)), 403, mentioning: ["bad signature"])
        let notBase64 = try await Client.send(server.url(renderPath + "&expires=\(expires)&sig=!!!"))
        expectJSONError(notBase64, 403, mentioning: ["base64url"])
        let noExpiry = try await Client.send(server.url(renderPath + "&sig=AAAA"))
        expectJSONError(noExpiry, 403, mentioning: ["expires"])
        // A signature is not a credential for POST (the body is not signed).
        let post = try await Client.send("POST", server.url(try URLSigner(key: signingKey).sign("/v1/render", expires: expires)),
                                         body: Array(#"{"layout":"delivery","surface":"systemSmall"}"#.utf8))
        expectJSONError(post, 401)
    }

    @Test(arguments: [false, true])
    func metricsAreBehindTheTokenOnlyWhenProtected(protect: Bool) async throws {
        let server = try await accessServer(protectMetrics: protect)
        defer { Task { try? await server.stop() } }
        let reply = try await Client.send(server.url("/metrics"))
        if protect {
            #expect(reply.status == 401)
            let withToken = try await Client.send(server.url("/metrics"), headers: ["Authorization": "Bearer alpha-token"])
            #expect(withToken.status != 401)
        } else {
            #expect(reply.status != 401)
        }
    }

    @Test func withNothingConfiguredEverythingIsOpen() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send(server.url(renderPath))
        #expect(reply.status == 200)
        // A URL signed while access control was on still renders once it is off (its expires and
        // sig are not taken for unknown render parameters).
        let signed = try URLSigner(key: signingKey).sign(renderPath, expires: 1)
        let fromSigned = try await Client.send(server.url(signed))
        #expect(fromSigned.status == 200, "\(fromSigned.text)")
        #expect(fromSigned.body == reply.body)
    }
}

@Suite struct SigningTests {
    @Test func theSignatureIsHMACOverTheCanonicalPathAndSortedQuery() throws {
        let signer = URLSigner(key: signingKey)
        let signed = try signer.sign("http://example.com:8080/v1/render/delivery/systemSmall.png?scale=2&preview=on%20the%20way#top", expires: 1_700_000_000)
        #expect(signed.hasPrefix("http://example.com:8080/v1/render/delivery/systemSmall.png?scale=2&preview=on%20the%20way&expires=1700000000&sig="))
        #expect(signed.hasSuffix("#top"))
        // Recomputed by hand: canonical = path \n sorted, RFC 3986-encoded query.
        let canonical = "/v1/render/delivery/systemSmall.png\nexpires=1700000000&preview=on%20the%20way&scale=2"
        #expect(RequestTarget.canonical(segments: ["", "v1", "render", "delivery", "systemSmall.png"],
                                        query: [("scale", "2"), ("preview", "on the way"), ("expires", "1700000000")]) == canonical)
        let sig = String(signed.split(separator: "sig=")[1].prefix { $0 != "#" })
        #expect(sig.count == 43)
        #expect(!sig.contains("=") && !sig.contains("+") && !sig.contains("/"))
        let path = "/v1/render/delivery/systemSmall.png"
        let query = String(signed.split(separator: "?")[1].prefix { $0 != "#" })
        #expect(signer.verify(path: path, query: query, now: Date(timeIntervalSince1970: 1_700_000_000)) == .valid)
        // Re-signing replaces the old expires and sig.
        let again = try signer.sign(signed, expires: 1_800_000_000)
        #expect(again.components(separatedBy: "sig=").count == 2)
        #expect(again.components(separatedBy: "expires=").count == 2)
        #expect(throws: SignedURLError.notAURL("render/x")) { try signer.sign("render/x", expires: 1) }
    }

    @Test func aTokenFileSkipsCommentsAndBlankLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)").path
        try "# deploy tokens\n\n  first-token  \nsecond-token\n# old-token\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try AccessPolicy.readTokenFile(path) == ["first-token", "second-token"])
        let policy = AccessPolicy(tokens: try AccessPolicy.readTokenFile(path))
        #expect(policy.acceptsToken("second-token"))
        #expect(!policy.acceptsToken("old-token"))
        #expect(!policy.acceptsToken("# deploy tokens"))
        try "# nothing here\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: AccessFileError.self) { try AccessPolicy.readTokenFile(path) }
    }
}
