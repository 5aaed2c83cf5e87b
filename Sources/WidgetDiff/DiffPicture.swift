/// Draws `ImageDiff.diffImage`, after pixelmatch's output image.
enum DiffPicture {
    /// How much of the expected image shows through in the faded background.
    static let backgroundAlpha = 0.1
    static let differingColor: (UInt8, UInt8, UInt8) = (255, 0, 0)
    static let antialiasedColor: (UInt8, UInt8, UInt8) = (255, 255, 0)
    /// Share of blue mixed into ignored pixels.
    static let ignoredTint = 0.35

    static func draw(expected: DiffImage, actual: DiffImage, result: DiffResult, options: DiffOptions) -> DiffImage {
        let sameSize = expected.width == actual.width && expected.height == actual.height
        guard sameSize, expected.hasConsistentBuffer, actual.hasConsistentBuffer else {
            return drawMismatch(expected: expected, actual: actual)
        }
        let width = expected.width, height = expected.height
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let ignored = options.ignore.compactMap { PixelRect($0, width: width, height: height) }
        let inkOnClear = isMostlyTransparent(expected)
        output.withUnsafeMutableBytes { out in
            expected.pixels.withUnsafeBytes { source in
                for y in 0..<height {
                    for x in 0..<width {
                        let offset = (y * width + x) * 4
                        let gray = inkOnClear ? fadedCoverage(source, offset) : fadedGray(source, offset)
                        if ignored.contains(where: { $0.contains(x: x, y: y) }) {
                            let keep = 1 - ignoredTint
                            let shade = UInt8((gray * keep).rounded())
                            put(out, offset, (shade, shade, UInt8((gray * keep + 255 * ignoredTint).rounded())))
                        } else {
                            let shade = UInt8(gray.rounded())
                            put(out, offset, (shade, shade, shade))
                        }
                    }
                }
            }
        }
        if result.verdict != .identical {
            output.withUnsafeMutableBytes { out in
                PixelScan.scan(expected: expected, actual: actual, options: options) { index, verdict in
                    put(out, index * 4, verdict == .differing ? differingColor : antialiasedColor)
                }
            }
        }
        return DiffImage(width: width, height: height, pixels: output)
    }

    /// Pixels both images have show the expected one faded; pixels only one has are red.
    private static func drawMismatch(expected: DiffImage, actual: DiffImage) -> DiffImage {
        let expectedUsable = expected.hasConsistentBuffer, actualUsable = actual.hasConsistentBuffer
        let width = max(expectedUsable ? expected.width : 0, actualUsable ? actual.width : 0)
        let height = max(expectedUsable ? expected.height : 0, actualUsable ? actual.height : 0)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        output.withUnsafeMutableBytes { out in
            expected.pixels.withUnsafeBytes { source in
                for y in 0..<height {
                    for x in 0..<width {
                        let offset = (y * width + x) * 4
                        let inExpected = expectedUsable && x < expected.width && y < expected.height
                        let inActual = actualUsable && x < actual.width && y < actual.height
                        if inExpected && inActual {
                            let shade = UInt8(fadedGray(source, (y * expected.width + x) * 4).rounded())
                            put(out, offset, (shade, shade, shade))
                        } else {
                            put(out, offset, differingColor)
                        }
                    }
                }
            }
        }
        return DiffImage(width: width, height: height, pixels: output)
    }

    /// Accessories and StandBy are drawn (mostly white) on transparency: faded over white they would
    /// vanish, so their background shows coverage instead, light or dark ink darkening the paper.
    static func isMostlyTransparent(_ image: DiffImage) -> Bool {
        var clear = 0
        var index = 3
        while index < image.pixels.count {
            if image.pixels[index] < 128 { clear += 1 }
            index += 4
        }
        return clear * 2 > image.width * image.height
    }

    @inline(__always)
    private static func fadedCoverage(_ source: UnsafeRawBufferPointer, _ offset: Int) -> Double {
        let luma = ColorDelta.luma(Double(source[offset]), Double(source[offset + 1]), Double(source[offset + 2]))
        let contrast = max(luma, 255 - luma)
        return 255 - backgroundAlpha * contrast * Double(source[offset + 3]) / 255
    }

    @inline(__always)
    private static func fadedGray(_ source: UnsafeRawBufferPointer, _ offset: Int) -> Double {
        let luma = ColorDelta.luma(Double(source[offset]), Double(source[offset + 1]), Double(source[offset + 2]))
        let alpha = backgroundAlpha * Double(source[offset + 3]) / 255
        return 255 + (luma - 255) * alpha
    }

    @inline(__always)
    private static func put(_ out: UnsafeMutableRawBufferPointer, _ offset: Int, _ color: (UInt8, UInt8, UInt8)) {
        out[offset] = color.0
        out[offset + 1] = color.1
        out[offset + 2] = color.2
        out[offset + 3] = 255
    }
}
