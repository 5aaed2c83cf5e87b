import Foundation
import SwiftUI
package import WidgetModel

/// A part of an axis (Swift Charts' `AxisContent`): `AxisMarks` and what each mark draws.
public protocol AxisContent {}

/// What an axis part stands for, as the chart draws it.
package enum AxisElement {
    case marks(AxisMarksSpec)
    case grid(style: AnyShapeStyle?, stroke: StrokeStyle?)
    case tick(style: AnyShapeStyle?, length: CGFloat, stroke: StrokeStyle?)
    case label(format: ((ChartDatum, TimeZone, Locale) -> String?)?, fixed: String?, font: Font?, style: AnyShapeStyle?)
    /// `AxisValueLabel { … }`: the team's view, drawn where the label goes.
    case labelView(AnyView, font: Font?, style: AnyShapeStyle?)
    /// `AxisValueLabel(centered: true)`: the label centred in the interval to the next value.
    case centeredLabel
    /// `AxisValueLabel(collisionResolution:)`: what happens to a label that would overlap another.
    case collision(AxisValueLabelCollisionResolution)
}

package protocol AxisElementsProviding {
    var axisElements: [AxisElement] { get }
}

package func elements(of content: any AxisContent) -> [AxisElement] {
    (content as? any AxisElementsProviding)?.axisElements ?? []
}

/// Several axis parts, as a builder collects them.
public struct AxisContentList: AxisContent, AxisElementsProviding {
    let items: [any AxisContent]
    package var axisElements: [AxisElement] { items.flatMap { elements(of: $0) } }
}

/// Builds axis content (Swift Charts' `AxisContentBuilder`).
@resultBuilder public enum AxisContentBuilder {
    public static func buildBlock(_ items: AxisContentList...) -> AxisContentList { AxisContentList(items: items) }
    public static func buildExpression<C: AxisContent>(_ content: C) -> AxisContentList { AxisContentList(items: [content]) }
    public static func buildOptional(_ content: AxisContentList?) -> AxisContentList { content ?? AxisContentList(items: []) }
    public static func buildEither(first: AxisContentList) -> AxisContentList { first }
    public static func buildEither(second: AxisContentList) -> AxisContentList { second }
    public static func buildArray(_ contents: [AxisContentList]) -> AxisContentList { AxisContentList(items: contents) }
    public static func buildLimitedAvailability(_ content: AxisContentList) -> AxisContentList { content }
}

/// One value of an axis, as an `AxisMarks` closure reads it (Swift Charts' `AxisValue`).
public struct AxisValue {
    public let index: Int
    public let count: Int
    let datum: ChartDatum
    public func `as`<P: Plottable>(_ type: P.Type) -> P? { datum.value(as: type) }
}

/// Where an axis's marks go (Swift Charts' `AxisMarkPosition`): a y axis leading or trailing
/// (automatic: trailing), an x axis at the bottom or top (automatic: bottom).
public struct AxisMarkPosition: Hashable, Sendable {
    package let name: String
    public static let automatic = AxisMarkPosition(name: "automatic"), leading = AxisMarkPosition(name: "leading")
    public static let trailing = AxisMarkPosition(name: "trailing"), top = AxisMarkPosition(name: "top")
    public static let bottom = AxisMarkPosition(name: "bottom")
}

/// Swift Charts' `AxisMarkPreset`.
/// Partly: every preset is drawn as `.automatic`.
public struct AxisMarkPreset: Hashable, Sendable {
    let name: String
    public static let automatic = AxisMarkPreset(name: "automatic"), extended = AxisMarkPreset(name: "extended")
    public static let aligned = AxisMarkPreset(name: "aligned"), inset = AxisMarkPreset(name: "inset")
}

/// Which values an axis marks (Swift Charts' `AxisMarkValues`).
public struct AxisMarkValues: Sendable {
    package enum Kind: Sendable {
        case automatic(desiredCount: Int?)
        case strideNumber(Double)
        case strideDate(Calendar.Component, count: Int, calendar: Calendar?)
        case values([ChartDatum])
    }
    package let kind: Kind
    public static var automatic: AxisMarkValues { AxisMarkValues(kind: .automatic(desiredCount: nil)) }
    public static func automatic(minimumStride: Double? = nil, desiredCount: Int? = nil, roundLowerBound: Bool? = nil,
                                 roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .automatic(desiredCount: desiredCount))
    }
    public static func stride(by step: Double, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .strideNumber(step))
    }
    public static func stride(by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil,
                              roundUpperBound: Bool? = nil, calendar: Calendar? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .strideDate(component, count: max(1, count), calendar: calendar))
    }
    package init(kind: Kind) { self.kind = kind }
}

