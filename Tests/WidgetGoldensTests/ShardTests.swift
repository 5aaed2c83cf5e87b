import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetGoldens

@Suite("Shards")
struct ShardTests {
    @Test("N shards cover every cell of the matrix exactly once", arguments: 1...5)
    func cover(count: Int) throws {
        let cells = try Project.catalog.loadAll().flatMap { RenderMatrix.cells(for: $0) }
        #expect(cells.count > 200)
        var seen = [Int](repeating: 0, count: cells.count)
        var sizes: [Int] = []
        for k in 1...count {
            let shard = try MatrixShard(index: k, count: count)
            let mine = shard.select(cells, name: \.relativePath)
            sizes.append(mine.count)
            for (position, cell) in mine {
                seen[position] += 1
                #expect(cells[position] == cell)
            }
            #expect(mine.map(\.position) == mine.map(\.position).sorted())
        }
        #expect(seen.allSatisfy { $0 == 1 })
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    @Test("The split depends on the names only, not on the order they come in")
    func stable() throws {
        let cells = try Project.catalog.loadAll().flatMap { RenderMatrix.cells(for: $0) }
        let shard = try MatrixShard(parsing: "2/3")
        let a = Set(shard.select(cells, name: \.relativePath).map(\.item.relativePath))
        let b = Set(shard.select(Array(cells.reversed()), name: \.relativePath).map(\.item.relativePath))
        #expect(a == b)
        #expect(a.count == cells.count / 3 || a.count == cells.count / 3 + 1)
    }

    @Test("A bad --shard says what it expects", arguments: ["0/3", "4/3", "1/0", "x", "2", "1/2/3", "-1/2"])
    func bad(text: String) {
        #expect(throws: ShardError.self) { try MatrixShard(parsing: text) }
    }

    @Test("The CLI refuses a bad --shard with exit 2 and says K/N", .childProcess)
    func cli() async throws {
        let r = try await runWidgetshot(["verify", "--shard", "4/3", "--project", Project.root])
        #expect(r.status == 64 || r.status == 2)
        #expect(r.stderr.contains("K must be between 1 and 3"))
    }
}
