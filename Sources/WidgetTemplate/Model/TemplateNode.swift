import WidgetModel

/// A layout node as written, before data: bindings, `when`, `forEach` and `use` are still unresolved.
struct TemplateNode: Hashable, Sendable {
    var kind: TemplateKind
    /// In the order written.
    var modifiers: [TemplateModifier] = []
    var when: Expression? = nil
    var layoutPriority: Double = 0
    /// `color` / `foreground`: this node and everything inside it.
    var foreground: PaintTemplate? = nil
    var font: FontTemplate? = nil
    /// Text settings for this node and every text inside it (SwiftUI environment values).
    var textEnvironment = TextEnvironmentTemplate()
    var unredacted: Bool = false
    var source: SourceLocation
}

indirect enum TemplateKind: Hashable, Sendable {
    case vstack(spacing: Double?, alignment: HorizontalAlignment, children: [TemplateNode])
    case hstack(spacing: Double?, alignment: VerticalAlignment, children: [TemplateNode])
    case zstack(alignment: Alignment, children: [TemplateNode])
    case viewThatFits(axes: FitAxes, children: [TemplateNode])
    case spacer(minLength: Double?)
    case text(TextTemplate)
    case icon(IconTemplate)
    case image(ImageTemplate)
    case shape(ShapeTemplate)
    case progress(ProgressTemplate)
    case divider
    /// iOS's switch (`toggle:`, Nodes/Toggle.swift).
    case toggle(ToggleTemplate)
    case forEach(ForEachTemplate)
    case use(UseTemplate)
    /// A node with a parameter bound to data (`spacing: '{{s}}'`): parsed when bound (BoundParameters.swift).
    case deferred(DeferredNode)
}

indirect enum TemplateModifier: Hashable, Sendable {
    enum Layer: Hashable, Sendable { case paint(PaintTemplate), node(TemplateNode) }
    case padding(EdgeInsets)
    case frame(FrameSpec)
    case background(Layer, alignment: Alignment)
    case overlay(Layer, alignment: Alignment)
    case opacity(Double)
    case clip(ClipShape)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case offset(x: Double, y: Double)
    /// Degrees, clockwise; about `anchor` of the frame.
    case rotation(Double, anchor: UnitPoint)
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// `widgetAccentable`: joins the accent group (true) or the primary group (false).
    case accentable(Bool)
}

/// A color as written: a name, hex, per-scheme pair, faded, or a binding resolved at bind time.
indirect enum ColorTemplate: Hashable, Sendable {
    case named(String)
    case rgba(RGBA)
    case schemed(light: ColorTemplate, dark: ColorTemplate)
    case faded(ColorTemplate, opacity: Double)
    /// Mixed with white by `amount` (0…1), keeping its alpha: the top of `{gradient: COLOR}`.
    case lightened(ColorTemplate, amount: Double)
    case bound(Interpolated)
}

indirect enum PaintTemplate: Hashable, Sendable {
    case color(ColorTemplate)
    /// `locations` nil: evenly spaced.
    case linearGradient(colors: [ColorTemplate], locations: [Double]?, start: UnitPoint, end: UnitPoint)
}

/// One surface's entry in a layout.
struct SurfaceTemplate: Hashable, Sendable {
    var surface: Surface
    var view: TemplateNode?
    var regions: [Region: TemplateNode] = [:]
    /// A paint, or a whole view filling the container (SwiftUI `containerBackground(for:) { … }`).
    var background: TemplateModifier.Layer?
    var margins: EdgeInsets?
    /// Dynamic Island surfaces: the colour of the thin line around the island (`keylineTint`).
    var keylineTint: PaintTemplate?
    var source: SourceLocation
}