/// The marks of one axis (Swift Charts' `AxisMarks`): for each value, what its closure draws
/// (a gridline, a tick, a label); with no closure, all three.
public struct AxisMarks: AxisContent, AxisElementsProviding {
    let spec: AxisMarksSpec
    package var axisElements: [AxisElement] { [.marks(spec)] }

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                stroke: StrokeStyle? = nil) {
        spec = AxisMarksSpec(position: position, values: values, content: { _ in
            [.grid(style: nil, stroke: stroke), .tick(style: nil, length: 4, stroke: stroke), .label(format: nil, fixed: nil, font: nil, style: nil)]
        })
    }

    public init<F: FormatStyle>(format: F, preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                values: AxisMarkValues = .automatic, stroke: StrokeStyle? = nil) where F.FormatOutput == String {
        let label = AxisValueLabel(format: format)
        spec = AxisMarksSpec(position: position, values: values, content: { _ in
            [.grid(style: nil, stroke: stroke), .tick(style: nil, length: 4, stroke: stroke)] + label.axisElements
        })
    }

    public init<C: AxisContent>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                values: AxisMarkValues = .automatic, @AxisContentBuilder content: @escaping (AxisValue) -> C) {
        // The closure runs when the chart is drawn, once per value: in the environment of the view
        // whose body wrote it, so an `@Environment` property it reads holds that view's value (as
        // ForEach's closure does).
        let maker = EnvironmentValues.current
        spec = AxisMarksSpec(position: position, values: values, content: { value in
            EnvironmentValues.$current.withValue(maker) { elements(of: content(value)) }
        })
    }

    public init<V: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [V],
                              stroke: StrokeStyle? = nil) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .values(values.map(\.chartDatum))), stroke: stroke)
    }

    public init<V: Plottable, C: AxisContent>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                              values: [V], @AxisContentBuilder content: @escaping (AxisValue) -> C) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .values(values.map(\.chartDatum))), content: content)
    }
}

package struct AxisMarksSpec {
    package var position: AxisMarkPosition
    package var values: AxisMarkValues
    package var content: (AxisValue) -> [AxisElement]
}

/// A gridline across the plot at the value (Swift Charts' `AxisGridLine`): 0.5 pt, the secondary
/// label colour at 40 %, unless styled.
public struct AxisGridLine: AxisContent, AxisElementsProviding {
    let stroke: StrokeStyle?
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) { self.stroke = stroke }
    package var axisElements: [AxisElement] { [.grid(style: nil, stroke: stroke)] }
}

/// A short line at the value, outside the plot (Swift Charts' `AxisTick`).
public struct AxisTick: AxisContent, AxisElementsProviding {
    let length: CGFloat, stroke: StrokeStyle?
    public init(centered: Bool? = nil, length: CGFloat = 4, stroke: StrokeStyle? = nil) { self.length = length; self.stroke = stroke }
    public init(centered: Bool? = nil, length: AxisTick.Length, stroke: StrokeStyle? = nil) { self.length = 4; self.stroke = stroke }
    /// Partly: every length is drawn as 4 pt.
    public struct Length: Sendable {
        public static let automatic = Length(), label = Length(), longestLabel = Length()
        public static func label(extendPastBy: CGFloat) -> Length { Length() }
    }
    package var axisElements: [AxisElement] { [.tick(style: nil, length: length, stroke: stroke)] }
}

/// The value written beside the axis (Swift Charts' `AxisValueLabel`): numbers plainly, dates as
/// an hour or a day, or in the given format; caption 2 in the secondary label colour.
public struct AxisValueLabel: AxisContent, AxisElementsProviding {
    let format: ((ChartDatum, TimeZone, Locale) -> String?)?
    let fixed: String?

    public init(centered: Bool? = nil, anchor: SwiftUI.UnitPoint? = nil, multiLabelAlignment: SwiftUI.Alignment? = nil,
                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        format = nil; fixed = nil; self.centered = centered; collision = collisionResolution
    }

    public init<F: FormatStyle>(format: F, centered: Bool? = nil, anchor: SwiftUI.UnitPoint? = nil, multiLabelAlignment: SwiftUI.Alignment? = nil,
                                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                                verticalSpacing: CGFloat? = nil) where F.FormatOutput == String {
        self.centered = centered; collision = collisionResolution
        let style = format
        self.format = { datum, timeZone, locale in
            switch datum {
            case .date(let d):
                // A date format is written in the render's time zone and locale, as the device's
                // would be (a team's other format styles keep their own).
                if var dateStyle = style as? Date.FormatStyle {
                    dateStyle.timeZone = timeZone; dateStyle.locale = locale
                    return dateStyle.format(d)
                }
                return (d as? F.FormatInput).map { style.format($0) }
            case .number(let v):
                return ((v as? F.FormatInput) ?? (Int(exactly: v.rounded()) as? F.FormatInput) ?? (Float(v) as? F.FormatInput)).map { style.format($0) }
            case .category(let s): return (s as? F.FormatInput).map { style.format($0) } ?? s
            }
        }
        fixed = nil
    }

