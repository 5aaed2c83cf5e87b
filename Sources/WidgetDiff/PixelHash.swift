/// XXH64 (Yann Collet's xxHash, 64-bit), written out here to keep the target free of
/// dependencies. It reads 32 bytes per step in four independent lanes, so it runs at memory
/// speed, and it is defined on little-endian words, so the hex is the same on every machine.
enum PixelHash {
    static func hex(of image: DiffImage) -> String {
        // The size goes into the seed so that, say, 2×1 and 1×2 images of equal bytes differ.
        let seed = UInt64(truncatingIfNeeded: image.width) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: image.height)
        let hash = image.pixels.withUnsafeBytes { xxh64($0, seed: seed) }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func xxh64(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let length = bytes.count
        var offset = 0
        var hash: UInt64

        @inline(__always) func word64(_ at: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        @inline(__always) func round(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
            rotate(accumulator &+ lane &* prime2, 31) &* prime1
        }
        @inline(__always) func merge(_ hash: UInt64, _ accumulator: UInt64) -> UInt64 {
            (hash ^ round(0, accumulator)) &* prime1 &+ prime4
        }

        if length >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            while offset + 32 <= length {
                v1 = round(v1, word64(offset))
                v2 = round(v2, word64(offset + 8))
                v3 = round(v3, word64(offset + 16))
                v4 = round(v4, word64(offset + 24))
                offset += 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(length)

        while offset + 8 <= length {
            hash ^= round(0, word64(offset))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= length {
            let word = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash ^= word &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < length {
            hash ^= UInt64(bytes[offset]) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }

        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }
}

extension ImageDiff {
    /// XXH64 (seed 0) of raw bytes as 16 hex digits: a golden file's fingerprint in the manifest.
    public static func bytesHash(_ bytes: [UInt8]) -> String {
        let hash = bytes.withUnsafeBytes { PixelHash.xxh64($0, seed: 0) }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
