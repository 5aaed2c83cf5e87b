import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI

/// Rows left to right, wrapping when the next child would pass the proposed width.
struct FlowLayout: Layout {
    var spacing: CGFloat = 4

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let frames = arrange(width: proposal.width ?? .infinity, subviews)
        let width = frames.map(\.maxX).max() ?? 0, height = frames.map(\.maxY).max() ?? 0
        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for (subview, frame) in zip(subviews, arrange(width: bounds.width, subviews)) {
            subview.place(at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY), proposal: ProposedViewSize(frame.size))
        }
    }

    func arrange(width: CGFloat, _ subviews: Subviews) -> [CGRect] {
        var frames: [CGRect] = [], x: CGFloat = 0, y: CGFloat = 0, row: CGFloat = 0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if x > 0, x + size.width > width { x = 0; y += row + spacing; row = 0 }
            frames.append(CGRect(x: x, y: y, width: size.width, height: size.height))
            x += size.width + spacing
            row = max(row, size.height)
        }
        return frames
    }
}

/// Children centred on a circle, the first at the right, going clockwise (y down).
struct RadialLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let radius = min(bounds.width, bounds.height) / 2 - 10
        for (index, subview) in subviews.enumerated() {
            let angle = 2 * Double.pi * Double(index) / Double(subviews.count)
            subview.place(at: CGPoint(x: bounds.midX + radius * cos(angle), y: bounds.midY + radius * sin(angle)),
                          anchor: .center, proposal: .unspecified)
        }
    }
}

/// How often a layout's cache was made, and what placing read from it.
final class CacheLog: @unchecked Sendable {
    var made = 0
    var sized = 0
    var placedFromCache: [CGFloat] = []
}

/// A column whose children's heights are measured once, in the cache, and read back when placing.
struct CachedColumn: Layout {
    struct Cache { var heights: [CGFloat] }
    let log: CacheLog

    func makeCache(subviews: Subviews) -> Cache {
        log.made += 1
        return Cache(heights: subviews.map { $0.sizeThatFits(.unspecified).height })
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        log.sized += 1
        return CGSize(width: subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0, height: cache.heights.reduce(0, +))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var y = bounds.minY
        for (subview, height) in zip(subviews, cache.heights) {
            subview.place(at: CGPoint(x: bounds.minX, y: y), proposal: .unspecified)
            log.placedFromCache.append(height)
            y += height
        }
    }
}

/// A row ordered by each child's `Rank` layout value, not by the order the content lists them.
struct Rank: LayoutValueKey { static let defaultValue = 0 }

struct RankedRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        HStackLayout(spacing: 0).sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews.sorted(by: { $0[Rank.self] < $1[Rank.self] }) {
            let size = subview.sizeThatFits(.unspecified)
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += size.width
        }
    }
}

/// A layout that answers nonsense: a NaN width, an infinite height, a child a trillion points away.
struct RunawayLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: CGFloat.nan, height: CGFloat.infinity)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: 1e12, y: CGFloat.nan), proposal: ProposedViewSize(width: CGFloat.nan, height: 1e12))
    }
}

/// A layout that asks its child for its size far more often than any layout needs.
struct ChattyLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        var size = CGSize.zero
        for _ in 0..<150_000 { size = subviews[0].sizeThatFits(.unspecified) }
        return size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: .unspecified)
    }
}

/// A layout that sizes itself to the proposal and places nothing.
struct PlacesNothing: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// A team's `Layout` run by the engine: sizes and frames in numbers, caches, layout values,
/// `AnyLayout` and the stack layouts, and the bounds on what a layout may answer.
@Suite("SwiftUI's Layout protocol: the engine calls the team's sizeThatFits and placeSubviews")
struct CustomLayoutTests {
    /// `view` laid out on a `width` × `height` pt canvas at 1 px a point, and the render's result.
    static func render<V: SwiftUI.View>(_ view: V, width: Double = 100, height: Double = 100) throws -> RenderResult {
        try CanvasPicture(view, width: width, height: height).result
    }

    /// The frames of the placed shapes (the coloured blocks; not the canvas's white background), in drawing order.
    static func blocks(_ root: PlacedNode?) -> [Rect] {
        var frames: [Rect] = []
        root?.forEach { node in
            if case .shape(let shape) = node.content, shape.fill != .color(RGBA(r: 1, g: 1, b: 1)) { frames.append(node.frame) }
        }
        return frames
    }

