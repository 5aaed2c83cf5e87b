import Foundation
package import WidgetModel

// Lazy stacks, grids and baseline alignment (Apple's signatures). A widget is drawn once, so a
// lazy stack is its eager twin; a grid lays its rows out as stacks.

/// Children one above the other, made as needed (SwiftUI's `LazyVStack`): in a widget, all of them.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let stack: VStack<Content>
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        stack = VStack(alignment: alignment, spacing: spacing, file: file, line: line, content: content)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { stack.makeNodes(in: environment) }
}

/// Children side by side, made as needed (SwiftUI's `LazyHStack`): in a widget, all of them.
public struct LazyHStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let stack: HStack<Content>
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        stack = HStack(alignment: alignment, spacing: spacing, file: file, line: line, content: content)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { stack.makeNodes(in: environment) }
}

/// Headers and footers a lazy stack pins while scrolling: a widget does not scroll.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1), sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A column (or row) of a lazy grid (SwiftUI's `GridItem`).
public struct GridItem: Hashable, Sendable {
    public enum Size: Hashable, Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }

    /// The cell's frame along the grid's cross axis.
    func frame(vertical: Bool) -> FrameSpec {
        switch size {
        case .fixed(let length): vertical ? FrameSpec(width: Double(length)) : FrameSpec(height: Double(length))
        case .flexible(let minimum, let maximum), .adaptive(let minimum, let maximum):
            vertical ? FrameSpec(minWidth: Double(minimum), maxWidth: Double(maximum), alignment: (alignment ?? .center).engine)
                : FrameSpec(minHeight: Double(minimum), maxHeight: Double(maximum), alignment: (alignment ?? .center).engine)
        }
    }
}

/// Lays `cells` out in lines of `columns.count` (an adaptive item: as many as its minimum lets
/// fit in `guess`), each cell framed as its item says.
func gridLines(_ cells: [ViewNode], items: [GridItem], vertical: Bool, spacing: CGFloat?, guess: CGFloat) -> [ViewNode] {
    var items = items
    if items.count == 1, case .adaptive(let minimum, _) = items[0].size, minimum > 0 {
        let gap = items[0].spacing ?? 8
        let count = max(1, Int(((guess + gap) / (minimum + gap)).rounded(.down)))
        items = Array(repeating: GridItem(.flexible(minimum: minimum), spacing: items[0].spacing, alignment: items[0].alignment), count: count)
    }
    guard !items.isEmpty else { return cells }
    var lines: [ViewNode] = []
    var index = 0
    while index < cells.count {
        var line: [ViewNode] = []
        for item in items where index < cells.count {
            var cell = cells[index]
            cell.modifiers.append(.frame(item.frame(vertical: vertical)))
            line.append(cell)
            index += 1
        }
        let gap = items.first?.spacing.map(Double.init)
        lines.append(ViewNode(vertical ? .hstack(spacing: gap, alignment: .center, children: line)
                                       : .vstack(spacing: gap, alignment: .center, children: line)))
    }
    return [ViewNode(vertical ? .vstack(spacing: spacing.map(Double.init), alignment: .center, children: lines)
                              : .hstack(spacing: spacing.map(Double.init), alignment: .center, children: lines))]
}

/// Rows of cells in the columns given (SwiftUI's `LazyVGrid`).
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let columns: [GridItem], spacing: CGFloat?, content: Content, origin: SourceLocation
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.columns = columns; self.spacing = spacing; self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        gridLines(ViewResolver.nodes(content, in: environment), items: columns, vertical: true, spacing: spacing,
                  guess: environment.guessSize.width).at(origin)
    }
}

/// Columns of cells in the rows given (SwiftUI's `LazyHGrid`).
public struct LazyHGrid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let rows: [GridItem], spacing: CGFloat?, content: Content, origin: SourceLocation
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.rows = rows; self.spacing = spacing; self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        gridLines(ViewResolver.nodes(content, in: environment), items: rows, vertical: false, spacing: spacing,
                  guess: environment.guessSize.height).at(origin)
    }
}

/// A grid of rows (SwiftUI's `Grid`): columns as wide as their widest cell, rows as tall as their
/// tallest, laid out by `GridLayout` (GridLayout.swift). Default spacing 8 pt.
/// Partly: a row aligned on a text baseline aligns its cells' bottoms.
public struct Grid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: Alignment, horizontalSpacing: CGFloat?, verticalSpacing: CGFloat?, content: Content, origin: SourceLocation
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
        self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        inner[GridRowCounterKey.self] = GridRowCounter()
        let layout = GridLayout(alignment: alignment, horizontalSpacing: horizontalSpacing ?? 8, verticalSpacing: verticalSpacing ?? 8)
        return LayoutContainer(layout: layout, content: content, origin: origin).makeNodes(in: inner)
    }
}

/// A row of a `Grid` (SwiftUI's `GridRow`): its views are the row's cells, in column order.
/// Outside a `Grid`, an `HStack` of them.
public struct GridRow<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: VerticalAlignment?, content: Content, origin: SourceLocation
    public init(alignment: VerticalAlignment? = nil, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content(); origin = .at(file, line)
    }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        inner[GridRowCounterKey.self] = nil
        let cells = ViewResolver.nodes(content, in: inner)
        guard let counter = environment[GridRowCounterKey.self] else {
            return [ViewNode(.hstack(spacing: nil, alignment: (alignment ?? .center).engine, children: cells), source: origin)]
        }
        let tag = GridRowTag(index: counter.next, alignment: alignment)
        counter.next += 1
        return cells.map { LayoutValueCarrier.adding(ObjectIdentifier(GridRowKey.self), tag, to: $0) }
    }
}

extension View {
    /// How many columns a cell of a `Grid` spans.
    public func gridCellColumns(_ count: Int) -> some View { layoutValue(key: GridColumnsKey.self, value: count) }
    /// How the cells of this cell's column align horizontally.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { layoutValue(key: GridColumnAlignmentKey.self, value: guide) }
    /// The axes on which a cell takes no part in sizing its row and column (a divider across a
    /// `Grid`): it is offered the space the others made.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { layoutValue(key: GridUnsizedKey.self, value: axes) }
    /// The point of the cell's space the view's same point is put at.
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View { layoutValue(key: GridAnchorKey.self, value: anchor) }
}
