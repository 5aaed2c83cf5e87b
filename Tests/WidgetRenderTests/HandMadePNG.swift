/// Minimal PNG writer for tests: stored (uncompressed) deflate blocks, so the test controls every
/// byte of color types and bit depths our own encoder never writes.
enum HandMadePNG {
    static func make(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
                     palette: [UInt8]? = nil, transparency: [UInt8]? = nil) -> [UInt8] {
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            out += be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, 0])
        if let palette { chunk("PLTE", palette) }
        if let transparency { chunk("tRNS", transparency) }
        var raw: [UInt8] = []
        for row in rows { raw.append(0); raw += row }
        var z: [UInt8] = [0x78, 0x01, 0x01]
        let n = UInt16(raw.count), inverse = ~n
        z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(inverse & 0xFF), UInt8(inverse >> 8)]
        z += raw
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        z += be32(b << 16 | a)
        chunk("IDAT", z)
        chunk("IEND", [])
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
