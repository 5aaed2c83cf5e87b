import Crypto
import Foundation
import WidgetShot

/// HMAC-SHA256 signed URLs, as image proxies sign them: whoever holds the key can hand out a URL
/// that renders one thing until a time, without giving away a token.
///
/// The signature covers the path and the query (every parameter but `sig`; `expires` and `scope`
/// included), in RequestTarget's canonical form, the one the router reads a URL in, so that
/// reordering parameters or re-encoding them does not break it and no two requests the router
/// tells apart share a signature:
///
///     canonical = path + "\n" + name=value&name=value…   (each path segment and each name and
///                                                          value decoded, then percent-encoded
///                                                          with RFC 3986's unreserved set; the
///                                                          pairs sorted by name then value)
///     sig       = base64url(HMAC-SHA256(key, canonical)), no padding
///
/// What it opens is its `scope` (`SignedScope`): the render routes when it names none. The method
/// is not signed (HEAD and GET read the same thing); signatures are only accepted on GET and HEAD
/// (a POST body is not covered).
public struct URLSigner: Sendable {
    /// The first key signs; every key verifies (so a key can be rotated without breaking URLs
    /// signed with the previous one).
    let keyBytes: [[UInt8]]
    var keys: [SymmetricKey] { keyBytes.map { SymmetricKey(data: $0) } }

    /// The range an `expires` must be in: from the epoch to the last second of 9999, the last one
    /// ISO 8601 writes with four digits. Nothing past it is a real expiry, and keeping to it keeps
    /// every sum and difference of seconds far from overflowing.
    public static let expiryRange = 0...253_402_300_799

    public init(keys: [[UInt8]]) {
        self.keyBytes = keys
    }

    public init(key: String) { self.init(keys: [Array(key.utf8)]) }

    /// `url` (absolute, or a path with a query) with `expires=` and `sig=` appended, its path and
    /// query written in canonical form; an `expires` or `sig` already there is replaced. `scope`,
    /// when given, replaces a `scope` in the URL; either is signed with the rest.
    public func sign(_ url: String, expires: Int, scope: String? = nil) throws(SignedURLError) -> String {
        guard let key = keys.first else { throw .noKey }
        guard Self.expiryRange.contains(expires) else { throw .expiryOutOfRange(expires) }
        let parts = try URLParts(url)
        var query = parts.query.filter { $0.name != "sig" && $0.name != "expires" && (scope == nil || $0.name != "scope") }
        if let scope { query.append((name: "scope", value: scope)) }
        for given in query where given.name == "scope" {
            if case .failure(let problem) = SignedScope.parse(given.value) { throw .badScope(problem.description) }
        }
        // `verify` refuses a URL with two scopes (which would it grant?), so none is signed.
        if query.filter({ $0.name == "scope" }).count > 1 { throw .badScope("'scope' is given more than once; give it once") }
        query.append((name: "expires", value: String(expires)))
        let signature = Self.signature(RequestTarget.canonical(segments: parts.segments, query: query), key: key)
        query.append((name: "sig", value: signature))
        return parts.prefix + RequestTarget.canonicalPath(segments: parts.segments) + "?" + RequestTarget.queryString(query) + parts.fragment
    }

    /// Checks the `sig`, `expires` and `scope` parameters of a request's path and raw query.
    public func verify(path: String, query rawQuery: String?, now: Date) -> SignatureCheck {
        switch check(path: path, query: rawQuery, now: now) {
        case .unsigned: .unsigned
        case .valid: .valid
        case .invalid(let reason, let field): .invalid(reason, field: field)
        }
    }

    enum Check {
        case unsigned
        /// Good, until `expires` (unix seconds).
        case valid(expires: Int)
        case invalid(String, field: String)
    }

