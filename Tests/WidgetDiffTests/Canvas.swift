import WidgetDiff

/// Draws the synthetic test images: flat fills, gradients, and blocky digits whose edge
/// pixels are half covered, the way a rasterizer antialiases.
struct Canvas {
    typealias Color = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static let white: Color = (255, 255, 255, 255)
    static let black: Color = (0, 0, 0, 255)
    static let ink: Color = (20, 20, 20, 255)

    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, background: Color = Canvas.white) {
        self.width = width
        self.height = height
        pixels = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            pixels += [background.r, background.g, background.b, background.a]
        }
    }

    var image: DiffImage { DiffImage(width: width, height: height, pixels: pixels) }

    subscript(x: Int, y: Int) -> Color {
        get {
            let o = (y * width + x) * 4
            return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
        }
        set {
            let o = (y * width + x) * 4
            pixels[o] = newValue.r
            pixels[o + 1] = newValue.g
            pixels[o + 2] = newValue.b
            pixels[o + 3] = newValue.a
        }
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, _ color: Color) {
        for row in y..<(y + height) {
            for column in x..<(x + width) { self[column, row] = color }
        }
    }

    /// A vertical gradient from light to darker blue-gray across the whole canvas.
    mutating func verticalGradient() {
        for row in 0..<height {
            let shade = UInt8(235 - 60 * row / max(1, height - 1))
            fill(x: 0, y: row, width: width, height: 1, (shade, shade, 250, 255))
        }
    }

    /// A 5×7 digit of `cell`×`cell` px cells at (x, y); pixels beside the ink get 50% of it.
    mutating func digit(_ value: Int, x: Int, y: Int, cell: Int = 3, _ color: Color = Canvas.ink) {
        let rows = Canvas.digits[value]
        func inked(_ px: Int, _ py: Int) -> Bool {
            guard px >= 0, py >= 0, px < 5 * cell, py < 7 * cell else { return false }
            return Array(rows[py / cell])[px / cell] == "#"
        }
        for py in -1...(7 * cell) {
            for px in -1...(5 * cell) {
                if inked(px, py) {
                    self[x + px, y + py] = color
                } else if inked(px - 1, py) || inked(px + 1, py) || inked(px, py - 1) || inked(px, py + 1) {
                    blend(x + px, y + py, color, coverage: 0.5)
                }
            }
        }
    }

    /// A line of digits, as a text line in a widget would be.
    mutating func digits(_ values: [Int], x: Int, y: Int, cell: Int = 3) {
        for (position, value) in values.enumerated() {
            digit(value, x: x + position * (6 * cell + 2), y: y, cell: cell)
        }
    }

    mutating func blend(_ x: Int, _ y: Int, _ color: Color, coverage: Double) {
        let under = self[x, y]
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * coverage + Double(bottom) * (1 - coverage)).rounded())
        }
        self[x, y] = (mix(color.r, under.r), mix(color.g, under.g), mix(color.b, under.b), 255)
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

/// A widget-sized picture: gradient card, a button-like block, a line of digits.
func widgetPicture(digits: [Int] = [1, 2, 3, 0, 4, 7, 9], textShift: Int = 0) -> Canvas {
    var canvas = Canvas(width: 1014, height: 474)
    canvas.verticalGradient()
    canvas.fill(x: 40, y: 300, width: 280, height: 40, (52, 120, 246, 255))
    canvas.digits(digits, x: 60 + textShift, y: 80)
    return canvas
}