    static func block(_ color: Color, _ width: CGFloat, _ height: CGFloat) -> some SwiftUI.View {
        color.frame(width: width, height: height)
    }

    @Test("a flow layout wraps 40 × 20 blocks in rows of two in 100 pt, 4 pt apart")
    func flow() throws {
        let view = FlowLayout {
            ForEach(0..<5) { _ in Self.block(.red, 40, 20) }
        }.frame(width: 100, height: 100, alignment: .topLeading)
        let result = try Self.render(view)
        let frames = Self.blocks(result.placed)
        #expect(frames == [Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 44, y: 0, width: 40, height: 20),
                           Rect(x: 0, y: 24, width: 40, height: 20), Rect(x: 44, y: 24, width: 40, height: 20),
                           Rect(x: 0, y: 48, width: 40, height: 20)], "\(frames)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("the flow layout's own size is what sizeThatFits answered: 84 × 68, centred in 100 × 100")
    func flowSize() throws {
        let view = FlowLayout { ForEach(0..<5) { _ in Self.block(.red, 40, 20) } }
        let frames = Self.blocks(try Self.render(view).placed)
        // (100 − 84) / 2 = 8 from the left, (100 − 68) / 2 = 16 from the top.
        #expect(frames.first == Rect(x: 8, y: 16, width: 40, height: 20), "\(frames)")
        #expect(frames.last == Rect(x: 8, y: 64, width: 40, height: 20), "\(frames)")
    }

    @Test("a radial layout centres four 20 pt blocks on a circle of 40 pt radius")
    func radial() throws {
        let view = RadialLayout {
            ForEach(0..<4) { _ in Self.block(.blue, 20, 20) }
        }
        let frames = Self.blocks(try Self.render(view).placed)
        let expected = [Rect(x: 80, y: 40, width: 20, height: 20), Rect(x: 40, y: 80, width: 20, height: 20),
                        Rect(x: 0, y: 40, width: 20, height: 20), Rect(x: 40, y: 0, width: 20, height: 20)]
        #expect(frames.count == 4)
        for (frame, want) in zip(frames, expected) {
            #expect(abs(frame.minX - want.minX) < 0.01 && abs(frame.minY - want.minY) < 0.01 && frame.size == want.size, "\(frames)")
        }
    }

