/// Conversions of numbers that come from input (layout files, data, queries, config, pushes,
/// signatures) into the integer types the code computes with.
///
/// Swift traps on `Int(Double)` when the value is NaN, infinite or outside the integer's range, and
/// on integer arithmetic that overflows. An input number must never reach either: every conversion
/// of one goes through these helpers, which answer nil (or clamp, where the caller says so) instead.
/// They are inlinable: the renderer calls them per pixel.
public enum CheckedNumber {
    /// The integer part of `value` (rounded toward zero) when it fits in `Int`, else nil.
    /// NaN and infinities are nil.
    @inlinable public static func int(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded(.towardZero))
    }

    /// The integer part of `value` when it fits in `Int64`, else nil.
    @inlinable public static func int64(_ value: Double) -> Int64? {
        guard value.isFinite else { return nil }
        return Int64(exactly: value.rounded(.towardZero))
    }

    /// `value` rounded toward zero and clamped into `range`; NaN answers `nanValue`
    /// (the lower bound unless given). Infinities clamp to the nearer bound.
    @inlinable public static func int(_ value: Double, clampedTo range: ClosedRange<Int>, nanValue: Int? = nil) -> Int {
        if value.isNaN { return nanValue ?? range.lowerBound }
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        // Inside the range, which fits in Int: the conversion cannot trap. `Int(_:)` truncates
        // toward zero by itself (one cvttsd2si); `rounded(.towardZero)` first was a libm `trunc`
        // call per value, 7 % of a warm render through the gradient fill's per-pixel lookups.
        return Int(value)
    }

    /// `value` rounded toward zero and clamped into `range`, for the `Int32` sizes and counts C
    /// libraries (Cairo, Pango) take; NaN answers `nanValue` (the lower bound unless given).
    @inlinable public static func int32(_ value: Double, clampedTo range: ClosedRange<Int32>, nanValue: Int32? = nil) -> Int32 {
        // The Int result lies inside an Int32 range, so narrowing it cannot trap.
        Int32(truncatingIfNeeded: int(value, clampedTo: Int(range.lowerBound)...Int(range.upperBound),
                                      nanValue: nanValue.map(Int.init)))
    }

    /// `value` as an `Int32` when it fits, else nil.
    @inlinable public static func int32(_ value: Int) -> Int32? { Int32(exactly: value) }

    /// `value` clamped into `Int32`'s range (C libraries take `Int32` counts).
    @inlinable public static func int32(clamping value: Int) -> Int32 { Int32(clamping: value) }

    /// How messages write the range `int` answers for: "expected a count within ±9.2e18".
    public static let intRangeText = "±9.2e18"

    /// How messages write the range of a finite `Double`.
    public static let doubleRangeText = "±1.8e308"

    /// An integer parsed from decimal text, when it fits in `Int`; nil for anything else
    /// (an empty string, a sign alone, letters, a value beyond Int's range).
    @inlinable public static func int(_ text: some StringProtocol) -> Int? {
        Int(text)
    }

    /// `a + b`, or nil when it overflows.
    @inlinable public static func adding(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : r
    }

    /// `a - b`, or nil when it overflows.
    @inlinable public static func subtracting(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : r
    }

    /// `a * b`, or nil when it overflows.
    @inlinable public static func multiplying(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : r
    }

    /// `a / b` rounded toward zero, or nil when `b` is 0 or the quotient overflows (`Int.min / -1`).
    @inlinable public static func dividing(_ a: Int, _ b: Int) -> Int? {
        guard b != 0 else { return nil }
        let (r, overflow) = a.dividedReportingOverflow(by: b)
        return overflow ? nil : r
    }

    /// `a % b` (the sign of `a`), or nil when `b` is 0 or it overflows (`Int.min % -1`).
    @inlinable public static func remainder(_ a: Int, _ b: Int) -> Int? {
        guard b != 0 else { return nil }
        let (r, overflow) = a.remainderReportingOverflow(dividingBy: b)
        return overflow ? nil : r
    }

    /// `a + b`, saturating at `Int.min`/`Int.max` instead of overflowing.
    @inlinable public static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (r, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : r
    }

    /// `a - b`, saturating at `Int.min`/`Int.max` instead of overflowing.
    @inlinable public static func saturatingSubtract(_ a: Int, _ b: Int) -> Int {
        let (r, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? .max : .min) : r
    }

    /// The magnitude of `a` as an unsigned number (`abs(Int.min)` traps; this does not).
    @inlinable public static func magnitude(_ a: Int) -> UInt { a.magnitude }
}
