/// The one reading of a request target (its path and query) that the router, the signature check
/// and `widgetshot sign` share: what a signature covers is exactly what the server serves.
///
/// - **Path**: the raw path split on `/`, each segment percent-decoded on its own. A `%2F` stays
///   inside its segment, so `/a%2Fb/c` and `/a/b/c` are different paths (and different signatures).
/// - **Query**: `&`-separated `name=value` pairs (empty pairs skipped, a pair without `=` has an
///   empty value), name and value percent-decoded the same way. `+` stays `+`: `now=…+09:00` works
///   unencoded, as the README says.
/// - **Malformed**: a `%` not followed by two hex digits, or escapes that decode to bytes that are not
///   UTF-8, make the part unreadable (a 400 from the router, a refused signature, an error from
///   `sign`), never a guess.
/// - **Canonical form**: every byte outside RFC 3986's unreserved set written `%XX` (upper case).
///   The router matches the canonical path, so `/v1/%72ender/…` is `/v1/render/…` to it as to a
///   signature; a route reads its path parameters back with `decode`.
public enum RequestTarget {
    /// A part of a target whose percent-encoding cannot be read: `where` names it (`path`, or the
    /// query parameter's name as far as it could be read).
    public struct Malformed: Error, Equatable, CustomStringConvertible, Sendable {
        public var part: String
        public var text: String
        public var description: String {
            "malformed percent-encoding in the \(part == "path" ? "path" : "query parameter '\(part)'"): '\(text)' "
                + "(a % must be followed by two hex digits, and the bytes must be UTF-8)"
        }
    }

    /// `text` with its `%XX` escapes decoded; nil when an escape is malformed or the bytes are not
    /// UTF-8. Text without `%` comes back as it is, without a copy of its bytes being decoded.
    public static func decode(_ text: some StringProtocol) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex, let high = hexValue(utf8[first]) else { return nil }
                let second = utf8.index(after: first)
                guard second != utf8.endIndex, let low = hexValue(utf8[second]) else { return nil }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` with every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) as `%XX`.
    public static func encode(_ text: some StringProtocol) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy(isUnreserved) { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count * 3)
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The decoded segments of a raw path (`/a/b` → `["", "a", "b"]`), or the segment that cannot be read.
    public static func segments(ofPath rawPath: some StringProtocol) -> Result<[String], Malformed> {
        var segments: [String] = []
        for piece in rawPath.split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = decode(piece) else { return .failure(Malformed(part: "path", text: String(piece))) }
            segments.append(segment)
        }
        return .success(segments)
    }

    /// Decoded segments joined in canonical form.
    public static func canonicalPath(segments: [String]) -> String {
        segments.map { encode($0) }.joined(separator: "/")
    }

    /// The canonical form of a raw path. A path of unreserved bytes and `/` alone, the usual case,
    /// is its own canonical form and is answered without decoding.
    public static func canonicalPath(_ rawPath: String) -> Result<String, Malformed> {
        if rawPath.utf8.allSatisfy({ isUnreserved($0) || $0 == UInt8(ascii: "/") }) { return .success(rawPath) }
        return segments(ofPath: rawPath).map { canonicalPath(segments: $0) }
    }

    /// The decoded `name=value` pairs of a raw query, in their order.
    public static func query(_ rawQuery: some StringProtocol) -> Result<[(name: String, value: String)], Malformed> {
        var pairs: [(name: String, value: String)] = []
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let rawName = pair[..<(equals ?? pair.endIndex)]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
            guard let name = decode(rawName) else { return .failure(Malformed(part: String(rawName), text: String(rawName))) }
            guard let value = decode(rawValue) else { return .failure(Malformed(part: name, text: String(rawValue))) }
            pairs.append((name, value))
        }
        return .success(pairs)
    }

    /// What a signature covers: the canonical path, a newline, and the pairs sorted by name then
    /// value, each side encoded, joined with `&`.
    public static func canonical(segments: [String], query: [(name: String, value: String)]) -> String {
        let sorted = query.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
        return canonicalPath(segments: segments) + "\n" + sorted.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    /// Pairs written as a query string in canonical form, in the order given.
    public static func queryString(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension RequestTarget {
    /// A request's query as every route reads it (the render routes, the push preview): the pairs
    /// `query` decodes, or a 400 naming the parameter whose escape is malformed.
    static func pairs(_ rawQuery: String?) throws(APIError) -> [(name: String, value: String)] {
        switch query(rawQuery ?? "") {
        case .success(let pairs): return pairs
        case .failure(let malformed): throw APIError.badValue(malformed.part, "\(malformed)")
        }
    }

    /// `pairs` when each name is one of `fields` and none is given twice; else a 400 naming the
    /// first that is not. A second value is refused rather than one of the two picked: a signature
    /// covers both, and a cache in front may key on either.
    static func checked(_ pairs: [(name: String, value: String)], fields: Set<String>) throws(APIError) -> [(name: String, value: String)] {
        var seen = Set<String>()
        for (name, _) in pairs {
            guard fields.contains(name) else {
                throw .badValue(name, "unknown parameter '\(name)'; parameters: \(fields.sorted().joined(separator: ", "))")
            }
            guard seen.insert(name).inserted else { throw .badValue(name, "'\(name)' is given more than once") }
        }
        return pairs
    }
}
