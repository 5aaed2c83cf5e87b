import Foundation
package import WidgetModel

// SwiftUI's `Grid` as a custom layout on the engine's hook (Layout.swift): columns as wide as
// their widest cell, rows as tall as their tallest, cells spanning columns, cells that do not size
// their row or column, a row's and a column's own alignment, a cell's anchor. A view in a `Grid`
// outside any `GridRow` is a row of its own across every column.

/// The row a cell is in (set by `GridRow`), and the row's vertical alignment.
struct GridRowKey: LayoutValueKey { static let defaultValue: GridRowTag? = nil }
struct GridRowTag { let index: Int; let alignment: VerticalAlignment? }
struct GridColumnsKey: LayoutValueKey { static let defaultValue = 1 }
struct GridUnsizedKey: LayoutValueKey { static let defaultValue: Axis.Set = [] }
struct GridAnchorKey: LayoutValueKey { static let defaultValue: UnitPoint? = nil }
struct GridColumnAlignmentKey: LayoutValueKey { static let defaultValue: HorizontalAlignment? = nil }

/// Numbers the rows of one `Grid` as its `GridRow`s are resolved, in order.
final class GridRowCounter: @unchecked Sendable {
    var next = 0
}
struct GridRowCounterKey: EnvironmentKey { static let defaultValue: GridRowCounter? = nil }

extension HorizontalAlignment {
    /// Leading 0, centre ½, trailing 1 (a team's guide: centre).
    var fraction: CGFloat { self == .leading ? 0 : self == .trailing ? 1 : 0.5 }
}

extension VerticalAlignment {
    /// Top 0, centre ½, bottom 1; the text baselines are taken as the bottom (the cells are not
    /// lined up on their text yet: docs/swift.md).
    var fraction: CGFloat { self == .top ? 0 : self == .center ? 0.5 : 1 }
}

struct GridLayout: Layout {
    let alignment: Alignment
    let horizontalSpacing: CGFloat
    let verticalSpacing: CGFloat

    /// One cell: its subview, first column, span, and whether it sizes its column / row.
    struct Cell {
        let subview: Int
        let column: Int
        let span: Int
        let sizesWidth: Bool
        let sizesHeight: Bool
    }

    struct Row {
        var cells: [Cell]
        /// A view outside any GridRow: one cell across every column.
        let spansAll: Bool
        let alignment: VerticalAlignment?
    }

    struct Structure {
        var rows: [Row]
        var columns: Int
        var columnAlignments: [Int: HorizontalAlignment]
    }

    func makeCache(subviews: Subviews) -> Structure { Self.structure(subviews) }

    static func structure(_ subviews: Subviews) -> Structure {
        var rows: [Row] = [], tags: [Int?] = [], columnAlignments: [Int: HorizontalAlignment] = [:]
        for (index, subview) in subviews.enumerated() {
            let tag = subview[GridRowKey.self]
            let unsized = subview[GridUnsizedKey.self]
            guard let tag else {
                rows.append(Row(cells: [Cell(subview: index, column: 0, span: 0, sizesWidth: false, sizesHeight: !unsized.contains(.vertical))],
                                spansAll: true, alignment: nil))
                tags.append(nil)
                continue
            }
            if tags.last != tag.index || rows.isEmpty {
                rows.append(Row(cells: [], spansAll: false, alignment: tag.alignment))
                tags.append(tag.index)
            }
            let column = rows[rows.count - 1].cells.last.map { $0.column + $0.span } ?? 0
            let span = min(max(subview[GridColumnsKey.self], 1), 1_000)
            if let guide = subview[GridColumnAlignmentKey.self] { columnAlignments[column] = guide }
            rows[rows.count - 1].cells.append(Cell(subview: index, column: column, span: span,
                                                   sizesWidth: !unsized.contains(.horizontal), sizesHeight: !unsized.contains(.vertical)))
        }
        let columns = rows.map { $0.cells.last.map { $0.column + $0.span } ?? 0 }.max() ?? 0
        return Structure(rows: rows, columns: columns, columnAlignments: columnAlignments)
    }

