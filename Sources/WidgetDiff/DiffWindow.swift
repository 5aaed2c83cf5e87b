/// The window rule's count: the `size × size` window holding the most differing pixels.
enum DiffWindow {
    /// A sliding sum over per-column counts of the current band of rows: O(width) memory, and
    /// time O(width) only for bands that hold a differing pixel. Windows lie wholly inside the
    /// image (a size larger than the image shrinks to it); ties go to the first in reading order.
    /// - Parameter differing: linear indices of differing pixels, ascending.
    static func worst(
        differing: [UInt32], width: Int, height: Int, size: Int
    ) -> (x: Int, y: Int, pixels: Int)? {
        guard size > 0, width > 0, height > 0, !differing.isEmpty else { return nil }
        let windowWidth = min(size, width), windowHeight = min(size, height)

        // rowStarts[y] ..< rowStarts[y + 1] are the entries of row y.
        var rowStarts = [Int](repeating: 0, count: height + 1)
        forEachPixel(differing, width: width) { _, y in rowStarts[y + 1] += 1 }
        for y in 0..<height { rowStarts[y + 1] += rowStarts[y] }

        var columnCounts = [Int32](repeating: 0, count: width)
        var bandTotal = 0
        func addRow(_ y: Int, _ amount: Int32) {
            let rowStart = y * width
            for entry in rowStarts[y]..<rowStarts[y + 1] {
                columnCounts[Int(differing[entry]) - rowStart] += amount
            }
            bandTotal += Int(amount) * (rowStarts[y + 1] - rowStarts[y])
        }
        for y in 0..<windowHeight { addRow(y, 1) }

        var best: (x: Int, y: Int, pixels: Int) = (0, 0, 0)
        for top in 0...(height - windowHeight) {
            if top > 0 {
                addRow(top - 1, -1)
                addRow(top + windowHeight - 1, 1)
            }
            if bandTotal <= best.pixels { continue }
            columnCounts.withUnsafeBufferPointer { columns in
                var sum = 0
                for x in 0..<windowWidth { sum += Int(columns[x]) }
                var left = 0
                while true {
                    if sum > best.pixels { best = (left, top, sum) }
                    if left + windowWidth >= width { break }
                    sum += Int(columns[left + windowWidth]) - Int(columns[left])
                    left += 1
                }
            }
        }
        return best.pixels > 0 ? best : nil
    }
}
