/// Where a node came from in a layout file, so later stages can point at it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    public var description: String { "\(file):\(line):\(column)" }
}

/// The concrete view tree: a template bound to data and a context. Nothing is left unresolved:
/// strings are final, colors are RGBA for the scheme, fonts are sized, assets are absolute paths.
public struct ViewNode: Hashable, Sendable {
    public var kind: ViewKind
    /// Applied in order: the first wraps the node itself, the last is outermost
    /// (as SwiftUI's chained modifiers `.padding().background(…)` read).
    public var modifiers: [Modifier]
    /// Stacks give space to higher priorities first (SwiftUI `layoutPriority`).
    public var layoutPriority: Double
    public var source: SourceLocation?

    public init(_ kind: ViewKind, modifiers: [Modifier] = [], layoutPriority: Double = 0, source: SourceLocation? = nil) {
        self.kind = kind; self.modifiers = modifiers; self.layoutPriority = layoutPriority; self.source = source
    }
}

public indirect enum ViewKind: Hashable, Sendable {
    /// `spacing` nil means the default spacing (8 pt).
    case vstack(spacing: Double?, alignment: HorizontalAlignment, children: [ViewNode])
    case hstack(spacing: Double?, alignment: VerticalAlignment, children: [ViewNode])
    case zstack(alignment: Alignment, children: [ViewNode])
    /// SwiftUI's `ViewThatFits(in:)`: the first child whose ideal size fits the offered space
    /// along `axes`, else the last.
    case viewThatFits(axes: FitAxes, children: [ViewNode])
    /// `minLength` nil means the default spacing (8 pt).
    case spacer(minLength: Double?)
    case text(TextContent)
    case icon(IconContent)
    case image(ImageContent)
    case shape(ShapeContent)
    case progress(ProgressContent)
    /// A thin line across the parent stack's cross axis.
    case divider(color: RGBA, thickness: Double)
    /// Children sized and placed by code outside the engine (SwiftUI's `Layout` protocol,
    /// CustomLayout.swift), called back during the layout pass.
    case custom(CustomLayoutBox, children: [ViewNode])
    /// Takes no space and draws nothing (an unmet `when:`).
    case empty
}

public enum TextAlignment: String, Hashable, Sendable {
    case leading, center, trailing
}

/// Where a text that does not fit is cut (SwiftUI's `truncationMode`): `…end`, `beg…end`, `begin…`.
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    case head, middle, tail
}

public struct TextContent: Hashable, Sendable {
    public var string: String
    public var font: FontSpec
    public var color: Paint
    /// nil: unlimited.
    public var lineLimit: Int?
    /// In (0, 1]: the font may shrink to this fraction before the text truncates.
    public var minimumScaleFactor: Double
    /// How lines of a multiline text align to each other.
    public var alignment: TextAlignment
    /// Drawn as rounded bars instead of glyphs (WidgetKit placeholder).
    public var redacted: Bool
    /// Where the ellipsis goes when the text is cut.
    public var truncationMode: TruncationMode
    /// A line under each line of text / through it, in this colour (SwiftUI's `underline`,
    /// `strikethrough`); nil: none.
    public var underline: RGBA?
    public var strikethrough: RGBA?

    public init(string: String, font: FontSpec, color: Paint = .color(.black), lineLimit: Int? = nil,
                minimumScaleFactor: Double = 1, alignment: TextAlignment = .leading, redacted: Bool = false,
                truncationMode: TruncationMode = .tail) {
        self.string = string; self.font = font; self.color = color; self.lineLimit = lineLimit
        self.minimumScaleFactor = minimumScaleFactor; self.alignment = alignment; self.redacted = redacted
        self.truncationMode = truncationMode
    }
}

/// A glyph of the icon font standing in for an SF Symbol. Lays out as `frameWidth` × `size`: the
/// symbol's own width (`SymbolFrames`), the point size tall.
public struct IconContent: Hashable, Sendable {
    /// The SF Symbol name it was asked for (for messages).
    public var symbol: String
    /// The glyph text in `family` (a codepoint).
    public var glyph: String
    public var family: String
    public var size: Double
    public var color: Paint
    public var redacted: Bool
    /// The project's own artwork for the symbol (`Icons/NAME.svg` beside the layout; absolute,
    /// confined to the layout's folder), drawn instead of the glyph.
    public var svg: String?
    /// The weight the symbol is drawn at (an SF Symbols template's `Weight-M` variant).
    public var weight: FontWeight
    /// The frame's width over `size`. By default SF's for the bundled stand-in (`SymbolFrames`), a
    /// square for a project's icon font, a glyphless symbol or artwork (whose binder passes its
    /// template's margins, `SymbolTemplateFrame`).
    public var widthRatio: Double
    public init(symbol: String, glyph: String, family: String = FontSpec.iconFamily, size: Double,
                color: Paint, redacted: Bool = false, svg: String? = nil, weight: FontWeight = .regular,
                widthRatio: Double? = nil) {
        self.symbol = symbol; self.glyph = glyph; self.family = family; self.size = size
        self.color = color; self.redacted = redacted; self.svg = svg; self.weight = weight
        self.widthRatio = widthRatio ?? (family == FontSpec.iconFamily && svg == nil && !glyph.isEmpty
            ? SymbolFrames.width(for: symbol).ratio : 1)
    }