    /// `verify`, with the expiry of a good signature.
    func check(path: String, query rawQuery: String?, now: Date) -> Check {
        let query: [(name: String, value: String)]
        switch RequestTarget.query(rawQuery ?? "") {
        case .success(let pairs): query = pairs
        case .failure(let malformed): return .invalid("bad signature: \(malformed)", field: malformed.part)
        }
        let signatures = query.filter { $0.name == "sig" }
        guard let sig = signatures.first else { return .unsigned }
        guard signatures.count == 1 else { return .invalid("'sig' is given more than once", field: "sig") }
        let expiries = query.filter { $0.name == "expires" }
        guard expiries.count == 1 else {
            return .invalid("a signed URL needs exactly one 'expires' (unix seconds)", field: "expires")
        }
        let expires: Int
        switch Self.expires(expiries[0].value) {
        case .success(let seconds): expires = seconds
        case .failure(let problem): return .invalid(problem.description, field: "expires")
        }
        let segments: [String]
        switch RequestTarget.segments(ofPath: path) {
        case .success(let decoded): segments = decoded
        case .failure(let malformed): return .invalid("bad signature: \(malformed)", field: "sig")
        }
        guard let given = Self.base64URLDecode(sig.value) else {
            return .invalid("bad signature: 'sig' is not base64url", field: "sig")
        }
        let unsigned = query.filter { $0.name != "sig" }
        let message = Array(RequestTarget.canonical(segments: segments, query: unsigned).utf8)
        let valid = keys.contains { key in
            HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: message, using: key)
        }
        let shownPath = RequestTarget.canonicalPath(segments: segments)
        guard valid else { return .invalid("bad signature for \(shownPath)", field: "sig") }
        // The clock is not input, but it goes through the same checked conversion.
        let nowSeconds = CheckedNumber.int(now.timeIntervalSince1970.rounded(.down)) ?? Int.max
        guard nowSeconds <= expires else {
            let at = Self.iso8601(expires)
            let ago = CheckedNumber.subtracting(nowSeconds, expires).map { " (\($0) s ago)" } ?? ""
            return .invalid("the signed URL expired at \(at)\(ago)", field: "expires")
        }
        let scopes = query.filter { $0.name == "scope" }
        guard scopes.count <= 1 else { return .invalid("'scope' is given more than once", field: "scope") }
        switch SignedScope.parse(scopes.first?.value) {
        case .failure(let problem):
            return .invalid(problem.description, field: "scope")
        case .success(let scope):
            let family = RouteFamily.of(segments: segments)
            if let family, scope.contains(family) { return .valid(expires: expires) }
            let what = family.map { "a \($0.rawValue) route (sign it with scope=\($0.rawValue))" } ?? "not a route a signature opens"
            return .invalid("this URL is signed for \(scope.description) routes only, and \(shownPath) is \(what); "
                + "or send a bearer token", field: "scope")
        }
    }

    /// An `expires` value as unix seconds within `expiryRange`, or why not.
    public static func expires(_ text: String) -> Result<Int, SignedURLProblem> {
        guard let seconds = CheckedNumber.int(text), expiryRange.contains(seconds) else {
            return .failure(SignedURLProblem("'expires' must be unix seconds from \(expiryRange.lowerBound) to \(expiryRange.upperBound) "
                + "(\(iso8601(expiryRange.upperBound))), got '\(text.prefix(40))'"))
        }
        return .success(seconds)
    }

    /// `seconds` (within `expiryRange`) as ISO 8601 in UTC.
    static func iso8601(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func signature(_ canonical: String, key: SymmetricKey) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(canonical.utf8), using: key)
        return base64URLEncode(Array(code))
    }

    static func base64URLEncode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func base64URLDecode(_ text: String) -> [UInt8]? {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        guard !text.isEmpty, text.utf8.allSatisfy(alphabet.contains) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}

/// The routes a signed URL may open, grouped by what they show. A signature opens only the family
/// its `scope` parameter names (comma-separated), `render` when it names none: a link handed out
/// for one picture does not also open the listing of every layout or the gallery.
public enum RouteFamily: String, CaseIterable, Sendable, Comparable {
    /// `GET /v1/render/…` and `/render/…`.
    case render
    /// `GET /v1/layouts` and `/layouts`.
    case layouts
    /// `GET /`, `/index.html`, `/gallery/…`, `/gallery-events`, `/verify-report/…`.
    case gallery

