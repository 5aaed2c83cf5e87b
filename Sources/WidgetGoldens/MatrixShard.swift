import WidgetShot
/// One of N parts of the golden matrix, so N CI jobs share a `verify` run (`--shard K/N`).
///
/// The split is round-robin over the cells sorted by `relativePath` (compared byte by byte):
/// it depends only on the names of the cells, so every machine computes the same shards; each
/// shard gets a share of every surface (some surfaces render slower than others) and the shard
/// sizes differ by at most one cell.
public struct MatrixShard: Codable, Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw ShardError("the shard count must be at least 1, not \(count)") }
        guard (1...count).contains(index) else { throw ShardError("shard \(index)/\(count): K must be between 1 and \(count)") }
        self.index = index; self.count = count
    }

    /// A shard read back from a report is checked as one given on the command line: `1...count` and
    /// `rank % count` need 1 ≤ K ≤ N.
    public init(from decoder: any Decoder) throws {
        enum Keys: String, CodingKey { case index, count }
        let c = try decoder.container(keyedBy: Keys.self)
        let index = try c.decode(Int.self, forKey: .index), count = try c.decode(Int.self, forKey: .count)
        do { try self.init(index: index, count: count) } catch {
            throw DecodingError.dataCorruptedError(forKey: .count, in: c, debugDescription: "\(error)")
        }
    }

    /// `K/N`, e.g. `2/5`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ShardError("--shard expects K/N (e.g. 2/5: the second of five parts), not '\(text)'")
        }
        try self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The positions (into `names`) this shard owns, in their original order.
    public func positions(of names: [String]) -> [Int] {
        let sorted = names.indices.sorted { a, b in
            names[a].utf8.lexicographicallyPrecedes(names[b].utf8) || (names[a] == names[b] && a < b)
        }
        var mine: [Int] = []
        for (rank, position) in sorted.enumerated() where rank % count == index - 1 { mine.append(position) }
        return mine.sorted()
    }

    /// The cells of this shard, in matrix order, each with its position in the whole matrix.
    public func select<T>(_ items: [T], name: (T) -> String) -> [(position: Int, item: T)] {
        positions(of: items.map(name)).map { ($0, items[$0]) }
    }
}

public struct ShardError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
