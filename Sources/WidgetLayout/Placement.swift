import WidgetModel

extension LayoutPass {
    /// Places `layer`, sized for `p`, with its top-left corner at `origin` (surface coordinates).
    /// Returns nil only for an empty view.
    ///
    /// Node shape: a view's leaf or container gets one node; padding and frame layers add no
    /// node of their own except the outermost one of a view (so the view's node frame is its
    /// final frame); background/overlay/clip add a node only when they cannot be folded into the
    /// one they wrap; opacity folds into the node it wraps; offset just moves where the wrapped
    /// layers are placed.
    func place(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        let entry = tree.entries[layer]
        let rect = Rect(origin: origin, size: size(layer, p))
        let source = entry.source
        func leaf(_ content: PlacedContent) -> PlacedNode {
            PlacedNode(frame: rect, content: content, source: source)
        }

        switch entry.layer {
        case .empty:
            return nil
        case .text(let text):
            let outcome = textOutcome(layer, text, p)
            return leaf(.text(PlacedText(content: text, font: outcome.font, wrapWidth: outcome.wrapWidth,
                                         maxLines: outcome.maxLines, lineCount: outcome.lineCount,
                                         truncated: outcome.truncated)))
        case .icon(let icon):
            return leaf(.icon(icon))
        case .image(let image):
            return leaf(.image(image))
        case .shape(let shape):
            return leaf(.shape(shape))
        case .progress(let progress):
            return leaf(.progress(progress))
        case .divider(let color, _, let stackAxis):
            return leaf(.divider(color: color, axis: LeafSizing.dividerLineAxis(stackAxis: stackAxis)))
        case .spacer:
            return leaf(.none)

        case .stack(let stack):
            return PlacedNode(frame: rect, children: placeStack(layer, stack, p, in: rect), source: source)
        case .zstack(let alignment, let children):
            let placed = children.compactMap { child in
                place(child, p, at: FrameLayout.origin(of: size(child, p), in: rect, alignment))
            }
            return PlacedNode(frame: rect, children: placed, source: source)

        case .padding(let insets, let child):
            let inner = place(child, FrameLayout.inset(p, by: insets),
                              at: Point(x: rect.minX + insets.leading, y: rect.minY + insets.top))
            return keepingFrame(inner, entry, rect)
        case .frame(let spec, let child):
            let childProposal = FrameLayout.childProposal(spec, p)
            let childOrigin = FrameLayout.origin(of: size(child, childProposal), in: rect, spec.alignment)
            return keepingFrame(place(child, childProposal, at: childOrigin), entry, rect)
        case .fixedSize(let horizontal, let vertical, let child):
            return place(child, FrameLayout.fixing(p, horizontal: horizontal, vertical: vertical), at: origin)
        case .offset(let x, let y, let child):
            return place(child, p, at: Point(x: origin.x + x, y: origin.y + y))

        case .decoration(let decoration):
            return decorated(decoration, p, rect, source)
        case .opacity(let value, let child):
            guard var inner = place(child, p, at: origin) else { return nil }
            inner.opacity *= value
            return inner
        case .clip(let shape, let child):
            guard var inner = place(child, p, at: origin) else { return nil }
            if inner.frame == rect, inner.clip == nil {
                inner.clip = shape
                return inner
            }
            return PlacedNode(frame: rect, children: [inner], clip: shape, source: source)
        }
    }

    private func keepingFrame(_ inner: PlacedNode?, _ entry: LayoutTree.Entry, _ rect: Rect) -> PlacedNode? {
        guard entry.keepsFrame else { return inner }
        guard let inner else { return PlacedNode(frame: rect, source: entry.source) }
        if inner.frame == rect { return inner }
        return PlacedNode(frame: rect, children: [inner], source: entry.source)
    }

    /// The secondary view is proposed exactly the content's size and aligned on it.
    private func decorated(_ d: LayoutTree.Decoration, _ p: ProposedSize, _ rect: Rect, _ source: SourceLocation?) -> PlacedNode? {
        let inner = place(d.content, p, at: rect.origin)
        let secondaryProposal = ProposedSize(rect.size)
        let secondaryOrigin = FrameLayout.origin(of: size(d.secondary, secondaryProposal), in: rect, d.alignment)
        guard let secondary = place(d.secondary, secondaryProposal, at: secondaryOrigin) else { return inner }
        guard var content = inner else {
            return PlacedNode(frame: rect, children: [secondary], source: source)
        }
        // Folding into the content's node is only invisible when that node draws nothing itself
        // and applies no group effect the secondary view must escape.
        if content.frame == rect, content.content == .none, content.clip == nil, content.opacity == 1 {
            if d.isOverlay {
                content.children.append(secondary)
            } else {
                content.children.insert(secondary, at: 0)
            }
            return content
        }
        let children = d.isOverlay ? [content, secondary] : [secondary, content]
        return PlacedNode(frame: rect, children: children, source: source)
    }
}