    @Test("the cache is made once per layout and placing reads what sizing measured")
    func cache() throws {
        let log = CacheLog()
        let view = CachedColumn(log: log) {
            Self.block(.red, 30, 10)
            Self.block(.green, 20, 25)
            Self.block(.blue, 10, 5)
        }.frame(width: 100, height: 100, alignment: .topLeading)
        let frames = Self.blocks(try Self.render(view).placed)
        #expect(frames == [Rect(x: 0, y: 0, width: 30, height: 10), Rect(x: 0, y: 10, width: 20, height: 25),
                           Rect(x: 0, y: 35, width: 10, height: 5)], "\(frames)")
        #expect(log.made == 1, "makeCache ran \(log.made) times")
        #expect(log.sized >= 1)
        #expect(log.placedFromCache == [10, 25, 5])
    }

    @Test("layoutValue(key:value:) reaches the layout: the row is ordered by rank")
    func layoutValues() throws {
        let view = RankedRow {
            Self.block(.red, 10, 10).layoutValue(key: Rank.self, value: 3)
            Self.block(.green, 20, 10).layoutValue(key: Rank.self, value: 1)
            Self.block(.blue, 30, 10)
        }.frame(width: 100, height: 100, alignment: .topLeading)
        let frames = Self.blocks(try Self.render(view).placed)
        // Drawn in content order (red, green, blue), placed by rank (blue 0, green 1, red 3).
        #expect(frames == [Rect(x: 50, y: 0, width: 10, height: 10), Rect(x: 30, y: 0, width: 20, height: 10),
                           Rect(x: 0, y: 0, width: 30, height: 10)], "\(frames)")
    }

    @Test("AnyLayout switches between HStackLayout and VStackLayout with the same children")
    func anyLayout() throws {
        func view(_ horizontal: Bool) -> some SwiftUI.View {
            let layout = horizontal ? AnyLayout(HStackLayout(spacing: 0)) : AnyLayout(VStackLayout(spacing: 0))
            return layout {
                Self.block(.red, 20, 10)
                Self.block(.green, 20, 10)
                Self.block(.blue, 20, 10)
            }.frame(width: 100, height: 100, alignment: .topLeading)
        }
        let row = Self.blocks(try Self.render(view(true)).placed)
        #expect(row == [Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 20, y: 0, width: 20, height: 10),
                        Rect(x: 40, y: 0, width: 20, height: 10)], "\(row)")
        let column = Self.blocks(try Self.render(view(false)).placed)
        #expect(column == [Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 0, y: 10, width: 20, height: 10),
                           Rect(x: 0, y: 20, width: 20, height: 10)], "\(column)")
        // A team's layout behind AnyLayout is run as itself.
        let flow = Self.blocks(try Self.render(AnyLayout(FlowLayout()) { ForEach(0..<3) { _ in Self.block(.red, 40, 20) } }
            .frame(width: 100, height: 100, alignment: .topLeading)).placed)
        #expect(flow.map(\.origin) == [Point(x: 0, y: 0), Point(x: 44, y: 0), Point(x: 0, y: 24)], "\(flow)")
    }

    /// A layout that is an HStackLayout called from the team's own methods.
    struct DelegatingRow: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            HStackLayout(spacing: 5).sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            HStackLayout(spacing: 5).placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }

    @Test("HStackLayout called from a team's layout shares the space as the engine's HStack does")
    func stackLayoutCalledDirectly() throws {
        let delegated = Self.blocks(try Self.render(DelegatingRow {
            Self.block(.red, 20, 10)
            Color.green.frame(height: 30)
            Self.block(.blue, 20, 10)
        }.frame(width: 100, height: 100, alignment: .topLeading)).placed)
        let engine = Self.blocks(try Self.render(HStack(spacing: 5) {
            Self.block(.red, 20, 10)
            Color.green.frame(height: 30)
            Self.block(.blue, 20, 10)
        }.frame(width: 100, height: 100, alignment: .topLeading)).placed)
        // The flexible middle block takes 100 − 20 − 20 − 2 × 5 = 50; the others are centred on its 30 pt.
        #expect(delegated == [Rect(x: 0, y: 10, width: 20, height: 10), Rect(x: 25, y: 0, width: 50, height: 30),
                              Rect(x: 80, y: 10, width: 20, height: 10)], "\(delegated)")
        #expect(delegated == engine, "\(delegated) vs \(engine)")
    }

    @Test("a child the layout does not place is centred in it, proposed the container's own proposal")
    func unplaced() throws {
        let frames = Self.blocks(try Self.render(PlacesNothing {
            Self.block(.red, 20, 20)
            Color.blue
        }).placed)
        #expect(frames == [Rect(x: 40, y: 40, width: 20, height: 20), Rect(x: 0, y: 0, width: 100, height: 100)], "\(frames)")
    }

    @Test("a NaN size, an infinite height and a child at 1e12 are clamped, with a warning naming the layout")
    func clamped() throws {
        let result = try Self.render(RunawayLayout { Self.block(.red, 10, 10) })
        let warnings = result.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("RunawayLayout") && $0.contains("a width of nan") && $0.contains("Limits.customLayoutExtent") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("RunawayLayout") && $0.contains("placed a child at 1000000000000") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("CustomLayoutTests.swift") }, "the warning names the team's line: \(warnings)")
        let frames = Self.blocks(result.placed)
        #expect(frames.count == 1)
        #expect(frames.first.map { $0.minX == 100_000 && $0.width == 10 && $0.minX.isFinite && $0.minY.isFinite } == true, "\(frames)")
    }

    @Test("a layout past Limits.customLayoutCalls stops being run, with a warning, and the render finishes")
    func callBudget() throws {
        let result = try Self.render(ChattyLayout { Self.block(.red, 10, 10) })
        let warnings = result.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("ChattyLayout") && $0.contains("Limits.customLayoutCalls") }, "\(warnings)")
        // No longer run: its child centred in it.
        #expect(Self.blocks(result.placed).count == 1)
    }
}
