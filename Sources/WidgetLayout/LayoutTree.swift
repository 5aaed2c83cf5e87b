import WidgetModel

/// A view tree flattened into an array, one entry per layer (a view's own kind, then one per
/// modifier). Layout refers to layers by index, which gives the size caches a cheap key: hashing
/// a `ViewNode` value would walk its whole subtree on every lookup.
struct LayoutTree {
    var entries: [Entry] = []
    var root: Int = 0
    /// Whether any view states a guide of its own (`alignmentGuide`): only then can a stack,
    /// frame or overlay aligned on top/center/bottom or leading/center/trailing align other than
    /// by the fraction of its free space (AlignmentGuides.swift).
    var hasGuides = false

    struct Entry {
        var layer: Layer
        var source: SourceLocation?
        /// Set on the outermost padding/frame layer of a view. Those layers normally vanish from
        /// the placed tree (their content keeps its own frame); the outermost one keeps a node so
        /// that every view's placed frame is its final frame.
        var keepsFrame = false
    }

    struct Stack {
        var axis: Axis
        /// The distance after each child but the last (`gaps[i]`: between children i and i + 1).
        var gaps: [Double]
        /// Fraction of the free minor-axis space placed before a child.
        var alignment: Double
        /// The guide children are aligned on across the stack.
        var guide: AlignmentKey
        var children: [Int]
        var priorities: [Double]
    }

    struct Decoration {
        var content: Int
        var secondary: Int
        var alignment: Alignment
        var isOverlay: Bool
        /// A marker: the secondary view at its ideal size, centred this far along the width.
        var markerFraction: Double? = nil
    }

    enum Layer {
        case text(TextContent)
        case icon(IconContent)
        case image(ImageContent)
        case shape(ShapeContent)
        case progress(ProgressContent)
        /// `stackAxis` is the axis of the stack the divider sits in (nil: not in a stack).
        case divider(color: RGBA, thickness: Double, stackAxis: Axis?)
        case spacer(minLength: Double, stackAxis: Axis?)
        case empty
        case stack(Stack)
        case zstack(alignment: Alignment, children: [Int])
        case viewThatFits(axes: FitAxes, children: [Int])
        case padding(EdgeInsets, child: Int)
        case frame(FrameSpec, child: Int)
        case decoration(Decoration)
        case opacity(Double, child: Int)
        case clip(ClipShape, child: Int)
        case fixedSize(horizontal: Bool, vertical: Bool, child: Int)
        case offset(x: Double, y: Double, child: Int)
        /// A rotation or scale effect: sized and placed as `child`, drawn transformed.
        case transform(DrawingTransform, child: Int)
        /// `widgetAccentable`: sized and placed as `child`, which joins (or leaves) the accent group.
        case accentable(Bool, child: Int)
        /// Sized and placed as `child`; its frame is reported under the number (`Modifier.probe`).
        case probe(Int, child: Int)
        /// Sized and placed as `child`, which gives the guide the value computed from its dimensions.
        case guide(AlignmentKey, GuideFunction, child: Int)
        /// Children sized and placed by a `CustomLayout`'s callbacks (CustomLayoutPass.swift); one
        /// layer per child node, an empty one included, so indices are the node's.
        case custom(CustomLayoutBox, children: [Int], priorities: [Double])
    }

    /// A transform effect relative to the frame it ends up in (the anchor is known only once placed).
    enum DrawingTransform {
        case rotation(degrees: Double, anchor: UnitPoint)
        case scale(x: Double, y: Double, anchor: UnitPoint)

        func matrix(in frame: Rect) -> AffineTransform {
            switch self {
            case .rotation(let degrees, let anchor):
                return .rotation(degrees: degrees, about: Self.point(anchor, in: frame))
            case .scale(let x, let y, let anchor):
                return .scale(x: x, y: y, about: Self.point(anchor, in: frame))
            }
        }

        static func point(_ anchor: UnitPoint, in frame: Rect) -> Point {
            Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
        }
    }

    init(_ node: ViewNode) {
        root = add(node, stackAxis: nil) ?? append(Entry(layer: .empty, source: node.source))
    }

    /// SwiftUI's default distance between ordinary views, and a Spacer's default minimum.
    static let defaultSpacing = 8.0

    private mutating func append(_ entry: Entry) -> Int {
        entries.append(entry)
        return entries.count - 1
    }

    /// Adds `node` and returns its outermost layer, or nil for an `.empty` view: an unmet
    /// condition removes the whole view, modifiers included, so it takes no space and no spacing.
    private mutating func add(_ node: ViewNode, stackAxis: Axis?) -> Int? {
        if case .empty = node.kind { return nil }
        let source = node.source
        let kind = kindLayer(node.kind, stackAxis: stackAxis)
        var current = append(Entry(layer: kind, source: source))
        var chain = [current]
        for modifier in node.modifiers {
            guard let layer = modifierLayer(modifier, wrapping: current) else { continue }
            current = append(Entry(layer: layer, source: source))
            chain.append(current)
        }
        markOutermostFrame(chain)
        return current
    }

