import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// The bounding box, in pixels, of the pixels that differ between two same-sized bitmaps.
func differingBox(_ a: Bitmap, _ b: Bitmap) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)? {
    precondition(a.width == b.width && a.height == b.height)
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)?
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
            if let c = box {
                box = (min(c.minX, x), min(c.minY, y), max(c.maxX, x), max(c.maxY, y), c.count + 1)
            } else {
                box = (x, y, x, y, 1)
            }
        }
    }
    return box
}

@Suite(.serialized) struct PushRenderTests {
    typealias F = PushFixtures
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)

    func previewer(_ options: PushRenderOptions = PushRenderOptions()) throws -> LiveActivityPreviewer {
        LiveActivityPreviewer(layout: try Project.layout("delivery"), attributes: F.attributes, options: options)
    }

    @Test func everyPresentationOfAPushWithAnAlert() throws {
        let p = try previewer()
        let checked = try p.validator.check(F.input(F.edit(F.update()) { $0["alert"] = ["title": "곧 도착", "body": "300m 앞"] }))
        let preview = try p.render(checked, with: Self.renderer)
        #expect(preview.frames.map(\.presentation) == LiveActivityPresentation.allCases)
        #expect(preview.now == Date(timeIntervalSince1970: Double(F.t1227)))
        #expect(!preview.isStale)
        // Without an island (iPhone SE) only the Lock Screen, StandBy and the alert (as a banner).
        let se = try previewer(PushRenderOptions(device: .iphonese)).render(checked, with: Self.renderer)
        #expect(se.frames.map(\.presentation) == [.lockScreen, .standBy, .alert])
        let plain = try p.render(try p.validator.check(F.input(F.update())), with: Self.renderer)
        #expect(!plain.frames.contains { $0.presentation == .alert })
    }

    /// The push's picture is the render of the same data (content-state over attributes) at the
    /// push's timestamp: the same PNG bytes as the library's render of that data.
    @Test(arguments: [Surface.lockScreen, .standBy, .islandCompact, .islandMinimal, .islandExpanded])
    func anUpdateRendersAsItsDataDoes(surface: Surface) throws {
        let p = try previewer()
        let preview = try p.render(try p.validator.check(F.input(F.update())), with: Self.renderer)
        let data = try DataValue.parse("""
            {"order": {"number": 2841, "restaurant": {"name": "서울 키친"}, "total": 38500,
             "items": [{"name": "비빔밥", "quantity": 2}, {"name": "떡볶이", "quantity": 1}, {"name": "김밥", "quantity": 1}, {"name": "만두", "quantity": 1}],
             "status": "onTheWay", "eta": "2026-11-22T12:45:00+09:00", "driver": {"name": "김민수"}, "distanceKm": 1.2}}
            """, file: "data.json")
        let (now, zone) = try RenderRequest.readNow("2026-11-22T12:27:00+09:00")
        let direct = try Self.renderer.render(RenderRequest(layout: try Project.layout("delivery"), surface: surface, data: data,
                                                            locale: "ko", now: now, timeZone: zone))
        #expect(preview.frames.first { $0.presentation.surface == surface }?.png == direct.png)
    }

    /// Stale (now past stale-date): the ETA block dims and says the update is late; nothing else moves.
    @Test(arguments: [Surface.lockScreen, .islandExpanded])
    func staleDiffersOnlyInTheETABlock(surface: Surface) throws {
        let p = try previewer()
        let payload = try #require(try p.validator.check(F.input(F.edit(F.update()) { $0["stale-date"] = F.t1227 + 300 })).payload)
        var plain = try p.request(for: payload, surface: surface)
        plain.now = plain.now.addingTimeInterval(600)
        var stale = plain
        plain.isStale = false
        #expect(LiveActivityPreviewer.isStale(payload, at: stale.now))
        stale.isStale = true
        let a = try Self.renderer.render(plain), b = try Self.renderer.render(stale)
        #expect(a.bitmap.width == b.bitmap.width && a.bitmap.height == b.bitmap.height)
        let box = try #require(differingBox(a.bitmap, b.bitmap), "stale looks the same as fresh")
        // The ETA sits at the trailing side, in the top row: left of 60% of the width nothing changes.
        #expect(Double(box.minX) > Double(a.bitmap.width) * 0.6, "\(box) in \(a.bitmap.width)×\(a.bitmap.height)")
        #expect(Double(box.maxY) < Double(a.bitmap.height) * 0.6, "\(box) in \(a.bitmap.width)×\(a.bitmap.height)")
        #expect(box.count > 200)
    }

    /// The alert picture is the expanded island pixel for pixel, with the title and body below it.
    @Test func alertIsTheExpandedIslandWithTheTextBelow() throws {
        let p = try previewer()
        let checked = try p.validator.check(F.input(F.edit(F.update()) { $0["alert"] = ["title": "곧 도착해요", "body": "김민수 님이 300m 앞에 있어요"] }))
        let preview = try p.render(checked, with: Self.renderer)
        let island = try #require(preview.frames.first { $0.presentation == .islandExpanded }).bitmap
        let alert = try #require(preview.frames.first { $0.presentation == .alert }).bitmap
        #expect(alert.width == island.width)
        #expect(alert.height > island.height + 40)
        var same = true
        for y in 0..<island.height { for x in 0..<island.width where alert.pixel(x: x, y: y) != island.pixel(x: x, y: y) { same = false } }
        #expect(same, "the island part of the alert differs from islandExpanded")
        // The band holds light text on dark gray: many bright pixels below the island.
        var bright = 0
        for y in island.height..<alert.height { for x in 0..<alert.width { let c = alert.pixel(x: x, y: y); if c.a == 255 && c.r > 200 { bright += 1 } } }
        #expect(bright > 300)
    }

    @Test func anEndWithoutContentShowsTheLastContent() throws {
        let p = try previewer()
        let end = F.edit(F.update()) { $0["event"] = "end"; $0["content-state"] = nil; $0["timestamp"] = F.t1227 + 60 }
        let previews = try p.renderSequence([F.input(F.update()), F.input(end)], with: Self.renderer)
        #expect(previews[1].data == previews[0].data)
        #expect(previews[1].frames.count == previews[0].frames.count)
    }

    /// One cell per push × presentation; each picture drawn whole at its cell.
    @Test func filmstripHasACellPerPushAndPresentation() throws {
        let p = try previewer()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: F.samples + "/sequence.json")))
        let previews = try p.renderSequence(try PushValidator.inputs(in: bytes, name: "sequence.json"), with: Self.renderer)
        let strip = Filmstrip.pushes(previews, title: "delivery", timeZone: TimeZone(secondsFromGMT: 9 * 3600)!)
        #expect(strip.columns.count == 5)
        #expect(strip.rows == LiveActivityPresentation.allCases.map(\.rawValue))
        #expect(strip.cellCount == 30)
        #expect(strip.columns.map(\.title) == ["12:05:00 · start", "12:12:00 · update", "12:27:00 · update", "12:40:00 · update", "12:44:00 · end"])
        // Alerts on the start and the nearbyHome push only.
        #expect(strip.columns.map { $0.cells["alert"] != nil } == [true, false, false, true, false])
        let scale = DeviceProfile.default.scale
        let sheet = try strip.draw(with: Self.renderer, scale: scale)
        let g = strip.geometry(scale: scale)
        #expect(g.cells.count == 5 && g.cells.allSatisfy { $0.count == 6 })
        #expect(sheet.width == g.width && sheet.height == g.height)
        for (ci, column) in strip.columns.enumerated() {
            for (ri, row) in strip.rows.enumerated() {
                guard let cell = column.cells[row] else { continue }
                let at = g.cells[ci][ri]
                #expect(cell.tile.drawnWidth <= at.width && cell.tile.drawnHeight <= at.height)
                // StandBy is shown at half its size; the others pixel for pixel.
                #expect(cell.shownAt == (row == "standBy" ? 0.5 : 1))
                guard cell.shownAt == 1 else { continue }
                // Opaque pixels of the picture are the sheet's pixels there (samples along a diagonal).
                for i in stride(from: 0, to: min(cell.bitmap.width, cell.bitmap.height), by: 7) {
                    let c = cell.bitmap.pixel(x: i, y: i)
                    if c.a == 255 { #expect(sheet.pixel(x: at.x + i, y: at.y + i) == c) }
                }
            }
        }
        let html = strip.html(scale: scale)
        #expect(html.components(separatedBy: "<img ").count - 1 == 5 * 5 + 2)
    }

    @Test func filmstripMarksAPushThatBreaksARule() throws {
        let p = try previewer()
        let bad = F.edit(F.update()) { $0["timestamp"] = F.t1227 - 600; $0["dismissal-date"] = F.t1227 }
        let previews = try p.renderSequence([F.input(F.update()), F.input(bad)], with: Self.renderer)
        let strip = Filmstrip.pushes(previews, title: "bad", timeZone: TimeZone(secondsFromGMT: 0)!)
        #expect(strip.columns[0].errors.isEmpty)
        #expect(strip.columns[1].errors.count == 2)
        #expect(strip.columns[1].errors.contains { $0.hasPrefix("aps.timestamp:") })
        #expect(strip.html(scale: 3).contains("aps.dismissal-date: only an end event"))
        // The red outline (#FF453A) is drawn around the second column only.
        let sheet = try strip.draw(with: Self.renderer, scale: 3)
        let g = strip.geometry(scale: 3)
        func redPixels(column: Int) -> Int {
            let x0 = g.cells[column][0].x - 14, x1 = g.cells[column][0].x + g.cells[column][0].width + 14
            var n = 0
            for y in stride(from: 0, to: sheet.height, by: 1) {
                for x in [x0, x0 + 1, x0 + 2, x0 + 3, x0 + 4, x0 + 5, x0 + 6, x1 - 6, x1 - 3] where x >= 0 && x < sheet.width {
                    let c = sheet.pixel(x: x, y: y)
                    if c.r > 200 && c.g < 110 && c.b < 90 { n += 1 }
                }
            }
            return n
        }
        #expect(redPixels(column: 1) > 100)
        #expect(redPixels(column: 0) == 0)
    }
}
