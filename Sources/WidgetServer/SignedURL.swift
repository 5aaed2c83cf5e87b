import Crypto
import Foundation

/// HMAC-SHA256 signed URLs, as image proxies sign them: whoever holds the key can hand out a URL
/// that renders one thing until a time, without giving away a token.
///
/// The signature covers the path and the query (every parameter but `sig`, `expires` included), in
/// a canonical form so that reordering parameters or re-encoding them does not break it:
///
///     canonical = path + "\n" + name=value&name=value…   (sorted by name then value, each
///                                                          percent-encoded with RFC 3986's
///                                                          unreserved set)
///     sig       = base64url(HMAC-SHA256(key, canonical)), no padding
///
/// The method is not signed (HEAD and GET read the same thing); signatures are only accepted on
/// GET and HEAD (a POST body is not covered).
public struct URLSigner: Sendable {
    /// The first key signs; every key verifies (so a key can be rotated without breaking URLs
    /// signed with the previous one).
    let keyBytes: [[UInt8]]
    var keys: [SymmetricKey] { keyBytes.map { SymmetricKey(data: $0) } }

    public init(keys: [[UInt8]]) {
        self.keyBytes = keys
    }

    public init(key: String) { self.init(keys: [Array(key.utf8)]) }

    /// `url` (absolute, or a path with a query) with `expires=` and `sig=` appended; an `expires` or
    /// `sig` already there is replaced.
    public func sign(_ url: String, expires: Int) throws(SignedURLError) -> String {
        guard let key = keys.first else { throw .noKey }
        let parts = try URLParts(url)
        var query = parts.query.filter { $0.name != "sig" && $0.name != "expires" }
        query.append((name: "expires", value: String(expires)))
        let signature = Self.signature(path: parts.path, query: query, key: key)
        query.append((name: "sig", value: signature))
        let encoded = query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
        return parts.prefix + parts.rawPath + "?" + encoded + parts.fragment
    }

    /// Checks the `sig` and `expires` parameters of a request's path and raw query.
    public func verify(path: String, query rawQuery: String?, now: Date) -> SignatureCheck {
        let query = URLParts.parseQuery(rawQuery ?? "")
        let signatures = query.filter { $0.name == "sig" }
        let expiries = query.filter { $0.name == "expires" }
        guard let sig = signatures.first else { return .unsigned }
        guard signatures.count == 1 else { return .invalid("'sig' is given more than once", field: "sig") }
        guard expiries.count == 1, let expires = Int(expiries[0].value) else {
            return .invalid("a signed URL needs exactly one 'expires' (unix seconds)", field: "expires")
        }
        guard let given = Self.base64URLDecode(sig.value) else {
            return .invalid("bad signature: 'sig' is not base64url", field: "sig")
        }
        let decodedPath = URLParts.percentDecode(path)
        let unsigned = query.filter { $0.name != "sig" }
        let message = Array(Self.canonical(path: decodedPath, query: unsigned).utf8)
        let valid = keys.contains { key in
            HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: message, using: key)
        }
        guard valid else { return .invalid("bad signature for \(decodedPath)", field: "sig") }
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        guard nowSeconds <= expires else {
            let at = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(expires)))
            return .invalid("the signed URL expired at \(at) (\(nowSeconds - expires) s ago)", field: "expires")
        }
        return .valid
    }

    static func signature(path: String, query: [(name: String, value: String)], key: SymmetricKey) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(canonical(path: path, query: query).utf8), using: key)
        return base64URLEncode(Array(code))
    }

    static func canonical(path: String, query: [(name: String, value: String)]) -> String {
        let sorted = query.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
        return encodePath(path) + "\n" + sorted.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) { out.unicodeScalars.append(UnicodeScalar(byte)) } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
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

public enum SignatureCheck: Equatable, Sendable {
    /// No `sig` parameter.
    case unsigned
    /// Signed with one of the keys and not expired.
    case valid
    /// Why not, and which parameter is at fault.
    case invalid(String, field: String)
}

public enum SignedURLError: Error, CustomStringConvertible, Equatable {
    case noKey
    case notAURL(String)

    public var description: String {
        switch self {
        case .noKey: "no signing key"
        case .notAURL(let url): "'\(url)' is not a URL or a path starting with /"
        }
    }
}

/// A URL cut where signing needs it: `prefix` (scheme://host:port), the path (raw and decoded),
/// the query (decoded pairs), the fragment.
struct URLParts {
    var prefix = ""
    var rawPath: String
    var path: String
    var query: [(name: String, value: String)]
    var fragment = ""

    init(_ url: String) throws(SignedURLError) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { fragment = String(rest[hash...]); rest = rest[..<hash] }
        if let scheme = rest.range(of: "://") {
            let afterScheme = rest[scheme.upperBound...]
            let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            prefix = String(rest[..<slash])
            rest = afterScheme[slash...]
            if rest.isEmpty { rest = "/" }
        }
        guard rest.hasPrefix("/") else { throw .notAURL(url) }
        let question = rest.firstIndex(of: "?")
        rawPath = String(rest[..<(question ?? rest.endIndex)])
        path = Self.percentDecode(rawPath)
        query = question.map { Self.parseQuery(String(rest[rest.index(after: $0)...])) } ?? []
    }

    /// `a=1&b=%20x&c`: `+` stays `+` (the server reads it so too).
    static func parseQuery(_ raw: String) -> [(name: String, value: String)] {
        raw.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return (percentDecode(String(pair[..<equals])), percentDecode(String(pair[pair.index(after: equals)...])))
            }
            return (percentDecode(String(pair)), "")
        }
    }

    static func percentDecode(_ text: String) -> String { text.removingPercentEncoding ?? text }
}