    public init<S: StringProtocol>(_ label: S, centered: Bool? = nil, anchor: SwiftUI.UnitPoint? = nil) {
        format = nil; fixed = String(label); self.centered = centered
    }

    /// The team's own view as the label (drawn in a box beside the value, in the label's font and colour).
    public init<Content: View>(centered: Bool? = nil, anchor: SwiftUI.UnitPoint? = nil, multiLabelAlignment: SwiftUI.Alignment? = nil,
                               collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                               orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                               verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        format = nil; fixed = nil; view = AnyView(content()); self.centered = centered; collision = collisionResolution
    }

    var view: AnyView?
    var centered: Bool?
    var collision = AxisValueLabelCollisionResolution.automatic

    package var axisElements: [AxisElement] {
        let center: [AxisElement] = (centered == true ? [.centeredLabel] : []) + [.collision(collision)]
        if let view { return [.labelView(view, font: nil, style: nil)] + center }
        return [.label(format: format, fixed: fixed, font: nil, style: nil)] + center
    }
}

/// Swift Charts' label collision resolution: what happens to an axis label that would overlap
/// another (ChartDrawing's `resolveCollisions`).
/// - `automatic` and `greedy`: labels are placed one by one (a higher `priority` first, else in
///   the axis's order) and a label that would come nearer than `minimumSpacing` (automatic: 2 pt)
///   to one already placed is left out; its gridline and tick stay.
/// - `truncate`: every label is kept, cut with "…" to the room between its neighbours.
/// - `disabled`: every label is kept whole (others avoid it).
public struct AxisValueLabelCollisionResolution: Sendable {
    package enum Kind: Sendable, Equatable {
        case automatic, truncate, disabled
        case greedy(priority: Double, minimumSpacing: CGFloat?)
    }
    package let kind: Kind

    public static let automatic = AxisValueLabelCollisionResolution(kind: .automatic)
    public static let truncate = AxisValueLabelCollisionResolution(kind: .truncate)
    public static let disabled = AxisValueLabelCollisionResolution(kind: .disabled)
    public static let greedy = AxisValueLabelCollisionResolution(kind: .greedy(priority: 0, minimumSpacing: nil))
    public static func greedy(priority: Double = 0, minimumSpacing: CGFloat? = nil) -> AxisValueLabelCollisionResolution {
        AxisValueLabelCollisionResolution(kind: .greedy(priority: priority, minimumSpacing: minimumSpacing))
    }
}

/// Swift Charts' label orientation.
/// Partly: accepted, labels are drawn horizontal.
public struct AxisValueLabelOrientation: Sendable {
    public static let automatic = AxisValueLabelOrientation(), horizontal = AxisValueLabelOrientation()
    public static let vertical = AxisValueLabelOrientation(), verticalReversed = AxisValueLabelOrientation()
}

/// An axis part with a style or font applied.
public struct AxisStyled: AxisContent, AxisElementsProviding {
    let base: any AxisContent
    let style: AnyShapeStyle?, font: Font?, opacity: Double?
    package var axisElements: [AxisElement] {
        elements(of: base).map { element in
            var paint = style
            if let opacity { paint = faded(paint ?? AnyShapeStyle(HierarchicalShapeStyle.secondary), opacity) }
            switch element {
            case .grid(let s, let stroke): return .grid(style: paint ?? s, stroke: stroke)
            case .tick(let s, let length, let stroke): return .tick(style: paint ?? s, length: length, stroke: stroke)
            case .label(let f, let fixed, let oldFont, let s): return .label(format: f, fixed: fixed, font: font ?? oldFont, style: paint ?? s)
            case .labelView(let view, let oldFont, let s): return .labelView(view, font: font ?? oldFont, style: paint ?? s)
            case .marks, .centeredLabel, .collision: return element
            }
        }
    }
}

extension AxisContent {
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> AxisStyled { AxisStyled(base: self, style: AnyShapeStyle(style), font: nil, opacity: nil) }
    public func font(_ font: Font?) -> AxisStyled { AxisStyled(base: self, style: nil, font: font, opacity: nil) }
    public func opacity(_ opacity: Double) -> AxisStyled { AxisStyled(base: self, style: nil, font: nil, opacity: opacity) }
    /// Accepted; not applied.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> AxisStyled { AxisStyled(base: self, style: nil, font: nil, opacity: nil) }
}
