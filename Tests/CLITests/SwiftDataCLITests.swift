#if os(Linux)
import Foundation
import Testing
import TestSupport
import WidgetShot

/// `--data` and `push` for a Swift source (issue 35 items 2 and 3): the JSON is decoded by the
/// team's own types — a widget's Decodable entry, a Live Activity's attributes and ContentState —
/// and drawn by the team's views; what the app would fail to decode is refused at the decoder's path.
///
/// All tests work on one copy of Examples/swift-only's extension (plus a widget with a Codable
/// entry), made once and never changed, in one project with one app folder: one scratch package
/// under .build/test-output/swift-data/team/.build, built once (WidgetShot's modules included) and
/// then only checked by SwiftPM on each call.
@Suite("a Swift folder's data: --data and push decode with the team's types", .serialized)
struct SwiftDataCLITests {
    /// The team's project: DeliveryWidgets (the example's, plus TipWidget.swift) and Shared.
    static let team = Project.output("swift-data") + "/team"
    static let now = "2026-11-22T12:00:00Z"

    /// A widget whose entry is Codable, with a date it shows: what `--data` decodes into.
    static let tipWidget = """
        import SwiftUI
        import WidgetKit

        struct TipEntry: TimelineEntry, Codable {
            let date: Date
            let percent: Int
        }

        struct TipProvider: TimelineProvider {
            func placeholder(in context: Context) -> TipEntry { TipEntry(date: Date(timeIntervalSinceReferenceDate: 0), percent: 15) }
            func getSnapshot(in context: Context, completion: @escaping (TipEntry) -> Void) { completion(placeholder(in: context)) }
            func getTimeline(in context: Context, completion: @escaping (Timeline<TipEntry>) -> Void) {
                completion(Timeline(entries: [placeholder(in: context)], policy: .never))
            }
        }

        struct TipWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "Tip", provider: TipProvider()) { entry in
                    VStack(spacing: 4) {
                        Text("\\(entry.percent)%").font(.largeTitle)
                        Text(entry.date, style: .time).font(.caption)
                    }
                    .containerBackground(Color.white, for: .widget)
                }
                .supportedFamilies([.systemSmall])
            }
        }

        #Preview("Tip", as: .systemSmall) {
            TipWidget()
        } timeline: {
            TipEntry(date: Date(timeIntervalSinceReferenceDate: 816_999_000), percent: 20)
        }

        """