    /// The width the symbol takes in layout.
    public var frameWidth: Double { size * widthRatio }
}

/// How a resizable image fills the frame it gets: `fit` and `fill` keep its aspect (the whole
/// picture inside the frame, or the frame covered and the rest cropped); `stretch` scales each axis
/// on its own to the frame, as SwiftUI's `resizable()` draws an image without `aspectRatio`.
public enum ContentMode: String, Hashable, Sendable { case fit, fill, stretch }

public struct ImageContent: Hashable, Sendable {
    /// Absolute path of a PNG.
    public var path: String
    /// The image's own size in points (pixels ÷ asset scale).
    public var naturalSize: Size
    /// false: always its natural size; true: takes the size it is offered, per `contentMode`.
    public var resizable: Bool
    public var contentMode: ContentMode
    public var redacted: Bool
    /// A template image (SwiftUI `renderingMode(.template)`): every pixel takes this paint and
    /// keeps its own alpha. nil: drawn in its own colours.
    public var tint: Paint?
    /// SwiftUI's `widgetAccentedRenderingMode`: how the tinted Home Screen draws the image. nil:
    /// as every view, its alpha in the group's colour (a photo becomes a silhouette).
    public var accentedMode: AccentedImageMode?
    public init(path: String, naturalSize: Size, resizable: Bool = false, contentMode: ContentMode = .fit,
                redacted: Bool = false, tint: Paint? = nil, accentedMode: AccentedImageMode? = nil) {
        self.path = path; self.naturalSize = naturalSize; self.resizable = resizable
        self.contentMode = contentMode; self.redacted = redacted; self.tint = tint; self.accentedMode = accentedMode
    }
}

public enum ShapeKind: Hashable, Sendable {
    case rect
    /// `continuous` uses the iOS squircle corner (ContinuousCorners.swift in WidgetRender).
    case roundedRect(radius: Double, continuous: Bool)
    case circle
    case capsule
    case ellipse
    /// A polyline through points given as fractions of the frame; `curved` smooths it.
    case path(points: [UnitPoint], closed: Bool, curved: Bool)
    /// SwiftUI's `ContainerRelativeShape`: the container's shape inset to the view, a rounded
    /// rectangle concentric with the surface's corners (resolved once the surface is composed;
    /// a rectangle where nothing resolved it).
    case containerRelative
    /// Lines and Bézier curves in points (SwiftUI's `Path`, a team's `Shape.path(in:)`), made for
    /// `VectorPath.bounds`; drawn in another frame, they are scaled into it.
    case vector(VectorPath)
}

/// A path of lines and curves (SwiftUI's `Path`): absolute points for the rectangle it was made in.
public struct VectorPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case close
    }
    public var elements: [Element]
    /// The rectangle the points were made for (the `rect` of `path(in:)`).
    public var bounds: Rect
    public init(elements: [Element], bounds: Rect) { self.elements = elements; self.bounds = bounds }
}

/// How a stroke's open ends are drawn (SwiftUI's `CGLineCap`).
public enum LineCap: String, Hashable, Sendable { case butt, round, square }
/// How a stroke's corners are drawn (SwiftUI's `CGLineJoin`).
public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }

public struct Stroke: Hashable, Sendable {
    public var paint: Paint
    public var width: Double
    public var dash: [Double]
    /// Inside the shape's edge (SwiftUI's `strokeBorder`: the shape inset by half the width)
    /// instead of centred on it (`stroke`).
    public var inside: Bool
    /// Ends and corners; nil: round (a layout file's strokes). SwiftUI's default is butt and miter.
    public var cap: LineCap?
    public var join: LineJoin?
    public var miterLimit: Double
    public var dashPhase: Double
    public init(paint: Paint, width: Double, dash: [Double] = [], inside: Bool = false,
                cap: LineCap? = nil, join: LineJoin? = nil, miterLimit: Double = 10, dashPhase: Double = 0) {
        self.paint = paint; self.width = width; self.dash = dash; self.inside = inside
        self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.dashPhase = dashPhase
    }
}

/// Shapes take all the space they are offered (SwiftUI shapes are fully flexible).
public struct ShapeContent: Hashable, Sendable {
    public var shape: ShapeKind
    public var fill: Paint?
    public var stroke: Stroke?
    /// The part of the outline drawn, as fractions of its length from its start (SwiftUI's
    /// `trim(from:to:)`); nil: all of it.
    public var trim: ShapeTrim?
    public init(shape: ShapeKind, fill: Paint? = nil, stroke: Stroke? = nil, trim: ShapeTrim? = nil) {
        self.shape = shape; self.fill = fill; self.stroke = stroke; self.trim = trim
    }
}

