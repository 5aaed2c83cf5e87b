#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How one compared pixel came out, for pixels whose bytes differ beyond the threshold.
enum PixelVerdict {
    case differing
    case antialiased
}

/// The per-pixel pass shared by `compare` and `diffImage`. Both images must have the same
/// size and consistent buffers.
enum PixelScan {
    /// Calls `visit` in reading order with the linear index of every pixel that differs
    /// beyond the threshold outside the ignore regions.
    static func scan(
        expected: DiffImage,
        actual: DiffImage,
        options: DiffOptions,
        visit: (Int, PixelVerdict) -> Void
    ) {
        let width = expected.width, height = expected.height
        guard width > 0, height > 0 else { return }
        let ignored = options.ignore.compactMap { PixelRect($0, width: width, height: height) }
        let maxDelta = ColorDelta.maximumAllowed(threshold: options.threshold)
        let rowBytes = width * 4

        expected.pixels.withUnsafeBytes { expectedBytes in
            actual.pixels.withUnsafeBytes { actualBytes in
                let first = PixelGrid(bytes: expectedBytes, width: width, height: height)
                let second = PixelGrid(bytes: actualBytes, width: width, height: height)
                for y in 0..<height {
                    let rowStart = y * rowBytes
                    // Most rows of a near-identical pair are equal: one memcmp skips them.
                    if memcmp(expectedBytes.baseAddress! + rowStart, actualBytes.baseAddress! + rowStart, rowBytes) == 0 {
                        continue
                    }
                    let rowIndex = y * width
                    for x in 0..<width {
                        let a = first[index: rowIndex &+ x]
                        let b = second[index: rowIndex &+ x]
                        if a == b { continue }
                        if !ignored.isEmpty && ignored.contains(where: { $0.contains(x: x, y: y) }) { continue }
                        let delta = ColorDelta.distance(a, b)
                        if delta.value <= maxDelta { continue }
                        if options.detectAntialiasing
                            && (Antialiasing.isAntialiased(x: x, y: y, in: first, comparedWith: second, over: delta.backdrop)
                                || Antialiasing.isAntialiased(x: x, y: y, in: second, comparedWith: first, over: delta.backdrop)) {
                            visit(rowIndex + x, .antialiased)
                        } else {
                            visit(rowIndex + x, .differing)
                        }
                    }
                }
            }
        }
    }

    static func bytesEqual(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        if first.isEmpty { return true }
        return first.withUnsafeBytes { a in
            second.withUnsafeBytes { b in
                memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
    }
}
