import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetPush

/// A push sequence's filmstrip has a bound known before any picture is drawn (the pushes read and
/// checked, their stale columns and alerts known, each picture at its largest): `push` refuses a
/// sequence whose bound passes `Limits.sheetPixels` there, so a sheet is never refused after its
/// pictures were drawn. The bound must hold every sheet actually drawn.
@Suite struct FilmstripBoundTests {
    typealias F = PushFixtures

    func previewer(scale: Double) throws -> LiveActivityPreviewer {
        var options = PushRenderOptions(scale: scale)
        options.staleColumns = true
        return LiveActivityPreviewer(layout: try Project.layout("delivery"), attributes: F.attributes, options: options)
    }

    /// The sample sequence (start with an alert, updates, an alert, end; one stale column), drawn:
    /// same rows and columns as its bound, and no wider or taller.
    @Test(arguments: [1.0, 2.0, 3.0])
    func theBoundHoldsTheSampleSequence(scale: Double) throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let previewer = try previewer(scale: scale)
        let inputs = try PushValidator.inputs(in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: F.samples + "/sequence.json"))), name: "sequence.json")
        let bound = try previewer.filmstripBound(inputs, measurer: renderer.renderer.measurer, scale: scale)
        let strip = Filmstrip.pushes(try previewer.renderSequence(inputs, with: renderer), title: "", timeZone: TimeZone(secondsFromGMT: 0)!)
        #expect(bound.rows == strip.rows)
        #expect(bound.columns.count == strip.columns.count)
        let (drawn, most) = (strip.geometry(scale: scale), bound.geometry(scale: scale))
        #expect(drawn.width <= most.width && drawn.height <= most.height, "drawn \(drawn.width)×\(drawn.height), bound \(most.width)×\(most.height)")
        // A bound, not a guess far above: within a Live Activity's range of heights per row.
        #expect(most.height - drawn.height <= Int(scale * 80) * bound.rows.count, "drawn \(drawn.height), bound \(most.height)")
    }

    /// The longest sequence the push limits allow, each push going stale before the next and
    /// carrying an alert: at 3x refused with the numbers to act on; the scale it names fits, the
    /// next quarter step up does not.
    @Test func theLongestSequenceIsRefusedAt3xAndTheAdviceFits() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let count = Limits.default.sequencePushes
        let pushes = (0..<count).map { i in
            F.input(F.edit(F.update()) {
                $0["timestamp"] = F.t1227 + 120 * i
                $0["stale-date"] = F.t1227 + 120 * i + 60
                $0["alert"] = ["title": "배달 중", "body": "김민수 님이 음식을 가지고 출발했어요. 곧 도착합니다"]
            }, name: "push[\(i)]")
        }
        let previewer = try previewer(scale: 3)
        let error = try #require(throws: FilmstripTooLarge.self) {
            try previewer.checkFilmstrip(pushes, measurer: renderer.renderer.measurer, scale: 3)
        }
        let message = error.description
        #expect(message.contains("Limits.sheetPixels") && message.contains("\(count) pushes make \(2 * count) columns"), "\(message)")
        #expect(error.columns == 2 * count && error.rows == 6, "\(message)")
        let bound = try previewer.filmstripBound(pushes, measurer: renderer.renderer.measurer, scale: 3)
        let most = bound.mostColumns(scale: 3)
        #expect(message.contains("at scale 3 a sheet holds at most \(most) columns"), "\(message)")
        #expect(most > 0 && most < 2 * count)
        // As many columns as it says fit, one more does not.
        var fewer = bound
        fewer.columns = Array(bound.columns.prefix(most))
        #expect(throws: Never.self) { try fewer.checkSize(scale: 3) }
        fewer.columns = Array(bound.columns.prefix(most + 1))
        #expect(throws: FilmstripTooLarge.self) { try fewer.checkSize(scale: 3) }
        // The scale it names fits; a quarter step more does not.
        let named = try #require(message.range(of: #"or draw it at scale ([0-9.]+) or less"#, options: .regularExpression).map { message[$0] })
        let scale = try #require(Double(named.split(separator: " ")[5]))
        #expect(throws: Never.self) { try previewer.checkFilmstrip(pushes, measurer: renderer.renderer.measurer, scale: scale) }
        #expect(throws: FilmstripTooLarge.self) { try previewer.checkFilmstrip(pushes, measurer: renderer.renderer.measurer, scale: scale + 0.25) }
    }
}
