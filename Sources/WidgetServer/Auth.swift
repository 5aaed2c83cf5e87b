import Crypto
import Foundation
import Hummingbird
import WidgetShot

/// Who may call what. With no token and no signing key everything is open (a private network).
/// With either, every path but `openPaths` needs a bearer token, or, on GET/HEAD, a URL signed with
/// one of the signing keys for the route's family (`RouteFamily`: the render routes unless the
/// signature's `scope` names more). `serve` never builds an open policy from settings that are
/// there but empty (`ServeSettings`), and says at start which of the two it has (`summary`).
///
/// Answers: no credentials → 401 with `WWW-Authenticate: Bearer`; a wrong token → 401 with
/// `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1: an invalid token is 401, 403 is
/// for a valid one lacking scope, which we do not have); a bad or expired signature → 403 naming why.
public struct AccessPolicy: Sendable {
    /// Each accepted token's HMAC under a key made at start: a token is checked with swift-crypto's
    /// constant-time `isValidAuthenticationCode` against every one of them, every time, so neither
    /// the time taken nor which token matched leaks (and the MACs have one length whatever the
    /// tokens' lengths).
    let tokenMACs: [[UInt8]]
    let macKey: [UInt8]
    public let signer: URLSigner?
    /// Paths answered without credentials (exact match).
    public var openPaths: Set<String>
    /// The clock that decides whether a signature has expired (tests set it).
    public var now: @Sendable () -> Date = { Date() }

    /// Probes and the API description stay open; `/metrics` too unless `protectMetrics`.
    public static func defaultOpenPaths(protectMetrics: Bool) -> Set<String> {
        var paths: Set<String> = ["/health", "/v1/health", "/v1/openapi.json"]
        if !protectMetrics { paths.insert("/metrics") }
        return paths
    }

    public init(tokens: [String] = [], signingKeys: [[UInt8]] = [], openPaths: Set<String> = defaultOpenPaths(protectMetrics: false)) {
        var generator = SystemRandomNumberGenerator()
        let macKey = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.macKey = macKey
        self.tokenMACs = tokens.map { Array(HMAC<SHA256>.authenticationCode(for: Array($0.utf8), using: SymmetricKey(data: macKey))) }
        self.signer = signingKeys.isEmpty ? nil : URLSigner(keys: signingKeys)
        self.openPaths = openPaths
    }

    public static let open = AccessPolicy()

    public var isOpen: Bool { tokenMACs.isEmpty && signer == nil }

    /// For the start-up line: `access control on: tokens: 2, signing keys: 1`, or
    /// `access control OFF: every route is open`.
    public var summary: String {
        isOpen ? "access control OFF: every route is open"
            : "access control on: tokens: \(tokenMACs.count), signing keys: \(signer?.keyBytes.count ?? 0)"
    }

    func acceptsToken(_ token: String) -> Bool {
        let key = SymmetricKey(data: macKey)
        let given = Array(token.utf8)
        var matched = false
        for mac in tokenMACs where HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: given, using: key) { matched = true }
        return matched
    }

    /// One token a line; blank lines and lines starting with `#` are skipped; spaces around a token
    /// are not part of it.
    public static func readTokenFile(_ path: String) throws -> [String] {
        let text: String
        do { text = try BoundedFile.text(path, limit: 1024 * 1024) } catch {
            throw AccessFileError("the token file \(path): \(error)")
        }
        let tokens = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !tokens.isEmpty else { throw AccessFileError("the token file \(path) holds no token (one a line; # starts a comment)") }
        for (index, token) in tokens.enumerated() where token.contains(where: \.isWhitespace) {
            throw AccessFileError("\(path): token \(index + 1) contains a space")
        }
        return tokens
    }

    /// The key is the file's bytes without a trailing newline.
    public static func readKeyFile(_ path: String) throws -> [UInt8] {
        var bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: 64 * 1024) } catch {
            throw AccessFileError("the signing key file \(path): \(error)")
        }
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        guard bytes.count >= 16 else { throw AccessFileError("the signing key in \(path) is \(bytes.count) bytes; use at least 16 (32 random bytes is good)") }
        return bytes
    }
}

