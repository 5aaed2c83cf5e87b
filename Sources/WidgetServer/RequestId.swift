import HTTPTypes
import Hummingbird
import Synchronization

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

    /// A new id: 32 hex digits, both halves a bijection (splitmix64's finaliser) of a counter
    /// mixed with random numbers drawn once per process. Unique within the process by
    /// construction and, with 128 random bits of seed, across replicas in practice; it costs no
    /// system call (SystemRandomNumberGenerator made two per request, one `getrandom` each).
    /// Request ids are for finding log lines, not secrets: they need to be unique, not unguessable.
    static func generate() -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        var out = [UInt8](repeating: 0, count: 32)
        var high = mix(n ^ seeds.0), low = mix(n &+ seeds.1)
        for i in 0..<16 {
            out[15 - i] = digits[Int(high & 15)]; high >>= 4
            out[31 - i] = digits[Int(low & 15)]; low >>= 4
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let counter = Atomic<UInt64>(0)
    private static let seeds: (UInt64, UInt64) = {
        var g = SystemRandomNumberGenerator()
        return (g.next(), g.next())
    }()
    private static let digits = Array("0123456789abcdef".utf8)

    /// splitmix64's output function: a bijection on 64 bits that spreads every input bit.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func of(_ request: Request) -> String {
        accepted(request.headers[header]) ?? generate()
    }
}
