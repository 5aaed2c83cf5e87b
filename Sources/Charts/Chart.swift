import Foundation
import SwiftUI
package import WidgetModel

/// A chart (Swift Charts' `Chart`): a flexible view that takes the space offered; its marks are
/// laid out in the plot area by the data's domain and drawn as the engine's shapes, made for the
/// frame layout gives the chart (a probe, as a `GeometryReader`'s content).
public struct Chart<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    public init<C: ChartContent>(@ChartContentBuilder content: () -> C) where Content == ChartContentRenderer<C> {
        self.content = ChartContentRenderer(content: content())
    }

    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ChartContentRenderer<ForEach<Data, ID, C>> {
        self.content = ChartContentRenderer(content: ForEach(data, id: id, content: content))
    }

    public init<Data: RandomAccessCollection, C: ChartContent>(
        _ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Data.Element: Identifiable, Content == ChartContentRenderer<ForEach<Data, Data.Element.ID, C>> {
        self.content = ChartContentRenderer(content: ForEach(data, content: content))
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] {
        let sink = MarkSink()
        var inner = environment
        inner[MarkSinkKey.self] = sink
        inner[MarkAttributesKey.self] = MarkAttributes()
        _ = ViewResolver.nodes(content, in: inner)
        var config = environment[ChartConfigKey.self]
        config.warnings.forEach { environment.collector.warn($0.message, file: $0.file, line: $0.line) }
        if sink.dropped > 0 {
            environment.collector.warn("a chart has more than \(ChartLimits.marks) marks (ChartLimits.marks): \(sink.dropped) left out")
        }
        // The chart's own settings stop here: a chart inside its marks' annotations would not inherit them.
        inner[ChartConfigKey.self] = ChartConfig()
        config.warnings = []
        let number = environment.collector.nextProbe()
        let frame = environment.probedFrame(number)
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let children = ChartDrawing(marks: sink.marks, config: config, size: size, environment: inner).nodes()
        return [ViewNode(.zstack(alignment: .topLeading, children: children),
                         modifiers: [.frame(FrameSpec(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .topLeading)),
                                     .probe(number)])]
    }
}

/// A chart's content, as the chart's `Content` type (Swift Charts' `ChartContentRenderer`).
public struct ChartContentRenderer<C: ChartContent>: View, PrimitiveView {
    public typealias Body = Never
    let content: C
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { ViewResolver.nodes(content, in: environment) }
}

// MARK: - Chart settings (view modifiers, as Swift Charts' are)

/// A scale's domain (Swift Charts' `ScaleDomain`): a closed range of numbers or dates, or the
/// categories in order.
public protocol ScaleDomain {}

package enum DomainSpec {
    case range(ChartDatum, ChartDatum)
    case categories([ChartDatum])
    /// The data's own domain; `includesZero: false` leaves zero out.
    case automatic(includesZero: Bool?)
}

/// The data's own domain (Swift Charts' `AutomaticScaleDomain`): `.automatic(includesZero: false)`.
public struct AutomaticScaleDomain: ScaleDomain, DomainProviding {
    let includesZero: Bool?
    package var domainSpec: DomainSpec { .automatic(includesZero: includesZero) }
}

extension ScaleDomain where Self == AutomaticScaleDomain {
    public static var automatic: AutomaticScaleDomain { AutomaticScaleDomain(includesZero: nil) }
    /// Partly: `reversed` is not applied.
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain(includesZero: includesZero)
    }
}

/// Where a scale's values go in the plot (Swift Charts' `PositionScaleRange`).
/// Partly: accepted; values span the whole plot.
public struct PositionScaleRange: Sendable {
    public static func plotDimension(startPadding: CGFloat = 0, endPadding: CGFloat = 0) -> PositionScaleRange { PositionScaleRange() }
    public static func plotDimension(padding: CGFloat) -> PositionScaleRange { PositionScaleRange() }
}

package protocol DomainProviding { var domainSpec: DomainSpec { get } }

extension ClosedRange: ScaleDomain, DomainProviding where Bound: Plottable {
    package var domainSpec: DomainSpec { .range(lowerBound.chartDatum, upperBound.chartDatum) }
}
extension Range: ScaleDomain, DomainProviding where Bound: Plottable {
    package var domainSpec: DomainSpec { .range(lowerBound.chartDatum, upperBound.chartDatum) }
}
extension Array: ScaleDomain, DomainProviding where Element: Plottable {
    package var domainSpec: DomainSpec { .categories(map(\.chartDatum)) }
}

