import HTTPTypes
import Hummingbird

/// The id a request is logged under and answered with (`X-Request-Id`): the client's own when it
/// sends a sane one (1–128 characters of letters, digits and `-_.:`, so a log line or a header
/// cannot be forged or bloated through it), else a fresh 32-hex-digit random id.
enum RequestId {
    static let header = HTTPField.Name("X-Request-Id")!
    static let maxLength = 128

    static func accepted(_ given: String?) -> String? {
        guard let given, !given.isEmpty, given.utf8.count <= maxLength else { return nil }
        let sane = given.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == 0x2D || c == 0x5F || c == 0x2E || c == 0x3A
        }
        return sane ? given : nil
    }

    static func generate() -> String {
        var g = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 32)
        for half in 0..<2 {
            var n = g.next()
            for i in 0..<16 {
                out[half * 16 + i] = digits[Int(n & 15)]
                n >>= 4
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func of(_ request: Request) -> String {
        accepted(request.headers[header]) ?? generate()
    }
}
