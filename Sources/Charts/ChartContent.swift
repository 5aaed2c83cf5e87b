import Foundation
import SwiftUI
package import WidgetModel

/// A part of a chart: marks, `ForEach` over marks, and a team's own content (Swift Charts'
/// `ChartContent`). Here it refines `View`, so SwiftUI's `ForEach`, `if`/`else` and a team's
/// `var body: some ChartContent` resolve through the SwiftUI module's own machinery; a mark
/// resolved inside a `Chart` hands itself to the chart instead of making nodes.
public protocol ChartContent: View {}

extension TupleView: ChartContent {}
extension ConditionalContent: ChartContent where TrueContent: ChartContent, FalseContent: ChartContent {}
extension Optional: ChartContent where Wrapped: ChartContent {}
extension ForEach: ChartContent where Content: ChartContent {}

/// No marks.
public struct EmptyChartContent: ChartContent, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

/// Chart content of any type (Swift Charts' `AnyChartContent`).
public struct AnyChartContent: ChartContent, PrimitiveView {
    public typealias Body = Never
    let resolve: (EnvironmentValues) -> [ViewNode]
    public init<C: ChartContent>(erasing content: C) { resolve = { ViewResolver.nodes(content, in: $0) } }
    public init<C: ChartContent>(_ content: C) { self.init(erasing: content) }
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { resolve(environment) }
}

/// Contents made by a `for` loop in a chart builder.
public struct ChartContentArray<C: ChartContent>: ChartContent, PrimitiveView {
    public typealias Body = Never
    let items: [C]
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        items.flatMap { ViewResolver.nodes($0, in: environment) }
    }
}

/// Builds chart content from the statements of a closure (Swift Charts' `ChartContentBuilder`).
@resultBuilder public enum ChartContentBuilder {
    public static func buildBlock() -> EmptyChartContent { EmptyChartContent() }
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> TupleView<(repeat each C)> {
        TupleView((repeat each content))
    }
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    public static func buildIf<C: ChartContent>(_ content: C?) -> C? { content }
    public static func buildOptional<C: ChartContent>(_ content: C?) -> C? { content }
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> ConditionalContent<T, F> {
        ViewBuilder.buildEither(first: first)
    }
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> ConditionalContent<T, F> {
        ViewBuilder.buildEither(second: second)
    }
    public static func buildArray<C: ChartContent>(_ contents: [C]) -> ChartContentArray<C> { ChartContentArray(items: contents) }
    public static func buildLimitedAvailability<C: ChartContent>(_ content: C) -> AnyChartContent { AnyChartContent(content) }
}

// MARK: - What marks hand to their chart

/// How a curve passes through a line's or area's points (Swift Charts' `InterpolationMethod`).
public struct InterpolationMethod: Hashable, Sendable {
    package enum Kind: Hashable, Sendable { case linear, catmullRom, cardinal, monotone, stepStart, stepCenter, stepEnd }
    package let kind: Kind
    public static let linear = InterpolationMethod(kind: .linear)
    public static let catmullRom = InterpolationMethod(kind: .catmullRom)
    public static let cardinal = InterpolationMethod(kind: .cardinal)
    public static let monotone = InterpolationMethod(kind: .monotone)
    public static let stepStart = InterpolationMethod(kind: .stepStart)
    public static let stepCenter = InterpolationMethod(kind: .stepCenter)
    public static let stepEnd = InterpolationMethod(kind: .stepEnd)
    /// Partly: `alpha` is not applied: a centripetal curve is drawn as the uniform one.
    public static func catmullRom(alpha: Double) -> InterpolationMethod { .catmullRom }
    /// Partly: `tension` is not applied.
    public static func cardinal(tension: Double) -> InterpolationMethod { .cardinal }
}

/// A symbol's shape (Swift Charts' `ChartSymbolShape`).
/// Partly: every symbol is drawn as a circle.
public protocol ChartSymbolShape {}

public struct BasicChartSymbolShape: ChartSymbolShape, Hashable, Sendable {
    let name: String
    public static let circle = BasicChartSymbolShape(name: "circle"), square = BasicChartSymbolShape(name: "square")
    public static let triangle = BasicChartSymbolShape(name: "triangle"), diamond = BasicChartSymbolShape(name: "diamond")
    public static let pentagon = BasicChartSymbolShape(name: "pentagon"), plus = BasicChartSymbolShape(name: "plus")
    public static let cross = BasicChartSymbolShape(name: "cross"), asterisk = BasicChartSymbolShape(name: "asterisk")
}