/// Swift Charts' `ScaleType`.
/// Partly: every scale is drawn linear (dates: time, strings: bands).
public struct ScaleType: Hashable, Sendable {
    let name: String
    public static let linear = ScaleType(name: "linear"), log = ScaleType(name: "log"), date = ScaleType(name: "date")
    public static let category = ScaleType(name: "category"), squareRoot = ScaleType(name: "squareRoot")
    public static let symmetricLog = ScaleType(name: "symmetricLog")
    public static func power(exponent: Double = 1) -> ScaleType { ScaleType(name: "power") }
}

package struct AxisConfig {
    package var visibility: Visibility = .automatic
    /// `chartXAxis { AxisMarks(…) }`; nil: the default axis.
    package var marks: [AxisMarksSpec]?
}

package struct ChartConfig {
    package var x = AxisConfig(), y = AxisConfig()
    package var xDomain: DomainSpec?, yDomain: DomainSpec?
    package var legend: Visibility = .automatic
    package var styleScale: [(ChartDatum, AnyShapeStyle)]?
    package var styleRange: [AnyShapeStyle]?
    package var warnings: [(message: String, file: StaticString, line: UInt)] = []
    package init() {}
}

package struct ChartConfigKey: EnvironmentKey {
    package static var defaultValue: ChartConfig { ChartConfig() }
}

/// The area a chart's marks are drawn in (Swift Charts' `ChartPlotContent`), as `chartPlotStyle` hands it.
public struct ChartPlotContent: View, PrimitiveView {
    public typealias Body = Never
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

/// Swift Charts' `ChartProxy`: positions and values of a drawn chart. WidgetShot draws no
/// overlays or selections from it yet.
public struct ChartProxy {
    @available(*, unavailable, message: "WidgetShot does not answer ChartProxy positions yet (docs/swift.md, Charts)")
    public func position<P: Plottable>(forX value: P) -> CGFloat? { nil }
    @available(*, unavailable, message: "WidgetShot does not answer ChartProxy positions yet (docs/swift.md, Charts)")
    public func position<P: Plottable>(forY value: P) -> CGFloat? { nil }
    @available(*, unavailable, message: "WidgetShot does not answer ChartProxy values yet (docs/swift.md, Charts)")
    public func value<P: Plottable>(atX position: CGFloat, as type: P.Type = P.self) -> P? { nil }
    @available(*, unavailable, message: "WidgetShot does not answer ChartProxy values yet (docs/swift.md, Charts)")
    public func value<P: Plottable>(atY position: CGFloat, as type: P.Type = P.self) -> P? { nil }
}

/// Swift Charts' `AnnotationOverflowResolution`.
/// Partly: accepted, not applied.
public struct AnnotationOverflowResolution: Sendable { public static let automatic = AnnotationOverflowResolution() }

extension View {
    private func chartSetting(_ change: @escaping (inout ChartConfig) -> Void) -> EnvironmentModifier<Self> {
        EnvironmentModifier(content: self) { change(&$0[ChartConfigKey.self]) }
    }

    public func chartXAxis(_ visibility: Visibility) -> some View { chartSetting { $0.x.visibility = visibility } }
    public func chartYAxis(_ visibility: Visibility) -> some View { chartSetting { $0.y.visibility = visibility } }

    public func chartXAxis<C: AxisContent>(@AxisContentBuilder content: () -> C) -> some View {
        let marks = axisMarks(content())
        return chartSetting { $0.x.marks = marks }
    }

    public func chartYAxis<C: AxisContent>(@AxisContentBuilder content: () -> C) -> some View {
        let marks = axisMarks(content())
        return chartSetting { $0.y.marks = marks }
    }

    public func chartXScale<D: ScaleDomain>(domain: D, type: ScaleType? = nil) -> some View {
        let spec = (domain as? any DomainProviding)?.domainSpec
        return chartSetting { $0.xDomain = spec }
    }

    public func chartYScale<D: ScaleDomain>(domain: D, type: ScaleType? = nil) -> some View {
        let spec = (domain as? any DomainProviding)?.domainSpec
        return chartSetting { $0.yDomain = spec }
    }

    /// Partly: the range is not applied: values span the whole plot.
    public func chartXScale(range: PositionScaleRange, type: ScaleType? = nil) -> some View { self }
    /// Partly: the range is not applied: values span the whole plot.
    public func chartYScale(range: PositionScaleRange, type: ScaleType? = nil) -> some View { self }

