/// Times the comparison on synthetic pairs the size of real renders; `widgetshot bench`
/// prints the lines.
public enum DiffBenchmark {
    /// One line per case: the median of `repetitions` runs, in milliseconds.
    public static func run(repetitions: Int = 21) -> [String] {
        let repetitions = max(1, repetitions)
        var lines: [String] = []
        var sink = 0  // keeps the optimizer from dropping work whose result is unused

        let widget = Sketch.widget(width: 1014, height: 474, digit: 0)
        let widgetCopy = DiffImage(width: widget.width, height: widget.height, pixels: Array(widget.pixels[...]))
        lines.append(line("identical 1014×474 (fast path)", repetitions) {
            sink &+= ImageDiff.compare(expected: widget, actual: widgetCopy).differingPixels
        })
        lines.append(line("pixelHash 1014×474", repetitions) {
            sink &+= ImageDiff.pixelHash(widget).utf8.count
        })

        let shiftedImage = Sketch.widget(width: 1014, height: 474, digit: 0, blockShift: 1)
        let blockResult = ImageDiff.compare(expected: widget, actual: shiftedImage)
        lines.append(line("1014×474, block moved 1 px right and down (\(blockResult.differingPixels) px differ)", repetitions) {
            sink &+= ImageDiff.compare(expected: widget, actual: shiftedImage).differingPixels
        })

        let changedDigit = Sketch.widget(width: 1014, height: 474, digit: 5)
        let textLine = Sketch.widget(width: 1014, height: 474, digit: 0, textShift: 1)
        let textResult = ImageDiff.compare(expected: widget, actual: textLine)
        lines.append(line("1014×474, text line moved 1 px (\(textResult.differingPixels) px differ, \(textResult.antialiasedPixels) AA)", repetitions) {
            sink &+= ImageDiff.compare(expected: widget, actual: textLine).differingPixels
        })
        lines.append(line("1014×474, diffImage for a changed digit", repetitions) {
            let result = ImageDiff.compare(expected: widget, actual: changedDigit)
            sink &+= ImageDiff.diffImage(expected: widget, actual: changedDigit, result: result, options: .default).width
        })

        // Worst case: light against dark, every pixel differs and needs the antialiasing test.
        var inverted = widget
        for offset in stride(from: 0, to: inverted.pixels.count, by: 4) {
            for channel in offset..<(offset + 3) { inverted.pixels[channel] = 255 - inverted.pixels[channel] }
        }
        let invertedResult = ImageDiff.compare(expected: widget, actual: inverted)
        lines.append(line("1014×474, inverted (\(invertedResult.differingPixels) px differ)", max(3, repetitions / 4)) {
            sink &+= ImageDiff.compare(expected: widget, actual: inverted).differingPixels
        })

        let large = Sketch.widget(width: 2000, height: 2000, digit: 0)
        var edited = Sketch(width: 2000, height: 2000, pixels: large.pixels)
        for (x, y) in [(100, 100), (1800, 150), (900, 1000), (300, 1700), (1700, 1800)] {
            edited.fill(x: x, y: y, width: 20, height: 28, color: (255, 255, 255, 255))
            edited.glyph(8, x: x, y: y, cell: 4, color: (20, 20, 20, 255))
        }
        let editedImage = edited.image
        let largeResult = ImageDiff.compare(expected: large, actual: editedImage)
        lines.append(line("2000×2000, 5 small edits (\(largeResult.differingPixels) px differ, \(largeResult.regions.count) regions)", repetitions) {
            sink &+= ImageDiff.compare(expected: large, actual: editedImage).differingPixels
        })
        let largeCopy = DiffImage(width: 2000, height: 2000, pixels: Array(large.pixels[...]))
        lines.append(line("identical 2000×2000 (fast path)", repetitions) {
            sink &+= ImageDiff.compare(expected: large, actual: largeCopy).differingPixels
        })
        if sink == Int.min { lines.append("") }
        return lines
    }

    private static func line(_ name: String, _ repetitions: Int, _ work: () -> Void) -> String {
        let clock = ContinuousClock()
        work()  // warm caches and lazy allocations
        var times: [Double] = []
        for _ in 0..<repetitions {
            let elapsed = clock.measure(work)
            let (seconds, attoseconds) = elapsed.components
            times.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        }
        times.sort()
        let median = times[times.count / 2]
        return "diff \(name): median \(milliseconds(median)) ms (n=\(repetitions), min \(milliseconds(times[0])))"
    }

    private static func milliseconds(_ value: Double) -> String {
        let hundredths = Int((value * 1000).rounded())
        let fraction = String(hundredths % 1000)
        return "\(hundredths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// Draws the benchmark's synthetic widgets: a gradient card, filled blocks, and blocky
/// digits with half-covered edge pixels like a rasterizer's antialiasing.
struct Sketch {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.pixels = pixels ?? [UInt8](repeating: 255, count: width * height * 4)
    }

    var image: DiffImage { DiffImage(width: width, height: height, pixels: pixels) }

    /// A widget-like picture with a line of digits; `digit` replaces the fourth one.
    static func widget(width: Int, height: Int, digit: Int, textShift: Int = 0, blockShift: Int = 0) -> DiffImage {
        var sketch = Sketch(width: width, height: height)
        for y in 0..<height {
            let shade = UInt8(235 - 40 * y / max(1, height - 1))
            sketch.fill(x: 0, y: y, width: width, height: 1, color: (shade, shade, 250, 255))
        }
        sketch.fill(x: 40 + blockShift, y: 300 + blockShift, width: 280, height: 40, color: (52, 120, 246, 255))
        let digits = [1, 2, 3, digit, 4, 7, 9]
        for (position, value) in digits.enumerated() {
            sketch.glyph(value, x: 40 + textShift + position * 24, y: 60, cell: 3, color: (20, 20, 20, 255))
        }
        return sketch.image
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: (UInt8, UInt8, UInt8, UInt8)) {
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) {
                blend(column, row, color, coverage: 1)
            }
        }
    }

    /// A 5×7 digit with `cell`-px cells; pixels touching the ink but outside it get half coverage.
    mutating func glyph(_ digit: Int, x: Int, y: Int, cell: Int, color: (UInt8, UInt8, UInt8, UInt8)) {
        let rows = Self.digits[digit % 10]
        func inked(_ px: Int, _ py: Int) -> Bool {
            guard px >= 0, py >= 0, px < 5 * cell, py < 7 * cell else { return false }
            let bits = Array(rows[py / cell].utf8)
            return bits[px / cell] == UInt8(ascii: "#")
        }
        for py in -1...(7 * cell) {
            for px in -1...(5 * cell) {
                if inked(px, py) {
                    blend(x + px, y + py, color, coverage: 1)
                } else if inked(px - 1, py) || inked(px + 1, py) || inked(px, py - 1) || inked(px, py + 1) {
                    blend(x + px, y + py, color, coverage: 0.5)
                }
            }
        }
    }

    private mutating func blend(_ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8, UInt8), coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let offset = (y * width + x) * 4
        let alpha = coverage * Double(color.3) / 255
        let source = [color.0, color.1, color.2]
        for channel in 0..<3 {
            let mixed = Double(source[channel]) * alpha + Double(pixels[offset + channel]) * (1 - alpha)
            pixels[offset + channel] = UInt8(mixed.rounded())
        }
        pixels[offset + 3] = 255
    }

    static let digits: [[String]] = [
        [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
        ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
        [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
        ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
        ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
        ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
        ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
        ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
        [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
        [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
    ]
}
