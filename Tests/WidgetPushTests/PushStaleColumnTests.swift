import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// A push whose stale-date passes before the next push arrives gets a column of its own in the
/// filmstrip, at the stale date, showing the content as the layout draws it stale.
@Suite(.serialized) struct PushStaleColumnTests {
    typealias F = PushFixtures
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)
    static let zone = TimeZone(secondsFromGMT: 9 * 3600)!

    func previewer(staleColumns: Bool = true, now: Date? = nil) throws -> LiveActivityPreviewer {
        var options = PushRenderOptions(now: now)
        options.staleColumns = staleColumns
        return LiveActivityPreviewer(layout: try Project.layout("delivery"), attributes: F.attributes, options: options)
    }

    func sample() throws -> [PushInput] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: F.samples + "/sequence.json")))
        return try PushValidator.inputs(in: bytes, name: "sequence.json")
    }

    /// The sample: 12:05 start (stale 12:20, next 12:12), 12:12 update (stale 12:30, next 12:27),
    /// 12:27 update (stale 12:35, next 12:40: goes stale), 12:40 update (stale 12:50, next 12:44), 12:44 end.
    @Test func theSampleSequenceGetsOneStaleColumnAt1235() throws {
        let previews = try previewer().renderSequence(try sample(), with: Self.renderer)
        #expect(previews.map { $0.stale != nil } == [false, false, true, false, false])
        let strip = Filmstrip.pushes(previews, title: "delivery", timeZone: Self.zone)
        #expect(strip.columns.count == 6)
        #expect(strip.columns.map(\.title) == ["12:05:00 · start", "12:12:00 · update", "12:27:00 · update", "12:35:00 · stale",
                                               "12:40:00 · update", "12:44:00 · end"])
        #expect(strip.columns.map(\.isStale) == [false, false, false, true, false, false])
        let stale = strip.columns[3]
        // Every presentation but the alert (that shows only when a push arrives).
        #expect(Set(stale.cells.keys) == ["lockScreen", "standBy", "islandCompact", "islandMinimal", "islandExpanded"])
        #expect(strip.cellCount == 6 * 6)
        #expect(strip.html(scale: 3).contains("class=\"stale\""))

        // Each stale cell is the direct render of the push's data at 12:35, stale.
        let push = previews[2]
        let (now, zone) = try RenderRequest.readNow("2026-11-22T12:35:00+09:00")
        for surface in [Surface.lockScreen, .standBy, .islandCompact, .islandMinimal, .islandExpanded] {
            var request = RenderRequest(layout: try Project.layout("delivery"), surface: surface, data: try #require(push.data),
                                        locale: "ko", now: now, timeZone: zone)
            request.isStale = true
            let direct = try Self.renderer.render(request)
            #expect(stale.cells[surface.rawValue]?.png == direct.png, "\(surface)")
        }
        // The Lock Screen says the update is late there, not in the push's own column.
        let fresh = try #require(strip.columns[2].cells["lockScreen"]).bitmap
        let late = try #require(stale.cells["lockScreen"]).bitmap
        #expect(differingBox(fresh, late) != nil)
    }

    /// The stale column is drawn as a column of the sheet, with a dashed amber outline.
    @Test func theStaleColumnIsOutlinedInAmber() throws {
        let previews = try previewer().renderSequence(try sample(), with: Self.renderer)
        let strip = Filmstrip.pushes(previews, title: "delivery", timeZone: Self.zone)
        let scale = 2.0
        let sheet = try strip.draw(with: Self.renderer, scale: scale)
        let g = strip.geometry(scale: scale)
        #expect(g.cells.count == 6 && sheet.width == g.width)
        func amber(column: Int) -> Int {
            let x = g.cells[column][0].x - 8
            var n = 0
            for y in 0..<sheet.height {
                for dx in 0..<6 {
                    let c = sheet.pixel(x: x + dx, y: y)
                    if c.r > 200 && c.g > 120 && c.g < 190 && c.b < 60 { n += 1 }
                }
            }
            return n
        }
        #expect(amber(column: 3) > 50)
        #expect(amber(column: 2) == 0 && amber(column: 4) == 0)
    }

    @Test func theLastPushGoesStaleBeforeItsDismissalOnly() throws {
        let first = F.update()
        let last = F.edit(F.update()) { $0["timestamp"] = F.t1227 + 60; $0["stale-date"] = F.t1227 + 600 }
        let previews = try previewer().renderSequence([F.input(first), F.input(last)], with: Self.renderer)
        #expect(previews.map { $0.stale?.at } == [nil, Date(timeIntervalSince1970: Double(F.t1227 + 600))])
        #expect(Filmstrip.pushes(previews, title: "t", timeZone: Self.zone).columns.map(\.title)
                == ["12:27:00 · update", "12:28:00 · update", "12:37:00 · stale"])
        // An end dismissed before it would go stale: no column.
        let end = F.edit(F.update()) { $0["event"] = "end"; $0["timestamp"] = F.t1227 + 60
                                        $0["stale-date"] = F.t1227 + 600; $0["dismissal-date"] = F.t1227 + 300 }
        let ended = try previewer().renderSequence([F.input(first), F.input(end)], with: Self.renderer)
        #expect(ended.allSatisfy { $0.stale == nil })
        // Not asked for (the server's path), or every picture at a fixed time: no column.
        #expect(try previewer(staleColumns: false).renderSequence([F.input(first), F.input(last)], with: Self.renderer)
            .allSatisfy { $0.stale == nil })
        #expect(try previewer(now: Date(timeIntervalSince1970: Double(F.t1227 + 120))).renderSequence([F.input(first), F.input(last)], with: Self.renderer)
            .allSatisfy { $0.stale == nil })
    }

    /// Drawn on several threads, a sequence gives the same bytes as drawn on one.
    @Test func aPoolDrawsTheSameBytes() throws {
        let p = try previewer()
        let one = try p.renderSequence(try sample(), with: Self.renderer)
        let pool = RendererPool(fonts: Project.fonts)
        let many = try p.renderSequence(try sample(), pool: pool, workers: 3)
        #expect(one.count == many.count)
        for (a, b) in zip(one, many) {
            #expect(a.frames.map(\.presentation) == b.frames.map(\.presentation))
            #expect(a.frames.map(\.png) == b.frames.map(\.png))
            #expect(a.stale?.frames.map(\.png) == b.stale?.frames.map(\.png))
            #expect(a.checked.report == b.checked.report)
        }
    }
}
