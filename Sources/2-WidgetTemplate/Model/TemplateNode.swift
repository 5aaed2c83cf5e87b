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

/// `lineLimit`, `minimumScaleFactor`, `multilineAlignment`, `monospacedDigit`, `truncationMode` written on any node:
/// they apply to every text inside it that does not set its own (SwiftUI's `.lineLimit(2)` on a
/// stack). nil: inherited.
struct TextEnvironmentTemplate: Hashable, Sendable {
    var lineLimit: Int?
    var minimumScaleFactor: Double?
    var multilineAlignment: TextAlignment?
    var monospacedDigit: Bool?
    var truncationMode: TruncationMode?
    static let keys = ["lineLimit", "minimumScaleFactor", "multilineAlignment", "monospacedDigit", "truncationMode"]

    /// What a node sets overrides what it inherits.
    mutating func inherit(_ inner: TextEnvironmentTemplate) {
        if let v = inner.lineLimit { lineLimit = v }
        if let v = inner.minimumScaleFactor { minimumScaleFactor = v }
        if let v = inner.multilineAlignment { multilineAlignment = v }
        if let v = inner.monospacedDigit { monospacedDigit = v }
        if let v = inner.truncationMode { truncationMode = v }
    }
}

indirect enum TemplateKind: Hashable, Sendable {
    case vstack(spacing: Double?, alignment: HorizontalAlignment, children: [TemplateNode])
    case hstack(spacing: Double?, alignment: VerticalAlignment, children: [TemplateNode])
    case zstack(alignment: Alignment, children: [TemplateNode])
    case spacer(minLength: Double?)
    case text(TextTemplate)
    case icon(IconTemplate)
    case image(ImageTemplate)
    case shape(ShapeTemplate)
    case progress(ProgressTemplate)
    case divider
    case forEach(ForEachTemplate)
    case use(UseTemplate)
    /// A node with a parameter bound to data (`spacing: '{{s}}'`): parsed when bound (BoundParameters.swift).
    case deferred(DeferredNode)
}

/// `{ko: …, en: …}` or one string for every locale, in the order written.
struct LocalizedText: Hashable, Sendable {
    struct Variant: Hashable, Sendable { var locale: String; var text: Interpolated }
    var variants: [Variant]

    func pick(_ locale: String) -> Interpolated {
        if variants.count == 1 { return variants[0].text }
        return variants.first { $0.locale == locale }?.text
            ?? variants.first { $0.locale == LocaleCodes.base(locale) }?.text
            ?? variants.first { $0.locale == "en" }?.text
            ?? variants[0].text
    }
}

struct TextTemplate: Hashable, Sendable {
    var content: LocalizedText
    var style: TextStyle?
    var size: Double?
    var weight: FontWeight?
    var bold = false
    var lineHeight: Double?
    var lineLimit: Int?
    var minimumScaleFactor = 1.0
    var alignment = TextAlignment.leading
    var monospacedDigit = false
    var truncationMode = TruncationMode.tail
    var tracking: Double?
}

struct FontTemplate: Hashable, Sendable {
    var style: TextStyle?
    var size: Double?
    var weight: FontWeight?
}

struct IconTemplate: Hashable, Sendable {
    var name: Interpolated
    var size: Double?
}

struct ImageTemplate: Hashable, Sendable {
    enum RenderingMode: String, Hashable, Sendable, CaseIterable { case original, template }
    var path: Interpolated
    /// nil: template when the image has its own `color:`, else original (SwiftUI's default).
    var renderingMode: RenderingMode?
    var resizable = false
    var contentMode = ContentMode.fit
    var scale = 3.0
}

struct ShapeTemplate: Hashable, Sendable {
    var shape: ShapeKind
    var fill: PaintTemplate?
    var stroke: PaintTemplate?
    var lineWidth = 1.0
    var dash: [Double] = []
}

struct ProgressTemplate: Hashable, Sendable {
    enum Value: Hashable, Sendable {
        case fraction(Double)
        case bound(Interpolated)
        case interval(start: Interpolated, end: Interpolated, countsDown: Bool)
    }
    var value: Value
    var style = ProgressStyle.linear
    var tint: PaintTemplate?
    var track: PaintTemplate?
    var thickness = 4.0
    /// A linear bar's marker: a node centred at the current fraction (a plane along a flight).
    var marker: TemplateNode?
}

struct ForEachTemplate: Hashable, Sendable {
    var list: Expression
    var listText: String
    var itemName = "item"
    var limit: Int?
    var content: TemplateNode
}

struct UseTemplate: Hashable, Sendable {
    enum Argument: Hashable, Sendable {
        case constant(DataValue)
        case expression(Expression)
        case interpolated(Interpolated)
    }
    struct Pair: Hashable, Sendable { var name: String; var value: Argument }
    var component: String
    var arguments: [Pair]
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