    /// The team's project, made once per run (its files unchanged after, so the build stays warm).
    static let made: Void = {
        for part in ["DeliveryWidgets", "Shared", "widgetshot.yaml", "data"] { try? FileManager.default.removeItem(atPath: team + "/" + part) }
        let folder = team + "/DeliveryWidgets", app = team + "/Shared"
        try! FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: team + "/data", withIntermediateDirectories: true)
        try! Data("swift:\n  widgets: [DeliveryWidgets]\n  include: [Shared]\n".utf8).write(to: URL(fileURLWithPath: team + "/widgetshot.yaml"))
        try! FileManager.default.copyItem(atPath: SwiftSourceCLITests.examples + "/DeliveryWidgets", toPath: folder)
        try! Data(tipWidget.utf8).write(to: URL(fileURLWithPath: folder + "/TipWidget.swift"))
        try! Data("// The app's shared code.\n".utf8).write(to: URL(fileURLWithPath: app + "/Shared.swift"))
    }()

    func file(_ name: String, _ text: String) throws -> String {
        _ = Self.made
        let path = Self.team + "/data/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return "data/" + name
    }

    /// `widgetshot render DeliveryWidgets … --include Shared`, in the team's project.
    func render(_ arguments: [String]) async throws -> CLIProcess.Outcome {
        _ = Self.made
        return try await run(["render", "DeliveryWidgets"] + arguments + ["--include", "Shared", "--now", Self.now])
    }

    func run(_ arguments: [String]) async throws -> CLIProcess.Outcome {
        try await CLIProcess(binary: CLIProcess.binary, arguments, environment: [:], cwd: Self.team).wait(seconds: 900)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: Self.team + "/" + path) }

    @Test("--data: a widget's Codable entry; the preview's value draws the preview's bytes, another value other pixels, a bad type its path", .childProcess)
    func entryData() async throws {
        let preview = try await render(["--preview", "Tip", "-o", "tip-preview.png"])
        #expect(preview.status == 0, "\(preview.stderr)")
        // The preview's value, its date as the app's default JSONDecoder reads it (seconds since 2001).
        let same = try await render(["--widget", "TipWidget", "--data", try file("same.json", #"{"date": 816999000, "percent": 20}"#), "-o", "tip-same.png"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(bytes("tip-same.png") != nil && bytes("tip-same.png") == bytes("tip-preview.png"), "the preview's value drew other bytes")
        let other = try await render(["--widget", "TipWidget", "--data", try file("other.json", #"{"date": 816999000, "percent": 35}"#), "-o", "tip-other.png"])
        #expect(other.status == 0, "\(other.stderr)")
        let a = try PNGCodec.decode([UInt8](bytes("tip-other.png") ?? Data())), b = try PNGCodec.decode([UInt8](bytes("tip-preview.png") ?? Data()))
        #expect(a.width == b.width && a.height == b.height)
        let changed = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(changed > 100, "35 % drew \(changed) bytes differently from 20 %")

        let bad = try await render(["--widget", "TipWidget", "--data", try file("bad.json", #"{"date": 816999000, "percent": "lots"}"#), "-o", "tip-bad.png"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains(#"data/bad.json: percent: expected Int, found String "lots""#), "\(bad.stderr)")
        #expect(bytes("tip-bad.png") == nil, "a refused --data wrote a PNG")
        let missing = try await render(["--widget", "TipWidget", "--data", try file("missing.json", #"{"percent": 20}"#), "-o", "tip-missing.png"])
        #expect(missing.status != 0 && missing.stderr.contains("data/missing.json: date: missing"), "\(missing.stderr)")

        // The example's DeliveryEntry is not Decodable: named, at its declaration, with what to do.
        let plain = try await render(["--widget", "DeliveryWidget", "--data", try file("plain.json", #"{"date": 0}"#), "-o", "plain.png"])
        #expect(plain.status != 0)
        #expect(plain.stderr.contains("the widget's entry type DeliveryEntry (DeliveryWidgets/DeliveryWidget.swift:4) is not Decodable"), "\(plain.stderr)")
        #expect(plain.stderr.contains("make it Decodable"), "\(plain.stderr)")
        #expect(bytes("plain.png") == nil)
    }

    @Test("--data: a Live Activity's content-state (and attributes) in the team's ContentState; a wrong type refused at content-state.minutesLeft", .childProcess)
    func activityData() async throws {
        let preview = try await render(["--preview", "Notification", "--entry", "1", "-o", "notification-1.png"])
        #expect(preview.status == 0, "\(preview.stderr)")
        // The content-state alone: the attributes are the activity's first #Preview's.
        let state = try file("state.json", #"{"content-state": {"status": "onTheWay", "minutesLeft": 12}}"#)
        let same = try await render(["--widget", "DeliveryLiveActivity", "--data", state, "-o", "state-same.png"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(bytes("state-same.png") != nil && bytes("state-same.png") == bytes("notification-1.png"))
        let both = try file("both.json", #"{"attributes": {"restaurant": "Busan Grill"}, "content-state": {"status": "cooking", "minutesLeft": 5}}"#)
        let other = try await render(["--widget", "DeliveryLiveActivity", "--data", both, "-o", "state-other.png"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(bytes("state-other.png") != nil && bytes("state-other.png") != bytes("notification-1.png"))
        let island = try await render(["--widget", "DeliveryLiveActivity", "--surface", "islandExpanded", "--data", both, "-o", "state-island.png"])
        #expect(island.status == 0, "\(island.stderr)")

        let bad = try await render(["--widget", "DeliveryLiveActivity", "--data",
                                    try file("bad-state.json", #"{"content-state": {"status": "onTheWay", "minutesLeft": "soon"}}"#), "-o", "state-bad.png"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains(#"data/bad-state.json: content-state.minutesLeft: expected Int, found String "soon""#), "\(bad.stderr)")
        #expect(bytes("state-bad.png") == nil)
        let status = try await render(["--widget", "DeliveryLiveActivity", "--data",
                                       try file("bad-status.json", #"{"content-state": {"status": "flying", "minutesLeft": 3}}"#), "-o", "state-bad.png"])
        #expect(status.status != 0 && status.stderr.contains("data/bad-status.json: content-state.status: "), "\(status.stderr)")
    }

    @Test("push --swift: each step decoded by the team's ContentState, 2 pictures per presentation; a payload the app refuses is an error at its path", .childProcess)
    func pushSequence() async throws {
        let attributes = try file("attributes.json", #"{"restaurant": "Seoul Kitchen"}"#)
        let sequence = try file("sequence.json", """
            [{"aps": {"timestamp": 1795306200, "event": "update", "content-state": {"status": "cooking", "minutesLeft": 24}}},
             {"aps": {"timestamp": 1795306500, "event": "update", "content-state": {"status": "onTheWay", "minutesLeft": 12}}}]
            """)
        // The project's swift: is the source when no --layout is given.
        try? FileManager.default.removeItem(atPath: Self.team + "/push-out")
        let push = try await run(["push", sequence, "--attributes", attributes, "-o", "push-out"])
        #expect(push.status == 0, "\(push.stderr)")
        let presentations = ["lockScreen", "standBy", "islandCompact", "islandMinimal", "islandExpanded"]
        for p in presentations {
            #expect(bytes("push-out/01-update-\(p).png") != nil && bytes("push-out/02-update-\(p).png") != nil, "\(p)")
            #expect(bytes("push-out/01-update-\(p).png") != bytes("push-out/02-update-\(p).png"), "\(p): both steps drew the same")
        }
        #expect(bytes("push-out/filmstrip.png") != nil && bytes("push-out/report.json") != nil)
        // The second step is the Notification preview's second content state, drawn the same.
        let preview = try await render(["--preview", "Notification", "--entry", "1", "-o", "notification-1.png"])
        #expect(preview.status == 0)
        #expect(bytes("push-out/02-update-lockScreen.png") == bytes("notification-1.png"))

        let bad = try file("bad-sequence.json", """
            [{"aps": {"timestamp": 1795306200, "event": "update", "content-state": {"status": "cooking", "minutesLeft": 24}, "stale-date": 1795306400}},
             {"aps": {"timestamp": 1795306500, "event": "update", "content-state": {"status": "onTheWay", "minutesLeft": "soon"}}}]
            """)
        try? FileManager.default.removeItem(atPath: Self.team + "/push-bad")
        let refused = try await run(["push", bad, "--swift", "DeliveryWidgets", "--include", "Shared", "--attributes", attributes, "-o", "push-bad",
                                     "--surface", "lockScreen"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains(#"data/bad-sequence.json[1]: error: aps.content-state.minutesLeft: expected Int, found String "soon""#), "\(refused.stderr)")
        #expect(bytes("push-bad/01-update-lockScreen.png") != nil)
        // The first push goes stale before the second arrives: its stale column, as for a layout.
        #expect(bytes("push-bad/01-update-stale-lockScreen.png") != nil)
        #expect(bytes("push-bad/02-update-lockScreen.png") == nil, "a refused push drew a picture")
        let report = String(decoding: bytes("push-bad/report.json") ?? Data(), as: UTF8.self)
        #expect(report.contains("aps.content-state.minutesLeft"), "\(report)")
    }
}
#endif