extension ChartSymbolShape where Self == BasicChartSymbolShape {
    public static var circle: BasicChartSymbolShape { BasicChartSymbolShape.circle }
    public static var square: BasicChartSymbolShape { BasicChartSymbolShape.square }
    public static var triangle: BasicChartSymbolShape { BasicChartSymbolShape.triangle }
    public static var diamond: BasicChartSymbolShape { BasicChartSymbolShape.diamond }
    public static var pentagon: BasicChartSymbolShape { BasicChartSymbolShape.pentagon }
    public static var plus: BasicChartSymbolShape { BasicChartSymbolShape.plus }
    public static var cross: BasicChartSymbolShape { BasicChartSymbolShape.cross }
    public static var asterisk: BasicChartSymbolShape { BasicChartSymbolShape.asterisk }
}

/// Where an annotation sits (Swift Charts' `AnnotationPosition`).
/// Partly: annotations are not drawn (a warning at the team's line).
public struct AnnotationPosition: Hashable, Sendable {
    let name: String
    public static let automatic = AnnotationPosition(name: "automatic"), overlay = AnnotationPosition(name: "overlay")
    public static let top = AnnotationPosition(name: "top"), bottom = AnnotationPosition(name: "bottom")
    public static let leading = AnnotationPosition(name: "leading"), trailing = AnnotationPosition(name: "trailing")
    public static let topLeading = AnnotationPosition(name: "topLeading"), topTrailing = AnnotationPosition(name: "topTrailing")
    public static let bottomLeading = AnnotationPosition(name: "bottomLeading"), bottomTrailing = AnnotationPosition(name: "bottomTrailing")
}

/// What the modifiers around a mark set (the innermost wins, as in Swift Charts).
package struct MarkAttributes {
    package var style: AnyShapeStyle?
    /// `foregroundStyle(by:)`: the series this mark belongs to, coloured from the chart's palette.
    package var styleBy: ChartDatum?
    package var interpolation: InterpolationMethod = .linear
    package var lineStyle: StrokeStyle?
    package var hasSymbol = false
    package var symbolSize: CGFloat?
    package var cornerRadius: CGFloat?
    package var opacity: Double = 1
    package init() {}
}

package struct MarkAttributesKey: EnvironmentKey {
    package static var defaultValue: MarkAttributes { MarkAttributes() }
}

/// One mark, as its chart lays it out.
package struct MarkRecord {
    package enum Kind: String { case bar = "BarMark", line = "LineMark", area = "AreaMark", point = "PointMark", rule = "RuleMark" }
    package var kind: Kind
    /// A value, or a range `x`…`x2` (`xStart:xEnd:`); nil: across the plot.
    package var x: ChartDatum?, x2: ChartDatum?
    package var y: ChartDatum?, y2: ChartDatum?
    /// The values along x or y are of an integer type (`Int`): an automatic axis steps by whole numbers.
    package var xIntegral = false, yIntegral = false
    package var xUnit: (Calendar.Component, Calendar)?, yUnit: (Calendar.Component, Calendar)?
    package var width: MarkDimension = .automatic, height: MarkDimension = .automatic
    package var stacked = true
    package var series: String?
    package var attributes = MarkAttributes()
}

/// Where the marks of the chart being resolved go.
package final class MarkSink: @unchecked Sendable {
    package var marks: [MarkRecord] = []
    package var dropped = 0
    package init() {}
    package func add(_ mark: MarkRecord) {
        if marks.count < ChartLimits.marks { marks.append(mark) } else { dropped += 1 }
    }
}

package struct MarkSinkKey: EnvironmentKey {
    package static var defaultValue: MarkSink? { nil }
}

/// The bounds a chart keeps to (each a named limit: docs/limits.md style).
package enum ChartLimits {
    /// Marks in one chart; the rest are left out, with a warning.
    package static let marks = 10_000
    /// Axis marks (gridlines, ticks, labels) per axis.
    package static let axisValues = 60
    /// Categories on one axis.
    package static let categories = 500
}

/// A mark's resolution: inside a chart it hands itself to the chart; anywhere else it is a
/// placeholder and a warning (a mark is not a view in Swift Charts).
package protocol MarkView: ChartContent, PrimitiveView {
    func record(_ attributes: MarkAttributes) -> MarkRecord
}

