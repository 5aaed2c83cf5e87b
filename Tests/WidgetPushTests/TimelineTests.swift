import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// Every text of a bound view tree, in order.
func texts(_ node: ViewNode?) -> [String] {
    guard let node else { return [] }
    var out: [String] = []
    var pending = [node]
    while let n = pending.popLast() {
        switch n.kind {
        case .text(let t): out.append(t.string)
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): pending += c.reversed()
        default: break
        }
        for m in n.modifiers {
            if case .background(let b, _) = m { pending.append(b) }
            if case .overlay(let o, _) = m { pending.append(o) }
        }
    }
    return out
}

@Suite(.serialized) struct TimelineTests {
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)

    func policy() throws -> TimelinePolicy {
        try #require(try TimelinePreviewer.policy(of: try Project.layout("delivery")))
    }

    /// The delivery layout's policy: 5 min while preparing, 1 min on the way, 30 s nearby, 15 min
    /// otherwise; within an hour; at most 12 entries.
    @Test(arguments: [("preparing", 300.0, 12), ("onTheWay", 60, 12), ("nearbyHome", 30, 12), ("delivered", 900, 5)])
    func entryDatesFollowThePolicy(state: String, seconds: Double, count: Int) throws {
        let layout = try Project.layout("delivery")
        let preview = try #require(layout.preview(named: state))
        let start = try #require(preview.now)
        let timeline = try policy().timeline(start: start, data: preview.data)
        #expect(timeline.entries.count == count)
        #expect(timeline.entries.count <= 12)
        #expect(timeline.entries.first?.date == start)
        for (a, b) in zip(timeline.entries, timeline.entries.dropFirst()) {
            #expect(b.date.timeIntervalSince(a.date) == seconds)
        }
        #expect(timeline.entries.last!.date.timeIntervalSince(start) <= 3600)
        #expect(timeline.reload == .atEnd)
        #expect(timeline.reloadDate == timeline.entries.last?.date)
    }

    /// Each entry renders at its own date: "18분 후 도착", then "17분 후 도착" a minute later.
    @Test func relativeTextsAdvanceBetweenEntries() throws {
        let layout = try Project.layout("delivery")
        let preview = try #require(layout.preview(named: "onTheWay"))
        let timeline = try policy().timeline(start: preview.now!, data: preview.data)
        let previewer = TimelinePreviewer(layout: layout, surfaces: [.systemMedium, .islandCompact])
        let relative = timeline.entries.prefix(3).map { entry -> [String] in
            let r = previewer.request(entry, surface: .systemMedium)
            let bound = layout.bind(surface: .systemMedium, data: r.data,
                                    context: BindContext(surface: .systemMedium, locale: r.locale, now: r.now, timeZone: r.timeZone))
            return texts(bound.view).filter { $0.hasSuffix("후 도착") }
        }
        #expect(relative == [["18분 후 도착"], ["17분 후 도착"], ["16분 후 도착"]])
        let renders = try previewer.render(Timeline(entries: Array(timeline.entries.prefix(2)), reload: .atEnd), with: Self.renderer)
        #expect(renders.count == 2 && renders.allSatisfy { $0.count == 2 })
        #expect(renders[0][0].1.png != renders[1][0].1.png, "systemMedium did not change between entries")
        #expect(renders[0][1].1.png != renders[1][1].1.png, "the compact island's timer did not advance")
        let strip = Filmstrip.timeline(Timeline(entries: Array(timeline.entries.prefix(2)), reload: .atEnd), renders: renders,
                                       title: "t", timeZone: previewer.timeZone)
        #expect(strip.cellCount == 4)
        #expect(strip.footer == "reload atEnd: WidgetKit asks for a new timeline at 12:28:00")
        #expect(strip.columns.map(\.title) == ["12:27:00", "12:28:00"])
    }

    @Test func policySectionErrorsNameTheField() throws {
        func parse(_ yaml: String) -> String? {
            guard let value = try? DataValue.parse(yaml, file: "t.yaml") else { return "yaml" }
            switch Result(catching: { () throws(TimelineError) -> TimelinePolicy in try TimelinePolicy.parse(value) }) {
            case .success: return nil
            case .failure(let e): return e.field
            }
        }
        #expect(parse("every: { onTheWay: 1m }") == nil)
        #expect(parse("every: { onTheWay: soon }") == "timeline.every.onTheWay")
        #expect(parse("every: 5m\nmaxEntries: 0") == "timeline.maxEntries")
        #expect(parse("every: 5m\nreload: sometimes") == "timeline.reload")
        #expect(parse("every: 5m\nhorizn: 1h") == "timeline.horizn")
        #expect(parse("state: order.status") == "timeline.every")
        let p = try TimelinePolicy.parse(try DataValue.parse("every: 10m\nreload: after 30m\nmaxEntries: 3", file: "t.yaml"))
        let t = p.timeline(start: Date(timeIntervalSince1970: 0), data: .object([:]))
        #expect(t.entries.map { $0.date.timeIntervalSince1970 } == [0, 600, 1200])
        #expect(t.reloadDate == Date(timeIntervalSince1970: 1800))
    }

    /// The field a timeline file is refused for, nil if it is accepted.
    func refusedField(_ value: DataValue) -> String? {
        switch Result(catching: { () throws(TimelineError) -> Timeline in try TimelineFile.parse(value) }) {
        case .success: return nil
        case .failure(let e): return e.field
        }
    }

    @Test func explicitEntriesFile() throws {
        let value = try DataValue.load(path: PushFixtures.samples + "/timeline-medium.json")
        let timeline = try TimelineFile.parse(value)
        #expect(timeline.entries.count == 7)
        #expect(zip(timeline.entries, timeline.entries.dropFirst()).allSatisfy { $0.date <= $1.date })
        let backwards = try DataValue.parse("""
            {"entries": [{"date": "2026-11-22T12:30:00+09:00", "data": {}}, {"date": "2026-11-22T12:29:00+09:00", "data": {}}]}
            """, file: "t.json")
        #expect(refusedField(backwards) == "entries[1].date")
        let badDate = try DataValue.parse(#"[{"date": "2026-02-30T12:00:00+09:00"}]"#, file: "t.json")
        #expect(refusedField(badDate) == "entries[0].date")
        #expect(refusedField(.array([])) == "entries")
    }
}
