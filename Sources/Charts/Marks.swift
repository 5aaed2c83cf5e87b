import Foundation
import SwiftUI
package import WidgetModel

/// A mark's width or height (Swift Charts' `MarkDimension`): `.fixed(points)`, `.ratio(of the band)`,
/// `.inset(points from the band's edges)`, or automatic (0.6 of a band here).
public struct MarkDimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Hashable, Sendable {
    package enum Kind: Hashable, Sendable { case automatic, fixed(CGFloat), ratio(CGFloat), inset(CGFloat) }
    package let kind: Kind
    public static let automatic = MarkDimension(kind: .automatic)
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .fixed(value)) }
    public static func ratio(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .ratio(value)) }
    public static func inset(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .inset(value)) }
    package init(kind: Kind) { self.kind = kind }
    public init(floatLiteral value: Double) { kind = .fixed(CGFloat(value)) }
    public init(integerLiteral value: Int) { kind = .fixed(CGFloat(value)) }
}

/// How marks at the same place stack (Swift Charts' `MarkStackingMethod`). Bars given with `y:`
/// at the same x stack (`.standard`) unless `.unstacked`; `.normalized` and `.center` are drawn as
/// `.standard`.
/// Partly: `.normalized` and `.center` are drawn as `.standard`.
public struct MarkStackingMethod: Hashable, Sendable {
    let name: String
    public static let standard = MarkStackingMethod(name: "standard"), normalized = MarkStackingMethod(name: "normalized")
    public static let center = MarkStackingMethod(name: "center"), unstacked = MarkStackingMethod(name: "unstacked")
}

/// A bar (Swift Charts' `BarMark`): from zero (or `yStart`) to the value, in its band.
public struct BarMark: MarkView {
    public typealias Body = Never
    var base = MarkRecord(kind: .bar)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = y.datum; base.yIntegral = y.isIntegral; base.xUnit = unit(x); base.yUnit = unit(y)
        base.width = width; base.height = height; base.stacked = stacking != .unstacked
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                            width: MarkDimension = .automatic) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = yStart.datum; base.yIntegral = yStart.isIntegral; base.y2 = yEnd.datum; base.xUnit = unit(x); base.width = width
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>,
                                            height: MarkDimension = .automatic) {
        base.x = xStart.datum; base.xIntegral = xStart.isIntegral; base.x2 = xEnd.datum; base.y = y.datum; base.yIntegral = y.isIntegral; base.yUnit = unit(y); base.height = height
    }

    /// A bar across the plot's whole width or height.
    public init<X: Plottable>(x: PlottableValue<X>, width: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.xUnit = unit(x); base.width = width
    }

    public init<Y: Plottable>(y: PlottableValue<Y>, height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        base.y = y.datum; base.yIntegral = y.isIntegral; base.yUnit = unit(y); base.height = height
    }

    package func record(_ attributes: MarkAttributes) -> MarkRecord { var r = base; r.attributes = attributes; return r }
}

/// A line through its series' points, in data order (Swift Charts' `LineMark`).
public struct LineMark: MarkView {
    public typealias Body = Never
    var base = MarkRecord(kind: .line)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = y.datum; base.yIntegral = y.isIntegral
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = y.datum; base.yIntegral = y.isIntegral; base.series = series.datum.text
    }

    package func record(_ attributes: MarkAttributes) -> MarkRecord { var r = base; r.attributes = attributes; return r }
}

/// The area between a series' line and zero (or `yStart`…`yEnd`), filled with the series colour
/// (Swift Charts' `AreaMark`).
public struct AreaMark: MarkView {
    public typealias Body = Never
    var base = MarkRecord(kind: .area)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = y.datum; base.yIntegral = y.isIntegral
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>,
                                                          stacking: MarkStackingMethod = .standard) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = y.datum; base.yIntegral = y.isIntegral; base.series = series.datum.text
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = yStart.datum; base.yIntegral = yStart.isIntegral; base.y2 = yEnd.datum
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                                          series: PlottableValue<S>) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = yStart.datum; base.yIntegral = yStart.isIntegral; base.y2 = yEnd.datum; base.series = series.datum.text
    }

    package func record(_ attributes: MarkAttributes) -> MarkRecord { var r = base; r.attributes = attributes; return r }
}

/// A dot (Swift Charts' `PointMark`): a circle, 8 pt across unless `symbolSize` says otherwise.
public struct PointMark: MarkView {
    public typealias Body = Never
    var base = MarkRecord(kind: .point)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = y.datum; base.yIntegral = y.isIntegral
    }

    package func record(_ attributes: MarkAttributes) -> MarkRecord { var r = base; r.attributes = attributes; return r }
}

/// A 1 pt line across the plot at a value, or between two values (Swift Charts' `RuleMark`).
public struct RuleMark: MarkView {
    public typealias Body = Never
    var base = MarkRecord(kind: .rule)

    public init<Y: Plottable>(y: PlottableValue<Y>) { base.y = y.datum; base.yIntegral = y.isIntegral }
    public init<X: Plottable>(x: PlottableValue<X>) { base.x = x.datum; base.xIntegral = x.isIntegral }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        base.x = xStart.datum; base.xIntegral = xStart.isIntegral; base.x2 = xEnd.datum; base.y = y.datum; base.yIntegral = y.isIntegral
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        base.x = x.datum; base.xIntegral = x.isIntegral; base.y = yStart.datum; base.yIntegral = yStart.isIntegral; base.y2 = yEnd.datum
    }

    package func record(_ attributes: MarkAttributes) -> MarkRecord { var r = base; r.attributes = attributes; return r }
}

private func unit<V>(_ value: PlottableValue<V>) -> (Calendar.Component, Calendar)? {
    value.unit.map { ($0, value.calendar ?? .current) }
}

// MARK: - Not drawn yet: named, never dropped

/// A pie or donut slice (Swift Charts' `SectorMark`).
@available(*, unavailable, message: "WidgetShot does not draw SectorMark (pie and donut charts) yet (docs/swift.md, Charts)")
public struct SectorMark: ChartContent, PrimitiveView {
    public typealias Body = Never
    public init<V: Plottable>(angle: PlottableValue<V>, innerRadius: MarkDimension = .automatic, outerRadius: MarkDimension = .automatic,
                              angularInset: CGFloat? = nil) {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

/// A rectangle between two values on each axis (Swift Charts' `RectangleMark`).
@available(*, unavailable, message: "WidgetShot does not draw RectangleMark yet (docs/swift.md, Charts)")
public struct RectangleMark: ChartContent, PrimitiveView {
    public typealias Body = Never
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            height: MarkDimension = .automatic) {}
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>,
                                            yEnd: PlottableValue<Y>) {}
    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}