extension MarkView {
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        guard let sink = environment[MarkSinkKey.self] else {
            environment.collector.warn("\(Self.self) outside a Chart is not drawn: a placeholder stands in")
            return [Placeholder.node("\(Self.self)")]
        }
        sink.add(record(environment[MarkAttributesKey.self]))
        return []
    }
}

/// Chart content with a mark modifier applied (Swift Charts' `ModifiedContent` of marks).
public struct ChartModified<Content: ChartContent>: ChartContent, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let change: (inout MarkAttributes) -> Void
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        change(&inner[MarkAttributesKey.self])
        return ViewResolver.nodes(content, in: inner)
    }
}

extension ChartContent {
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent {
        ChartModified(content: self) { $0.style = AnyShapeStyle(style); $0.styleBy = nil }
    }

    /// Colours the mark by its series: the chart's `chartForegroundStyleScale`, else Swift Charts'
    /// palette of system colours in the order the values first appear.
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        ChartModified(content: self) { $0.styleBy = value.datum; $0.style = nil }
    }

    public func interpolationMethod(_ method: InterpolationMethod) -> some ChartContent {
        ChartModified(content: self) { $0.interpolation = method }
    }

    public func lineStyle(_ style: StrokeStyle) -> some ChartContent {
        ChartModified(content: self) { $0.lineStyle = style }
    }

    /// A line's points get a symbol (drawn as a circle).
    public func symbol<S: ChartSymbolShape>(_ symbol: S) -> some ChartContent {
        ChartModified(content: self) { $0.hasSymbol = true }
    }

    /// Partly: the view is not drawn; a circle is.
    public func symbol<V: View>(@ViewBuilder symbol: () -> V) -> some ChartContent {
        ChartModified(content: self) { $0.hasSymbol = true }
    }

    /// Partly: marks of one place are drawn stacked (bars) or over each other, not side by side (a warning).
    public func position<D: Plottable>(by value: PlottableValue<D>, axis: SwiftUI.Axis? = nil, span: MarkDimension = .automatic,
                                       file: StaticString = #fileID, line: UInt = #line) -> some ChartContent {
        ChartWarning(content: self, message: "position(by:) is not applied yet: marks of one place are drawn stacked (docs/swift.md, Charts)",
                     file: file, line: line)
    }

    /// Partly: every series is drawn with the mark's line style.
    public func lineStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent { self }

    public func symbol<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        ChartModified(content: self) { $0.hasSymbol = true }
    }

    /// The symbol's area in square points (Swift Charts' meaning).
    public func symbolSize(_ size: CGFloat) -> some ChartContent {
        ChartModified(content: self) { $0.symbolSize = size }
    }

    public func symbolSize(_ size: CGSize) -> some ChartContent {
        ChartModified(content: self) { $0.symbolSize = size.width * size.height }
    }

    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .continuous) -> some ChartContent {
        ChartModified(content: self) { $0.cornerRadius = radius }
    }

    public func opacity(_ opacity: Double) -> some ChartContent {
        ChartModified(content: self) { $0.opacity *= opacity }
    }

    /// Partly: accepted, not drawn: a warning at the caller's line.
    public func annotation<V: View>(position: AnnotationPosition = .automatic, alignment: SwiftUI.Alignment = .center, spacing: CGFloat? = nil,
                                    file: StaticString = #fileID, line: UInt = #line,
                                    @ViewBuilder content: () -> V) -> some ChartContent {
        ChartWarning(content: self, message: "annotation on a chart mark is not drawn yet (docs/swift.md, Charts)", file: file, line: line)
    }

    /// Accepted: accessibility is not part of a picture.
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some ChartContent { self }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some ChartContent { self }
    public func accessibilityHidden(_ hidden: Bool) -> some ChartContent { self }
    public func accessibilityLabel(_ label: Text) -> some ChartContent { self }
    public func accessibilityValue(_ value: Text) -> some ChartContent { self }
}

/// Content drawn as it is, with a warning at the team's line.
public struct ChartWarning<Content: ChartContent>: ChartContent, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let message: String
    let file: StaticString
    let line: UInt
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        environment.collector.warn(message, file: file, line: line)
        return ViewResolver.nodes(content, in: environment)
    }
}


package func faded(_ style: AnyShapeStyle, _ opacity: Double) -> AnyShapeStyle { AnyShapeStyle(OpacityShapeStyle(base: style, opacity: opacity)) }
