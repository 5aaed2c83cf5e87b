import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI

/// SwiftUI's `Grid`: columns as wide as their widest cell, rows as tall as their tallest, spans,
/// unsized cells, a view outside a `GridRow` across every column, row/column alignment. Frames in
/// numbers (the grid at the top leading corner of a 100 × 100 pt canvas).
@Suite("Grid lays cells out in columns and rows")
struct GridLayoutTests {
    static func frames<V: SwiftUI.View>(_ view: V) throws -> [Rect] {
        let result = try CanvasPicture(view.frame(width: 100, height: 100, alignment: .topLeading), width: 100, height: 100).result
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        return CustomLayoutTests.blocks(result.placed)
    }

    static func block(_ color: Color, _ width: CGFloat, _ height: CGFloat) -> some SwiftUI.View {
        color.frame(width: width, height: height)
    }

    @Test("columns take their widest cell, rows their tallest; a view outside a GridRow spans every column; a span")
    func columnsRowsAndSpans() throws {
        let frames = try Self.frames(Grid(alignment: .topLeading, horizontalSpacing: 4, verticalSpacing: 2) {
            GridRow { Self.block(.red, 30, 10); Self.block(.green, 10, 20) }
            GridRow { Self.block(.blue, 10, 10); Self.block(.yellow, 40, 10) }
            Color.black.frame(height: 2)
            GridRow { Self.block(.orange, 50, 5).gridCellColumns(2) }
        })
        #expect(frames == [Rect(x: 0, y: 0, width: 30, height: 10), Rect(x: 34, y: 0, width: 10, height: 20),
                           Rect(x: 0, y: 22, width: 10, height: 10), Rect(x: 34, y: 22, width: 40, height: 10),
                           Rect(x: 0, y: 34, width: 74, height: 2),
                           Rect(x: 0, y: 38, width: 50, height: 5)], "\(frames)")
    }

    @Test("cells are centred in their cell by default, 8 pt apart; a column's alignment and a row's alignment apply to their cells")
    func alignment() throws {
        let centred = try Self.frames(Grid {
            GridRow { Self.block(.red, 30, 10); Self.block(.green, 10, 20) }
            GridRow { Self.block(.blue, 10, 10); Self.block(.yellow, 40, 10) }
        })
        // Columns 30 and 40 (8 apart: 38 …), rows 20 and 10 (8 apart: 28 …).
        #expect(centred == [Rect(x: 0, y: 5, width: 30, height: 10), Rect(x: 53, y: 0, width: 10, height: 20),
                            Rect(x: 10, y: 28, width: 10, height: 10), Rect(x: 38, y: 28, width: 40, height: 10)], "\(centred)")
        let aligned = try Self.frames(Grid {
            GridRow(alignment: .top) { Self.block(.red, 30, 10); Self.block(.green, 10, 20).gridColumnAlignment(.trailing) }
            GridRow { Self.block(.blue, 10, 10); Self.block(.yellow, 40, 10) }
        })
        #expect(aligned[0] == Rect(x: 0, y: 0, width: 30, height: 10) && aligned[1] == Rect(x: 68, y: 0, width: 10, height: 20), "\(aligned)")
    }

    @Test("an unsized cell takes its column's width without widening it; a flexible cell takes the width offered")
    func unsizedAndFlexible() throws {
        let frames = try Self.frames(Grid(alignment: .leading, horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow { Self.block(.red, 20, 10); Self.block(.green, 30, 10) }
            GridRow { Color.blue.frame(width: 90, height: 4).gridCellUnsizedAxes(.horizontal); Color.yellow.frame(height: 4) }
        }.frame(width: 80))
        // The yellow cell is flexible: its column takes the 30 pt the fixed cells leave of 80.
        #expect(frames[0] == Rect(x: 0, y: 0, width: 20, height: 10) && frames[1] == Rect(x: 20, y: 0, width: 30, height: 10), "\(frames)")
        #expect(frames[3].width == 60 && frames[3].minX == 20, "\(frames)")
    }
}