    /// Column widths for `proposal`: each column its widest single-column cell's ideal width, a
    /// spanning cell widening the columns it spans evenly when they are too narrow; extra or
    /// missing width of a proposal goes to the columns whose cells take what they are offered.
    func columnWidths(_ s: Structure, _ subviews: Subviews, width: CGFloat?) -> [CGFloat] {
        var widths = Array(repeating: CGFloat(0), count: s.columns)
        var flexible = Array(repeating: false, count: s.columns)
        let cells = s.rows.filter { !$0.spansAll }.flatMap(\.cells).filter(\.sizesWidth)
        for cell in cells.sorted(by: { $0.span < $1.span }) {
            let ideal = subviews[cell.subview].sizeThatFits(.unspecified).width
            let wide = subviews[cell.subview].sizeThatFits(ProposedViewSize(width: 10_000, height: nil)).width
            let range = cell.column..<min(cell.column + cell.span, s.columns)
            if wide > ideal + 0.5 { for c in range { flexible[c] = true } }
            let spanned = range.reduce(0) { $0 + widths[$1] } + horizontalSpacing * CGFloat(range.count - 1)
            if ideal > spanned { for c in range { widths[c] += (ideal - spanned) / CGFloat(range.count) } }
        }
        guard let width, width.isFinite, s.columns > 0 else { return widths }
        let total = widths.reduce(0, +) + horizontalSpacing * CGFloat(s.columns - 1)
        let takers = flexible.contains(true) ? flexible.indices.filter { flexible[$0] } : (width < total ? Array(widths.indices) : [])
        guard !takers.isEmpty, abs(width - total) > 0.01 else { return widths }
        let share = (width - total) / CGFloat(takers.count)
        for c in takers { widths[c] = max(0, widths[c] + share) }
        return widths
    }

    func spanWidth(_ widths: [CGFloat], _ cell: Cell, all: Bool) -> CGFloat {
        let range = all ? 0..<widths.count : cell.column..<min(cell.column + cell.span, widths.count)
        return range.reduce(0) { $0 + widths[$1] } + horizontalSpacing * CGFloat(max(range.count - 1, 0))
    }

    func rowHeights(_ s: Structure, _ subviews: Subviews, _ widths: [CGFloat]) -> [CGFloat] {
        s.rows.map { row in
            row.cells.filter(\.sizesHeight).map { cell in
                subviews[cell.subview].sizeThatFits(ProposedViewSize(width: spanWidth(widths, cell, all: row.spansAll), height: nil)).height
            }.max() ?? 0
        }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Structure) -> CGSize {
        let widths = columnWidths(cache, subviews, width: proposal.width)
        var width = widths.reduce(0, +) + horizontalSpacing * CGFloat(max(widths.count - 1, 0))
        if widths.isEmpty {
            // Only rows across every column: as wide as the widest.
            width = cache.rows.flatMap(\.cells).map { subviews[$0.subview].sizeThatFits(ProposedViewSize(width: proposal.width, height: nil)).width }.max() ?? 0
        }
        let heights = rowHeights(cache, subviews, widths)
        return CGSize(width: width, height: heights.reduce(0, +) + verticalSpacing * CGFloat(max(heights.count - 1, 0)))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Structure) {
        let widths = columnWidths(cache, subviews, width: bounds.width)
        let heights = rowHeights(cache, subviews, widths)
        var lefts: [CGFloat] = [], x = bounds.minX
        for w in widths { lefts.append(x); x += w + horizontalSpacing }
        var y = bounds.minY
        for (r, row) in cache.rows.enumerated() {
            for cell in row.cells {
                let width = row.spansAll ? (widths.isEmpty ? bounds.width : spanWidth(widths, cell, all: true)) : spanWidth(widths, cell, all: false)
                let left = row.spansAll || lefts.isEmpty ? bounds.minX : lefts[cell.column]
                let horizontal = cache.columnAlignments[cell.column] ?? alignment.horizontal
                let vertical = row.alignment ?? alignment.vertical
                let anchor = subviews[cell.subview][GridAnchorKey.self]
                    ?? UnitPoint(x: row.spansAll ? alignment.horizontal.fraction : horizontal.fraction, y: vertical.fraction)
                subviews[cell.subview].place(at: CGPoint(x: left + anchor.x * width, y: y + anchor.y * heights[r]), anchor: anchor,
                                             proposal: ProposedViewSize(width: width, height: heights[r]))
            }
            y += heights[r] + verticalSpacing
        }
    }
}