/// A fraction of a shape's outline, `from` … `to` in 0…1 of its length.
public struct ShapeTrim: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public init(from: Double, to: Double) { self.from = from; self.to = to }
}

public enum ProgressStyle: String, Hashable, Sendable {
    /// A horizontal bar: flexible width, `thickness` tall.
    case linear
    /// `.accessoryCircular` gauge: an open ring with a gap at the bottom.
    case gauge
    /// `.accessoryCircularCapacity`: a closed ring.
    case ring
}

public struct ProgressContent: Hashable, Sendable {
    /// 0...1, already resolved (a timer interval is turned into a fraction against `now` at bind time).
    public var fraction: Double
    public var style: ProgressStyle
    public var tint: Paint
    public var track: RGBA
    public var thickness: Double
    public init(fraction: Double, style: ProgressStyle = .linear, tint: Paint, track: RGBA, thickness: Double = 4) {
        self.fraction = fraction; self.style = style; self.tint = tint; self.track = track; self.thickness = thickness
    }
}

public enum ClipShape: Hashable, Sendable {
    case rect
    case roundedRect(radius: Double, continuous: Bool)
    case circle
    case capsule
}

/// A frame modifier: fixed sizes, or min/ideal/max bounds (`.infinity` allowed for max).
public struct FrameSpec: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var idealWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var idealHeight: Double?
    public var maxHeight: Double?
    public var alignment: Alignment
    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, idealWidth: Double? = nil,
                maxWidth: Double? = nil, minHeight: Double? = nil, idealHeight: Double? = nil,
                maxHeight: Double? = nil, alignment: Alignment = .center) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.idealWidth = idealWidth
        self.maxWidth = maxWidth; self.minHeight = minHeight; self.idealHeight = idealHeight
        self.maxHeight = maxHeight; self.alignment = alignment
    }
    /// A frame with only fixed width/height (SwiftUI `frame(width:height:alignment:)`).
    public var isFixed: Bool {
        minWidth == nil && idealWidth == nil && maxWidth == nil && minHeight == nil && idealHeight == nil && maxHeight == nil
    }
}

public indirect enum Modifier: Hashable, Sendable {
    case padding(EdgeInsets)
    case frame(FrameSpec)
    /// Drawn behind, proposed exactly the modified view's size.
    case background(ViewNode, alignment: Alignment)
    /// Drawn in front, proposed exactly the modified view's size.
    case overlay(ViewNode, alignment: Alignment)
    case opacity(Double)
    case clip(ClipShape)
    /// Proposes nil (ideal size) on the chosen axes.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// Moves the drawing without changing layout.
    case offset(x: Double, y: Double)
    /// Rotates the drawing by `degrees` (clockwise) about `anchor` of the view's frame, without
    /// changing layout (SwiftUI `rotationEffect(_:anchor:)`).
    case rotation(degrees: Double, anchor: UnitPoint)
    /// Scales the drawing about `anchor` of the view's frame, without changing layout
    /// (SwiftUI `scaleEffect(x:y:anchor:)`).
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// Drawn in front at its ideal size, centred on the point `fraction` (0…1) of the way along
    /// the modified view's width, vertically centred: a linear progress's marker (what SwiftUI's
    /// linear Gauge draws at its current value; a GeometryReader offset in hand-written SwiftUI).
    case marker(ViewNode, fraction: Double)
    /// SwiftUI `widgetAccentable(_:)`: the view and its subviews join the accent group (true) or
    /// the primary group (false) of the accented rendering mode.
    case accentable(Bool)
    /// Changes nothing; the frame the view is placed in is reported as `PlacedNode.probe`, so a
    /// caller that makes views from their size (SwiftUI's `GeometryReader`, a `Shape`'s
    /// `path(in:)`) can make them again with it (`WidgetRenderer.render(…, probing:)`).
    case probe(Int)
    /// SwiftUI `alignmentGuide(_:computeValue:)`: the view's value for the guide, computed from its
    /// size and its own guides once it is measured; changes no size (Geometry.swift).
    case alignmentGuide(AlignmentKey, value: GuideFunction)
}

/// The axes along which `ViewThatFits` compares a child's ideal size with the space offered.
public enum FitAxes: String, Hashable, Sendable, CaseIterable {
    case both, horizontal, vertical
    public var horizontal: Bool { self != .vertical }
    public var vertical: Bool { self != .horizontal }
}

/// SwiftUI's `WidgetAccentedRenderingMode` for an image on the tinted Home Screen: `fullColor` keeps
/// its colours, `desaturated` its luminance in gray, `accented` and `accentedDesaturated` take the
/// accent group's colour (the latter drawn as `accented`: the accent tint is white on iPhone).
public enum AccentedImageMode: String, Hashable, Sendable, CaseIterable {
    case fullColor, accented, desaturated, accentedDesaturated
}
