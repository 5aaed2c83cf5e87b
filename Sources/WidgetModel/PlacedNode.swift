/// The layout stage's output: every node with its frame in points, in the coordinate space of
/// the surface (origin top-left). The renderer draws this and nothing else.
public struct PlacedNode: Hashable, Sendable {
    public var frame: Rect
    public var content: PlacedContent
    /// Drawn in order after `content` (backgrounds come before the view, overlays after).
    public var children: [PlacedNode]
    /// Opacity, clip and transform: how the node is drawn, not where it is.
    public var effects: DrawingEffects
    public var source: SourceLocation?
    /// The number of a `Modifier.probe` on this view: its frame is reported to the caller.
    public var probe: Int?

    public init(frame: Rect, content: PlacedContent = .none, children: [PlacedNode] = [], opacity: Double = 1,
                clip: ClipShape? = nil, transform: AffineTransform = .identity, source: SourceLocation? = nil) {
        self.frame = frame; self.content = content; self.children = children
        self.effects = DrawingEffects(opacity: opacity, clip: clip, transform: transform); self.source = source
    }

    /// Applies to this node and its children, as a group.
    public var opacity: Double {
        get { effects.opacity }
        set { effects.opacity = newValue }
    }
    /// Clips `content` and `children` to this shape in `frame`.
    public var clip: ClipShape? {
        get { effects.clip }
        set { effects.clip = newValue }
    }
    /// Rotation/scale effects: the frame stays where layout put it, the drawing moves.
    public var transform: AffineTransform {
        get { effects.transform }
        set { effects.transform = newValue }
    }

    /// The node's own `widgetAccentable` (nil: as its parent).
    public var accentable: Bool? {
        get { effects.accentable }
        set { effects.accentable = newValue }
    }

    /// Depth-first, self before children.
    public func forEach(_ body: (PlacedNode) -> Void) {
        body(self)
        for c in children { c.forEach(body) }
    }
}

public enum Axis: String, Hashable, Sendable { case horizontal, vertical }

public enum PlacedContent: Hashable, Sendable {
    case none
    case text(PlacedText)
    case icon(IconContent)
    case image(ImageContent)
    case shape(ShapeContent)
    case progress(ProgressContent)
    /// A line along `axis` filling the frame.
    case divider(color: RGBA, axis: Axis)
}

/// A text as the layout measured it; the renderer must lay it out with exactly these values.
public struct PlacedText: Hashable, Sendable {
    public var content: TextContent
    /// The font after any minimumScaleFactor shrinking.
    public var font: FontSpec
    /// The width the text was wrapped and truncated at; nil: not wrapped.
    public var wrapWidth: Double?
    /// nil: unlimited.
    public var maxLines: Int?
    public var lineCount: Int
    /// Some text was cut and an ellipsis drawn.
    public var truncated: Bool
    public init(content: TextContent, font: FontSpec, wrapWidth: Double?, maxLines: Int?, lineCount: Int, truncated: Bool) {
        self.content = content; self.font = font; self.wrapWidth = wrapWidth
        self.maxLines = maxLines; self.lineCount = lineCount; self.truncated = truncated
    }
}
