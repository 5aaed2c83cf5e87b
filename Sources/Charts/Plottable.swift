import Foundation
import SwiftUI
package import WidgetModel

// Swift Charts for Linux: Apple's names and signatures (developer.apple.com/documentation/charts),
// so a team's widget chart compiles unmodified; a `Chart` resolves to the engine's shapes and text
// (a ZStack of vector paths made for the chart's own frame, as a GeometryReader's content is).
// What is drawn and what is not: docs/swift.md, "Charts".

/// A value a chart plots: a number, a date or a category (`String`).
package enum ChartDatum: Hashable, Sendable {
    case number(Double)
    case date(Date)
    case category(String)

    /// A number on a quantitative scale (a date: seconds since 1970); nil for a category.
    var numeric: Double? {
        switch self {
        case .number(let v): v
        case .date(let d): d.timeIntervalSince1970
        case .category: nil
        }
    }

    var text: String {
        switch self {
        case .number(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        case .date(let d): d.description
        case .category(let s): s
        }
    }
}

/// The primitive types a chart plots (Apple's `PrimitivePlottableProtocol`).
public protocol PrimitivePlottableProtocol {}
extension Double: PrimitivePlottableProtocol {}
extension Float: PrimitivePlottableProtocol {}
extension Int: PrimitivePlottableProtocol {}
extension Date: PrimitivePlottableProtocol {}
extension String: PrimitivePlottableProtocol {}

/// A type whose values a chart plots (Swift Charts' `Plottable`): numbers, dates, strings, and a
/// team's `RawRepresentable` types over those.
public protocol Plottable {
    associatedtype PrimitivePlottable: PrimitivePlottableProtocol
    var primitivePlottable: PrimitivePlottable { get }
    init?(primitivePlottable: PrimitivePlottable)
}

extension Double: Plottable {
    public var primitivePlottable: Double { self }
    public init?(primitivePlottable: Double) { self = primitivePlottable }
}
extension Float: Plottable {
    public var primitivePlottable: Float { self }
    public init?(primitivePlottable: Float) { self = primitivePlottable }
}
extension CGFloat: Plottable {
    public var primitivePlottable: Double { Double(self) }
    public init?(primitivePlottable: Double) { self = CGFloat(primitivePlottable) }
}
extension Int: Plottable {
    public var primitivePlottable: Int { self }
    public init?(primitivePlottable: Int) { self = primitivePlottable }
}
extension Date: Plottable {
    public var primitivePlottable: Date { self }
    public init?(primitivePlottable: Date) { self = primitivePlottable }
}
extension String: Plottable {
    public var primitivePlottable: String { self }
    public init?(primitivePlottable: String) { self = primitivePlottable }
}

extension Plottable where Self: RawRepresentable, RawValue: Plottable, RawValue.PrimitivePlottable == RawValue {
    public var primitivePlottable: RawValue { rawValue }
    public init?(primitivePlottable: RawValue) { self.init(rawValue: primitivePlottable) }
}

extension Plottable {
    /// The value as a chart datum (a team's type: through its primitive value).
    package var chartDatum: ChartDatum {
        switch primitivePlottable as Any {
        case let v as Double: .number(v)
        case let v as Float: .number(Double(v))
        case let v as Int: .number(Double(v))
        case let v as Date: .date(v)
        case let v as String: .category(v)
        default: .category("\(primitivePlottable)")
        }
    }
}

extension ChartDatum {
    /// The datum as a value of `P`, as `AxisValue.as(_:)` hands it back.
    func value<P: Plottable>(as type: P.Type) -> P? {
        let primitive: Any
        switch self {
        case .number(let v):
            switch P.PrimitivePlottable.self {
            case is Int.Type: primitive = Int(v.rounded())
            case is Float.Type: primitive = Float(v)
            default: primitive = v
            }
        case .date(let d): primitive = d
        case .category(let s): primitive = s
        }
        return (primitive as? P.PrimitivePlottable).flatMap { P(primitivePlottable: $0) }
    }
}

/// A value with its label, as a mark takes it (Swift Charts' `PlottableValue`):
/// `.value("Day", entry.date)`. The label names the axis; WidgetShot does not draw axis titles.
public struct PlottableValue<Value: Plottable> {
    package let label: String
    package let datum: ChartDatum
    /// The calendar unit a date stands for (`.value("Time", date, unit: .hour)`): a bar spans it.
    package var unit: Calendar.Component?
    package var calendar: Calendar?
    /// An integer type's value (`Int`): its axis marks whole numbers only, as Swift Charts' does.
    package var isIntegral: Bool { Value.self is any BinaryInteger.Type }

    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), datum: value.chartDatum)
    }

    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: "", datum: value.chartDatum)
    }
}

extension PlottableValue where Value == Date {
    public static func value<S: StringProtocol>(_ label: S, _ value: Date, unit: Calendar.Component,
                                                calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(label: String(label), datum: .date(value), unit: unit, calendar: calendar)
    }

    public static func value(_ label: Text, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(label: "", datum: .date(value), unit: unit, calendar: calendar)
    }
}

/// Whether a part of a chart shows (SwiftUI's `Visibility`; declared here until the SwiftUI module has it).
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}
