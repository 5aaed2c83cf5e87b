import Foundation
import SwiftUI
import Testing
import WidgetKit
import WidgetModel

// What home-assistant's tiles (`WidgetBasicView`, measured by scripts/ha-calibrate) needed of our
// SwiftUI: an `@Environment` property of a view read inside its `ForEach` row closures (and a
// `GeometryReader`'s closure) holds that view's environment. Before, the closures ran when the engine
// resolved the ForEach, outside the view's body, and read the render's root environment: the tiles
// saw `widgetFamily == .systemSmall` in a large widget, left out the Spacer that keeps a lone tile
// to one column and the 68 pt height cap, and drew every row 12.7 pt off iOS's.

/// A tile row as home-assistant's `WidgetBasicView` writes it: the family read in the row closures.
private struct FamilyRows: SwiftUI.View {
    @Environment(\.widgetFamily) private var widgetFamily

    var body: some SwiftUI.View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach([[1, 2], [3]], id: \.self) { row in
                HStack(spacing: 0) {
                    ForEach(row, id: \.self) { _ in
                        Color.red.frame(maxWidth: .infinity)
                            .frame(height: widgetFamily == .systemLarge ? 30 : 10)
                    }
                    // Keeps a lone item to one column, as the tiles do outside the small family.
                    if row.count == 1, widgetFamily != .systemSmall {
                        Spacer().frame(maxWidth: .infinity)
                    }
                }
            }
            GeometryReader { _ in
                Color.blue.frame(width: widgetFamily == .systemLarge ? 50 : 5, height: 5)
            }
        }
    }
}

@Suite("home-assistant's tiles: the environment inside ForEach and GeometryReader")
struct HATilesAPITests {
    private func frames(_ view: some SwiftUI.View) throws -> [WidgetModel.Rect] {
        let picture = try CanvasPicture(view, width: 200, height: 100)
        var found: [WidgetModel.Rect] = []
        picture.result.placed?.forEach { node in
            if case .shape = node.content { found.append(node.frame) }
        }
        return found
    }

    @Test("a row closure reads the view's widgetFamily: heights 30, the lone item half the width")
    func forEachReadsTheViewsEnvironment() throws {
        let found = try frames(FamilyRows().environment(\.widgetFamily, .systemLarge))
        let red = found.filter { $0.height > 6 && $0.height < 100 }
        #expect(red.count == 3)
        #expect(red.allSatisfy { abs($0.height - 30) < 0.01 })
        // Rows of 2 and 1 across 200 pt: the lone third item beside its Spacer is 100 pt wide.
        #expect(red.map { Int($0.width.rounded()) } == [100, 100, 100])
        #expect(abs(red[2].minY - 30) < 0.01)
    }

    @Test("a GeometryReader's closure reads the view's widgetFamily")
    func geometryReaderReadsTheViewsEnvironment() throws {
        let blue = try frames(FamilyRows().environment(\.widgetFamily, .systemLarge)).filter { abs($0.height - 5) < 0.01 }
        #expect(blue.map(\.width) == [50])
    }

    @Test("without the modifier the rows read the render's family (small): 10 pt rows, the lone item full width")
    func defaultFamily() throws {
        let red = try frames(FamilyRows()).filter { $0.height > 6 && $0.height < 100 }
        #expect(red.map { Int($0.height.rounded()) } == [10, 10, 10])
        #expect(red.map { Int($0.width.rounded()) } == [100, 100, 200])
    }

    /// home-assistant's gauge (`GaugeArcView`): `Circle().trim(from: 0, to: 0.75).rotation(.degrees(135))`.
    /// The rotation wrapped the trimmed circle and dropped its trim: the open arc drew a full ring.
    @Test("a trimmed shape keeps its trim when rotated: half a ring turned 90° is its left half")
    func rotatedTrimKeepsTheTrim() throws {
        let ring = Circle().trim(from: 0, to: 0.5).rotation(.degrees(90)).stroke(Color.red, lineWidth: 10)
        let picture = try CanvasPicture(ring.frame(width: 100, height: 100), width: 100, height: 100)
        // From 3 o'clock clockwise to 9 o'clock (the lower half), turned a quarter: 6 → 9 → 12 o'clock,
        // the two left quadrants (the ring's middle is 47 pt from the centre: ±33 pt on the diagonals).
        func red(_ x: Int, _ y: Int) -> Bool { picture.at(x, y)[0] > 200 && picture.at(x, y)[1] < 80 }
        #expect(red(17, 83) && red(17, 17) && red(3, 50))
        #expect(!red(83, 17) && !red(83, 83) && !red(96, 50))
    }
}
