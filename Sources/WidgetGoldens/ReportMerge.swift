import Foundation
import WidgetShot

/// Joins the reports of `verify --shard K/N` runs into one (`widgetshot merge-reports`): the same
/// report.json, junit.xml and page an unsharded run writes, except for `seconds` (the slowest
/// shard's). Groups are computed again over all results, so a cause spread over shards is one group.
public enum ReportMerge {
    public static func merge(_ directories: [String], gallery: String? = nil) throws -> VerifyReport {
        guard !directories.isEmpty else { throw ReportError("no report folders to merge") }
        var documents: [(dir: String, doc: ReportDocument)] = []
        for dir in directories {
            let path = dir + "/report.json"
            let data: [UInt8]
            do { data = try BoundedFile.read(path, limit: GoldenFileError.maxBytes) } catch {
                if case .cannotRead("no such file") = error {
                    throw ReportError("\(path): no report.json there (write one with `widgetshot verify --shard K/N --report \(dir)`)")
                }
                throw ReportError("\(path): \(error)")
            }
            documents.append((dir, try ReportDocument.decode(data, file: path)))
        }
        let first = documents[0].doc
        for (dir, d) in documents {
            guard d.kind == .verify else { throw ReportError("\(dir)/report.json is a \(d.kind.rawValue) report; only verify reports merge") }
            guard d.cells == first.cells else {
                throw ReportError("\(dir)/report.json covers a matrix of \(d.cells) cells, \(documents[0].dir) one of \(first.cells): the shards come from different selections or trees")
            }
        }
        let shards = documents.compactMap(\.doc.shard)
        if !shards.isEmpty {
            guard shards.count == documents.count else { throw ReportError("some reports are shards and some are not; merge the reports of one `--shard K/N` run") }
            let count = shards[0].count
            if let other = shards.first(where: { $0.count != count }) {
                throw ReportError("shard \(other) does not belong with shard \(shards[0]): every shard must have the same N")
            }
            var seen = Set<Int>()
            for (dir, d) in documents where !seen.insert(d.shard!.index).inserted {
                throw ReportError("shard \(d.shard!) appears twice (again in \(dir))")
            }
            // N comes from a file: list at most a few missing shards, without walking 1...N.
            var missing: [Int] = []
            var k = 1
            while k <= count, missing.count < 20 {
                if !seen.contains(k) { missing.append(k) }
                k += 1
            }
            if !missing.isEmpty {
                throw ReportError("missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))\(count - seen.count > missing.count ? " and \(count - seen.count - missing.count) more" : ""): the merged report would not cover every golden")
            }
        }
        var results: [ReportRecord] = []
        var names = Set<String>()
        var stale: [String: ReportRecord] = [:]
        var copies: [String: ReportCopy] = [:]
        for (dir, d) in documents {
            // The folder named on the command line may be a link (a CI download); below it, nothing
            // the report names is reached through one.
            let folder = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
            for r in d.results {
                if r.status == .stale { stale[r.name] = r; continue }
                guard names.insert(r.name).inserted else {
                    throw ReportError("\(r.name) is in more than one report (again in \(dir)): the reports overlap")
                }
                results.append(r)
                for (field, file) in [("expected", r.images?.expected), ("actual", r.images?.actual), ("diff", r.images?.diff)] {
                    guard let file else { continue }
                    // Copied into the merged folder by this name: checked now, before anything is written.
                    let copy = ReportCopy(folder: folder, namedBy: "\(dir)/report.json: results[\(SafeName.shown(r.name))].images.\(field)")
                    try copy.check(file)
                    copies[file] = copy
                }
            }
        }
        guard results.count == first.cells else {
            throw ReportError("the reports hold \(results.count) of \(first.cells) cells: a shard is missing or was filtered differently")
        }
        let staleSorted = stale.values.sorted { $0.file < $1.file }.enumerated().map { i, r -> ReportRecord in
            var r = r; r.index = first.cells + i; return r
        }
        var merged = ReportDocument(kind: .verify, cells: first.cells, results: results + staleSorted,
                                    seconds: documents.map(\.doc.seconds).max() ?? 0, gallery: gallery ?? first.gallery)
        merged.device = first.device
        merged.scale = first.scale
        // Every shard renders on one stack in a sane CI; shards from different images would mix
        // their libraries' differences into one report.
        if let other = documents.first(where: { $0.doc.stack != first.stack }) {
            throw ReportError("\(other.dir)/report.json was rendered on another library stack than \(documents[0].dir)/report.json: merge shards of one image")
        }
        merged.stack = first.stack
        return VerifyReport(document: merged, copies: copies)
    }
}