public struct AccessFileError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// What a request let in by a signed URL may still need to know while it is answered: how many
/// seconds its signature has left (by the policy's clock; the URL is good through the second
/// `expires` names). An event stream ends then.
public enum SignedAccess {
    @TaskLocal public static var secondsLeft: Double?
}

/// Applies an AccessPolicy before the route runs. A valid signature's `sig`, `expires` and `scope`
/// are taken off the query, so the route sees only its own parameters.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if policy.isOpen || policy.openPaths.contains(request.uri.path) {
            // A signed URL still works once access control is off (links already handed out).
            return try await next(Self.withoutSignature(request), context)
        }
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw Self.unauthorized("the Authorization header must be 'Bearer <token>'", error: "invalid_request")
            }
            guard !policy.tokenMACs.isEmpty, policy.acceptsToken(parts[1].trimmingCharacters(in: .whitespaces)) else {
                throw Self.unauthorized("the bearer token is not accepted", error: "invalid_token")
            }
            return Self.privateToTheCaller(try await next(Self.withoutSignature(request), context))
        }
        if let signer = policy.signer, request.method == .get || request.method == .head {
            let now = policy.now()
            switch signer.check(path: request.uri.path, query: request.uri.query, now: now) {
            case .valid(let expires):
                let end = Double(CheckedNumber.saturatingAdd(expires, 1))
                let left = max(0, end - now.timeIntervalSince1970)
                return try await SignedAccess.$secondsLeft.withValue(left) {
                    try await next(Self.withoutSignature(request), context)
                }
            case .invalid(let reason, let field):
                throw APIError(.forbidden, reason, field: field)
            case .unsigned:
                break
            }
        }
        let how = policy.signer == nil || !(request.method == .get || request.method == .head)
            ? "send Authorization: Bearer <token>"
            : "send Authorization: Bearer <token> or sign the URL (widgetshot sign)"
        throw Self.unauthorized("\(request.method) \(request.uri.path) needs credentials: \(how)", error: nil)
    }

    static func unauthorized(_ message: String, error: String?) -> APIError {
        var apiError = APIError(.unauthorized, message, field: "Authorization")
        apiError.headers[.wwwAuthenticate] = "Bearer realm=\"widgetshot\"" + (error.map { ", error=\"\($0)\"" } ?? "")
        return apiError
    }

    /// An answer given on a token must not be kept by a shared cache (a CDN) and handed to callers
    /// without one: `public` becomes `private` (RFC 9111 §3.5 would otherwise let a shared cache
    /// store it). Signed URLs stay `public`: the URL itself is the credential, so it is the cache key.
    static func privateToTheCaller(_ response: Response) -> Response {
        guard let cacheControl = response.headers[.cacheControl] else { return response }
        var response = response
        let directives = cacheControl.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.lowercased() != "public" && !$0.lowercased().hasPrefix("s-maxage") }
        response.headers[.cacheControl] = (["private"] + directives).joined(separator: ", ")
        return response
    }

    /// The request with `sig`, `expires` and `scope` removed from its query, other parameters as sent.
    static func withoutSignature(_ request: Request) -> Request {
        // A byte search first: Foundation's String.contains was a tenth of a cached answer's cost.
        guard let query = request.uri.query,
              Self.contains(query, "sig=") || Self.contains(query, "expires=") || Self.contains(query, "scope=")
                || Self.contains(query, "%") else {
            return request
        }
        let kept = query.split(separator: "&", omittingEmptySubsequences: true).filter { pair in
            let name = RequestTarget.decode(pair.prefix { $0 != "=" })
            return name != "sig" && name != "expires" && name != "scope"
        }
        var head = request.head
        head.path = request.uri.path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        return Request(head: head, body: request.body)
    }

    /// Whether `text` contains `needle`, byte for byte, with no copy.
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { hay in
            needle.withUTF8Buffer { n in
                guard n.count > 0 else { return true }
                guard hay.count >= n.count else { return false }
                for start in 0...(hay.count - n.count) where hay[start] == n[0] {
                    var i = 1
                    while i < n.count, hay[start + i] == n[i] { i += 1 }
                    if i == n.count { return true }
                }
                return false
            }
        }
    }
}
