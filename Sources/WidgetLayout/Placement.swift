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
        // A thin dispatcher: each kind has its own function so that this one, which recurses
        // once per layer, keeps a small stack frame (debug builds give every case's temporaries
        // their own slots).
        switch tree.entries[layer].layer {
        case .empty: return nil
        case .text, .icon, .image, .shape, .progress, .divider, .spacer: return placeLeaf(layer, p, at: origin)
        case .stack: return placeStack(layer, p, at: origin)
        case .zstack: return placeZStack(layer, p, at: origin)
        case .viewThatFits(let axes, let children):
            return chosen(axes, children, p).flatMap { place($0, p, at: origin) }
        case .padding: return placePadding(layer, p, at: origin)
        case .frame: return placeFrame(layer, p, at: origin)
        case .fixedSize(let horizontal, let vertical, let child):
            return place(child, FrameLayout.fixing(p, horizontal: horizontal, vertical: vertical), at: origin)
        case .offset(let x, let y, let child):
            return place(child, p, at: Point(x: origin.x + x, y: origin.y + y))
        case .guide(_, _, let child):
            return place(child, p, at: origin)
        case .decoration: return placeDecorated(layer, p, at: origin)
        case .opacity: return placeWithOpacity(layer, p, at: origin)
        case .clip: return placeClipped(layer, p, at: origin)
        case .transform: return placeTransformed(layer, p, at: origin)
        case .accentable: return placeAccentable(layer, p, at: origin)
        case .custom: return placeCustom(layer, p, at: origin)
        case .probe(let number, let child):
            // A node of its own around the view, so the reported frame is the view's whole frame
            // and a probe inside it keeps its own.
            var node = PlacedNode(frame: onGrid(frame(layer, p, origin)), children: place(child, p, at: origin).map { [$0] } ?? [],
                                  source: tree.entries[layer].source)
            node.probe = number
            return node
        }
    }

    func frame(_ layer: Int, _ p: ProposedSize, _ origin: Point) -> Rect {
        Rect(origin: origin, size: size(layer, p))
    }

    /// The frame a node records: `rect` with its edges on the pixel grid (PixelGrid.swift) when
    /// the pass has one. Only recorded frames are rounded; children are still placed from the
    /// exact rect in points, so rounding never accumulates down the tree.
    func onGrid(_ rect: Rect) -> Rect {
        grid?.round(rect) ?? rect
    }

    private func placeLeaf(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode {
        let entry = tree.entries[layer]
        let content: PlacedContent
        switch entry.layer {
        case .text(let text):
            let outcome = textOutcome(layer, text, p)
            content = .text(PlacedText(content: text, font: outcome.font, wrapWidth: outcome.wrapWidth,
                                       maxLines: outcome.maxLines, lineCount: outcome.lineCount,
                                       truncated: outcome.truncated))
        case .icon(let icon): content = .icon(icon)
        case .image(let image): content = .image(image)
        case .shape(let shape): content = .shape(shape)
        case .progress(let progress): content = .progress(progress)
        case .divider(let color, _, let stackAxis):
            content = .divider(color: color, axis: LeafSizing.dividerLineAxis(stackAxis: stackAxis))
        default: content = .none
        }
        return PlacedNode(frame: onGrid(frame(layer, p, origin)), content: content, source: entry.source)
    }

    private func placeStack(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .stack(let stack) = tree.entries[layer].layer else { return nil }
        let rect = frame(layer, p, origin)
        return PlacedNode(frame: onGrid(rect), children: placeStackChildren(layer, stack, p, in: rect), source: tree.entries[layer].source)
    }

    private func placeZStack(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .zstack(let alignment, let children) = tree.entries[layer].layer else { return nil }
        let rect = frame(layer, p, origin)
        var placed: [PlacedNode] = []
        for (child, at) in zip(children, zstackChildOrigins(children, alignment, p, at: rect)) {
            if let node = place(child, p, at: at) {
                placed.append(node)
            }
        }
        return PlacedNode(frame: onGrid(rect), children: placed, source: tree.entries[layer].source)
    }

    private func placePadding(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .padding(let insets, let child) = tree.entries[layer].layer else { return nil }
        let inner = place(child, FrameLayout.inset(p, by: insets),
                          at: Point(x: origin.x + insets.leading, y: origin.y + insets.top))
        return keepingFrame(inner, layer, frame(layer, p, origin))
    }

    private func placeFrame(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .frame(let spec, let child) = tree.entries[layer].layer else { return nil }
        let rect = frame(layer, p, origin)
        let childProposal = FrameLayout.placementProposal(spec, p, size: rect.size)
        let childOrigin = alignedOrigin(child, childProposal, in: rect, spec.alignment)
        return keepingFrame(place(child, childProposal, at: childOrigin), layer, rect)
    }

    private func placeWithOpacity(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .opacity(let value, let child) = tree.entries[layer].layer,
              var inner = place(child, p, at: origin) else { return nil }
        inner.opacity *= value
        return inner
    }

    private func placeClipped(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .clip(let shape, let child) = tree.entries[layer].layer,
              var inner = place(child, p, at: origin) else { return nil }
        let rect = onGrid(frame(layer, p, origin))
        if inner.frame == rect, inner.clip == nil, inner.transform.isIdentity {
            inner.clip = shape
            return inner
        }
        return PlacedNode(frame: rect, children: [inner], clip: shape, source: tree.entries[layer].source)
    }

    /// The drawing of the wrapped layers turns or scales about an anchor of this layer's frame;
    /// every frame stays where layout put it. Always folds into the inner node: the renderer
    /// applies a node's transform before its clip and opacity, and whatever the inner node holds
    /// was written inside this effect, so it all turns with it.
    private func placeTransformed(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .transform(let effect, let child) = tree.entries[layer].layer,
              var inner = place(child, p, at: origin) else { return nil }
        inner.transform = effect.matrix(in: onGrid(frame(layer, p, origin))).concatenating(after: inner.transform)
        return inner
    }

    /// Folds into the inner node, whose own setting (written closer to the content) wins, as the
    /// innermost `widgetAccentable` does in SwiftUI.
    private func placeAccentable(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .accentable(let on, let child) = tree.entries[layer].layer,
              var inner = place(child, p, at: origin) else { return nil }
        if inner.accentable == nil { inner.accentable = on }
        return inner
    }

    private func keepingFrame(_ inner: PlacedNode?, _ layer: Int, _ exact: Rect) -> PlacedNode? {
        let entry = tree.entries[layer]
        guard entry.keepsFrame else { return inner }
        let rect = onGrid(exact)
        guard let inner else { return PlacedNode(frame: rect, source: entry.source) }
        if inner.frame == rect { return inner }
        return PlacedNode(frame: rect, children: [inner], source: entry.source)
    }

    /// The secondary view is proposed exactly the content's size and aligned on it.
    private func placeDecorated(_ layer: Int, _ p: ProposedSize, at origin: Point) -> PlacedNode? {
        guard case .decoration(let d) = tree.entries[layer].layer else { return nil }
        let rect = frame(layer, p, origin)
        let source = tree.entries[layer].source
        let inner = place(d.content, p, at: origin)
        var secondaryProposal = ProposedSize(rect.size)
        var secondaryOrigin: Point
        if let fraction = d.markerFraction {
            secondaryProposal = ProposedSize(width: nil, height: nil)
            let s = size(d.secondary, secondaryProposal)
            secondaryOrigin = Point(x: rect.minX + fraction * rect.width - s.width / 2, y: rect.midY - s.height / 2)
        } else {
            secondaryOrigin = alignedOrigin(d.secondary, secondaryProposal, in: rect, d.alignment, content: (d.content, p))
        }
        guard let secondary = place(d.secondary, secondaryProposal, at: secondaryOrigin) else { return inner }
        let recorded = onGrid(rect)
        guard var content = inner else {
            return PlacedNode(frame: recorded, children: [secondary], source: source)
        }
        // Folding into the content's node is only invisible when that node draws nothing itself
        // and applies no group effect the secondary view must escape.
        if content.frame == recorded, content.content == .none, content.clip == nil, content.opacity == 1,
           content.transform.isIdentity, content.accentable == nil {
            if d.isOverlay {
                content.children.append(secondary)
            } else {
                content.children.insert(secondary, at: 0)
            }
            return content
        }
        let children = d.isOverlay ? [content, secondary] : [secondary, content]
        return PlacedNode(frame: recorded, children: children, source: source)
    }
}