    /// The family of a decoded path (`["", "v1", "render", …]`), nil for a path no signature opens.
    public static func of(segments: [String]) -> RouteFamily? {
        guard segments.count >= 2, segments[0].isEmpty else { return nil }
        var parts = Array(segments.dropFirst())
        if parts.count > 1, parts.last == "" { parts.removeLast() }  // a folder's address: `/verify-report/`
        // The router skips empty segments (`/v1//layouts`); a signature does not open such paths.
        guard parts == [""] || !parts.contains("") else { return nil }
        let api = parts.first == "v1" ? Array(parts.dropFirst()) : parts
        if api.count == 3, api[0] == "render" { return .render }
        if api == ["layouts"] { return .layouts }
        if parts == [""] || parts == ["index.html"] || parts == ["gallery-events"] { return .gallery }
        if parts[0] == "gallery" || parts[0] == "verify-report" { return .gallery }
        return nil
    }

    public static func < (a: RouteFamily, b: RouteFamily) -> Bool { a.rawValue < b.rawValue }
}

/// A signed URL's `scope`: the route families it opens.
public struct SignedScope: Sendable, Equatable, CustomStringConvertible {
    public var families: Set<RouteFamily>

    public func contains(_ family: RouteFamily) -> Bool { families.contains(family) }

    public var description: String { families.sorted().map(\.rawValue).joined(separator: ", ") }

    /// `render,layouts` → those families; nil (no `scope`) → `render`. An empty or unknown name is
    /// refused, naming the ones there are.
    public static func parse(_ text: String?) -> Result<SignedScope, SignedURLProblem> {
        guard let text else { return .success(SignedScope(families: [.render])) }
        var families: Set<RouteFamily> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let family = RouteFamily(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                return .failure(SignedURLProblem("unknown scope '\(name.prefix(40))'; a scope is a comma-separated list of "
                    + RouteFamily.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            families.insert(family)
        }
        return .success(SignedScope(families: families))
    }
}

/// Why a signature's `expires` or `scope` cannot be read.
public struct SignedURLProblem: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}

public enum SignatureCheck: Equatable, Sendable {
    /// No `sig` parameter.
    case unsigned
    /// Signed with one of the keys, not expired, and for this route's family.
    case valid
    /// Why not, and which parameter is at fault.
    case invalid(String, field: String)
}

public enum SignedURLError: Error, CustomStringConvertible, Equatable {
    case noKey
    case notAURL(String)
    case malformed(RequestTarget.Malformed)
    case expiryOutOfRange(Int)
    case badScope(String)

    public var description: String {
        switch self {
        case .noKey: "no signing key"
        case .notAURL(let url): "'\(url)' is not a URL or a path starting with /"
        case .malformed(let problem): "\(problem)"
        case .expiryOutOfRange(let seconds):
            "the expiry \(seconds) is outside unix seconds \(URLSigner.expiryRange.lowerBound)…\(URLSigner.expiryRange.upperBound) "
                + "(1970-01-01T00:00:00Z to \(URLSigner.iso8601(URLSigner.expiryRange.upperBound)))"
        case .badScope(let problem): problem
        }
    }
}

/// A URL cut where signing needs it: `prefix` (scheme://host:port), the path's decoded segments,
/// the query's decoded pairs, the fragment, each read as RequestTarget reads them.
struct URLParts {
    var prefix = ""
    var segments: [String]
    var query: [(name: String, value: String)]
    var fragment = ""

    init(_ url: String) throws(SignedURLError) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { fragment = String(rest[hash...]); rest = rest[..<hash] }
        // Absolute only when it starts with a scheme: a `://` further on (a URL in the query, or
        // in a path segment) is part of the path or the query, and signed with it.
        if let scheme = rest.range(of: "://"), Self.isScheme(rest[..<scheme.lowerBound]) {
            let afterScheme = rest[scheme.upperBound...]
            let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? afterScheme.endIndex
            prefix = String(rest[..<slash])
            rest = afterScheme[slash...]
            if rest.isEmpty || rest.hasPrefix("?") { rest = "/" + rest }
        }
        guard rest.hasPrefix("/") else { throw .notAURL(url) }
        let question = rest.firstIndex(of: "?")
        switch RequestTarget.segments(ofPath: rest[..<(question ?? rest.endIndex)]) {
        case .success(let decoded): segments = decoded
        case .failure(let problem): throw .malformed(problem)
        }
        switch RequestTarget.query(question.map { rest[rest.index(after: $0)...] } ?? "") {
        case .success(let pairs): query = pairs
        case .failure(let problem): throw .malformed(problem)
        }
    }

    /// RFC 3986's `scheme`: a letter, then letters, digits, `+`, `-` or `.`.
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.".utf8.contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
