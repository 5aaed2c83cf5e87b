/// Compares a rendered image against its golden.
public enum ImageDiff {
    public static func compare(
        expected: DiffImage, actual: DiffImage, options: DiffOptions = .default
    ) -> DiffResult {
        let expectedSize = (width: expected.width, height: expected.height)
        let actualSize = (width: actual.width, height: actual.height)
        func mismatch(_ reason: String) -> DiffResult {
            DiffResult(verdict: .sizeMismatch, expectedSize: expectedSize, actualSize: actualSize, failureReason: reason)
        }
        if let problem = expected.bufferProblem(named: "expected") ?? actual.bufferProblem(named: "actual") {
            return mismatch(problem)
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            return mismatch("Image sizes differ: expected \(expected.width)×\(expected.height), actual \(actual.width)×\(actual.height).")
        }
        if PixelScan.bytesEqual(expected.pixels, actual.pixels) {
            return DiffResult(verdict: .identical, expectedSize: expectedSize, actualSize: actualSize)
        }

        var differing: [UInt32] = []
        var antialiased = 0
        PixelScan.scan(expected: expected, actual: actual, options: options) { index, verdict in
            switch verdict {
            case .differing: differing.append(UInt32(truncatingIfNeeded: index))
            case .antialiased: antialiased += 1
            }
        }

        let width = expected.width, height = expected.height
        let total = width * height
        let ratio = total > 0 ? Double(differing.count) / Double(total) : 0
        let worstWindow = DiffWindow.worst(differing: differing, width: width, height: height, size: options.windowSize)
        let failures = failedRules(
            differing: differing.count, total: total, ratio: ratio, worstWindow: worstWindow,
            width: width, height: height, options: options
        )
        return DiffResult(
            verdict: failures.isEmpty ? .withinTolerance : .different,
            expectedSize: expectedSize,
            actualSize: actualSize,
            differingPixels: differing.count,
            antialiasedPixels: antialiased,
            ratio: ratio,
            worstWindow: worstWindow,
            regions: DiffRegions.regions(differing: differing, width: width, height: height),
            failureReason: failures.isEmpty ? nil : sentence(failures)
        )
    }

    /// Hex of XXH64 over the pixels, seeded with the size: equal strings mean equal decoded
    /// images (up to a 2⁻⁶⁴ chance), so a caller holding a golden's hash can skip decoding it.
    public static func pixelHash(_ image: DiffImage) -> String {
        PixelHash.hex(of: image)
    }

    /// A picture of the comparison in the size of `expected`: the expected image faded to
    /// light gray, differing pixels red, antialiased ones yellow, ignored regions tinted blue.
    /// For a size mismatch the canvas spans both sizes and pixels only one image has are red.
    public static func diffImage(
        expected: DiffImage, actual: DiffImage, result: DiffResult, options: DiffOptions
    ) -> DiffImage {
        DiffPicture.draw(expected: expected, actual: actual, result: result, options: options)
    }

    private static func failedRules(
        differing: Int, total: Int, ratio: Double, worstWindow: (x: Int, y: Int, pixels: Int)?,
        width: Int, height: Int, options: DiffOptions
    ) -> [String] {
        var failures: [String] = []
        let pixelLimit = max(0, options.maxDiffPixels)
        let ratioLimit = options.maxDiffRatio.isFinite ? max(0, options.maxDiffRatio) : (options.maxDiffRatio > 0 ? 1 : 0)
        let share = "\(percent(ratio)) of \(total)"
        if pixelLimit == 0 && ratioLimit == 0 {
            if differing > 0 {
                failures.append("\(differing) pixels differ (\(share)) where none may (maxDiffPixels 0, maxDiffRatio 0)")
            }
        } else {
            if pixelLimit > 0 && differing > pixelLimit {
                failures.append("\(differing) pixels differ (\(share)), more than maxDiffPixels \(pixelLimit)")
            }
            if ratioLimit > 0 && ratio > ratioLimit {
                failures.append("\(differing) pixels differ (\(share)), more than maxDiffRatio \(percent(ratioLimit))")
            }
        }
        if options.windowSize > 0, let window = worstWindow, window.pixels > max(0, options.windowMaxPixels) {
            let side = "\(min(options.windowSize, width))×\(min(options.windowSize, height))"
            failures.append("the \(side) window at x \(window.x), y \(window.y) holds \(window.pixels) differing pixels, more than windowMaxPixels \(max(0, options.windowMaxPixels))")
        }
        return failures
    }

    private static func sentence(_ clauses: [String]) -> String {
        let joined = clauses.joined(separator: "; ")
        return joined.prefix(1).uppercased() + joined.dropFirst() + "."
    }

    /// A percentage with three significant decimals, without Foundation.
    static func percent(_ fraction: Double) -> String {
        let thousandths = (fraction * 100_000).rounded()
        guard thousandths.isFinite, abs(thousandths) < 1e15 else { return "\(fraction * 100)%" }
        let value = Int(thousandths)
        let fractional = String(value % 1000)
        return "\(value / 1000).\(String(repeating: "0", count: 3 - fractional.count))\(fractional)%"
    }
}