    public func chartXScale<D: ScaleDomain>(domain: D, range: PositionScaleRange, type: ScaleType? = nil) -> some View {
        chartXScale(domain: domain, type: type)
    }

    public func chartYScale<D: ScaleDomain>(domain: D, range: PositionScaleRange, type: ScaleType? = nil) -> some View {
        chartYScale(domain: domain, type: type)
    }

    /// Partly: every scale is drawn linear.
    public func chartXScale(type: ScaleType? = nil) -> some View { self }
    public func chartYScale(type: ScaleType? = nil) -> some View { self }

    /// Partly: WidgetShot draws no legend; `.hidden` is what is drawn either way (a legend asked for is warned about).
    public func chartLegend(_ visibility: Visibility) -> some View { chartSetting { $0.legend = visibility } }

    /// Partly: no legend is drawn.
    public func chartLegend(position: AnnotationPosition = .automatic, alignment: SwiftUI.Alignment? = nil, spacing: CGFloat? = nil) -> some View { self }

    /// The colour of each series of `foregroundStyle(by:)`.
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(_ mapping: KeyValuePairs<D, S>) -> some View {
        let pairs = mapping.map { ($0.key.chartDatum, AnyShapeStyle($0.value)) }
        return chartSetting { $0.styleScale = pairs }
    }

    /// The series' colours, in order of appearance, instead of the palette.
    public func chartForegroundStyleScale<S: ShapeStyle>(range: [S]) -> some View {
        let styles = range.map { AnyShapeStyle($0) }
        return chartSetting { $0.styleRange = styles }
    }

    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(domain: [D], range: [S]) -> some View {
        let pairs = zip(domain, range).map { ($0.chartDatum, AnyShapeStyle($1)) }
        return chartSetting { $0.styleScale = pairs }
    }

    /// Partly: accepted, not applied: the plot area is drawn without its own style (a warning).
    public func chartPlotStyle<V: View>(file: StaticString = #fileID, line: UInt = #line,
                                        @ViewBuilder content: @escaping (ChartPlotContent) -> V) -> some View {
        chartSetting { $0.warnings.append(("chartPlotStyle is not applied yet (docs/swift.md, Charts)", file, line)) }
    }

    /// Partly: accepted, not drawn: a warning.
    public func chartBackground<V: View>(alignment: SwiftUI.Alignment = .center, file: StaticString = #fileID, line: UInt = #line,
                                         @ViewBuilder content: @escaping (ChartProxy) -> V) -> some View {
        chartSetting { $0.warnings.append(("chartBackground is not drawn yet (docs/swift.md, Charts)", file, line)) }
    }

    /// Partly: axis titles are accepted, not drawn.
    public func chartXAxisLabel<S: StringProtocol>(_ label: S, position: AnnotationPosition = .automatic, alignment: SwiftUI.Alignment? = nil,
                                                   spacing: CGFloat? = nil) -> some View { self }
    /// Partly: axis titles are accepted, not drawn.
    public func chartYAxisLabel<S: StringProtocol>(_ label: S, position: AnnotationPosition = .automatic, alignment: SwiftUI.Alignment? = nil,
                                                   spacing: CGFloat? = nil) -> some View { self }

    @available(*, unavailable, message: "WidgetShot does not draw chartOverlay yet (docs/swift.md, Charts)")
    public func chartOverlay<V: View>(alignment: SwiftUI.Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> V) -> some View { self }

    @available(*, unavailable, message: "WidgetShot does not draw chart selections yet (a widget is not interactive; docs/swift.md, Charts)")
    public func chartXSelection<P: Plottable>(value: Binding<P?>) -> some View { self }

    @available(*, unavailable, message: "WidgetShot does not draw chart selections yet (a widget is not interactive; docs/swift.md, Charts)")
    public func chartYSelection<P: Plottable>(value: Binding<P?>) -> some View { self }

    @available(*, unavailable, message: "WidgetShot does not draw scrolling charts yet (docs/swift.md, Charts)")
    public func chartScrollableAxes(_ axes: SwiftUI.Axis.Set) -> some View { self }
}

private func axisMarks(_ content: some AxisContent) -> [AxisMarksSpec] {
    elements(of: content).compactMap { if case .marks(let spec) = $0 { spec } else { nil } }
}
