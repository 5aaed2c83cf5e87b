import Foundation
import Testing
import TestSupport
import WidgetShot

/// `widgetshot push` and `widgetshot timeline` as real processes: files, bytes, exit codes.
@Suite(.serialized) struct PushCLITests {
    enum F { static let samples = Project.root + "/Layouts/samples/delivery" }

    func temporaryFolder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-push-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The push's lockScreen.png is byte for byte what `render --data` writes for the same data at
    /// the push's timestamp.
    @Test(.childProcess) func anUpdateIsTheSameBytesAsRenderData() async throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = """
            {"order": {"number": 2841, "restaurant": {"name": "서울 키친"}, "total": 38500,
             "items": [{"name": "비빔밥", "quantity": 2}, {"name": "떡볶이", "quantity": 1}, {"name": "김밥", "quantity": 1}, {"name": "만두", "quantity": 1}],
             "status": "onTheWay", "eta": "2026-11-22T12:45:00+09:00", "driver": {"name": "김민수"}, "distanceKm": 1.2}}
            """
        try data.write(toFile: dir + "/data.json", atomically: true, encoding: .utf8)
        let push = try await CLIProcess.run(["push", F.samples + "/update-onTheWay.json", "--layout", "delivery",
                                       "--attributes", F.samples + "/attributes.json", "-o", dir + "/push", "--project", Project.root])
        #expect(push.status == 0, "\(push.stderr)")
        for surface in ["lockScreen", "islandExpanded", "islandCompact"] {
            let render = try await CLIProcess.run(["render", "delivery", "--surface", surface, "--data", dir + "/data.json",
                                             "--now", "2026-11-22T12:27:00+09:00", "-o", dir + "/\(surface).png", "--project", Project.root])
            #expect(render.status == 0, "\(render.stderr)")
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/push/\(surface).png"))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/\(surface).png"))
            #expect(a == b, "\(surface): push and render --data differ")
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/push/report.json"))) as? [String: Any]
        #expect(report?["valid"] as? Bool == true)
    }

    @Test("push writes the filmstrip and every presentation; an oversized payload exits 1 with its PNGs, an unusable payload or unknown layout exits 2", .childProcess) func exitCodes() async throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let seq = try await CLIProcess.run(["push", F.samples + "/sequence.json", "--layout", "delivery", "-o", dir + "/seq", "--project", Project.root])
        #expect(seq.status == 0, "\(seq.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/seq"))
        #expect(files.isSuperset(of: ["filmstrip.png", "filmstrip.html", "report.json", "01-start-alert.png", "05-end-lockScreen.png"]))
        // 5 pushes × 5 presentations + 2 alerts, and the 12:27 update's five at its stale-date (12:35).
        #expect(files.filter { $0.hasSuffix(".png") && $0 != "filmstrip.png" }.count == 27 + 5)
        #expect(files.isSuperset(of: ["03-update-stale-lockScreen.png", "03-update-stale-islandExpanded.png"]))

        let big = try await CLIProcess.run(["push", F.samples + "/invalid/size-4097-bytes.json", "--layout", "delivery",
                                      "--attributes", F.samples + "/attributes.json", "-o", dir + "/big", "--project", Project.root])
        #expect(big.status == 1)
        #expect(big.stderr.contains("error: $: payload is 4097 bytes; APNs accepts at most 4096"), "\(big.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/big/lockScreen.png"))

        try "aps: {}".write(toFile: dir + "/yaml.json", atomically: true, encoding: .utf8)
        let unusable = try await CLIProcess.run(["push", dir + "/yaml.json", "--layout", "delivery", "-o", dir + "/u", "--project", Project.root])
        #expect(unusable.status == 2)
        #expect(unusable.stderr.contains("a push payload is JSON"), "\(unusable.stderr)")
        let noLayout = try await CLIProcess.run(["push", F.samples + "/sequence.json", "--layout", "nope", "--project", Project.root])
        #expect(noLayout.status == 2)
    }

    @Test("timeline prints one line per entry and the reload policy and writes each entry's PNG and the strip; --entries reads them from a file", .childProcess) func timelineCommand() async throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try await CLIProcess.run(["timeline", "delivery", "--surface", "systemMedium", "--preview", "onTheWay",
                                      "-o", dir, "--project", Project.root])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 13)
        #expect(lines.first?.contains("2026-11-22T12:27:00+09:00") == true)
        #expect(lines.last == "reload atEnd: WidgetKit asks for a new timeline at 12:38:00")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(files.isSuperset(of: ["01-systemMedium.png", "12-systemMedium.png", "timeline.png", "timeline.html"]))
        let explicit = try await CLIProcess.run(["timeline", "delivery", "--surface", "systemMedium", "--entries",
                                           F.samples + "/timeline-medium.json", "-o", dir + "/x", "--project", Project.root])
        #expect(explicit.status == 0, "\(explicit.stderr)")
        #expect(explicit.stdout.split(separator: "\n").count == 8)
    }
}
