import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetGoldens

/// A shard's report.json is a file CI downloads: the image paths it names are input. Merging reads
/// them from the shard's folder and writes them into the merged one under the same names, so each
/// must pass the one safe-path rule, and neither side may be reached through a symbolic link.
@Suite("Merging reports keeps inside the report folders")
struct ReportMergePathTests {
    /// A scratch area with a shard folder, an outside folder holding a file nobody named, and an
    /// output folder, all removed at the end.
    struct Scratch {
        let root = scratchDirectory("merge-paths")
        var shard: String { root + "/shard" }
        var outside: String { root + "/outside" }
        var out: String { root + "/merged" }
        let secret: [UInt8] = Array("not a report image".utf8)

        init() throws {
            for dir in [shard, outside] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            FileManager.default.createFile(atPath: outside + "/secret.png", contents: Data(secret))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        /// A one-cell failed verify report whose actual image is named `image`.
        func writeReport(actual image: String) throws {
            var record = ReportRecord(index: 0, name: "delivery/systemSmall/onTheWay-light", file: "Golden/delivery/systemSmall/onTheWay-light.png",
                                      layout: "delivery", surface: "systemSmall", preview: "onTheWay", scheme: "light", status: .failed)
            // Images has no public initializer: made as a report.json carries it.
            record.images = try JSONDecoder().decode(ReportRecord.Images.self, from: JSONSerialization.data(withJSONObject: ["actual": image]))
            let document = ReportDocument(kind: .verify, cells: 1, results: [record], seconds: 0)
            FileManager.default.createFile(atPath: shard + "/report.json", contents: Data(try document.encoded()))
        }

        /// What merging the shard into `out` says, or nil when it wrote the merged report.
        func mergeError() -> String? {
            do { try ReportMerge.merge([shard]).write(to: out); return nil } catch { return "\(error)" }
        }

        /// Every regular file below `dir`, relative to it.
        func files(in dir: String) -> [String] {
            (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter { path in
                var isDir: ObjCBool = false
                return FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDir) && !isDir.boolValue
            }.sorted()
        }
    }

    @Test("An entry that climbs out, is absolute, hidden or has an empty component is refused by name", arguments: [
        "../../x.png", "/etc/x.png", ".hidden.png", "delivery//x.png", "delivery/./x.png", "a\u{1}b.png",
    ])
    func unsafeEntries(entry: String) throws {
        let s = try Scratch()
        defer { s.remove() }
        try s.writeReport(actual: entry)
        let message = try #require(s.mergeError(), "merged a report naming \(entry)")
        #expect(message.contains(s.shard + "/report.json"), "\(message)")
        #expect(message.contains("results[delivery/systemSmall/onTheWay-light].images.actual"), "\(message)")
        #expect(message.contains("is not a safe relative path"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: s.out), "nothing is written when a shard's report is refused")
    }

    @Test("A link in a shard's folder, at the image or on the way to it, is not followed")
    func linksInTheShardFolder() throws {
        let s = try Scratch()
        defer { s.remove() }
        try FileManager.default.createSymbolicLink(atPath: s.shard + "/actual.png", withDestinationPath: s.outside + "/secret.png")
        try s.writeReport(actual: "actual.png")
        let atName = try #require(s.mergeError(), "copied the file a link points to")
        #expect(atName.contains(s.shard + "/report.json: results[delivery/systemSmall/onTheWay-light].images.actual"), "\(atName)")
        #expect(atName.contains("symbolic link"), "\(atName)")
        #expect(s.files(in: s.out).allSatisfy { FileManager.default.contents(atPath: s.out + "/" + $0) != Data(s.secret) })

        try FileManager.default.createSymbolicLink(atPath: s.shard + "/delivery", withDestinationPath: s.outside)
        try s.writeReport(actual: "delivery/secret.png")
        let onTheWay = try #require(s.mergeError(), "copied a file through a linked folder")
        #expect(onTheWay.contains("images.actual"), "\(onTheWay)")
        #expect(onTheWay.contains("symbolic link"), "\(onTheWay)")
        #expect(!FileManager.default.fileExists(atPath: s.out + "/delivery/secret.png"))
    }

    @Test("A missing image is an error naming the entry")
    func missingImage() throws {
        let s = try Scratch()
        defer { s.remove() }
        try s.writeReport(actual: "delivery/systemSmall/onTheWay-light.actual.png")
        let message = try #require(s.mergeError())
        #expect(message.contains("images.actual 'delivery/systemSmall/onTheWay-light.actual.png'"), "\(message)")
        #expect(message.contains("cannot be read") && message.contains("no such"), "\(message)")
    }

    @Test("The merged folder is written without following a link planted in it")
    func linkInTheMergedFolder() throws {
        let s = try Scratch()
        defer { s.remove() }
        let image = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))))
        try FileManager.default.createDirectory(atPath: s.shard + "/delivery/systemSmall", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: s.shard + "/delivery/systemSmall/onTheWay-light.actual.png", contents: Data(image))
        try s.writeReport(actual: "delivery/systemSmall/onTheWay-light.actual.png")
        try FileManager.default.createDirectory(atPath: s.out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: s.out + "/delivery", withDestinationPath: s.outside)
        let message = try #require(s.mergeError(), "wrote through a link in the merged folder")
        #expect(message.contains("symbolic link"), "\(message)")
        #expect(s.files(in: s.outside) == ["secret.png"], "nothing is written outside the merged folder")

        // Without the link the same shard merges, the image copied byte for byte.
        try FileManager.default.removeItem(atPath: s.out + "/delivery")
        #expect(s.mergeError() == nil)
        #expect(FileManager.default.contents(atPath: s.out + "/delivery/systemSmall/onTheWay-light.actual.png") == Data(image))
        #expect(s.files(in: s.out) == ["delivery/systemSmall/onTheWay-light.actual.png", "index.html", "junit.xml", "report.json"])
    }

    @Test("VerifyReport.write refuses a copy that would leave its folders, whoever made the report")
    func writeChecksEveryCopy() throws {
        let s = try Scratch()
        defer { s.remove() }
        let document = ReportDocument(kind: .verify, cells: 0, results: [], seconds: 0)
        for path in ["../secret.png", "/etc/passwd"] {
            let report = VerifyReport(document: document, copies: [path: ReportCopy(folder: s.shard, namedBy: "test copy")])
            let error = try #require(throws: (any Error).self) { try report.write(to: s.out) }
            #expect("\(error)".contains("test copy '\(path)' is not a safe relative path"), "\(error)")
        }
        #expect(s.files(in: s.root).filter { !$0.hasPrefix("outside/") } == [], "\(s.files(in: s.root))")
    }

    @Test("merge-reports exits 2 naming the report file and the entry, and writes nothing", .childProcess)
    func theCommand() async throws {
        let s = try Scratch()
        defer { s.remove() }
        try FileManager.default.createSymbolicLink(atPath: s.shard + "/actual.png", withDestinationPath: s.outside + "/secret.png")
        for entry in ["../outside/secret.png", s.outside + "/secret.png", "actual.png"] {
            try s.writeReport(actual: entry)
            let r = try await runWidgetshot(["merge-reports", s.shard, "--out", s.out])
            #expect(r.status == 2, "\(entry): \(r.stderr)")
            #expect(r.stderr.contains(s.shard + "/report.json: results[delivery/systemSmall/onTheWay-light].images.actual"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: s.out + "/actual.png"))
            #expect(s.files(in: s.root).allSatisfy { !$0.hasPrefix("merged/") || FileManager.default.contents(atPath: s.root + "/" + $0) != Data(s.secret) })
        }
    }
}
