import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate
import WidgetGoldens

/// Data numbers no integer holds, through the library's render entry point (the one the server's
/// `POST /v1/render`, `render --data` and `push` share): a 103-byte request with `delayMinutes: 1e19`
/// killed the process converting it to Int64 to pick a plural form.
@Suite struct ExtremeNumberRenderTests {
    static let now = Date(timeIntervalSince1970: 1_795_318_020)

    func texts(_ prepared: PreparedSurface) -> [String] {
        var texts: [String] = []
        prepared.composed.root.forEach { if case .text(let t) = $0.content { texts.append(t.content.string) } }
        return texts
    }

    /// A delay of 1e19 minutes renders, showing the number as given: nothing in the data is wrong but its
    /// size, and refusing the whole banner would hide the rest of a flight over one field.
    @Test func flightDelayedByOneE19MinutesRendersAPNG() throws {
        let layout = try Project.layout("flight")
        let data = try DataValue.parse(#"{"state":{"phase":"delayed","delayMinutes":1e19}}"#, file: "body")
        let request = RenderRequest(layout: layout, surface: .lockScreen, data: data, locale: "en", now: Self.now)
        let renderer = WidgetRenderer(fonts: Project.fonts)
        #expect(texts(try renderer.prepare(request)).contains { $0.hasPrefix("Delayed 1e+19 minutes") })
        let result = try renderer.render(request)
        #expect(Array(result.png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(result.pixelWidth > 0 && result.pixelHeight > 0)
        #expect(!result.warnings.contains { $0.message.contains("plural") })
    }

    /// Every number JSON and YAML data can hold in the field, in both locales the layout is written for:
    /// each a finished PNG (warnings allowed), never a trap.
    @Test func flightDelayedByAnyNumberRenders() throws {
        let layout = try Project.layout("flight")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let numbers = ["0", "-0", "1", "-1", "1e308", "-1e308", "9223372036854775807", "9223372036854775808",
                       "-9223372036854775809", ".inf", "-.inf", ".nan"]
        for locale in ["en", "ko"] {
            for n in numbers {
                let data = try DataValue.parse("state:\n  phase: delayed\n  delayMinutes: \(n)\n", file: "data.yaml")
                let request = RenderRequest(layout: layout, surface: .lockScreen, data: data, locale: locale, now: Self.now)
                let result = try renderer.render(request)
                #expect(result.png.count > 8, "\(locale) \(n)")
            }
        }
    }
}

/// `--shard K/N` read back from a shard's report.json by `merge-reports`: N is a number from a file, and
/// `1...N` (N < 1 traps) or walking every shard up to N (N = 10^18 never ends) must not follow from it.
@Suite struct ShardNumbersFromReportsTests {
    func reportFolders(_ shards: [(index: Int, count: Int)]) throws -> [String] {
        let root = NSTemporaryDirectory() + "widgetshot-shard-numbers-\(UUID().uuidString)"
        var folders: [String] = []
        for (k, shard) in shards.enumerated() {
            let dir = root + "/\(k)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let doc = ReportDocument(kind: .verify, cells: 0, results: [], seconds: 0, shard: try MatrixShard(index: 1, count: 1))
            // Written as a run would, then given the numbers under test, as a hand-edited file would carry them.
            let json = String(decoding: try doc.encoded(), as: UTF8.self)
                .replacingOccurrences(of: #""count"\s*:\s*1"#, with: "\"count\":\(shard.count)", options: .regularExpression)
                .replacingOccurrences(of: #""index"\s*:\s*1"#, with: "\"index\":\(shard.index)", options: .regularExpression)
            FileManager.default.createFile(atPath: dir + "/report.json", contents: Data(json.utf8))
            folders.append(dir)
        }
        return folders
    }

    func mergeError(_ shards: [(index: Int, count: Int)]) throws -> String? {
        let folders = try reportFolders(shards)
        defer { try? FileManager.default.removeItem(atPath: (folders[0] as NSString).deletingLastPathComponent) }
        do { _ = try ReportMerge.merge(folders); return nil } catch { return "\(error)" }
    }

    @Test func aShardCountBelowOneIsRefusedWhenRead() throws {
        let zero = try mergeError([(1, 0)])
        #expect(zero?.contains("the shard count must be at least 1, not 0") == true, "\(zero ?? "merged")")
        let outside = try mergeError([(3, 2)])
        #expect(outside?.contains("shard 3/2: K must be between 1 and 2") == true, "\(outside ?? "merged")")
        #expect(throws: (any Error).self) { try JSONDecoder().decode(MatrixShard.self, from: Data(#"{"index":1,"count":-5}"#.utf8)) }
    }

    @Test func aHugeShardCountListsAFewMissingShards() throws {
        let message = try mergeError([(1, 1_000_000_000_000_000_000), (2, 1_000_000_000_000_000_000)])
        #expect(message?.contains("missing shards 3/1000000000000000000, 4/1000000000000000000") == true, "\(message ?? "merged")")
        #expect(message?.contains("and 999999999999999978 more") == true, "\(message ?? "merged")")
    }
}
