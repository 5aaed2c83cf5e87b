import CGLib
import Foundation

/// SHA-256 for what WidgetShot fingerprints: layout sources and sections, string catalogs, render
/// keys, font and asset files. Computed by GLib's `GChecksum`, which every build already links
/// (Pango depends on GLib).
///
/// Why not swift-crypto, the usual choice: measured, it was the largest part of a consumer's clean
/// build of `WidgetShotTesting` (its BoringSSL C sources and 79 Swift files of 612 compile steps;
/// 67 s in all on 2 cores), for a plain hash. The server still uses swift-crypto for HMAC and
/// constant-time comparison. `SHA256HashTests` checks this against FIPS 180-4's vectors and against
/// swift-crypto on random inputs split at random.
public final class SHA256Hash {
    private let checksum: OpaquePointer
    private var done = false

    public init() {
        guard let c = g_checksum_new(G_CHECKSUM_SHA256) else { fatalError("GLib has no SHA-256") }
        checksum = c
    }

    deinit { g_checksum_free(checksum) }

    public func update(data bytes: [UInt8]) {
        precondition(!done, "SHA256Hash.update after finalize")
        bytes.withUnsafeBufferPointer { b in
            if let base = b.baseAddress, !b.isEmpty { g_checksum_update(checksum, base, gssize(b.count)) }
        }
    }

    public func update(data: Data) {
        precondition(!done, "SHA256Hash.update after finalize")
        data.withUnsafeBytes { raw in
            if let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 {
                g_checksum_update(checksum, base, gssize(raw.count))
            }
        }
    }

    /// The 32 bytes of the digest. Once only: GLib closes the checksum.
    public func finalize() -> [UInt8] {
        done = true
        var out = [UInt8](repeating: 0, count: 32)
        var length = gsize(32)
        out.withUnsafeMutableBufferPointer { g_checksum_get_digest(checksum, $0.baseAddress, &length) }
        precondition(length == 32)
        return out
    }

    public static func hash(data: [UInt8]) -> [UInt8] {
        let h = SHA256Hash()
        h.update(data: data)
        return h.finalize()
    }

    public static func hash(data: Data) -> [UInt8] {
        let h = SHA256Hash()
        h.update(data: data)
        return h.finalize()
    }
}
