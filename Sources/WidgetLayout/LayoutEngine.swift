import WidgetModel

/// SwiftUI's proposal/response layout over a `ViewNode` tree (WWDC 2019, "Building Custom Views
/// with SwiftUI"; Apple's documentation of the `Layout` protocol): a parent proposes a size, the
/// child answers with the size it takes, and the parent places it.
///
/// The engine holds nothing but the measurer and the pixel grid; every call works on its own memo
/// tables, so it is cheap to create one per render.
public struct LayoutEngine {
    public let measurer: any TextMeasuring
    /// Device pixels per point of the picture being made. `place` rounds every frame's edges to
    /// this grid as SwiftUI does (PixelGrid.swift); nil (or a scale that is no grid) keeps exact
    /// points. `sizeThatFits` never rounds: SwiftUI's sizes are exact, only placed frames are.
    public let pixelScale: Double?
    /// Bounds on custom layouts (`Limits.customLayoutCalls`, `customLayoutExtent`), and where what
    /// they had to change is reported (nil: nowhere).
    public let limits: Limits
    public let report: LayoutReport?

    public init(measurer: any TextMeasuring, pixelScale: Double? = nil, limits: Limits = .default, report: LayoutReport? = nil) {
        self.measurer = measurer
        self.pixelScale = pixelScale
        self.limits = limits
        self.report = report
    }

    var grid: PixelGrid? { pixelScale.flatMap(PixelGrid.init(scale:)) }

    /// A pass over `tree`: its own memo tables and budget of custom-layout calls.
    func makePass(_ tree: LayoutTree, grid: PixelGrid? = nil) -> LayoutPass {
        LayoutPass(tree: tree, measurer: measurer, grid: grid,
                   custom: CustomLayoutBudget(calls: limits.customLayoutCalls, extent: Double(limits.customLayoutExtent), report: report))
    }

    /// The size `node` takes for `proposal` (SwiftUI sizeThatFits). An infinite proposal is
    /// answered as SwiftUI does: flexible views (shapes, spacers, max-infinity frames) say ∞.
    public func sizeThatFits(_ node: ViewNode, _ proposal: ProposedSize) -> Size {
        DeepTreeThread.run(for: node) {
            let tree = LayoutTree(node)
            return makePass(tree).size(tree.root, proposal)
        }
    }

    /// Sizes `node` for `rect.size`, aligns the result inside `rect`, and places the whole tree.
    /// Frames in the result are absolute (surface coordinates, points).
    public func place(_ node: ViewNode, in rect: Rect, alignment: Alignment = .center) -> PlacedNode {
        DeepTreeThread.run(for: node) {
            let tree = LayoutTree(node)
            let pass = makePass(tree, grid: grid)
            let proposal = Self.placeable(ProposedSize(rect.size))
            let size = pass.size(tree.root, proposal)
            let origin = FrameLayout.origin(of: size, in: Self.finite(rect, fitting: size), alignment)
            return pass.place(tree.root, proposal, at: origin)
                ?? PlacedNode(frame: pass.onGrid(Rect(origin: origin, size: .zero)), source: node.source)
        }
    }

    /// Same, but with an explicit proposal (e.g. width fixed, height nil for a Live Activity
    /// whose height follows content), placed at `origin`.
    public func place(_ node: ViewNode, proposal: ProposedSize, at origin: Point) -> PlacedNode {
        DeepTreeThread.run(for: node) {
            let tree = LayoutTree(node)
            let pass = makePass(tree, grid: grid)
            let origin = Point(x: SafeNumber.signed(origin.x), y: SafeNumber.signed(origin.y))
            return pass.place(tree.root, Self.placeable(proposal), at: origin)
                ?? PlacedNode(frame: pass.onGrid(Rect(origin: origin, size: .zero)), source: node.source)
        }
    }

    /// A surface is never infinite: an infinite proposal at the root means "as big as you like",
    /// which is the ideal size (nil), so that no placed frame can be infinite.
    static func placeable(_ p: ProposedSize) -> ProposedSize {
        func axis(_ v: Double?) -> Double? {
            guard let v else { return nil }
            if v.isNaN { return 0 }
            return v.isInfinite ? (v > 0 ? nil : 0) : max(0, v)
        }
        return ProposedSize(width: axis(p.width), height: axis(p.height))
    }

    /// The rect to align in: an unbounded side is as long as the content, so it sits at the origin.
    static func finite(_ rect: Rect, fitting size: Size) -> Rect {
        func length(_ v: Double, _ content: Double) -> Double { v == .infinity ? content : SafeNumber.length(v) }
        return Rect(x: SafeNumber.signed(rect.minX), y: SafeNumber.signed(rect.minY),
                    width: length(rect.width, size.width), height: length(rect.height, size.height))
    }
}