    private mutating func markOutermostFrame(_ chain: [Int]) {
        for index in chain.reversed() {
            switch entries[index].layer {
            case .opacity, .offset, .fixedSize, .transform, .accentable, .probe, .guide:
                continue
            case .padding, .frame:
                entries[index].keepsFrame = true
                return
            default:
                return
            }
        }
    }

    private mutating func kindLayer(_ kind: ViewKind, stackAxis: Axis?) -> Layer {
        switch kind {
        case .vstack(let spacing, let alignment, let children):
            return .stack(stack(.vertical, spacing, alignment.fraction, .horizontal(alignment), children))
        case .hstack(let spacing, let alignment, let children):
            return .stack(stack(.horizontal, spacing, alignment.fraction, .vertical(alignment), children))
        case .zstack(let alignment, let children):
            return .zstack(alignment: alignment, children: children.compactMap { add($0, stackAxis: nil) })
        case .viewThatFits(let axes, let children):
            // Each child stands where the container stands (a spacer in a stack stays one).
            return .viewThatFits(axes: axes, children: children.compactMap { add($0, stackAxis: stackAxis) })
        case .spacer(let minLength):
            return .spacer(minLength: minLength.map(SafeNumber.length) ?? Self.defaultSpacing, stackAxis: stackAxis)
        case .text(let text):
            return .text(Self.sanitized(text))
        case .icon(var icon):
            icon.size = SafeNumber.length(icon.size)
            // A template's margins come from a team's file: a width of 0 to 10 sizes.
            icon.widthRatio = min(10, SafeNumber.length(icon.widthRatio))
            return .icon(icon)
        case .image(var image):
            image.naturalSize = SafeNumber.size(image.naturalSize)
            return .image(image)
        case .shape(let shape):
            return .shape(shape)
        case .progress(var progress):
            progress.thickness = SafeNumber.length(progress.thickness)
            progress.fraction = SafeNumber.fraction(progress.fraction, default: 0)
            return .progress(progress)
        case .divider(let color, let thickness):
            return .divider(color: color, thickness: SafeNumber.length(thickness), stackAxis: stackAxis)
        case .custom(let box, let nodes):
            let children = nodes.map { add($0, stackAxis: nil) ?? append(Entry(layer: .empty, source: $0.source)) }
            return .custom(box, children: children, priorities: nodes.map { $0.layoutPriority.isFinite ? $0.layoutPriority : 0 })
        case .empty:
            return .empty
        }
    }

    /// A bare Spacer has an internal priority below every view (OpenSwiftUI,
    /// Sources/OpenSwiftUICore/Layout/Separator/Spacer.swift): `HStack { Text; Spacer(); Text }` gives
    /// both texts what they need and the spacer the rest.
    /// A spacer wrapped in modifiers, or with an explicit layoutPriority, is an ordinary view.
    static func stackPriority(of node: ViewNode) -> Double {
        if case .spacer = node.kind, node.modifiers.isEmpty, node.layoutPriority == 0 { return -.infinity }
        return node.layoutPriority.isNaN ? 0 : node.layoutPriority
    }

    /// Whether a stack's default spacing next to this view is zero: a Spacer's spacing preference is
    /// zero on every edge, and an ordinary view states none that a Spacer shares, so SwiftUI resolves
    /// the distance to 0, not to the default 8 it falls back on between two ordinary views
    /// (OpenSwiftUI, Sources/OpenSwiftUICore/Layout/Geometry/Spacing.swift: `Spacing.zero`,
    /// `distanceToSuccessorView`). Measured on iOS 26:
    /// gradus' nav bar fits "Gradus", a Spacer, a 218 pt caption, 12 and a 44 pt button in 361 pt,
    /// which needs the gaps beside the Spacer to be 0 (with 8 each the caption truncates). Padding
    /// gives a view spacing of its own, so a padded spacer is spaced as an ordinary view.
    static func hasZeroSpacing(_ node: ViewNode) -> Bool {
        guard case .spacer = node.kind else { return false }
        return !node.modifiers.contains { if case .padding = $0 { true } else { false } }
    }

