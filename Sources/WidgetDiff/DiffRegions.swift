/// Groups differing pixels into clusters and reports each cluster's bounding box.
///
/// Pixels are binned into square cells of 4 px, and 8-adjacent occupied cells join one
/// cluster: pixels up to 4 px apart always end up together, pixels 8 px or more apart only
/// through others between them. When that gives more than `maximumCount` clusters, the
/// cell size doubles until it does not, so nearby clusters merge first.
enum DiffRegions {
    static let maximumCount = 50
    static let initialCellSize = 4

    /// - Parameter differing: linear indices of differing pixels.
    static func regions(differing: [UInt32], width: Int, height: Int) -> [DiffRegion] {
        guard !differing.isEmpty, width > 0, height > 0 else { return [] }
        var cellSize = initialCellSize
        while true {
            let clusters = regions(differing: differing, width: width, height: height, cellSize: cellSize)
            if clusters.count <= maximumCount || cellSize >= max(width, height) {
                return clusters.sorted {
                    ($0.pixels, -$0.y, -$0.x) > ($1.pixels, -$1.y, -$1.x)
                }
            }
            cellSize *= 2
        }
    }

    private struct Bounds {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min, pixels = 0
    }

    private static func regions(differing: [UInt32], width: Int, height: Int, cellSize: Int) -> [DiffRegion] {
        let shift = cellSize.trailingZeroBitCount  // cell sizes are powers of two
        let columns = (width + cellSize - 1) >> shift
        let rows = (height + cellSize - 1) >> shift

        // parent[c] < 0: cell c holds no differing pixel; otherwise a union-find forest.
        var parent = [Int32](repeating: -1, count: columns * rows)
        forEachPixel(differing, width: width) { x, y in
            let c = (y >> shift) * columns + (x >> shift)
            parent[c] = Int32(c)
        }
        func root(_ c: Int) -> Int {
            var c = c
            while Int(parent[c]) != c {
                parent[c] = parent[Int(parent[c])]
                c = Int(parent[c])
            }
            return c
        }
        func join(_ a: Int, _ b: Int) {
            let ra = root(a), rb = root(b)
            if ra != rb { parent[max(ra, rb)] = Int32(min(ra, rb)) }
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let c = row * columns + column
                guard parent[c] >= 0 else { continue }
                if column > 0, parent[c - 1] >= 0 { join(c, c - 1) }
                guard row > 0 else { continue }
                for neighbour in max(column - 1, 0)...min(column + 1, columns - 1) {
                    let above = (row - 1) * columns + neighbour
                    if parent[above] >= 0 { join(c, above) }
                }
            }
        }

        // Number the clusters, then grow each one's bounds from its pixels.
        var clusterOfCell = [Int32](repeating: -1, count: columns * rows)
        var clusterCount = 0
        for c in 0..<parent.count where parent[c] >= 0 {
            let r = root(c)
            if clusterOfCell[r] < 0 {
                clusterOfCell[r] = Int32(clusterCount)
                clusterCount += 1
            }
            clusterOfCell[c] = clusterOfCell[r]
        }
        var bounds = [Bounds](repeating: Bounds(), count: clusterCount)
        forEachPixel(differing, width: width) { x, y in
            let cluster = Int(clusterOfCell[(y >> shift) * columns + (x >> shift)])
            bounds[cluster].minX = min(bounds[cluster].minX, x)
            bounds[cluster].minY = min(bounds[cluster].minY, y)
            bounds[cluster].maxX = max(bounds[cluster].maxX, x)
            bounds[cluster].maxY = max(bounds[cluster].maxY, y)
            bounds[cluster].pixels += 1
        }
        return bounds.map {
            DiffRegion(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1, pixels: $0.pixels)
        }
    }
}

/// Calls `body` with the coordinates of each linear index in `ascending`, walking the rows
/// instead of dividing.
@inline(__always)
func forEachPixel(_ ascending: [UInt32], width: Int, _ body: (_ x: Int, _ y: Int) -> Void) {
    var y = 0, rowStart = 0
    for index in ascending {
        let pixel = Int(index)
        while pixel >= rowStart + width {
            rowStart += width
            y += 1
        }
        body(pixel - rowStart, y)
    }
}
