/// Conversions of numbers that come from input (layout files, data, queries, config, pushes,
/// signatures) into the integer types the code computes with.
///
/// Swift traps on `Int(Double)` when the value is NaN, infinite or outside the integer's range, and
/// on integer arithmetic that overflows. An input number must never reach either: every conversion
/// of one goes through these helpers, which answer nil (or clamp, where the caller says so) instead.
public enum CheckedNumber {
    /// The integer part of `value` (rounded toward zero) when it fits in `Int`, else nil.
    /// NaN and infinities are nil.
    public static func int(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded(.towardZero))
    }

    /// The integer part of `value` when it fits in `Int64`, else nil.
    public static func int64(_ value: Double) -> Int64? {
        guard value.isFinite else { return nil }
        return Int64(exactly: value.rounded(.towardZero))
    }

    /// `value` rounded toward zero and clamped into `range`; NaN answers `nanValue`
    /// (the lower bound unless given). Infinities clamp to the nearer bound.
    public static func int(_ value: Double, clampedTo range: ClosedRange<Int>, nanValue: Int? = nil) -> Int {
        if value.isNaN { return nanValue ?? range.lowerBound }
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        // Inside the range, which fits in Int: the conversion cannot trap.
        return Int(value.rounded(.towardZero))
    }

    /// An integer parsed from decimal text, when it fits in `Int`; nil for anything else
    /// (an empty string, a sign alone, letters, a value beyond Int's range).
    public static func int(_ text: some StringProtocol) -> Int? {
        Int(text)
    }

    /// `a + b`, or nil when it overflows.
    public static func adding(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : r
    }

    /// `a - b`, or nil when it overflows.
    public static func subtracting(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : r
    }

    /// `a * b`, or nil when it overflows.
    public static func multiplying(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : r
    }

    /// `a + b`, saturating at `Int.min`/`Int.max` instead of overflowing.
    public static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (r, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : r
    }

    /// `a - b`, saturating at `Int.min`/`Int.max` instead of overflowing.
    public static func saturatingSubtract(_ a: Int, _ b: Int) -> Int {
        let (r, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? .max : .min) : r
    }

    /// The magnitude of `a` as an unsigned number (`abs(Int.min)` traps; this does not).
    public static func magnitude(_ a: Int) -> UInt { a.magnitude }
}