    private mutating func stack(_ axis: Axis, _ spacing: Double?, _ alignment: Double, _ guide: AlignmentKey, _ nodes: [ViewNode]) -> Stack {
        var children: [Int] = []
        var priorities: [Double] = []
        var zeroSpacing: [Bool] = []
        children.reserveCapacity(nodes.count)
        priorities.reserveCapacity(nodes.count)
        for node in nodes {
            guard let index = add(node, stackAxis: axis) else { continue }
            children.append(index)
            priorities.append(Self.stackPriority(of: node))
            zeroSpacing.append(Self.hasZeroSpacing(node))
        }
        // A written spacing is the same between every pair; the default depends on the pair. A
        // negative one overlaps the neighbours, as SwiftUI's `VStack(spacing: -2)` does.
        let written = spacing.map(SafeNumber.spacing)
        let gaps = zeroSpacing.indices.dropLast().map { i in
            written ?? (zeroSpacing[i] || zeroSpacing[i + 1] ? 0 : Self.defaultSpacing)
        }
        return Stack(axis: axis, gaps: gaps, alignment: alignment, guide: guide, children: children, priorities: priorities)
    }

    private mutating func modifierLayer(_ modifier: Modifier, wrapping child: Int) -> Layer? {
        switch modifier {
        case .padding(let insets):
            return .padding(SafeNumber.insets(insets), child: child)
        case .frame(let spec):
            return .frame(Self.sanitized(spec), child: child)
        case .background(let node, let alignment), .overlay(let node, let alignment):
            // The secondary view is proposed a size, never placed in a stack.
            guard let secondary = add(node, stackAxis: nil) else { return nil }
            var isOverlay = false
            if case .overlay = modifier { isOverlay = true }
            return .decoration(Decoration(content: child, secondary: secondary, alignment: alignment, isOverlay: isOverlay))
        case .marker(let node, let fraction):
            guard let secondary = add(node, stackAxis: nil) else { return nil }
            return .decoration(Decoration(content: child, secondary: secondary, alignment: .center, isOverlay: true,
                                          markerFraction: SafeNumber.fraction(fraction, default: 0)))
        case .opacity(let value):
            return .opacity(SafeNumber.fraction(value, default: 1), child: child)
        case .clip(let shape):
            return .clip(shape, child: child)
        case .fixedSize(let horizontal, let vertical):
            return .fixedSize(horizontal: horizontal, vertical: vertical, child: child)
        case .offset(let x, let y):
            return .offset(x: SafeNumber.signed(x), y: SafeNumber.signed(y), child: child)
        case .rotation(let degrees, let anchor):
            guard degrees.isFinite, degrees.truncatingRemainder(dividingBy: 360) != 0 else { return nil }
            return .transform(.rotation(degrees: degrees, anchor: SafeNumber.anchor(anchor)), child: child)
        case .scale(let x, let y, let anchor):
            let sx = SafeNumber.factor(x), sy = SafeNumber.factor(y)
            if sx == 1, sy == 1 { return nil }
            return .transform(.scale(x: sx, y: sy, anchor: SafeNumber.anchor(anchor)), child: child)
        case .accentable(let on):
            return .accentable(on, child: child)
        case .probe(let number):
            return .probe(number, child: child)
        case .alignmentGuide(let key, let value):
            hasGuides = true
            return .guide(key, value, child: child)
        }
    }

    static func sanitized(_ text: TextContent) -> TextContent {
        var text = text
        text.font.size = SafeNumber.length(text.font.size)
        if let lineHeight = text.font.lineHeight, !(lineHeight.isFinite && lineHeight > 0) { text.font.lineHeight = nil }
        if !text.font.tracking.isFinite { text.font.tracking = 0 }
        if !(text.font.lineSpacing.isFinite && text.font.lineSpacing >= 0) { text.font.lineSpacing = 0 }
        text.lineLimit = text.lineLimit.map { max(1, $0) }
        // A factor of 0 would let the search shrink the font to nothing.
        let factor = text.minimumScaleFactor
        text.minimumScaleFactor = factor.isNaN ? 1 : min(1, max(0.01, factor))
        return text
    }

    static func sanitized(_ spec: FrameSpec) -> FrameSpec {
        var spec = spec
        spec.width = SafeNumber.optionalLength(spec.width)
        spec.height = SafeNumber.optionalLength(spec.height)
        spec.minWidth = SafeNumber.optionalLength(spec.minWidth)
        spec.minHeight = SafeNumber.optionalLength(spec.minHeight)
        spec.idealWidth = SafeNumber.optionalLength(spec.idealWidth)
        spec.idealHeight = SafeNumber.optionalLength(spec.idealHeight)
        spec.maxWidth = SafeNumber.maximum(spec.maxWidth)
        spec.maxHeight = SafeNumber.maximum(spec.maxHeight)
        // Contradictory bounds (SwiftUI logs them): the minimum wins.
        if let lo = spec.minWidth, let hi = spec.maxWidth, hi < lo { spec.maxWidth = lo }
        if let lo = spec.minHeight, let hi = spec.maxHeight, hi < lo { spec.maxHeight = lo }
        return spec
    }
}
