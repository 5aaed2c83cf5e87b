import Crypto
import Foundation
import Testing
import WidgetTemplate

/// `SHA256Hash` (GLib's GChecksum) is SHA-256: FIPS 180-4's examples, and swift-crypto's answer for
/// random inputs fed in random pieces.
@Suite struct SHA256HashTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func theStandardsExamples() {
        #expect(Self.hex(SHA256Hash.hash(data: [])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(SHA256Hash.hash(data: Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex(SHA256Hash.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let h = SHA256Hash()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { h.update(data: chunk) }
        #expect(Self.hex(h.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func agreesWithSwiftCryptoOnRandomPieces() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let n = Int.random(in: 0...5000, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let ours = SHA256Hash()
            var i = 0
            while i < n {
                let step = Int.random(in: 1...200, using: &rng)
                let end = min(n, i + step)
                if Bool.random(using: &rng) { ours.update(data: Array(bytes[i..<end])) } else { ours.update(data: Data(bytes[i..<end])) }
                i = end
            }
            #expect(ours.finalize() == Array(Crypto.SHA256.hash(data: bytes)), "length \(n)")
        }
    }
}
